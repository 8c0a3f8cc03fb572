import { randomUUID } from 'node:crypto';
import {
  type OrderInvoice,
  RENTAL_CONFIG_MESSAGES,
  type RentalConfig,
  type RentalConfigInput,
  type RentingConfig,
} from '@fleetdesk/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rentalConfigs } from '../../db/schema/index.ts';
import { DomainError, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { rows, toIso, toIsoOrNull, uuidList } from '../../lib/rows.ts';
import { allPartners, assertPartnerInScope, inScopeSql, type Scope } from '../../lib/scope.ts';
import { logChange } from '../audit/audit.repo.ts';
import { invoiceSwitch, saveInvoiceSwitch } from '../invoicing/invoicing.repo.ts';

/**
 * Invoices for rent (issue 6): the account's switch (renting config), each partner's invoicing identity and running
 * number (rental configs), and the invoices themselves — one per paid rent period, numbered per partner under the
 * config row's lock, with the tax of the rent site's tax group in force at the period's start.
 */

const BATCH = 1000;
const cents = (v: string | number) => Math.round(Number(v) * 100);

/**
 * Splits a tax-inclusive price (B2C prices include VAT) into net and tax, in cents: 66.50 at 22 % is 54.51 + 11.99.
 */
export function splitGross(gross: number, ratePercent: number | null) {
  const g = cents(gross);
  if (!ratePercent) return { net: g / 100, tax: 0 };
  const net = Math.round((g * 100_000) / (100_000 + Math.round(ratePercent * 1000)));
  return { net: net / 100, tax: (g - net) / 100 };
}

interface ConfigRow {
  partner_id: string;
  partner_name: string;
  invoice_prefix: string;
  seller_name: string;
  vat_number: string | null;
  invoice_footer: string | null;
  issued: number;
  updated_at: Date | string;
}

const configColumns = sql`rc.partner_id, p.name as partner_name, rc.invoice_prefix, rc.seller_name, rc.vat_number,
  rc.invoice_footer, rc.next_invoice_no - 1 as issued, rc.updated_at`;
const scoped = (scope: Scope) => inScopeSql(scope, sql`rc.partner_id`) ?? sql`true`;

const toConfig = (r: ConfigRow): RentalConfig => ({
  partner: { id: r.partner_id, name: r.partner_name },
  invoicePrefix: r.invoice_prefix,
  sellerName: r.seller_name,
  vatNumber: r.vat_number,
  invoiceFooter: r.invoice_footer,
  issued: Number(r.issued),
  updatedAt: toIso(r.updated_at),
});

async function configOf(db: DbOrTx, partnerId: string) {
  const [row] = await rows<ConfigRow>(
    db,
    sql`select ${configColumns} from rental_configs rc join partners p on p.id = rc.partner_id
        where rc.partner_id = ${partnerId}`,
  );
  return row;
}

/** Issues the invoices due now: paid rent periods since invoicing was enabled, of partners with a rental config. */
export async function issueInvoices(db: Db): Promise<number> {
  const config = await invoiceSwitch(db);
  if (!config?.invoiceEnabled || !config.invoiceEnabledAt) return 0;
  const since = config.invoiceEnabledAt.toISOString();
  let issued = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const partners = await rows<{ partner_id: string }>(
        tx,
        sql`select distinct o.partner_id from order_fees f join orders o on o.id = f.order_id
            where f.status = 'Paid' and f.amount > 0 and f.updated_at >= ${since}::timestamptz
              and not exists (select 1 from order_invoices i where i.fee_id = f.id)`,
      );
      if (partners.length === 0) return 0;
      // The configs' locks serialise the numbering: a second instance waits, then sees these invoices.
      const numbering = await rows<{ partner_id: string; invoice_prefix: string; next_invoice_no: number }>(
        tx,
        sql`select partner_id, invoice_prefix, next_invoice_no from rental_configs
            where partner_id in (${uuidList(partners.map((p) => p.partner_id))}) order by partner_id for update`,
      );
      if (numbering.length === 0) return 0;
      const due = await rows<{
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
      }>(
        tx,
        sql`select f.id as fee_id, f.order_id, o.partner_id, f.period_start, f.period_end, o.currency, f.amount,
              tg.id as tax_group_id, tg.name as tax_group_name,
              (select r.rate from tax_rates r where r.tax_group_id = tg.id and r.subject = 'rental'
                 and r.effective_at <= f.period_start order by r.effective_at desc limit 1) as rate
            from order_fees f join orders o on o.id = f.order_id
            left join sites s on s.id = o.rent_site_id left join tax_groups tg on tg.id = s.tax_group_id
            where f.status = 'Paid' and f.amount > 0 and f.updated_at >= ${since}::timestamptz
              and o.partner_id in (${uuidList(numbering.map((c) => c.partner_id))})
              and not exists (select 1 from order_invoices i where i.fee_id = f.id)
            order by f.updated_at, f.id limit ${BATCH}`,
      );
      const next = new Map(numbering.map((c) => [c.partner_id, c]));
      const year = new Date().getUTCFullYear();
      const invoices = due.map((d) => {
        const c = next.get(d.partner_id) as (typeof numbering)[number];
        const no = `${c.invoice_prefix}-${year}-${String(c.next_invoice_no).padStart(6, '0')}`;
        c.next_invoice_no += 1;
        const rate = d.rate === null ? null : Number(d.rate);
        return {
          id: randomUUID(),
          order_id: d.order_id,
          fee_id: d.fee_id,
          partner_id: d.partner_id,
          invoice_no: no,
          period_start: toIso(d.period_start),
          period_end: toIso(d.period_end),
          currency: d.currency,
          gross: Number(d.amount),
          ...splitGross(Number(d.amount), rate),
          tax_rate: rate,
          tax_group_id: d.tax_group_id,
          tax_group_name: d.tax_group_name,
        };
      });
      if (invoices.length === 0) return 0;
      await tx.execute(sql`
        insert into order_invoices (id, order_id, fee_id, partner_id, invoice_no, period_start, period_end, currency,
          gross, net, tax, tax_rate, tax_group_id, tax_group_name)
        select * from json_to_recordset(${JSON.stringify(invoices)}::json) as v(id uuid, order_id uuid, fee_id uuid,
          partner_id uuid, invoice_no text, period_start timestamptz, period_end timestamptz, currency text,
          gross numeric, net numeric, tax numeric, tax_rate numeric, tax_group_id uuid, tax_group_name text)`);
      await tx.execute(sql`
        update rental_configs rc set next_invoice_no = v.next_invoice_no
        from json_to_recordset(${JSON.stringify(numbering)}::json) as v(partner_id uuid, next_invoice_no int)
        where rc.partner_id = v.partner_id`);
      return invoices.length;
    });
    issued += n;
    if (n < BATCH) return issued;
  }
}

export function createInvoiceService(deps: { db: Db }) {
  const { db } = deps;

  async function setSwitch(caller: Caller, enabled: boolean): Promise<RentingConfig> {
    // The switch reaches every partner's invoices: refused before anything is read or written.
    const scope = allPartners(caller.scope);
    await db.transaction(async (tx) => {
      const before = await invoiceSwitch(tx);
      if (before?.invoiceEnabled === enabled) return;
      await saveInvoiceSwitch(tx, scope, enabled);
      await logChange(
        tx,
        caller,
        'renting-config',
        '00000000-0000-0000-0000-000000000001',
        { invoiceEnabled: before?.invoiceEnabled ?? false },
        { invoiceEnabled: enabled },
      );
    });
    return service.config();
  }

  async function visibleConfig(caller: Caller, partnerId: string) {
    assertPartnerInScope(caller.scope, partnerId);
    const row = await configOf(db, partnerId);
    if (!row) throw notFound('This partner has no rental config');
    return row;
  }

  const values = (input: RentalConfigInput) => ({
    invoicePrefix: input.invoicePrefix,
    sellerName: input.sellerName,
    vatNumber: input.vatNumber?.trim() || null,
    invoiceFooter: input.invoiceFooter?.trim() || null,
  });

  const service = {
    async config(): Promise<RentingConfig> {
      const row = await invoiceSwitch(db);
      return { invoiceEnabled: row?.invoiceEnabled ?? false, updatedAt: toIsoOrNull(row?.updatedAt ?? null) };
    },
    enable: (caller: Caller) => setSwitch(caller, true),
    disable: (caller: Caller) => setSwitch(caller, false),

    async all(caller: Caller) {
      const found = await rows<ConfigRow>(
        db,
        sql`select ${configColumns} from rental_configs rc join partners p on p.id = rc.partner_id
            where ${scoped(caller.scope)} order by p.name`,
      );
      return found.map(toConfig);
    },

    async list(caller: Caller, page: { pageNo: number; pageSize: number }) {
      const [found, [total]] = await Promise.all([
        rows<ConfigRow>(
          db,
          sql`select ${configColumns} from rental_configs rc join partners p on p.id = rc.partner_id
              where ${scoped(caller.scope)} order by rc.created_at desc, rc.partner_id
              limit ${page.pageSize} offset ${(page.pageNo - 1) * page.pageSize}`,
        ),
        rows<{ n: number }>(db, sql`select count(*)::int as n from rental_configs rc where ${scoped(caller.scope)}`),
      ]);
      return { data: found.map(toConfig), count: total?.n ?? 0 };
    },

    get: async (caller: Caller, partnerId: string) => toConfig(await visibleConfig(caller, partnerId)),

    async create(caller: Caller, partnerId: string, input: RentalConfigInput) {
      assertPartnerInScope(caller.scope, partnerId);
      try {
        await db.insert(rentalConfigs).values({ partnerId, ...values(input) });
      } catch (error) {
        if (uniqueViolation(error)) throw new DomainError('Conflict', 409, RENTAL_CONFIG_MESSAGES.exists);
        throw error;
      }
      return toConfig((await configOf(db, partnerId)) as ConfigRow);
    },

    async update(caller: Caller, partnerId: string, input: RentalConfigInput) {
      await visibleConfig(caller, partnerId);
      await db
        .update(rentalConfigs)
        .set({ ...values(input), updatedAt: new Date() })
        .where(eq(rentalConfigs.partnerId, partnerId));
      return toConfig((await configOf(db, partnerId)) as ConfigRow);
    },

    /** Removes a config that issued no invoice: once numbers are out, the series must go on. */
    async remove(caller: Caller, partnerId: string) {
      const row = await visibleConfig(caller, partnerId);
      if (Number(row.issued) > 0)
        throw new DomainError('Conflict', 409, 'This rental config has issued invoices; edit it instead', {
          issued: Number(row.issued),
        });
      await db.delete(rentalConfigs).where(eq(rentalConfigs.partnerId, partnerId));
    },

    async orderInvoices(orderId: string, page: { pageNo: number; pageSize: number }) {
      const [found, [total]] = await Promise.all([
        rows<{
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
        }>(
          db,
          sql`select id, invoice_no, issued_at, period_start, period_end, currency, gross, net, tax, tax_rate,
                tax_group_id, tax_group_name
              from order_invoices where order_id = ${orderId} order by issued_at desc, invoice_no desc
              limit ${page.pageSize} offset ${(page.pageNo - 1) * page.pageSize}`,
        ),
        rows<{ n: number }>(db, sql`select count(*)::int as n from order_invoices where order_id = ${orderId}`),
      ]);
      const data: OrderInvoice[] = found.map((r) => ({
        id: r.id,
        invoiceNo: r.invoice_no,
        issuedAt: toIso(r.issued_at),
        periodStart: toIso(r.period_start),
        periodEnd: toIso(r.period_end),
        currency: r.currency,
        gross: Number(r.gross),
        net: Number(r.net),
        tax: Number(r.tax),
        taxRate: r.tax_rate === null ? null : Number(r.tax_rate),
        taxGroup: r.tax_group_id ? { id: r.tax_group_id, name: r.tax_group_name ?? '' } : null,
      }));
      return { data, count: total?.n ?? 0 };
    },
  };
  return service;
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
