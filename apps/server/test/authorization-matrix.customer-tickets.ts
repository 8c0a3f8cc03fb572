import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@fleetdesk/contracts';
import { eq } from 'drizzle-orm';
import { checklistRecords, checklists, customerPaymentMethods, customerTickets } from '../src/db/schema/index.ts';
import { byId, type Case, type Fixture, listing, namingPartner, type World } from './authorization-matrix.fixtures.ts';

/**
 * The authorization matrix's fixtures for the customer-tickets endpoints (see authorization-matrix.fixtures.ts for the
 * builders: byId, listing, namingPartner, …). A function, so the builders it imports are initialised when it runs.
 */
export function customerTicketFixtures(): Record<string, Fixture> {
  return {
    ...ticketListFixtures(),
    // ---- tickets-server: one ticket, its actions, money and invoice ----
    'POST /support/customerTickets/$inspectAsset': assetByNumber(async (w) => {
      const asset = await w.newAsset();
      await ticketWorld(w);
      return { request: { body: { assetNo: asset.no, operationType: 'regular' } } };
    }),
    'POST /support/customerTickets': assetByNumber(async (w) => {
      const tw = await ticketWorld(w);
      const asset = await w.newAsset();
      const customer = await w.newCustomer();
      return {
        request: {
          body: {
            assetNo: asset.no,
            centerSiteId: tw.centerId,
            customerId: customer.id,
            operationType: 'regular',
            issues: ['Brakes'],
          },
        },
      };
    }),
    'GET /support/customerTickets/:id': onTicket('new'),
    'PATCH /support/customerTickets/:id': onTicket('new', { comment: 'Rattles at speed' }),
    'PATCH /support/customerTickets/:id/contactInfo': onTicket('new', { contactName: 'Luca' }),
    'PATCH /support/customerTickets/:id/checkInNote': onTicket('new', { checkInNote: 'Scratched fork' }),
    'POST /support/customerTickets/:id/$checkIn': onTicket('new'),
    'POST /support/customerTickets/:id/$start': onTicket('checked-in'),
    'POST /support/customerTickets/:id/$pause': onTicket('processing', { pauseReason: 'waiting-for-parts' }),
    'POST /support/customerTickets/:id/$resume': onTicket('paused'),
    'POST /support/customerTickets/:id/$finish': onTicket('processing'),
    'POST /support/customerTickets/:id/$complete': onTicket('finished'),
    'POST /support/customerTickets/:id/$fail': onTicket('new', { reason: 'Not repairable' }),
    'POST /support/customerTickets/:id/$assign': byId(async (w) => {
      const id = await ticketIn(w, 'new');
      return { request: { params: { id }, body: { mechanicUserId: w.t.owner.id } } };
    }),
    'POST /support/customerTickets/:id/$charge': byId(async (w) => {
      const { id } = await owingTicket(w);
      return { request: { params: { id }, body: {} } };
    }),
    'POST /support/customerTickets/:id/$exemptOrRefund': byId(async (w) => {
      const { id } = await owingTicket(w);
      return { request: { params: { id }, body: { amount: 1, reason: 'Goodwill' } } };
    }),
    'POST /support/customerTickets/:id/invoice/$send': byId(async (w) => {
      const { id } = await owingTicket(w);
      return { request: { params: { id }, body: {} } };
    }),
    'POST /support/customerTickets/:id/checklist-records/:recordId/$exclude': byId(async (w) => {
      const id = await ticketIn(w, 'processing');
      const recordId = await recordOn(w, id, 10);
      return { request: { params: { id, recordId }, body: {} } };
    }),
    ...ticketListFixtures(),
  };
}

/** An asset named by number: another partner's is 404 AssetNotFound, exactly as an unknown number. */
const assetByNumber = (build: (w: World) => Promise<Case>): Fixture => ({
  class: 'partner-owned',
  build,
  otherPartner: { status: 404, code: 'AssetNotFound' },
});

const worlds = new WeakMap<World, Promise<{ centerId: string }>>();

/** Partner A's workshop, once per matrix run: an operation setting (the currency) and a service centre. */
function ticketWorld(w: World) {
  let made = worlds.get(w);
  if (!made) {
    made = (async () => {
      await w.operationSetting(w.partnerA, true).catch(() => undefined);
      const center = await w.ownerCall<{ id: string }>('POST', '/inventory/sites', {
        partnerId: w.partnerA,
        taxGroupId: w.taxGroupId,
        name: w.unique('Centre').slice(0, 50),
        type: 'service-center',
        city: 'Milano',
      });
      return { centerId: center.id };
    })();
    worlds.set(w, made);
  }
  return made;
}

/** A ticket of partner A opened through the API and moved to `status` in the database. */
async function ticketIn(w: World, status: string, customerId?: string) {
  const tw = await ticketWorld(w);
  const asset = await w.newAsset();
  const customer = customerId ?? (await w.newCustomer()).id;
  const ticket = await w.ownerCall<{ id: string }>('POST', '/support/customerTickets', {
    assetNo: asset.no,
    centerSiteId: tw.centerId,
    customerId: customer,
    operationType: 'regular',
    issues: ['Brakes'],
  });
  if (status !== 'new') {
    await w.t.database.db
      .update(customerTickets)
      .set({
        status,
        ...(status === 'processing' ? { processingSince: new Date() } : {}),
        ...(status === 'finished' ? { serviceFee: 0 } : {}),
      })
      .where(eq(customerTickets.id, ticket.id));
  }
  return ticket.id;
}

const onTicket = (status: string, body: Record<string, unknown> = {}) =>
  byId(async (w) => ({ request: { params: { id: await ticketIn(w, status) }, body } }));

/** A New record of `fee` (the checklist's basic cost) on the ticket (either kind). */
export async function recordOn(w: World, ticketId: string, fee: number) {
  const { db } = w.t.database;
  const [ticket] = await db.select().from(customerTickets).where(eq(customerTickets.id, ticketId));
  if (!ticket) throw new Error('no ticket');
  const checklistId = randomUUID();
  await db.insert(checklists).values({
    id: checklistId,
    partnerId: ticket.assetPartnerId,
    name: w.unique('Checklist'),
    basicCostAmount: fee,
  });
  const id = randomUUID();
  await db.insert(checklistRecords).values({
    id,
    partnerId: ticket.assetPartnerId,
    assetId: ticket.assetId,
    checklistId,
    ticketId,
    siteId: ticket.centerSiteId,
    currency: ticket.currency,
    snapshot: {
      checklist: {
        id: checklistId,
        name: 'Basic service',
        basicCostAmount: fee,
        assetLifeCyclePreferTo: null,
        assetCategoryIds: [],
      },
      groups: [],
    },
    results: [],
    chargeTotal: fee,
  });
  return id;
}

/**
 * A Ready ticket whose fee is owed: finished while the customer had no card (the charge failed), then given a card
 * and its last charge moved a day back, so `$charge` may run now.
 */
async function owingTicket(w: World) {
  const customer = await w.newCustomer();
  const id = await ticketIn(w, 'processing', customer.id);
  await recordOn(w, id, 15);
  await w.ownerCall('POST', `/support/customerTickets/${id}/$finish`, {});
  const { db } = w.t.database;
  await db.insert(customerPaymentMethods).values({
    id: randomUUID(),
    customerId: customer.id,
    type: 'credit-card',
    brand: 'visa',
    last4: '4242',
    providerRef: TEST_CARDS.success.token,
  });
  await db
    .update(customerTickets)
    .set({ lastChargeAt: new Date(Date.now() - 25 * 3600_000) })
    .where(eq(customerTickets.id, id));
  return { id };
}

// ---- ticket-lists: a view's page, every view's count, the export and the mechanics picker ----

/** A new ticket of partner A (through the API), found in the lists by its number. */
async function listedTicket(w: World) {
  const id = await ticketIn(w, 'new');
  return w.ownerCall<{ id: string; ticketNo: string }>('GET', `/support/customerTickets/${id}`);
}

function ticketListFixtures(): Record<string, Fixture> {
  return {
    'GET /support/customerTickets': listing(async (w) => {
      const { ticketNo } = await listedTicket(w);
      return { request: { query: { pageSize: 100, search: ticketNo } }, marker: ticketNo };
    }),
    'GET /support/customerTickets/$export': listing(async (w) => {
      const { ticketNo } = await listedTicket(w);
      return { request: { query: { search: ticketNo } }, marker: ticketNo };
    }),
    // The badges carry numbers only: the partner named in the filter is what the scope decides.
    'GET /support/customerTickets/$counts': namingPartner(async (w) => {
      await listedTicket(w);
      return { request: { query: { partnerIdIn: w.partnerA } } };
    }),
    'GET /support/customerTickets/$mechanics': namingPartner(async (w) => ({
      request: { query: { partnerId: w.partnerA } },
    })),
  };
}
