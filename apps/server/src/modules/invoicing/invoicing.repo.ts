import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rentalConfigs, rentingConfig } from '../../db/schema/index.ts';
import { inScope, inScopeSql, rows, uuidList } from '../../db/sql.ts';
import { type AllPartners, assertPartnerInScope, type Scope } from '../../lib/scope.ts';

/**
 * Invoicing's SQL: the account's switch (account-wide), each partner's rental config (partner-owned) and the
 * invoices (partner-owned, through their order).
 */

const inScopeOr = (scope: Scope, column: SQL) => inScopeSql(scope, column) ?? sql`true`;

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

export interface RentalConfigRow {
  partner_id: string;
  partner_name: string;
  invoice_prefix: string;
  seller_name: string;
  vat_number: string | null;
  invoice_footer: string | null;
  issued: number;
  updated_at: Date | string;
}

/** The fields of a rental config staff write. */
export interface RentalConfigValues {
  invoicePrefix: string;
  sellerName: string;
  vatNumber: string | null;
  invoiceFooter: string | null;
}

const configColumns = sql`rc.partner_id, p.name as partner_name, rc.invoice_prefix, rc.seller_name, rc.vat_number,
  rc.invoice_footer, rc.next_invoice_no - 1 as issued, rc.updated_at`;
const fromConfigs = sql`from rental_configs rc join partners p on p.id = rc.partner_id`;

/** A partner's rental config; nothing when there is none or the partner is outside the scope. */
export async function rentalConfig(db: DbOrTx, scope: Scope, partnerId: string) {
  const [row] = await rows<RentalConfigRow>(
    db,
    sql`select ${configColumns} ${fromConfigs}
        where rc.partner_id = ${partnerId} and ${inScopeOr(scope, sql`rc.partner_id`)}`,
  );
  return row;
}

/** Every rental config in scope, by partner name. */
export function allRentalConfigs(db: DbOrTx, scope: Scope) {
  return rows<RentalConfigRow>(
    db,
    sql`select ${configColumns} ${fromConfigs} where ${inScopeOr(scope, sql`rc.partner_id`)} order by p.name`,
  );
}

/** A page of the rental configs in scope, newest first, and how many there are. */
export async function rentalConfigPage(db: DbOrTx, scope: Scope, page: { limit: number; offset: number }) {
  const where = inScopeOr(scope, sql`rc.partner_id`);
  const [found, [total]] = await Promise.all([
    rows<RentalConfigRow>(
      db,
      sql`select ${configColumns} ${fromConfigs} where ${where} order by rc.created_at desc, rc.partner_id
          limit ${page.limit} offset ${page.offset}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from rental_configs rc where ${where}`),
  ]);
  return { rows: found, count: total?.n ?? 0 };
}

/** Writes a partner's first rental config; the partner is named by the caller, so one outside the scope is 403. */
export async function insertRentalConfig(db: DbOrTx, scope: Scope, partnerId: string, values: RentalConfigValues) {
  assertPartnerInScope(scope, partnerId);
  await db.insert(rentalConfigs).values({ partnerId, ...values });
}

const configOf = (scope: Scope, partnerId: string) =>
  and(eq(rentalConfigs.partnerId, partnerId), inScope(scope, rentalConfigs.partnerId));

export async function updateRentalConfig(db: DbOrTx, scope: Scope, partnerId: string, values: RentalConfigValues) {
  await db
    .update(rentalConfigs)
    .set({ ...values, updatedAt: new Date() })
    .where(configOf(scope, partnerId));
}

export async function deleteRentalConfig(db: DbOrTx, scope: Scope, partnerId: string) {
  await db.delete(rentalConfigs).where(configOf(scope, partnerId));
}

/** An invoice as stored. */
export interface InvoiceRow {
  id: string;
  invoice_no: string;
  issued_at: Date | string;
  period_start: Date | string;
  period_end: Date | string;
  currency: string;
  gross: string;
  net: string;
  tax: string;
  tax_rate: string | null;
  tax_group_id: string | null;
  tax_group_name: string | null;
}

/** A page of an order's invoices, newest first (nothing for an order outside the scope). */
export async function orderInvoicePage(
  db: DbOrTx,
  scope: Scope,
  orderId: string,
  page: { limit: number; offset: number },
) {
  const where = sql`i.order_id = ${orderId} and ${inScopeOr(scope, sql`i.partner_id`)}`;
  const [found, [total]] = await Promise.all([
    rows<InvoiceRow>(
      db,
      sql`select i.id, i.invoice_no, i.issued_at, i.period_start, i.period_end, i.currency, i.gross, i.net, i.tax,
            i.tax_rate, i.tax_group_id, i.tax_group_name
          from order_invoices i where ${where} order by i.issued_at desc, i.invoice_no desc
          limit ${page.limit} offset ${page.offset}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from order_invoices i where ${where}`),
  ]);
  return { rows: found, count: total?.n ?? 0 };
}

/** Rent periods paid since `since` that have no invoice yet, of partners in scope. */
const uninvoicedPaidFees = (scope: Scope, since: string) =>
  sql`f.status = 'Paid' and f.amount > 0 and f.updated_at >= ${since}::timestamptz
    and not exists (select 1 from order_invoices i where i.fee_id = f.id)
    and ${inScopeOr(scope, sql`o.partner_id`)}`;

/** The partners that have paid rent periods waiting for an invoice. */
export async function partnersToInvoice(tx: DbOrTx, scope: Scope, since: string) {
  const found = await rows<{ partner_id: string }>(
    tx,
    sql`select distinct o.partner_id from order_fees f join orders o on o.id = f.order_id
        where ${uninvoicedPaidFees(scope, since)}`,
  );
  return found.map((r) => r.partner_id);
}

/** A partner's invoice numbering, locked for the transaction. */
export interface Numbering {
  partner_id: string;
  invoice_prefix: string;
  next_invoice_no: number;
}

/**
 * Locks the numbering of these partners (those that have a rental config), in partner order: the lock serialises
 * the numbering, so a second instance waits, then sees these invoices.
 */
export function lockNumbering(tx: DbOrTx, scope: Scope, partnerIds: readonly string[]) {
  if (partnerIds.length === 0) return Promise.resolve([]);
  return rows<Numbering>(
    tx,
    sql`select rc.partner_id, rc.invoice_prefix, rc.next_invoice_no from rental_configs rc
        where rc.partner_id in (${uuidList(partnerIds)}) and ${inScopeOr(scope, sql`rc.partner_id`)}
        order by rc.partner_id for update`,
  );
}

/** A paid rent period to invoice, with the rate of its rent site's tax group in force at the period's start. */
export interface FeeToInvoice {
  fee_id: string;
  order_id: string;
  partner_id: string;
  period_start: Date | string;
  period_end: Date | string;
  currency: string;
  amount: string;
  tax_group_id: string | null;
  tax_group_name: string | null;
  rate: string | null;
}

/** Up to `limit` paid periods of these partners waiting for an invoice, in the order they were paid. */
export function feesToInvoice(tx: DbOrTx, scope: Scope, since: string, partnerIds: readonly string[], limit: number) {
  return rows<FeeToInvoice>(
    tx,
    sql`select f.id as fee_id, f.order_id, o.partner_id, f.period_start, f.period_end, o.currency, f.amount,
          tg.id as tax_group_id, tg.name as tax_group_name,
          (select r.rate from tax_rates r where r.tax_group_id = tg.id and r.subject = 'rental'
             and r.effective_at <= f.period_start order by r.effective_at desc limit 1) as rate
        from order_fees f join orders o on o.id = f.order_id
        left join sites s on s.id = o.rent_site_id left join tax_groups tg on tg.id = s.tax_group_id
        where ${uninvoicedPaidFees(scope, since)} and o.partner_id in (${uuidList(partnerIds)})
        order by f.updated_at, f.id limit ${limit}`,
  );
}

/** An invoice to write. */
export interface NewInvoice {
  id: string;
  order_id: string;
  fee_id: string;
  partner_id: string;
  invoice_no: string;
  period_start: string;
  period_end: string;
  currency: string;
  gross: number;
  net: number;
  tax: number;
  tax_rate: number | null;
  tax_group_id: string | null;
  tax_group_name: string | null;
}

/** Writes the invoices and moves each partner's running number past them, in the numbering's transaction. */
export async function insertInvoices(
  tx: DbOrTx,
  scope: Scope,
  invoices: readonly NewInvoice[],
  numbering: readonly Numbering[],
) {
  await tx.execute(sql`
    insert into order_invoices (id, order_id, fee_id, partner_id, invoice_no, period_start, period_end, currency,
      gross, net, tax, tax_rate, tax_group_id, tax_group_name)
    select v.* from json_to_recordset(${JSON.stringify(invoices)}::json) as v(id uuid, order_id uuid, fee_id uuid,
      partner_id uuid, invoice_no text, period_start timestamptz, period_end timestamptz, currency text,
      gross numeric, net numeric, tax numeric, tax_rate numeric, tax_group_id uuid, tax_group_name text)
    where ${inScopeOr(scope, sql`v.partner_id`)}`);
  await tx.execute(sql`
    update rental_configs rc set next_invoice_no = v.next_invoice_no
    from json_to_recordset(${JSON.stringify(numbering)}::json) as v(partner_id uuid, next_invoice_no int)
    where rc.partner_id = v.partner_id and ${inScopeOr(scope, sql`rc.partner_id`)}`);
}
