import type { FileStorage } from '../../adapters/storage.ts';
import type { Db } from '../../db/client.ts';

/** Placeholder wired into app.ts before the module is written (issue 3); replaced by the real service. */
export function createDocumentService(deps: { db: Db; storage: FileStorage }) {
  return { deps };
}
export type DocumentService = ReturnType<typeof createDocumentService>;
