import type { Fixture } from './authorization-matrix.fixtures.ts';

/**
 * The authorization matrix's fixtures for the checklist-records endpoints (see authorization-matrix.fixtures.ts for the
 * builders: byId, listing, namingPartner, …). A function, so the builders it imports are initialised when it runs.
 */
export function checklistRecordFixtures(): Record<string, Fixture> {
  return {};
}
