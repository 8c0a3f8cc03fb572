import type { Db } from '../../db/client.ts';

/** Placeholder wired into app.ts before the module is written (issue 4); replaced by the real service. */
export function createAssetQueryService(deps: { db: Db }) {
  return { deps };
}
export type AssetQueryService = ReturnType<typeof createAssetQueryService>;
