import type { SecretBox } from '../../lib/secret-box.ts';
import type { DbOrTx } from '../client.ts';
import type { DemoPartners } from './demo.ts';

/** Placeholder: the demo account and partner documents (issue 3). */
export async function seedDemoDocuments(_db: DbOrTx, _partners: DemoPartners, _secrets: SecretBox) {}
