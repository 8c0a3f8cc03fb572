import type { SecretBox } from '../../lib/secret-box.ts';
import type { DbOrTx } from '../client.ts';
import type { DemoPartners } from './demo.ts';

/** Placeholder: the demo payment methods (issue 3). */
export async function seedDemoPaymentMethods(_db: DbOrTx, _partners: DemoPartners, _secrets: SecretBox) {}
