import type { SecretBox } from '../../lib/secret-box.ts';
import type { DbOrTx } from '../client.ts';
import type { DemoPartners } from './demo.ts';

/** Placeholder: the demo partner operations and sign-up configs (issue 3). */
export async function seedDemoPartnerOperations(_db: DbOrTx, _partners: DemoPartners, _secrets: SecretBox) {}
