import type { DbOrTx } from '../client.ts';

/** Placeholder: the demo asset categories with their properties, one per asset type (issue 4). */
export async function seedDemoCategories(_db: DbOrTx) {}
