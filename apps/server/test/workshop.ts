import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.ts';
import {
  assetCategories,
  assets,
  checklists,
  checklistWorkItemGroups,
  customerTickets,
  sites,
  taxGroups,
  taxRates,
  workItemOptions,
  workItems,
} from '../src/db/schema/index.ts';
import { rows } from '../src/db/sql.ts';

/**
 * Workshop rows written straight into the tables, for tests that need a ticket, a checklist or a service centre
 * before (or without) going through their own APIs. Every builder answers the ids it made.
 */

let n = 0;
const next = () => `${++n}-${randomUUID().slice(0, 6)}`;

/** A tax group with one rate per subject (rental, service hardware, service labour), in force since `since`. */
export async function insertTaxGroup(
  db: DbOrTx,
  rates: { rental?: number; hardware?: number; labour?: number } = {},
  since = new Date('2020-01-01T00:00:00Z'),
) {
  const id = randomUUID();
  await db.insert(taxGroups).values({ id, name: `Workshop tax ${next()}`, displayName: 'IVA', country: 'IT' });
  const rows = [
    ['rental', rates.rental ?? 22],
    ['service-hardware', rates.hardware ?? 22],
    ['service-labour', rates.labour ?? 22],
  ] as const;
  await db.insert(taxRates).values(
    rows.map(([subject, rate]) => ({
      id: randomUUID(),
      taxGroupId: id,
      subject,
      rate: String(rate),
      effectiveAt: since,
    })),
  );
  return { id };
}

/** A site of the partner: a service centre unless `type` says otherwise. */
export async function insertSite(
  db: DbOrTx,
  partnerId: string,
  opts: { type?: 'service-center' | 'station'; taxGroupId?: string | null; city?: string } = {},
) {
  const id = randomUUID();
  const name = `Workshop ${next()}`;
  await db.insert(sites).values({
    id,
    partnerId,
    name,
    type: opts.type ?? 'service-center',
    city: opts.city ?? 'Milano',
    taxGroupId: opts.taxGroupId ?? null,
  });
  return { id, name };
}

export async function insertCategory(db: DbOrTx) {
  const id = randomUUID();
  await db.insert(assetCategories).values({ id, name: `E-bike ${next()}`, assetType: 'EBIKE' });
  return { id };
}

export async function insertAsset(
  db: DbOrTx,
  partnerId: string,
  categoryId: string,
  opts: { lifeCycleState?: string } = {},
) {
  const id = randomUUID();
  const no = `WS${String(++n).padStart(6, '0')}${randomUUID()
    .slice(0, 4)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '0')}`;
  await db.insert(assets).values({
    id,
    no,
    partnerId,
    categoryId,
    usageMode: 'customer-rental',
    lifeCycleState: opts.lifeCycleState ?? 'NotReady',
  });
  return { id, no };
}

export interface OptionSpec {
  type: 'labour' | 'hardware';
  name?: string;
  costAmount?: number;
  price?: number | null;
  sku?: string | null;
}

/** A work item of the partner with its options (in order). */
export async function insertWorkItem(
  db: DbOrTx,
  partnerId: string,
  opts: { name?: string; resultMode?: 'single' | 'multiple'; options: OptionSpec[] },
) {
  const id = randomUUID();
  await db.insert(workItems).values({
    id,
    partnerId,
    name: opts.name ?? `Work item ${next()}`,
    resultMode: opts.resultMode ?? 'single',
  });
  const options = opts.options.map((o, position) => ({
    id: randomUUID(),
    workItemId: id,
    type: o.type,
    name: o.name ?? `${o.type} ${position + 1}`,
    costAmount: o.costAmount ?? 0,
    price: o.price === undefined ? 10 : o.price,
    sku: o.sku === undefined ? (o.type === 'hardware' ? `SKU-${next()}` : null) : o.sku,
    position,
  }));
  if (options.length) await db.insert(workItemOptions).values(options);
  return { id, optionIds: options.map((o) => o.id) };
}

/** A checklist of the partner with its groups (in order) over existing work items. */
export async function insertChecklist(
  db: DbOrTx,
  partnerId: string,
  opts: {
    categoryIds: string[];
    basicCostAmount?: number;
    assetLifeCyclePreferTo?: string | null;
    groups: { name?: string; isRequired?: boolean; isAllWorkItemsRequired?: boolean; workItemIds: string[] }[];
  },
) {
  const id = randomUUID();
  await db.insert(checklists).values({
    id,
    partnerId,
    name: `Checklist ${next()}`,
    assetCategoryIds: opts.categoryIds,
    basicCostAmount: opts.basicCostAmount ?? 0,
    assetLifeCyclePreferTo: opts.assetLifeCyclePreferTo ?? null,
  });
  const groups = opts.groups.map((g, position) => ({
    id: randomUUID(),
    checklistId: id,
    name: g.name ?? `Group ${position + 1}`,
    isRequired: g.isRequired ?? true,
    isAllWorkItemsRequired: g.isAllWorkItemsRequired ?? false,
    workItemIds: g.workItemIds,
    position,
  }));
  if (groups.length) await db.insert(checklistWorkItemGroups).values(groups);
  return { id, groupIds: groups.map((g) => g.id) };
}

/** A service ticket row (no API involved): the asset's partner is its scope; status `processing` by default. */
export async function insertTicket(
  db: DbOrTx,
  t: {
    assetId: string;
    assetPartnerId: string;
    categoryId: string;
    centerSiteId: string;
    providerPartnerId?: string;
    status?: string;
    mechanicUserId?: string | null;
    currency?: string;
    kind?: 'b2c' | 'b2b';
  },
) {
  const id = randomUUID();
  const [seq] = await rows<{ no: number }>(db, sql`select nextval('customer_ticket_no_seq')::int as no`);
  const ticketNo = `T-${String(seq?.no ?? 0).padStart(6, '0')}`;
  await db.insert(customerTickets).values({
    id,
    ticketNo,
    assetPartnerId: t.assetPartnerId,
    providerPartnerId: t.providerPartnerId ?? t.assetPartnerId,
    centerSiteId: t.centerSiteId,
    assetId: t.assetId,
    categoryId: t.categoryId,
    status: t.status ?? 'processing',
    mechanicUserId: t.mechanicUserId ?? null,
    currency: t.currency ?? 'EUR',
    kind: t.kind ?? 'b2c',
  });
  return { id, ticketNo };
}

/** A whole workshop of one partner: a service centre with a tax group, a category, an asset in it. */
export async function insertWorkshop(db: DbOrTx, partnerId: string, opts: { city?: string } = {}) {
  const taxGroup = await insertTaxGroup(db);
  const site = await insertSite(db, partnerId, { taxGroupId: taxGroup.id, city: opts.city ?? 'Milano' });
  const category = await insertCategory(db);
  return { taxGroup, site, category };
}
