import { randomUUID } from 'node:crypto';
import {
  type AssetLifeCycleState,
  type CustomerTicketStatus,
  TEST_CARDS,
  type TicketInvoice,
} from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { localPaymentProvider } from '../../adapters/payments.ts';
import type { FileStorage } from '../../adapters/storage.ts';
import { lifeCycleTransitionProblem } from '../../modules/assets/lifecycle.ts';
import { changedFields } from '../../modules/audit/audit.repo.ts';
import * as recordsRepo from '../../modules/checklist-records/checklist-records.repo.ts';
import {
  type ChecklistSource,
  chargeAndCost,
  costStatementOf,
  type Results,
  type Snapshot,
  snapshotOf,
} from '../../modules/checklist-records/record-model.ts';
import { CHECKLIST_FINALIZED_EVENT } from '../../modules/checklist-records/ticket-records.ts';
import * as ticketsRepo from '../../modules/customer-tickets/customer-tickets.repo.ts';
import { createPaymentService } from '../../modules/payments/payments.service.ts';
import type { Db, DbOrTx } from '../client.ts';
import {
  assetCategories,
  assetEvents,
  checklistRecordAttachments,
  checklistRecords,
  checklists,
  checklistWorkItemGroups,
  customerTicketAdjustments,
  customerTicketEvents,
  customerTicketInvoices,
  customerTickets,
  fieldLogs,
  outbox,
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
import {
  demoTicketStories,
  type PhotoSubject,
  photoSubjects,
  type RecordStory,
  type TicketStory,
} from './demo-workshop-stories.ts';
import { quiet } from './quiet-log.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type PartnerKey = keyof DemoPartners;
type Person = { id: string; name: string };
/** Staff of one partner's workshop: who opens, checks in, assigns and closes tickets, and who works them. */
export interface DemoWorkshopStaff {
  mechanic: Person;
  lead: Person;
}

/** Euros to the partner's currency: Seoul's prices in won, rounded to 500. */
const priceIn = (currency: string) => (eur: number) =>
  currency === 'KRW' ? Math.round((eur * 1450) / 500) * 500 : eur;
const cents = (v: number) => Math.round(v * 100);

interface Customer {
  id: string;
  first_name: string;
  name: string;
  phone_no: string;
  email: string | null;
  card: string;
}
const customerColumns = sql`c.id, c.first_name, c.first_name || ' ' || c.last_name as name, c.phone_no, c.email,
  pm.provider_ref as card`;
const firstCard = sql`join lateral (select provider_ref from customer_payment_methods
  where customer_id = c.id and valid and deleted_at is null order by created_at limit 1) pm on true`;

interface Workshop {
  key: PartnerKey;
  partnerId: string;
  centreId: string;
  currency: string;
  taxGroup: { id: string; name: string } | null;
  snapshots: Map<string, Snapshot>;
}

/**
 * The workshop of every demo partner: its work items and checklists (one of each archived) and service tickets in
 * every status at its service centre, worked by its mechanic — checklist records (drafts, finalized, one excluded)
 * with photos, fees charged through the payments ledger (paid; declined and owed; exempted; refunded), invoices and
 * the history of who did what. Each ticket is played through the services' rules (the record model's snapshot and
 * cost statement, the ticket's transition writes and money) and dated back; payments go through the real payment
 * service and the local provider, as the demo orders' do.
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
  const workshops = await seedCatalogue(db, partners, categories, now);
  const photos = opts.storage ? await photoSet() : undefined;
  const used = new Set<string>();
  let tickets = 0;

  for (const workshop of workshops) {
    const customers = await rows<Customer>(
      db,
      sql`select ${customerColumns} from customers c
          join customer_memberships m on m.customer_id = c.id and m.partner_id = ${workshop.partnerId} ${firstCard}
          where c.deleted_at is null and c.email is not null order by c.created_at desc`,
    );
    const payers = customers.filter(
      (c) => c.card === TEST_CARDS.success.token || c.card === TEST_CARDS.mastercard.token,
    );
    const decliners = customers.filter((c) => c.card === TEST_CARDS.declined.token);
    let turn = 0;
    for (const story of demoTicketStories[workshop.key]) {
      const declines = story.payment === 'declined' || story.payment === 'exempted';
      const customer = declines
        ? (decliners[turn % Math.max(1, decliners.length)] ?? payers[0])
        : payers[turn % Math.max(1, payers.length)];
      turn += 1;
      if (!customer) continue;
      const played = await playTicket(db, {
        story,
        workshop,
        customer,
        people: staff[workshop.key],
        categoryId: categories.get(story.category),
        used,
        now,
        paymentService,
        storage: opts.storage,
        photos,
      });
      if (played) tickets += 1;
    }
  }
  return { tickets };
}

// ---------------------------------------------------------------------------------------------------------------
// The catalogue: work items and checklists of every partner, created five weeks ago, in four statements.

async function seedCatalogue(
  db: DbOrTx,
  partners: DemoPartners,
  categories: Map<string, string>,
  now: Date,
): Promise<Workshop[]> {
  const setUpAt = now.getTime() - 35 * DAY;
  const items: (typeof workItems.$inferInsert)[] = [];
  const options: (typeof workItemOptions.$inferInsert)[] = [];
  const lists: (typeof checklists.$inferInsert)[] = [];
  const groups: (typeof checklistWorkItemGroups.$inferInsert)[] = [];
  const workshops: Workshop[] = [];
  for (const key of Object.keys(demoTicketStories) as PartnerKey[]) {
    const partnerId = partners[key].id;
    const [centre] = await rows<{ id: string; tax_group_id: string | null; tax_group_name: string | null }>(
      db,
      sql`select s.id, s.tax_group_id, t.name as tax_group_name from sites s
          left join tax_groups t on t.id = s.tax_group_id
          where s.partner_id = ${partnerId} and s.type = 'service-center' and not s.is_archived
          order by s.created_at limit 1`,
    );
    const [operation] = await rows<{ currency: string }>(
      db,
      sql`select currency from operation_settings where partner_id = ${partnerId}`,
    );
    if (!centre || !operation) continue;
    const price = priceIn(operation.currency);

    type OptionRow = (typeof options)[number] & { costAmount: number; price: number | null; sku: string | null };
    const byName = new Map<string, { item: typeof workItems.$inferInsert; options: OptionRow[] }>();
    const addItem = (item: DemoWorkItem, n: number, archived: boolean) => {
      const at = new Date(setUpAt + n * MINUTE);
      const row = {
        id: randomUUID(),
        partnerId,
        name: item.name,
        description: item.description,
        resultMode: item.resultMode,
        status: archived ? 'Deleted' : 'Inuse',
        createdAt: at,
        updatedAt: archived ? new Date(now.getTime() - 10 * DAY) : at,
      };
      const its: OptionRow[] = item.options.map((o, position) => ({
        id: randomUUID(),
        workItemId: row.id,
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
      items.push(row);
      options.push(...its);
      if (!archived) byName.set(item.name, { item: row, options: its });
    };
    for (const [n, item] of demoWorkItems.entries()) addItem(item, n, false);
    addItem(retiredWorkItem, demoWorkItems.length, true);

    const snapshots = new Map<string, Snapshot>();
    demoChecklists.forEach((list: DemoChecklist, n) => {
      const at = new Date(setUpAt + (30 + n) * MINUTE);
      const checklist = {
        id: randomUUID(),
        partnerId,
        name: list.name,
        description: list.description,
        assetCategoryIds: list.categories.flatMap((name) => categories.get(name) ?? []),
        basicCostAmount: price(list.basicCost),
        assetLifeCyclePreferTo: list.preferTo,
        status: list.archived ? 'Deleted' : 'Inuse',
        createdAt: at,
        updatedAt: list.archived ? new Date(now.getTime() - 20 * DAY) : at,
      };
      const its = list.groups.map((g, position) => ({
        id: randomUUID(),
        checklistId: checklist.id,
        name: g.name,
        description: g.description ?? null,
        isRequired: g.isRequired,
        isAllWorkItemsRequired: g.isAllWorkItemsRequired,
        workItemIds: g.items.flatMap((name) => byName.get(name)?.item.id ?? []),
        position,
        createdAt: at,
        updatedAt: at,
      }));
      lists.push(checklist);
      groups.push(...its);
      // The copy a record takes when its draft is submitted, made by the records module's own function.
      const used = list.groups.flatMap((g) => g.items.flatMap((name) => byName.get(name) ?? []));
      const source: ChecklistSource = {
        checklist,
        groups: its,
        items: used.map((u) => ({ id: u.item.id, name: u.item.name, resultMode: u.item.resultMode ?? 'single' })),
        options: used.flatMap((u) =>
          u.options.map((o) => ({
            id: o.id,
            workItemId: o.workItemId,
            type: o.type,
            name: o.name,
            costAmount: o.costAmount,
            price: o.price,
            sku: o.sku,
          })),
        ),
      };
      snapshots.set(list.name, snapshotOf(source));
    });
    workshops.push({
      key,
      partnerId,
      centreId: centre.id,
      currency: operation.currency,
      taxGroup: centre.tax_group_id ? { id: centre.tax_group_id, name: centre.tax_group_name ?? '' } : null,
      snapshots,
    });
  }
  await db.insert(workItems).values(items);
  await db.insert(workItemOptions).values(options);
  await db.insert(checklists).values(lists);
  await db.insert(checklistWorkItemGroups).values(groups);
  return workshops;
}

/**
 * What a mechanic chooses on a checklist: every work item of the required groups (and of the optional ones when
 * `thorough`), its first labour option, and its first part on every other item that takes several results.
 */
function chooseResults(snapshot: Snapshot, thorough: boolean): Results {
  return snapshot.groups
    .filter((g) => g.isRequired || thorough)
    .map((group) => ({
      groupId: group.id,
      workItems: group.workItems.map((item, n) => {
        const labour = item.options.find((o) => o.type === 'labour');
        const part =
          n % 2 === 0 && item.resultMode === 'multiple' ? item.options.find((o) => o.type === 'hardware') : undefined;
        return {
          workItemId: item.id,
          options: [labour, part].flatMap((o) => (o ? [{ optionId: o.id, quantity: 1 }] : [])),
          note: null,
        };
      }),
    }));
}

// ---------------------------------------------------------------------------------------------------------------
// Photos: small JPEGs drawn once, each attachment stored under its own key through the storage adapter.

async function photoSet() {
  const set = new Map<PhotoSubject, Buffer>();
  for (const [n, subject] of photoSubjects.entries()) {
    const hue = 20 + n * 70;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
      <rect width="480" height="360" fill="hsl(${hue},25%,82%)"/>
      <circle cx="150" cy="200" r="90" fill="none" stroke="#2f3b45" stroke-width="18"/>
      <circle cx="340" cy="200" r="90" fill="none" stroke="#2f3b45" stroke-width="18"/>
      <path d="M150 200 L230 120 L340 200 M230 120 L260 200 L150 200" fill="none" stroke="hsl(${hue},60%,35%)"
        stroke-width="10"/>
      <rect x="0" y="300" width="480" height="60" fill="rgba(0,0,0,0.55)"/>
      <text x="20" y="340" font-size="26" font-family="sans-serif" fill="#fff">${subject}</text></svg>`;
    set.set(subject, await sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer());
  }
  return set;
}

// ---------------------------------------------------------------------------------------------------------------
// Tickets.

interface PlayContext {
  story: TicketStory;
  workshop: Workshop;
  customer: Customer;
  people: DemoWorkshopStaff;
  categoryId: string | undefined;
  used: Set<string>;
  now: Date;
  paymentService: ReturnType<typeof createPaymentService>;
  storage: FileStorage | undefined;
  photos: Map<PhotoSubject, Buffer> | undefined;
}

interface PickedAsset {
  id: string;
  life_cycle_state: string;
  order_id: string | null;
  order_end: Date | string | null;
  renter_id: string | null;
}

/**
 * The asset a story needs: a customer-rental asset of the partner and category, on no open lease, not used by
 * another demo ticket. Tickets take NotReady assets (bikes really in the workshop), so the Ready ones the renting
 * demos and tests look for stay free; a return ticket takes the asset of an order that closed when it came back.
 */
async function pickAsset(db: DbOrTx, c: PlayContext): Promise<PickedAsset | undefined> {
  const notUsed = c.used.size
    ? sql`and a.id not in (${sql.join(
        [...c.used].map((u) => sql`${u}::uuid`),
        sql`, `,
      )})`
    : sql``;
  if (c.story.operationType === 'return') {
    const [returned] = await rows<PickedAsset>(
      db,
      sql`select a.id, a.life_cycle_state, o.id as order_id, o.end_time as order_end, o.customer_id as renter_id
          from orders o join leases l on l.order_id = o.id join assets a on a.id = l.asset_id
          where o.partner_id = ${c.workshop.partnerId} and o.status = 'Closed' and a.category_id = ${c.categoryId}
            and o.end_time is not null ${notUsed}
          order by o.end_time desc limit 1`,
    );
    if (returned) return returned;
  }
  const [asset] = await rows<PickedAsset>(
    db,
    sql`select a.id, a.life_cycle_state, null::uuid as order_id, null::timestamptz as order_end,
          null::uuid as renter_id
        from assets a
        where a.partner_id = ${c.workshop.partnerId} and a.category_id = ${c.categoryId}
          and a.usage_mode = 'customer-rental' and a.life_cycle_state = 'NotReady' and a.turnover_state = 'InSite'
          and not exists (select 1 from leases l where l.asset_id = a.id and l.status in ('InUse', 'Returning'))
          ${notUsed}
        order by a.no limit 1`,
  );
  return asset;
}

type Event = typeof customerTicketEvents.$inferInsert;
type FieldLog = typeof fieldLogs.$inferInsert;

/**
 * One ticket played from its story with the services' writes: opened by the lead, checked in, started by the
 * mechanic (who is assigned by starting), drafts submitted, paused and resumed, finished (records finalized with
 * their cost statements and the asset's lifecycle, the fee fixed, the invoice issued, the card charged), then
 * exempted, refunded, completed or failed as the story says. Everything is dated on the story's clock.
 */
async function playTicket(db: DbOrTx, c: PlayContext) {
  const { story, workshop, people } = c;
  const categoryId = c.categoryId;
  if (!categoryId) return false;
  const asset = await pickAsset(db, c);
  if (!asset) return false;
  c.used.add(asset.id);
  let customer = c.customer;
  if (asset.renter_id) {
    const [renter] = await rows<Customer>(
      db,
      sql`select ${customerColumns} from customers c ${firstCard} where c.id = ${asset.renter_id}`,
    );
    if (renter) customer = renter;
  }
  const [swapped] =
    story.operationType === 'swapped'
      ? await rows<{ id: string }>(
          db,
          sql`select id from assets where partner_id = ${workshop.partnerId} and category_id = ${categoryId}
                and usage_mode = 'customer-rental' and life_cycle_state = 'Ready' and id <> ${asset.id}
              order by no limit 1 offset 3`,
        )
      : [];

  const id = randomUUID();
  const ticketNo = await ticketsRepo.nextTicketNo(db);
  // A return ticket is opened when the order ends; the others as long ago as the story says.
  const openedAt = asset.order_end
    ? new Date(new Date(asset.order_end).getTime() - 30 * MINUTE)
    : new Date(c.now.getTime() - story.hoursAgo * HOUR);
  let clock = openedAt;
  const after = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * MINUTE);
    return clock;
  };
  const events: Event[] = [];
  const logs: FieldLog[] = [];
  const event = (
    action: string,
    at: Date,
    user: Person | null,
    data: Record<string, unknown> = {},
    status?: { from: CustomerTicketStatus; to: CustomerTicketStatus },
  ) =>
    events.push({
      id: randomUUID(),
      ticketId: id,
      action,
      fromStatus: status?.from ?? null,
      toStatus: status?.to ?? null,
      userId: user?.id ?? null,
      data,
      at,
    });
  const log = (
    entityType: string,
    entityId: string,
    user: Person,
    at: Date,
    before: Record<string, unknown> | null,
    afterValues: Record<string, unknown> | null,
  ) => {
    for (const change of changedFields(before, afterValues)) {
      logs.push({ id: randomUUID(), entityType, entityId, userId: user.id, ...change, createdAt: at });
    }
  };

  const ticket: typeof customerTickets.$inferInsert & { durationMinutes: number } = {
    id,
    ticketNo,
    assetPartnerId: workshop.partnerId,
    providerPartnerId: workshop.partnerId,
    centerSiteId: workshop.centreId,
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
    orderId: asset.order_id,
    issues: story.issues,
    comment: story.comment ?? null,
    checkInNote: story.checkInNote ?? null,
    currency: workshop.currency,
    createdBy: people.lead.id,
    createdAt: openedAt,
    durationMinutes: 0,
  };
  event('create', openedAt, people.lead, { newCustomer: false }, { from: 'new', to: 'new' });
  const move = (action: string, user: Person, at: Date, data: Record<string, unknown> = {}) => {
    const from = ticket.status as CustomerTicketStatus;
    const to = nextStatus[action] as CustomerTicketStatus;
    event(action, at, user, data, { from, to });
    ticket.status = to;
  };
  const spell = (at: Date) =>
    ticket.processingSince ? Math.max(0, Math.floor((at.getTime() - ticket.processingSince.getTime()) / MINUTE)) : 0;

  if (story.assigned) {
    ticket.mechanicUserId = people.mechanic.id;
    event('assign', after(10), people.lead, { from: null, to: people.mechanic.id, name: people.mechanic.name });
  }
  const reached = (status: CustomerTicketStatus) => reachedStatuses(story).includes(status);
  if (reached('checked-in')) {
    ticket.checkedInAt = after(15);
    move('check-in', people.lead, ticket.checkedInAt);
  }

  const records: {
    story: RecordStory;
    values: typeof checklistRecords.$inferInsert;
    snapshot: Snapshot;
    results: Results;
  }[] = [];
  const attachments: (typeof checklistRecordAttachments.$inferInsert)[] = [];
  if (reached('processing')) {
    const startedAt = after(story.status === 'processing' ? 20 : 45);
    if (!ticket.mechanicUserId) ticket.mechanicUserId = people.mechanic.id;
    ticket.processingSince = startedAt;
    move('start', people.mechanic, startedAt);

    for (const recordStory of story.records ?? []) {
      const snapshot = workshop.snapshots.get(recordStory.checklist);
      if (!snapshot) continue;
      const results = chooseResults(snapshot, recordStory.thorough ?? false);
      const recordId = randomUUID();
      const submittedAt = after(35);
      const totals = chargeAndCost(snapshot, results);
      const values: typeof checklistRecords.$inferInsert = {
        id: recordId,
        partnerId: workshop.partnerId,
        assetId: asset.id,
        ticketId: id,
        currency: workshop.currency,
        status: 'New',
        createdBy: people.mechanic.id,
        checklistId: snapshot.checklist.id,
        siteId: workshop.centreId,
        snapshot,
        results,
        comment: recordStory.comment ?? null,
        durationMinutes: 35,
        chargeTotal: totals.chargeTotal,
        costTotal: totals.costTotal,
        createdAt: submittedAt,
        updatedAt: submittedAt,
      };
      log('checklist_record', recordId, people.mechanic, submittedAt, null, {
        checklistId: snapshot.checklist.id,
        ticketId: id,
        status: 'New',
      });
      records.push({ story: recordStory, values, snapshot, results });
      for (const [n, subject] of (recordStory.photos ?? []).entries()) {
        const bytes = c.photos?.get(subject);
        if (!c.storage || !bytes) break;
        const storageKey = `checklist-records/${randomUUID()}.jpg`;
        await c.storage.put(storageKey, bytes);
        // Every other photo shows one work item (the first of the record), the others the whole job.
        const item = n % 2 === 1 ? results[0] : undefined;
        attachments.push({
          id: randomUUID(),
          recordId,
          groupId: item?.groupId ?? null,
          workItemId: item?.workItems[0]?.workItemId ?? null,
          kind: 'image',
          content: subject,
          fileName: `photo-${n + 1}.jpg`,
          storageKey,
          contentType: 'image/jpeg',
          sizeBytes: bytes.length,
          createdBy: people.mechanic.id,
          createdAt: after(2),
        });
      }
      if (recordStory.excluded) {
        // Taken off the fees while the work goes on: it stays a draft and is never finalized.
        const excludedAt = after(5);
        Object.assign(values, { excludedAt, excludedBy: people.lead.id, updatedAt: excludedAt });
        log(
          'checklist_record',
          recordId,
          people.lead,
          excludedAt,
          { excludedAt: null },
          {
            excludedAt: excludedAt.toISOString(),
          },
        );
        event('exclude-record', excludedAt, people.lead, { recordId });
      }
    }

    if (story.pause) {
      const pausedAt = after(20);
      ticket.durationMinutes += spell(pausedAt);
      ticket.processingSince = null;
      ticket.pauseReason = story.pause.reason;
      ticket.pauseNote = story.pause.note ?? null;
      move('pause', people.mechanic, pausedAt, { pauseReason: story.pause.reason, note: story.pause.note ?? null });
      if (story.status !== 'paused') {
        const resumedAt = after(story.status === 'unsuccessful' ? 60 : 18 * 60);
        ticket.pauseReason = null;
        ticket.pauseNote = null;
        ticket.processingSince = resumedAt;
        move('resume', people.mechanic, resumedAt);
      }
    }
  }

  await db.insert(customerTickets).values({ ...ticket, updatedAt: openedAt });
  let money: Money | undefined;
  if (reached('finished')) {
    money = await finish(db, c, { id, ticketNo, ticket, asset, records, event, log, move, after, spell, customer });
  }
  if (story.status === 'completed') {
    const owed = money ? money.fee - money.charged - money.exempted : 0;
    if (owed > 0) throw new Error(`The demo ticket ${ticketNo} would complete with ${owed / 100} owed`);
    const completedAt = after(story.payment === 'refunded' ? 60 : 20 * 60);
    ticket.closedAt = completedAt;
    move('complete', people.lead, completedAt);
  }
  if (story.status === 'unsuccessful') {
    const failedAt = after(25);
    const reason = story.failReason ?? 'Not repairable';
    ticket.durationMinutes += spell(failedAt);
    ticket.processingSince = null;
    ticket.failReason = reason;
    ticket.closedAt = failedAt;
    move('fail', reached('processing') ? people.mechanic : people.lead, failedAt, { reason });
  }

  const { id: _id, ...fields } = ticket;
  await db
    .update(customerTickets)
    .set({ ...fields, updatedAt: clock })
    .where(sql`${customerTickets.id} = ${id}`);
  if (records.length > 0) await db.insert(checklistRecords).values(records.map((r) => r.values));
  if (attachments.length > 0) await db.insert(checklistRecordAttachments).values(attachments);
  await db.insert(customerTicketEvents).values(events);
  if (logs.length > 0) await db.insert(fieldLogs).values(logs);
  return true;
}

const nextStatus: Record<string, CustomerTicketStatus> = {
  'check-in': 'checked-in',
  start: 'processing',
  pause: 'paused',
  resume: 'processing',
  finish: 'finished',
  complete: 'completed',
  fail: 'unsuccessful',
};

/** The statuses a story's ticket went through on its way to where it stands. */
function reachedStatuses(story: TicketStory): CustomerTicketStatus[] {
  const path: CustomerTicketStatus[] = ['new', 'checked-in', 'processing', 'finished', 'completed'];
  if (story.status === 'unsuccessful') {
    return story.failedWhile === 'new' ? ['new'] : ['new', 'checked-in', 'processing'];
  }
  if (story.status === 'paused') return ['new', 'checked-in', 'processing', 'paused'];
  return path.slice(0, path.indexOf(story.status) + 1);
}

/** A ticket's money in cents, as the tickets module defines it: owed = fee − charged − exempted. */
interface Money {
  fee: number;
  charged: number;
  exempted: number;
}

interface FinishContext {
  id: string;
  ticketNo: string;
  ticket: typeof customerTickets.$inferInsert & { durationMinutes: number };
  asset: PickedAsset;
  records: { story: RecordStory; values: typeof checklistRecords.$inferInsert; snapshot: Snapshot; results: Results }[];
  event: (
    action: string,
    at: Date,
    user: Person | null,
    data?: Record<string, unknown>,
    status?: { from: CustomerTicketStatus; to: CustomerTicketStatus },
  ) => void;
  log: (
    entityType: string,
    entityId: string,
    user: Person,
    at: Date,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ) => void;
  move: (action: string, user: Person, at: Date, data?: Record<string, unknown>) => void;
  after: (minutes: number) => Date;
  spell: (at: Date) => number;
  customer: Customer;
}

/**
 * `$finish` as the tickets module does it: the kept drafts finalized (cost statement at the centre's rates in force,
 * the asset's lifecycle set as the checklist names with its field log and asset event), the fee fixed from them, the
 * invoice issued on the partner's invoice series, the card charged (key `customer-ticket:<id>:charge:1`) and the
 * invoice e-mailed; then the story's exemption or refund.
 */
async function finish(db: DbOrTx, c: PlayContext, f: FinishContext): Promise<Money> {
  const { story, workshop, people } = c;
  const finishedAt = f.after(30);
  const rates = workshop.taxGroup
    ? await recordsRepo.ratesAt(db, workshop.taxGroup.id, finishedAt)
    : new Map<string, number>();
  let lifeCycle = f.asset.life_cycle_state as AssetLifeCycleState;
  let fee = 0;
  const lines: TicketInvoice['lines'] = [];
  for (const record of f.records) {
    if (record.values.excludedAt) continue;
    const recordId = record.values.id as string;
    const statement = costStatementOf(recordId, workshop.currency, record.snapshot, record.results, {
      taxGroup: workshop.taxGroup,
      rates,
      at: finishedAt,
      isFinal: true,
    });
    Object.assign(record.values, {
      status: 'Finish',
      finalizedAt: finishedAt,
      costStatement: statement,
      chargeTotal: statement.total.gross,
      costTotal: statement.total.cost,
      updatedAt: finishedAt,
    });
    f.log(
      'checklist_record',
      recordId,
      people.mechanic,
      finishedAt,
      { status: 'New', finalizedAt: null },
      {
        status: 'Finish',
        finalizedAt: finishedAt.toISOString(),
      },
    );
    const target = record.snapshot.checklist.assetLifeCyclePreferTo;
    let moved: { from: string; to: string } | null = null;
    if (target && target !== lifeCycle && !lifeCycleTransitionProblem(lifeCycle, target, { categoryEnabled: true })) {
      f.log(
        'asset',
        f.asset.id,
        people.mechanic,
        finishedAt,
        { lifeCycleState: lifeCycle },
        { lifeCycleState: target },
      );
      moved = { from: lifeCycle, to: target };
      lifeCycle = target;
      await db.execute(
        sql`update assets set life_cycle_state = ${target}, updated_at = ${finishedAt.toISOString()}
            where id = ${f.asset.id}`,
      );
    }
    await db.insert(assetEvents).values({
      assetId: f.asset.id,
      partnerId: workshop.partnerId,
      type: CHECKLIST_FINALIZED_EVENT,
      occurredAt: finishedAt,
      data: { recordId, checklistId: record.snapshot.checklist.id, ticketId: f.id, lifeCycle: moved },
    });
    fee += cents(statement.total.gross);
    for (const line of statement.lines) {
      if (line.unitPrice === null && line.gross === 0) continue;
      lines.push({
        description:
          line.kind === 'basic'
            ? 'Basic cost'
            : [line.workItemName, line.optionName].filter((p): p is string => Boolean(p)).join(' — '),
        quantity: line.quantity,
        gross: line.gross,
        net: line.net,
        tax: line.tax,
        taxRate: line.taxRate,
      });
    }
  }

  // The invoice, numbered on the partner's series (the one its rental invoices use).
  const [series] = await rows<{ prefix: string; next: number }>(
    db,
    sql`select invoice_prefix as prefix, next_invoice_no as next from rental_configs where partner_id = ${workshop.partnerId}`,
  );
  const year = finishedAt.getUTCFullYear();
  const invoiceNo = series
    ? `${series.prefix}-${year}-${String(series.next).padStart(6, '0')}`
    : `SVC-${year}-${f.ticketNo.replace(/\D/g, '')}`;
  if (series) {
    await db.execute(
      sql`update rental_configs set next_invoice_no = ${series.next + 1} where partner_id = ${workshop.partnerId}`,
    );
  }
  const sum = (pick: (l: TicketInvoice['lines'][number]) => number) =>
    lines.reduce((total, l) => total + cents(pick(l)), 0) / 100;
  const invoice = {
    id: randomUUID(),
    ticketId: f.id,
    partnerId: workshop.partnerId,
    invoiceNo,
    issuedAt: finishedAt,
    currency: workshop.currency,
    lines,
    net: sum((l) => l.net),
    tax: sum((l) => l.tax),
    gross: sum((l) => l.gross),
    taxGroupId: workshop.taxGroup?.id ?? null,
    taxGroupName: workshop.taxGroup?.name ?? null,
    emailStatus: 'sent',
    createdAt: finishedAt,
    updatedAt: finishedAt,
  };
  await db.insert(customerTicketInvoices).values(invoice);
  f.event('invoice', finishedAt, people.mechanic, { invoiceNo });
  f.ticket.serviceFee = fee / 100;
  f.ticket.finishedAt = finishedAt;
  f.ticket.durationMinutes += f.spell(finishedAt);
  f.ticket.processingSince = null;
  f.ticket.pauseReason = null;
  f.ticket.pauseNote = null;
  f.move('finish', people.mechanic, finishedAt, { serviceFee: fee / 100 });

  let charged = 0;
  let exempted = 0;
  const dated: { id: string; at: Date }[] = [];
  if (fee > 0) {
    const request = {
      customerId: f.customer.id,
      subjectType: ticketsRepo.TICKET_SUBJECT,
      subjectId: f.id,
      amount: fee / 100,
      currency: workshop.currency,
      paymentMethod: f.customer.card,
      key: `customer-ticket:${f.id}:charge:1`,
      description: `Service ticket ${f.ticketNo}`,
    };
    const charge = await c.paymentService.charge(request);
    dated.push({ id: charge.id, at: finishedAt });
    f.ticket.lastChargeAt = finishedAt;
    f.event('charge', finishedAt, people.mechanic, { paymentId: charge.id, attempt: 1, amount: request.amount });
    if (charge.status === 'Succeeded') charged = fee;

    if (story.payment === 'refunded' && charge.status === 'Succeeded') {
      const amount = Math.min(fee, cents(priceIn(workshop.currency)(12)));
      const reason = 'Brake pads replaced under warranty';
      const at = f.after(26 * 60);
      const adjustmentId = randomUUID();
      await db.insert(customerTicketAdjustments).values({
        id: adjustmentId,
        ticketId: f.id,
        kind: 'refund',
        amount: amount / 100,
        reason,
        userId: people.lead.id,
        createdAt: at,
      });
      const refund = await c.paymentService.refund({
        chargeId: charge.id,
        amount: amount / 100,
        reason,
        key: `customer-ticket:${f.id}:refund:${adjustmentId}:${charge.id}`,
      });
      dated.push({ id: refund.id, at });
      f.ticket.exemptRefundAmount = amount / 100;
      f.ticket.exemptRefundReason = reason;
      f.event('refund', at, people.lead, { amount: amount / 100, reason });
    }
    if (story.payment === 'exempted' && charge.status !== 'Succeeded') {
      const reason = 'Goodwill: the puncture came from our own delivery van';
      const at = f.after(3 * 60);
      exempted = fee;
      await db.insert(customerTicketAdjustments).values({
        id: randomUUID(),
        ticketId: f.id,
        kind: 'exempt',
        amount: fee / 100,
        reason,
        userId: people.lead.id,
        createdAt: at,
      });
      f.ticket.exemptRefundAmount = fee / 100;
      f.ticket.exemptRefundReason = reason;
      f.event('exempt', at, people.lead, { amount: fee / 100, reason });
    }
  }
  // The ledger says when each payment happened; the local provider's own records keep their real time.
  for (const p of dated) {
    await db.execute(
      sql`update payments set created_at = ${p.at.toISOString()}, updated_at = ${p.at.toISOString()},
            settled_at = case when settled_at is null then null else ${p.at.toISOString()}::timestamptz end
          where id = ${p.id}`,
    );
  }
  // The invoice e-mail, as the mail adapter leaves it in the outbox.
  if (f.customer.email) {
    const text = lines.map((l) => `${l.quantity} × ${l.description}: ${l.gross.toFixed(2)} ${workshop.currency}`);
    await db.insert(outbox).values({
      id: randomUUID(),
      channel: 'mail',
      recipient: f.customer.email,
      subject: `Invoice ${invoiceNo} — service ticket ${f.ticketNo}`,
      body: `Hello ${f.customer.first_name},\n\nYour invoice ${invoiceNo} for service ticket ${f.ticketNo}:\n${text.join('\n')}\n\nNet ${invoice.net.toFixed(2)}, tax ${invoice.tax.toFixed(2)}, total ${invoice.gross.toFixed(2)} ${workshop.currency}.`,
      createdAt: finishedAt,
    });
  }
  return { fee, charged, exempted };
}
