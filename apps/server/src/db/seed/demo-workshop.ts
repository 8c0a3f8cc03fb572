import { randomUUID } from 'node:crypto';
import {
  type CostStatement,
  type CustomerTicketStatus,
  TEST_CARDS,
  type TicketIssue,
  type TicketOperationType,
  type TicketPauseReason,
} from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { localPaymentProvider } from '../../adapters/payments.ts';
import type { FileStorage } from '../../adapters/storage.ts';
import { createPaymentService } from '../../modules/payments/payments.service.ts';
import type { Db, DbOrTx } from '../client.ts';
import {
  assetCategories,
  checklistRecordAttachments,
  checklistRecords,
  checklists,
  checklistWorkItemGroups,
  customerTicketAdjustments,
  customerTicketEvents,
  customerTicketInvoices,
  customerTickets,
  fieldLogs,
  workItemOptions,
  workItems,
} from '../schema/index.ts';
import { rows } from '../sql.ts';
import type { DemoPartners } from './demo.ts';
import {
  type DemoChecklist,
  type DemoWorkItem,
  demoChecklists,
  demoWorkItems,
  retiredWorkItem,
} from './demo-workshop-catalogue.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const quiet = {
  warn: () => undefined,
  info: () => undefined,
  error: () => undefined,
  debug: () => undefined,
} as unknown as FastifyBaseLogger;

type PartnerKey = keyof DemoPartners;
/** Staff of one partner's workshop: who opens tickets and who works them. */
export interface DemoWorkshopStaff {
  mechanic: { id: string; name: string };
  lead: { id: string; name: string };
}

/** Euros to the partner's currency: Seoul prices in won, rounded to 500. */
const priceIn = (currency: string) => (eur: number) =>
  currency === 'KRW' ? Math.round((eur * 1450) / 500) * 500 : eur;
const round2 = (v: number) => Math.round(v * 100) / 100;

// ---------------------------------------------------------------------------------------------------------------
// Snapshots and cost statements, as a record holds them.

interface SnapshotOption {
  id: string;
  type: 'labour' | 'hardware';
  name: string;
  costAmount: number;
  price: number | null;
  sku: string | null;
}
interface SnapshotItem {
  id: string;
  name: string;
  resultMode: 'single' | 'multiple';
  options: SnapshotOption[];
}
interface SnapshotGroup {
  id: string;
  name: string;
  description: string | null;
  isRequired: boolean;
  isAllWorkItemsRequired: boolean;
  workItems: SnapshotItem[];
}
interface Snapshot {
  checklist: {
    id: string;
    name: string;
    description: string | null;
    basicCostAmount: number;
    assetLifeCyclePreferTo: string | null;
  };
  groups: SnapshotGroup[];
}
interface DraftResult {
  groupId: string;
  workItems: { workItemId: string; options: { optionId: string; quantity: number }[]; note?: string }[];
}
interface TaxRates {
  taxGroup: { id: string; name: string } | null;
  labour: number | null;
  hardware: number | null;
}

/** The lines and totals of a record: gross prices include tax (B2C), net and tax are taken out of them. */
export function costStatementOf(
  recordId: string,
  snapshot: Snapshot,
  results: DraftResult[],
  currency: string,
  rates: TaxRates,
  at: Date,
  isFinal: boolean,
): CostStatement {
  const lines: CostStatement['lines'] = [];
  const line = (
    kind: 'basic' | 'labour' | 'hardware',
    names: { group: string | null; item: string | null; option: string | null; sku: string | null },
    quantity: number,
    unitPrice: number | null,
    unitCost: number,
  ) => {
    const rate = kind === 'hardware' ? rates.hardware : rates.labour;
    const gross = unitPrice === null ? 0 : round2(unitPrice * quantity);
    const net = rate === null ? gross : round2(gross / (1 + rate / 100));
    lines.push({
      kind,
      groupName: names.group,
      workItemName: names.item,
      optionName: names.option,
      sku: names.sku,
      quantity,
      unitPrice,
      costAmount: round2(unitCost * quantity),
      gross,
      net,
      tax: round2(gross - net),
      taxRate: unitPrice === null ? null : rate,
    });
  };
  line(
    'basic',
    { group: null, item: null, option: snapshot.checklist.name, sku: null },
    1,
    snapshot.checklist.basicCostAmount,
    0,
  );
  for (const result of results) {
    const group = snapshot.groups.find((g) => g.id === result.groupId);
    for (const chosen of result.workItems) {
      const item = group?.workItems.find((w) => w.id === chosen.workItemId);
      for (const pick of chosen.options) {
        const option = item?.options.find((o) => o.id === pick.optionId);
        if (!group || !item || !option) continue;
        line(
          option.type,
          { group: group.name, item: item.name, option: option.name, sku: option.sku },
          pick.quantity,
          option.price,
          option.costAmount,
        );
      }
    }
  }
  const totalOf = (of: CostStatement['lines']) => ({
    net: round2(of.reduce((s, l) => s + l.net, 0)),
    tax: round2(of.reduce((s, l) => s + l.tax, 0)),
    gross: round2(of.reduce((s, l) => s + l.gross, 0)),
    cost: round2(of.reduce((s, l) => s + l.costAmount, 0)),
  });
  return {
    recordId,
    currency,
    taxGroup: rates.taxGroup,
    ratesAt: at.toISOString(),
    isFinal,
    lines,
    labour: totalOf(lines.filter((l) => l.kind === 'labour')),
    hardware: totalOf(lines.filter((l) => l.kind === 'hardware')),
    basic: totalOf(lines.filter((l) => l.kind === 'basic')),
    total: totalOf(lines),
  };
}

/**
 * What a mechanic chooses on a checklist: every work item of the required groups (and of the optional ones when
 * `thorough`), its first labour option, and its first hardware part on every other item.
 */
function chooseResults(snapshot: Snapshot, thorough: boolean): DraftResult[] {
  return snapshot.groups
    .filter((g) => g.isRequired || thorough)
    .map((group) => ({
      groupId: group.id,
      workItems: group.workItems.map((item, n) => {
        const labourOption = item.options.find((o) => o.type === 'labour');
        const partOption = item.options.find((o) => o.type === 'hardware');
        const picks = [labourOption, n % 2 === 0 && item.resultMode === 'multiple' ? partOption : undefined]
          .filter((o): o is SnapshotOption => o !== undefined)
          .map((o) => ({ optionId: o.id, quantity: 1 }));
        return { workItemId: item.id, options: picks };
      }),
    }));
}

// ---------------------------------------------------------------------------------------------------------------
// Photos: small JPEGs drawn once, stored per attachment through the storage adapter.

const photoSubjects = ['Worn brake pad', 'Tyre with a puncture', 'Battery contacts', 'After service'] as const;
type PhotoSubject = (typeof photoSubjects)[number];

async function drawPhoto(subject: PhotoSubject, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <rect width="480" height="360" fill="hsl(${hue},25%,82%)"/>
    <circle cx="150" cy="200" r="90" fill="none" stroke="#2f3b45" stroke-width="18"/>
    <circle cx="340" cy="200" r="90" fill="none" stroke="#2f3b45" stroke-width="18"/>
    <path d="M150 200 L230 120 L340 200 M230 120 L260 200 L150 200" fill="none" stroke="hsl(${hue},60%,35%)" stroke-width="10"/>
    <rect x="0" y="300" width="480" height="60" fill="rgba(0,0,0,0.55)"/>
    <text x="20" y="340" font-size="26" font-family="sans-serif" fill="#fff">${subject}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

// ---------------------------------------------------------------------------------------------------------------
// Tickets: what happened to each, told as a story the seed plays through.

type PaymentStory = 'paid' | 'declined' | 'exempted' | 'refunded';
interface RecordStory {
  checklist: string;
  thorough?: boolean;
  excluded?: boolean;
  photos?: PhotoSubject[];
  comment?: string;
}
interface TicketStory {
  status: CustomerTicketStatus;
  hoursAgo: number;
  category: string;
  issues: TicketIssue[];
  operationType?: TicketOperationType;
  /** Assigned by the service lead before anyone started. */
  assigned?: boolean;
  records?: RecordStory[];
  pause?: { reason: TicketPauseReason; note?: string };
  /** Was it worked before it failed? */
  failedWhile?: 'new' | 'processing';
  failReason?: string;
  payment?: PaymentStory;
  comment?: string;
  checkInNote?: string;
  contact?: boolean;
}

const milanoStories: TicketStory[] = [
  { status: 'new', hoursAgo: 1, category: 'City e-bike', issues: ['Flat'], contact: true, comment: 'Rear tyre flat' },
  {
    status: 'new',
    hoursAgo: 3,
    category: 'Urban bike',
    issues: ['Brakes', 'Priority'],
    comment: 'Front brake barely holds; the customer needs it back today',
  },
  {
    status: 'checked-in',
    hoursAgo: 5,
    category: 'Kick e-scooter',
    issues: ['Battery'],
    checkInNote: 'Scratches on the deck; charger left with the scooter',
  },
  {
    status: 'checked-in',
    hoursAgo: 20,
    category: 'City e-bike',
    issues: ['Display'],
    assigned: true,
    checkInNote: 'Display shows E21 at start-up',
  },
  {
    status: 'processing',
    hoursAgo: 26,
    category: 'City e-bike',
    issues: ['Brakes'],
    records: [{ checklist: 'Brake service', photos: ['Worn brake pad'], comment: 'Front pads down to the metal' }],
  },
  {
    status: 'paused',
    hoursAgo: 50,
    category: 'City e-bike',
    issues: ['Motor', 'Hub'],
    pause: { reason: 'waiting-for-parts', note: 'Hub motor ordered, due Thursday' },
    records: [{ checklist: 'E-bike full service', photos: ['Battery contacts', 'Worn brake pad'] }],
  },
  {
    status: 'paused',
    hoursAgo: 30,
    category: 'Urban bike',
    issues: ['Tune up'],
    pause: { reason: 'customer-approval', note: 'Quote sent by e-mail: new derailleur' },
    records: [{ checklist: 'Urban bike tune-up' }],
  },
  {
    status: 'finished',
    hoursAgo: 28,
    category: 'City e-bike',
    issues: ['Flat'],
    operationType: 'swapped',
    records: [{ checklist: 'Flat tyre', thorough: true, photos: ['Tyre with a puncture'] }],
    payment: 'paid',
  },
  {
    status: 'finished',
    hoursAgo: 75,
    category: 'City e-bike',
    issues: ['Battery', 'Brakes'],
    records: [
      { checklist: 'Battery check', photos: ['Battery contacts'] },
      { checklist: 'Brake service', excluded: true, comment: 'Done under warranty: not charged' },
    ],
    payment: 'declined',
  },
  {
    status: 'completed',
    hoursAgo: 24 * 6,
    category: 'Urban bike',
    issues: ['Brakes'],
    operationType: 'return',
    records: [{ checklist: 'Brake service' }],
    payment: 'paid',
  },
  {
    status: 'completed',
    hoursAgo: 24 * 9,
    category: 'City e-bike',
    issues: ['Tune up', 'Priority'],
    records: [{ checklist: 'E-bike full service', thorough: true, photos: ['After service'] }],
    payment: 'refunded',
  },
  {
    status: 'completed',
    hoursAgo: 24 * 12,
    category: 'Kick e-scooter',
    issues: ['Flat'],
    records: [{ checklist: 'Flat tyre' }],
    payment: 'exempted',
  },
  {
    status: 'unsuccessful',
    hoursAgo: 24 * 4,
    category: 'Urban bike',
    issues: ['Frame/Front fork'],
    failedWhile: 'processing',
    failReason: 'Frame cracked at the head tube: not repairable, the bike is retired',
    records: [{ checklist: 'Urban bike tune-up' }],
  },
  {
    status: 'unsuccessful',
    hoursAgo: 24 * 2,
    category: 'City e-bike',
    issues: ['Kickstand'],
    failedWhile: 'new',
    failReason: 'The customer withdrew the request',
  },
];

const barcelonaStories: TicketStory[] = [
  { status: 'new', hoursAgo: 2, category: 'City e-bike', issues: ['Socket cable'], contact: true },
  {
    status: 'checked-in',
    hoursAgo: 6,
    category: 'Urban bike',
    issues: ['Pedal'],
    checkInNote: 'Left pedal loose',
  },
  {
    status: 'processing',
    hoursAgo: 8,
    category: 'Kick e-scooter',
    issues: ['Flat'],
    records: [{ checklist: 'Flat tyre', photos: ['Tyre with a puncture'] }],
  },
  {
    status: 'paused',
    hoursAgo: 27,
    category: 'City e-bike',
    issues: ['E-shifter/Derailleur'],
    pause: { reason: 'shop-too-busy' },
    records: [{ checklist: 'E-bike full service' }],
  },
  {
    status: 'finished',
    hoursAgo: 30,
    category: 'City e-bike',
    issues: ['Brakes'],
    records: [{ checklist: 'Brake service', photos: ['Worn brake pad'] }],
    payment: 'paid',
  },
  {
    status: 'finished',
    hoursAgo: 52,
    category: 'Urban bike',
    issues: ['Tune up'],
    records: [{ checklist: 'Urban bike tune-up' }],
    payment: 'declined',
  },
  {
    status: 'completed',
    hoursAgo: 24 * 5,
    category: 'City e-bike',
    issues: ['Battery'],
    records: [{ checklist: 'Battery check' }],
    payment: 'paid',
  },
  {
    status: 'unsuccessful',
    hoursAgo: 24 * 3,
    category: 'Kick e-scooter',
    issues: ['Motor'],
    failedWhile: 'processing',
    failReason: 'Motor no longer made; the scooter goes back to the supplier',
  },
];

const seoulStories: TicketStory[] = [
  { status: 'new', hoursAgo: 2, category: 'Kick e-scooter', issues: ['Battery'], contact: true },
  { status: 'checked-in', hoursAgo: 4, category: 'City e-bike', issues: ['Display'], checkInNote: 'No power' },
  {
    status: 'processing',
    hoursAgo: 6,
    category: 'City e-bike',
    issues: ['Brakes'],
    records: [{ checklist: 'Brake service' }],
  },
];

const stories: Record<PartnerKey, TicketStory[]> = {
  milano: milanoStories,
  barcelona: barcelonaStories,
  seoul: seoulStories,
};

interface Customer {
  id: string;
  name: string;
  phone_no: string;
  email: string | null;
  card: string;
}

/**
 * The workshop of every demo partner: its work items and checklists (one of each archived), and service tickets in
 * every status at its service centre, worked by its mechanic — checklist records (drafts, finalized, one excluded)
 * with photos, fees charged through the payments ledger (paid, declined and owed, exempted, refunded), invoices and
 * the history of who did what. Rows are written as the services write them and dated back; payments go through the
 * real payment service and the local provider, as the demo orders' do.
 */
export async function seedDemoWorkshop(
  db: DbOrTx,
  partners: DemoPartners,
  staff: Record<PartnerKey, DemoWorkshopStaff>,
  opts: { storage?: FileStorage | undefined; now?: Date } = {},
) {
  const now = opts.now ?? new Date();
  const asDb = db as Db;
  const paymentService = createPaymentService({
    db: asDb,
    provider: localPaymentProvider({ db: asDb, webhookSecret: 'demo-seed' }),
    log: quiet,
  });
  const categories = new Map(
    (await db.select({ id: assetCategories.id, name: assetCategories.name }).from(assetCategories)).map((c) => [
      c.name,
      c.id,
    ]),
  );
  const photos = opts.storage ? await photoSet() : undefined;
  const usedAssets = new Set<string>();
  const counts = { workItems: 0, checklists: 0, tickets: 0, records: 0, attachments: 0 };

  // Work items and checklists of every partner, created a month ago by its service lead: four statements in all.
  const catalogue = emptyCatalogue();
  const setUpAt = new Date(now.getTime() - 35 * DAY);
  const workshops: {
    key: PartnerKey;
    centre: { id: string };
    currency: string;
    rates: TaxRates;
    snapshots: Map<string, Snapshot>;
  }[] = [];
  for (const key of Object.keys(stories) as PartnerKey[]) {
    const partner = partners[key];
    const [centre] = await rows<{ id: string; tax_group_id: string | null; tax_group_name: string | null }>(
      db,
      sql`select s.id, s.tax_group_id, t.name as tax_group_name from sites s
          left join tax_groups t on t.id = s.tax_group_id
          where s.partner_id = ${partner.id} and s.type = 'service-center' and not s.is_archived
          order by s.created_at limit 1`,
    );
    if (!centre) continue;
    const [operation] = await rows<{ currency: string }>(
      db,
      sql`select currency from operation_settings where partner_id = ${partner.id} limit 1`,
    );
    const currency = operation?.currency ?? 'EUR';
    const rates = await taxRatesOf(db, centre.tax_group_id, centre.tax_group_name, now);
    const price = priceIn(currency);
    const items = new Map<string, SnapshotItem>();
    for (const [n, item] of [...demoWorkItems, retiredWorkItem].entries()) {
      const retired = item === retiredWorkItem;
      const at = new Date(setUpAt.getTime() + n * MINUTE);
      const snapshotItem = addWorkItem(catalogue, partner.id, item, price, at, retired ? now : undefined);
      if (!retired) items.set(item.name, snapshotItem);
      counts.workItems += 1;
    }
    const snapshots = new Map<string, Snapshot>();
    for (const [n, list] of demoChecklists.entries()) {
      const at = new Date(setUpAt.getTime() + (30 + n) * MINUTE);
      snapshots.set(list.name, addChecklist(catalogue, partner.id, list, items, categories, price, at, now));
      counts.checklists += 1;
    }
    workshops.push({ key, centre, currency, rates, snapshots });
  }
  await db.insert(workItems).values(catalogue.items);
  await db.insert(workItemOptions).values(catalogue.options);
  await db.insert(checklists).values(catalogue.checklists);
  await db.insert(checklistWorkItemGroups).values(catalogue.groups);

  for (const { key, centre, currency, rates, snapshots } of workshops) {
    const partner = partners[key];
    const people = staff[key];
    const customers = await rows<Customer>(
      db,
      sql`select c.id, c.first_name || ' ' || c.last_name as name, c.phone_no, c.email, pm.provider_ref as card
          from customers c join customer_memberships m on m.customer_id = c.id and m.partner_id = ${partner.id}
          join lateral (select provider_ref from customer_payment_methods
                        where customer_id = c.id and valid and deleted_at is null order by created_at limit 1) pm on true
          where c.deleted_at is null and c.email is not null order by c.created_at desc`,
    );
    const payers = customers.filter(
      (c) => c.card === TEST_CARDS.success.token || c.card === TEST_CARDS.mastercard.token,
    );
    const decliners = customers.filter((c) => c.card === TEST_CARDS.declined.token);
    let payerTurn = 0;
    const invoiceCounter = { n: 0 };

    for (const [n, story] of stories[key].entries()) {
      const customer =
        story.payment === 'declined' || story.payment === 'exempted'
          ? (decliners[n % Math.max(1, decliners.length)] ?? payers[0])
          : payers[payerTurn++ % Math.max(1, payers.length)];
      const ticket = await playTicket(db, {
        story,
        partnerId: partner.id,
        centreId: centre.id,
        currency,
        customer,
        people,
        snapshots,
        categoryId: categories.get(story.category),
        usedAssets,
        rates,
        now,
        paymentService,
        storage: opts.storage,
        photos,
        prefix: key === 'milano' ? 'MBH' : key === 'barcelona' ? 'BEM' : 'SSC',
        invoiceCounter,
      });
      if (!ticket) continue;
      counts.tickets += 1;
      counts.records += ticket.records;
      counts.attachments += ticket.attachments;
    }
  }
  return counts;
}

async function photoSet() {
  const set = new Map<PhotoSubject, Buffer>();
  for (const [n, subject] of photoSubjects.entries()) set.set(subject, await drawPhoto(subject, 20 + n * 70));
  return set;
}

async function taxRatesOf(db: DbOrTx, taxGroupId: string | null, name: string | null, at: Date): Promise<TaxRates> {
  if (!taxGroupId) return { taxGroup: null, labour: null, hardware: null };
  const found = await rows<{ subject: string; rate: string }>(
    db,
    sql`select distinct on (subject) subject, rate from tax_rates
        where tax_group_id = ${taxGroupId} and effective_at <= ${at.toISOString()}
        order by subject, effective_at desc`,
  );
  const rateOf = (subject: string) => {
    const row = found.find((r) => r.subject === subject);
    return row ? Number(row.rate) : null;
  };
  return {
    taxGroup: { id: taxGroupId, name: name ?? '' },
    labour: rateOf('service-labour'),
    hardware: rateOf('service-hardware'),
  };
}

interface Catalogue {
  items: (typeof workItems.$inferInsert)[];
  options: (typeof workItemOptions.$inferInsert)[];
  checklists: (typeof checklists.$inferInsert)[];
  groups: (typeof checklistWorkItemGroups.$inferInsert)[];
}
const emptyCatalogue = (): Catalogue => ({ items: [], options: [], checklists: [], groups: [] });

/** A work item's rows (archived when `archivedAt` is given), and its copy as a record snapshot holds it. */
function addWorkItem(
  catalogue: Catalogue,
  partnerId: string,
  item: DemoWorkItem,
  price: (eur: number) => number,
  at: Date,
  archivedAt?: Date,
): SnapshotItem {
  const id = randomUUID();
  catalogue.items.push({
    id,
    partnerId,
    name: item.name,
    description: item.description,
    resultMode: item.resultMode,
    status: archivedAt ? 'Deleted' : 'Inuse',
    createdAt: at,
    updatedAt: archivedAt ? new Date(archivedAt.getTime() - 10 * DAY) : at,
  });
  const options = item.options.map((o, position) => ({
    id: randomUUID(),
    workItemId: id,
    type: o.type,
    name: o.name,
    costAmount: price(o.cost),
    price: o.price === null ? null : price(o.price),
    description: o.description ?? null,
    sku: o.sku ?? null,
    position,
    createdAt: at,
    updatedAt: at,
  }));
  catalogue.options.push(...options);
  return {
    id,
    name: item.name,
    resultMode: item.resultMode,
    options: options.map((o) => ({
      id: o.id,
      type: o.type,
      name: o.name,
      costAmount: o.costAmount,
      price: o.price,
      sku: o.sku,
    })),
  };
}

/** A checklist's rows with its groups, and the snapshot a record made from it holds. */
function addChecklist(
  catalogue: Catalogue,
  partnerId: string,
  list: DemoChecklist,
  items: Map<string, SnapshotItem>,
  categories: Map<string, string>,
  price: (eur: number) => number,
  at: Date,
  now: Date,
): Snapshot {
  const id = randomUUID();
  catalogue.checklists.push({
    id,
    partnerId,
    name: list.name,
    description: list.description,
    assetCategoryIds: list.categories.flatMap((name) => categories.get(name) ?? []),
    basicCostAmount: price(list.basicCost),
    assetLifeCyclePreferTo: list.preferTo,
    status: list.archived ? 'Deleted' : 'Inuse',
    createdAt: at,
    updatedAt: list.archived ? new Date(now.getTime() - 20 * DAY) : at,
  });
  const groups = list.groups.map((g, position) => ({
    id: randomUUID(),
    checklistId: id,
    name: g.name,
    description: g.description ?? null,
    isRequired: g.isRequired,
    isAllWorkItemsRequired: g.isAllWorkItemsRequired,
    workItemIds: g.items.flatMap((name) => items.get(name)?.id ?? []),
    position,
    createdAt: at,
    updatedAt: at,
  }));
  catalogue.groups.push(...groups);
  return {
    checklist: {
      id,
      name: list.name,
      description: list.description,
      basicCostAmount: price(list.basicCost),
      assetLifeCyclePreferTo: list.preferTo,
    },
    groups: groups.map((g, n) => ({
      id: g.id,
      name: g.name,
      description: g.description,
      isRequired: g.isRequired,
      isAllWorkItemsRequired: g.isAllWorkItemsRequired,
      workItems: (list.groups[n]?.items ?? []).flatMap((name) => items.get(name) ?? []),
    })),
  };
}

interface PlayContext {
  story: TicketStory;
  partnerId: string;
  centreId: string;
  currency: string;
  customer: Customer | undefined;
  people: DemoWorkshopStaff;
  snapshots: Map<string, Snapshot>;
  categoryId: string | undefined;
  usedAssets: Set<string>;
  rates: TaxRates;
  now: Date;
  paymentService: ReturnType<typeof createPaymentService>;
  storage: FileStorage | undefined;
  photos: Map<PhotoSubject, Buffer> | undefined;
  prefix: string;
  /** The partner's service invoices issued so far. */
  invoiceCounter: { n: number };
}

/** One ticket played from its story: opened, checked in, worked, paused, finished, charged, closed. */
async function playTicket(db: DbOrTx, context: PlayContext) {
  let c = context;
  const { story, people, now, categoryId } = c;
  if (!categoryId || !c.customer) return undefined;
  const asset = await pickAsset(db, c);
  if (!asset) return undefined;
  c.usedAssets.add(asset.id);
  // A return ticket is the renter's: their card pays.
  const renter = asset.order_customer_id
    ? (
        await rows<Customer>(
          db,
          sql`select c.id, c.first_name || ' ' || c.last_name as name, c.phone_no, c.email, pm.provider_ref as card
              from customers c join lateral (select provider_ref from customer_payment_methods
                where customer_id = c.id and valid and deleted_at is null order by created_at limit 1) pm on true
              where c.id = ${asset.order_customer_id}`,
        )
      )[0]
    : undefined;
  const customer = renter ?? c.customer;
  c = { ...c, customer };
  const swapped =
    story.operationType === 'swapped'
      ? (
          await rows<{ id: string }>(
            db,
            sql`select id from assets where partner_id = ${c.partnerId} and category_id = ${categoryId}
                and usage_mode = 'customer-rental' and life_cycle_state = 'Ready' and id <> ${asset.id}
                order by no limit 1 offset 3`,
          )
        )[0]
      : undefined;

  const id = randomUUID();
  const [seq] = await rows<{ no: string }>(db, sql`select nextval('customer_ticket_no_seq')::text as no`);
  const ticketNo = `T-${String(seq?.no ?? '0').padStart(6, '0')}`;
  const events: (typeof customerTicketEvents.$inferInsert)[] = [];
  let clock = new Date(now.getTime() - story.hoursAgo * HOUR);
  const createdAt = clock;
  const after = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * MINUTE);
    return clock;
  };
  const event = (
    action: string,
    at: Date,
    userId: string | null,
    fromStatus: CustomerTicketStatus | null = null,
    toStatus: CustomerTicketStatus | null = null,
    data: Record<string, unknown> = {},
  ) => events.push({ id: randomUUID(), ticketId: id, action, fromStatus, toStatus, userId, data, at });

  const lead = people.lead.id;
  const mechanic = people.mechanic.id;
  const ticket: typeof customerTickets.$inferInsert = {
    id,
    ticketNo,
    assetPartnerId: c.partnerId,
    providerPartnerId: c.partnerId,
    centerSiteId: c.centreId,
    assetId: asset.id,
    categoryId,
    customerId: customer.id,
    contactName: story.contact ? customer.name : null,
    contactEmail: story.contact ? customer.email : null,
    contactPhone: story.contact ? customer.phone_no : null,
    status: 'new',
    mechanicUserId: null,
    operationType: story.operationType ?? 'regular',
    swappedAssetId: swapped?.id ?? null,
    orderId: story.operationType === 'return' ? asset.order_id : null,
    issues: story.issues,
    comment: story.comment ?? null,
    checkInNote: null,
    currency: c.currency,
    createdBy: lead,
    createdAt,
  };
  event('create', createdAt, lead, null, 'new', {
    issues: story.issues,
    operationType: ticket.operationType,
  });
  // Written as opened; records, adjustments and events name it, and it is brought up to date at the end.
  await db.insert(customerTickets).values({ ...ticket, updatedAt: createdAt });
  const status = (to: CustomerTicketStatus) => {
    ticket.status = to;
  };

  const worked = story.status !== 'new' && !(story.status === 'unsuccessful' && story.failedWhile === 'new');
  if (story.assigned) {
    ticket.mechanicUserId = mechanic;
    event('assign', after(10), lead, null, null, { mechanicUserId: mechanic, mechanicName: people.mechanic.name });
  }
  if (worked) {
    ticket.checkedInAt = after(15);
    ticket.checkInNote = story.checkInNote ?? null;
    event(
      'check-in',
      ticket.checkedInAt,
      lead,
      'new',
      'checked-in',
      story.checkInNote ? { checkInNote: story.checkInNote } : {},
    );
    status('checked-in');
  }

  let recordCount = 0;
  let attachmentCount = 0;
  const recordRows: RecordRow[] = [];
  const attachments: (typeof checklistRecordAttachments.$inferInsert)[] = [];
  const startsWork = worked && story.status !== 'checked-in';
  if (startsWork) {
    const startedAt = after(story.status === 'processing' ? 20 : 45);
    // Starting an unassigned ticket assigns it to whoever starts it.
    ticket.mechanicUserId = mechanic;
    event('start', startedAt, mechanic, 'checked-in', 'processing', story.assigned ? {} : { assignedTo: mechanic });
    status('processing');
    let processingFrom = startedAt;

    for (const recordStory of story.records ?? []) {
      const snapshot = c.snapshots.get(recordStory.checklist);
      if (!snapshot) continue;
      const results = chooseResults(snapshot, recordStory.thorough ?? false);
      const recordId = randomUUID();
      const submittedAt = after(35);
      const draft = costStatementOf(recordId, snapshot, results, c.currency, c.rates, submittedAt, false);
      const values: typeof checklistRecords.$inferInsert = {
        id: recordId,
        partnerId: c.partnerId,
        assetId: asset.id,
        checklistId: snapshot.checklist.id,
        ticketId: id,
        siteId: c.centreId,
        snapshot,
        results,
        comment: recordStory.comment ?? null,
        durationMinutes: 35,
        status: 'New',
        currency: c.currency,
        chargeTotal: draft.total.gross,
        costTotal: draft.total.cost,
        createdBy: mechanic,
        createdAt: submittedAt,
        updatedAt: submittedAt,
      };
      event('submit-draft', submittedAt, mechanic, null, null, {
        recordId,
        checklistName: snapshot.checklist.name,
      });
      recordCount += 1;
      for (const [n, subject] of (recordStory.photos ?? []).entries()) {
        const bytes = c.photos?.get(subject);
        if (!c.storage || !bytes) break;
        const storageKey = `checklist-records/${randomUUID()}.jpg`;
        await c.storage.put(storageKey, bytes);
        const firstResult = results[0];
        const onItem = n % 2 === 1 && firstResult ? firstResult : undefined;
        attachments.push({
          id: randomUUID(),
          recordId,
          groupId: onItem?.groupId ?? null,
          workItemId: onItem?.workItems[0]?.workItemId ?? null,
          kind: 'image',
          content: subject,
          fileName: `photo-${n + 1}.jpg`,
          storageKey,
          contentType: 'image/jpeg',
          sizeBytes: bytes.length,
          createdBy: mechanic,
          createdAt: after(2),
        });
        attachmentCount += 1;
      }
      recordRows.push({ id: recordId, values, excluded: recordStory.excluded ?? false, snapshot, results });
    }

    if (story.pause) {
      const pausedAt = after(20);
      ticket.durationMinutes = minutesBetween(processingFrom, pausedAt);
      ticket.pauseReason = story.pause.reason;
      ticket.pauseNote = story.pause.note ?? null;
      event('pause', pausedAt, mechanic, 'processing', 'paused', {
        pauseReason: story.pause.reason,
        ...(story.pause.note ? { note: story.pause.note } : {}),
      });
      status('paused');
      if (story.status !== 'paused') {
        processingFrom = after(story.status === 'unsuccessful' ? 60 : 18 * 60);
        event('resume', processingFrom, mechanic, 'paused', 'processing');
        status('processing');
        ticket.pauseReason = null;
        ticket.pauseNote = null;
      }
    }
    if (story.status === 'processing') ticket.processingSince = processingFrom;

    const finishing = story.status === 'finished' || story.status === 'completed';
    if (finishing || story.status === 'unsuccessful') {
      const endAt = after(30);
      ticket.durationMinutes = (ticket.durationMinutes ?? 0) + minutesBetween(processingFrom, endAt);
      if (finishing) {
        await finishTicket(db, c, { id, ticketNo, ticket, asset, recordRows, mechanic, lead, event, after, endAt });
      }
    }
  }

  // Records as the ticket leaves them (drafts, or finalized at finish), then their photos.
  if (recordRows.length > 0) await db.insert(checklistRecords).values(recordRows.map((r) => r.values));
  if (attachments.length > 0) await db.insert(checklistRecordAttachments).values(attachments);

  if (story.status === 'unsuccessful') {
    const from = ticket.status as CustomerTicketStatus;
    const failedAt = after(25);
    ticket.failReason = story.failReason ?? 'Not repairable';
    ticket.closedAt = failedAt;
    ticket.processingSince = null;
    event('fail', failedAt, startsWork ? mechanic : lead, from, 'unsuccessful', { reason: ticket.failReason });
    status('unsuccessful');
  }

  ticket.updatedAt = clock;
  const { id: _id, ...fields } = ticket;
  await db.update(customerTickets).set(fields).where(sql`${customerTickets.id} = ${id}`);
  await db.insert(customerTicketEvents).values(events);
  return { id, records: recordCount, attachments: attachmentCount };
}

const minutesBetween = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / MINUTE);

interface RecordRow {
  id: string;
  values: typeof checklistRecords.$inferInsert;
  excluded: boolean;
  snapshot: Snapshot;
  results: DraftResult[];
}

interface FinishContext {
  id: string;
  ticketNo: string;
  ticket: typeof customerTickets.$inferInsert;
  asset: { id: string; life_cycle_state: string };
  recordRows: RecordRow[];
  mechanic: string;
  lead: string;
  event: (
    action: string,
    at: Date,
    userId: string | null,
    fromStatus?: CustomerTicketStatus | null,
    toStatus?: CustomerTicketStatus | null,
    data?: Record<string, unknown>,
  ) => void;
  after: (minutes: number) => Date;
  endAt: Date;
}

/**
 * $finish as the service does it: every record finalized (cost statement fixed, the asset's lifecycle set as the
 * checklist says, with its field log), the fees of the records not excluded charged to the customer's card, the
 * invoice issued; then what the story adds (exempt, refund, complete).
 */
async function finishTicket(db: DbOrTx, c: PlayContext, f: FinishContext) {
  const { story } = c;
  let lifeCycle = f.asset.life_cycle_state;
  let fee = 0;
  const invoiceLines: {
    description: string;
    quantity: number;
    gross: number;
    net: number;
    tax: number;
    taxRate: number | null;
  }[] = [];
  for (const record of f.recordRows) {
    const statement = costStatementOf(record.id, record.snapshot, record.results, c.currency, c.rates, f.endAt, true);
    Object.assign(record.values, {
      status: 'Finish',
      costStatement: statement,
      chargeTotal: statement.total.gross,
      costTotal: statement.total.cost,
      finalizedAt: f.endAt,
      updatedAt: f.endAt,
    });
    const preferTo = record.snapshot.checklist.assetLifeCyclePreferTo;
    if (preferTo && preferTo !== lifeCycle) {
      await db.execute(
        sql`update assets set life_cycle_state = ${preferTo}, updated_at = ${f.endAt.toISOString()} where id = ${f.asset.id}`,
      );
      // The finalization's field log, dated when it happened.
      await db.insert(fieldLogs).values({
        id: randomUUID(),
        entityType: 'asset',
        entityId: f.asset.id,
        userId: f.mechanic,
        field: 'lifeCycleState',
        before: lifeCycle,
        after: preferTo,
        createdAt: f.endAt,
      });
      lifeCycle = preferTo;
    }
    if (record.excluded) {
      const excludedAt = new Date(f.endAt.getTime() - 5 * MINUTE);
      Object.assign(record.values, { excludedAt, excludedBy: f.lead });
      f.event('exclude-record', excludedAt, f.lead, null, null, {
        recordId: record.id,
        checklistName: record.snapshot.checklist.name,
      });
      continue;
    }
    fee = round2(fee + statement.total.gross);
    for (const line of statement.lines) {
      if (line.gross === 0 && line.kind !== 'basic') continue;
      if (line.kind === 'basic' && line.gross === 0) continue;
      invoiceLines.push({
        description:
          line.kind === 'basic'
            ? `${record.snapshot.checklist.name}: basic cost`
            : `${line.workItemName}: ${line.optionName}`,
        quantity: line.quantity,
        gross: line.gross,
        net: line.net,
        tax: line.tax,
        taxRate: line.taxRate,
      });
    }
  }
  f.ticket.serviceFee = fee;
  f.ticket.finishedAt = f.endAt;
  f.ticket.processingSince = null;
  f.ticket.pauseReason = null;
  f.ticket.pauseNote = null;
  f.event('finish', f.endAt, f.mechanic, f.ticket.status as CustomerTicketStatus, 'finished', { serviceFee: fee });
  f.ticket.status = 'finished';

  const customer = c.customer as Customer;
  const payments: { id: string; at: Date }[] = [];
  let paid = 0;
  let exempted = 0;
  if (fee > 0) {
    const chargedAt = new Date(f.endAt.getTime() + 1000);
    const charge = await c.paymentService.charge({
      customerId: customer.id,
      subjectType: 'customer-ticket',
      subjectId: f.id,
      amount: fee,
      currency: c.currency,
      paymentMethod: customer.card,
      key: `customer-ticket:${f.id}:1`,
      description: `Service ${f.ticketNo}`,
    });
    payments.push({ id: charge.id, at: chargedAt });
    f.ticket.lastChargeAt = chargedAt;
    f.event('charge', chargedAt, f.mechanic, null, null, {
      amount: fee,
      paymentId: charge.id,
      status: charge.status,
      ...(charge.failureCode ? { failureCode: charge.failureCode } : {}),
    });
    if (charge.status === 'Succeeded') paid = fee;
    if (story.payment === 'refunded' && charge.status === 'Succeeded') {
      const amount = Math.min(fee, c.currency === 'KRW' ? 14500 : 10);
      const reason = 'Brake pads replaced under warranty';
      const refundAt = f.after(26 * 60);
      const refund = await c.paymentService.refund({
        chargeId: charge.id,
        amount,
        reason,
        key: `customer-ticket:${f.id}:refund:1`,
      });
      payments.push({ id: refund.id, at: refundAt });
      await db.insert(customerTicketAdjustments).values({
        id: randomUUID(),
        ticketId: f.id,
        kind: 'refund',
        amount,
        reason,
        paymentId: refund.id,
        userId: f.lead,
        createdAt: refundAt,
      });
      f.ticket.exemptRefundAmount = amount;
      f.ticket.exemptRefundReason = reason;
      f.event('refund', refundAt, f.lead, null, null, { amount, reason, paymentId: refund.id });
    }
    if (story.payment === 'exempted' && charge.status !== 'Succeeded') {
      const reason = 'Goodwill: the puncture came from our own delivery van';
      const exemptAt = f.after(3 * 60);
      exempted = fee;
      await db.insert(customerTicketAdjustments).values({
        id: randomUUID(),
        ticketId: f.id,
        kind: 'exempt',
        amount: fee,
        reason,
        userId: f.lead,
        createdAt: exemptAt,
      });
      f.ticket.exemptRefundAmount = fee;
      f.ticket.exemptRefundReason = reason;
      f.event('exempt', exemptAt, f.lead, null, null, { amount: fee, reason });
    }
  }
  for (const p of payments) {
    await db.execute(
      sql`update payments set created_at = ${p.at.toISOString()}, updated_at = ${p.at.toISOString()},
          settled_at = case when settled_at is null then null else ${p.at.toISOString()}::timestamptz end
          where id = ${p.id}`,
    );
  }

  const net = round2(invoiceLines.reduce((s, l) => s + l.net, 0));
  const tax = round2(invoiceLines.reduce((s, l) => s + l.tax, 0));
  const issuedAt = new Date(f.endAt.getTime() + 2000);
  c.invoiceCounter.n += 1;
  const invoiceNo = `${c.prefix}-S-${issuedAt.getUTCFullYear()}-${String(c.invoiceCounter.n).padStart(6, '0')}`;
  await db.insert(customerTicketInvoices).values({
    id: randomUUID(),
    ticketId: f.id,
    partnerId: c.partnerId,
    invoiceNo,
    issuedAt,
    currency: c.currency,
    lines: invoiceLines,
    net,
    tax,
    gross: fee,
    taxGroupId: c.rates.taxGroup?.id ?? null,
    taxGroupName: c.rates.taxGroup?.name ?? null,
    emailStatus: 'sent',
    createdAt: issuedAt,
    updatedAt: issuedAt,
  });
  f.event('invoice', issuedAt, null, null, null, { invoiceNo, emailStatus: 'sent' });

  if (story.status === 'completed') {
    const owed = round2(fee - paid - exempted);
    if (owed > 0) throw new Error(`Demo ticket ${f.ticketNo} would complete with ${owed} owed`);
    const completedAt = f.after(story.payment === 'refunded' ? 60 : 24 * 60);
    f.ticket.closedAt = completedAt;
    f.event('complete', completedAt, f.lead, 'finished', 'completed');
    f.ticket.status = 'completed';
  }
}

/**
 * The asset a story needs: a customer-rental asset of the partner and category, not on an open lease, not used by
 * another demo ticket. Open tickets take NotReady assets (bikes really in the workshop), so the Ready ones the
 * renting demos and tests look for stay free; a return ticket takes the asset of a closed order.
 */
async function pickAsset(db: DbOrTx, c: PlayContext) {
  const used = [...c.usedAssets];
  const notUsed = used.length
    ? sql`and a.id not in (${sql.join(
        used.map((u) => sql`${u}::uuid`),
        sql`, `,
      )})`
    : sql``;
  if (c.story.operationType === 'return') {
    const [fromOrder] = await rows<{
      id: string;
      life_cycle_state: string;
      order_id: string | null;
      order_customer_id: string | null;
    }>(
      db,
      sql`select a.id, a.life_cycle_state, o.id as order_id, o.customer_id as order_customer_id
          from orders o join leases l on l.order_id = o.id join assets a on a.id = l.asset_id
          where o.partner_id = ${c.partnerId} and o.status = 'Closed' and a.category_id = ${c.categoryId} ${notUsed}
          order by o.end_time desc limit 1`,
    );
    if (fromOrder) return fromOrder;
  }
  const [asset] = await rows<{
    id: string;
    life_cycle_state: string;
    order_id: string | null;
    order_customer_id: string | null;
  }>(
    db,
    sql`select a.id, a.life_cycle_state, null::uuid as order_id, null::uuid as order_customer_id from assets a
        where a.partner_id = ${c.partnerId} and a.category_id = ${c.categoryId} and a.usage_mode = 'customer-rental'
          and a.life_cycle_state = 'NotReady' and a.turnover_state = 'InSite'
          and not exists (select 1 from leases l where l.asset_id = a.id and l.status in ('InUse', 'Returning'))
          ${notUsed}
        order by a.no limit 1`,
  );
  return asset;
}
