import type { SecretBox } from '../../lib/secret-box.ts';
import type { DbOrTx } from '../client.ts';
import type { DemoPartners } from './demo.ts';

/** Placeholder: the demo operation settings and SMS services (issue 3). */
export async function seedDemoOperations(_db: DbOrTx, _partners: DemoPartners, _secrets: SecretBox) {}
