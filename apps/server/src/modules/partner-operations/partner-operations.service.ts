import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

/** Placeholder wired into app.ts before the module is written (issue 3); replaced by the real service. */
export function createPartnerOperationService(deps: { db: Db; secrets: SecretBox }) {
  return { deps };
}
export type PartnerOperationService = ReturnType<typeof createPartnerOperationService>;
