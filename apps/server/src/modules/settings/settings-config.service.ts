import type { Db } from '../../db/client.ts';

/** Placeholder wired into app.ts before the module is written (issue 3); replaced by the real service. */
export function createSettingsConfigService(deps: { db: Db }) {
  return { deps };
}
export type SettingsConfigService = ReturnType<typeof createSettingsConfigService>;
