import type { DbOrTx } from '../client.ts';
import type { DemoPartners } from './demo.ts';

/** Placeholder: the demo about 2,000 assets across the demo partners and sites (issue 4). */
export async function seedDemoAssets(_db: DbOrTx, _partners: DemoPartners) {}
