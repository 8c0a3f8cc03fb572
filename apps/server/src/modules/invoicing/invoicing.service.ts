import { randomUUID } from 'node:crypto';
import {
  type OrderInvoice,
  RENTAL_CONFIG_MESSAGES,
  type RentalConfig,
  type RentalConfigInput,
  type RentingConfig,
} from '@fleetdesk/contracts';
import type { Db } from '../../db/client.ts';
import { DomainError, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { offsetOf } from '../../lib/paging.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { allPartners, assertPartnerInScope } from '../../lib/scope.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as ordersRepo from '../orders/orders.repo.ts';
import * as repo from './invoicing.repo.ts';

/**
 * Invoices for rent (issue 6): the account's switch (renting config), each partner's invoicing identity and running
 * number (rental configs), and the invoices themselves — one per paid rent period, numbered per partner under the
 * config row's lock, with the tax of the rent site's tax group in force at the period's start.
 */

const BATCH = 1000;
/** Issuing invoices acts for the whole account. */
const ALL = '*';
const SWITCH_ENTITY = 'renting-config';
const SWITCH_ID = '00000000-0000-0000-0000-000000000001';
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

const toConfig = (r: repo.RentalConfigRow): RentalConfig => ({
  partner: { id: r.partner_id, name: r.partner_name },
  invoicePrefix: r.invoice_prefix,
  sellerName: r.seller_name,
  vatNumber: r.vat_number,
  invoiceFooter: r.invoice_footer,
  issued: Number(r.issued),
  updatedAt: toIso(r.updated_at),
});

const toInvoice = (r: repo.InvoiceRow): OrderInvoice => ({
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
});

const valuesOf = (input: RentalConfigInput): repo.RentalConfigValues => ({
  invoicePrefix: input.invoicePrefix,
  sellerName: input.sellerName,
  vatNumber: input.vatNumber?.trim() || null,
  invoiceFooter: input.invoiceFooter?.trim() || null,
});

/** The invoices of one batch of due periods, numbered on from each partner's running number (which it advances). */
function numberInvoices(due: readonly repo.FeeToInvoice[], numbering: readonly repo.Numbering[]) {
  const next = new Map(numbering.map((c) => [c.partner_id, c]));
  const year = new Date().getUTCFullYear();
  return due.map((d): repo.NewInvoice => {
    const c = next.get(d.partner_id) as repo.Numbering;
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
}

/** Issues the invoices due now: paid rent periods since invoicing was enabled, of partners with a rental config. */
export async function issueInvoices(db: Db): Promise<number> {
  const config = await repo.invoiceSwitch(db);
  if (!config?.invoiceEnabled || !config.invoiceEnabledAt) return 0;
  const since = config.invoiceEnabledAt.toISOString();
  let issued = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const partners = await repo.partnersToInvoice(tx, ALL, since);
      if (partners.length === 0) return 0;
      const numbering = await repo.lockNumbering(tx, ALL, partners);
      if (numbering.length === 0) return 0;
      const due = await repo.feesToInvoice(
        tx,
        ALL,
        since,
        numbering.map((c) => c.partner_id),
        BATCH,
      );
      const invoices = numberInvoices(due, numbering);
      if (invoices.length === 0) return 0;
      await repo.insertInvoices(tx, ALL, invoices, numbering);
      return invoices.length;
    });
    issued += n;
    if (n < BATCH) return issued;
  }
}

export function createInvoiceService(deps: { db: Db }) {
  const { db } = deps;

  /** Turns the account's invoicing on or off: it reaches every partner's invoices, so only scope "*" may. */
  async function setSwitch(caller: Caller, enabled: boolean): Promise<RentingConfig> {
    // Refused before anything is read or written.
    const scope = allPartners(caller.scope);
    await db.transaction(async (tx) => {
      const before = await repo.invoiceSwitch(tx);
      if (before?.invoiceEnabled === enabled) return;
      await repo.saveInvoiceSwitch(tx, scope, enabled);
      await logChange(
        tx,
        caller,
        SWITCH_ENTITY,
        SWITCH_ID,
        { invoiceEnabled: before?.invoiceEnabled ?? false },
        { invoiceEnabled: enabled },
      );
    });
    return service.config();
  }

  /**
   * The partner's rental config: the path names the partner, so one outside the scope is 403 PartnerOutOfScope
   * like every call keyed by a partner (SMS services, partner documents, sign-up configs); 404 when it has none.
   */
  async function visibleConfig(caller: Caller, partnerId: string) {
    assertPartnerInScope(caller.scope, partnerId);
    const row = await repo.rentalConfig(db, caller.scope, partnerId);
    if (!row) throw notFound('This partner has no rental config');
    return row;
  }

  const service = {
    /** Whether the account issues invoices (readable by anyone holding config.read). */
    async config(): Promise<RentingConfig> {
      const row = await repo.invoiceSwitch(db);
      return { invoiceEnabled: row?.invoiceEnabled ?? false, updatedAt: toIsoOrNull(row?.updatedAt ?? null) };
    },
    /** Switches invoicing on for the account: paid periods from now on get invoices. */
    enable: (caller: Caller) => setSwitch(caller, true),
    /** Switches invoicing off for the account. */
    disable: (caller: Caller) => setSwitch(caller, false),

    /** Every rental config in the caller's scope. */
    async all(caller: Caller) {
      return (await repo.allRentalConfigs(db, caller.scope)).map(toConfig);
    },

    /** A page of the rental configs in the caller's scope. */
    async list(caller: Caller, page: { pageNo: number; pageSize: number }) {
      const found = await repo.rentalConfigPage(db, caller.scope, { limit: page.pageSize, offset: offsetOf(page) });
      return { data: found.rows.map(toConfig), count: found.count };
    },

    /** One partner's rental config. */
    get: async (caller: Caller, partnerId: string) => toConfig(await visibleConfig(caller, partnerId)),

    /** Sets a partner's invoicing identity; a second one for the partner is 409 (the spec's message). */
    async create(caller: Caller, partnerId: string, input: RentalConfigInput) {
      try {
        await repo.insertRentalConfig(db, caller.scope, partnerId, valuesOf(input));
      } catch (error) {
        if (uniqueViolation(error)) throw new DomainError('Conflict', 409, RENTAL_CONFIG_MESSAGES.exists);
        throw error;
      }
      return toConfig(await visibleConfig(caller, partnerId));
    },

    /** Changes a partner's invoicing identity; the running number goes on. */
    async update(caller: Caller, partnerId: string, input: RentalConfigInput) {
      await visibleConfig(caller, partnerId);
      await repo.updateRentalConfig(db, caller.scope, partnerId, valuesOf(input));
      return toConfig(await visibleConfig(caller, partnerId));
    },

    /** Removes a config that issued no invoice: once numbers are out, the series must go on. */
    async remove(caller: Caller, partnerId: string) {
      const row = await visibleConfig(caller, partnerId);
      if (Number(row.issued) > 0)
        throw new DomainError('Conflict', 409, 'This rental config has issued invoices; edit it instead', {
          issued: Number(row.issued),
        });
      await repo.deleteRentalConfig(db, caller.scope, partnerId);
    },

    /** A page of an order's invoices; 404 for an order that is missing or outside the scope. */
    async orderInvoices(caller: Caller, orderId: string, page: { pageNo: number; pageSize: number }) {
      if (!(await ordersRepo.byId(db, caller.scope, orderId))) throw notFound('Order not found');
      const found = await repo.orderInvoicePage(db, caller.scope, orderId, {
        limit: page.pageSize,
        offset: offsetOf(page),
      });
      return { data: found.rows.map(toInvoice), count: found.count };
    },
  };
  return service;
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
