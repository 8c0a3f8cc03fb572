import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rentingConfig } from '../../db/schema/index.ts';
import type { AllPartners } from '../../lib/scope.ts';

/** The account's invoicing switch (one row, id 1; absent until first turned), account-wide: anyone may read it. */
export async function invoiceSwitch(db: DbOrTx) {
  const [row] = await db.select().from(rentingConfig).where(eq(rentingConfig.id, 1));
  return row;
}

/** Turns invoicing on (from now) or off for the whole account: only a caller whose scope is "*" gets here. */
export async function saveInvoiceSwitch(db: DbOrTx, _scope: AllPartners, enabled: boolean) {
  const now = new Date();
  const values = { invoiceEnabled: enabled, invoiceEnabledAt: enabled ? now : null, updatedAt: now };
  await db
    .insert(rentingConfig)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: rentingConfig.id, set: values });
}
