import type { FileStorage } from '../../adapters/storage.ts';
import type { Db } from '../../db/client.ts';

/** Placeholder wired into app.ts before the module is written (issue 4); replaced by the real service. */
export function createAssetService(deps: { db: Db; storage: FileStorage }) {
  return { deps };
}
export type AssetService = ReturnType<typeof createAssetService>;
