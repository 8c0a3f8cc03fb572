import type { Fixture } from './authorization-matrix.fixtures.ts';

/**
 * The authorization matrix's fixtures for the checklists endpoints (see authorization-matrix.fixtures.ts for the
 * builders: byId, listing, namingPartner, …). A function, so the builders it imports are initialised when it runs.
 */
export function checklistFixtures(): Record<string, Fixture> {
  return {};
}
