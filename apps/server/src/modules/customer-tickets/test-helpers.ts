import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@fleetdesk/contracts';
import { call, type TestContext } from '../../../test/harness.ts';
import {
  assetCategories,
  assets,
  checklistRecords,
  checklists,
  customerMemberships,
  customerPaymentMethods,
  customers,
  operationSettings,
  partnerOperations,
  sites,
  taxGroups,
  taxRates,
} from '../../db/schema/index.ts';

/**
 * A workshop for ticket tests, made straight in the database (the API of each piece has its own tests): per partner
 * an operation setting (EUR) and partner operations (self-join `open` unless told), a service centre whose tax group
 * has rates for service hardware and labour, a category, and builders for assets, customers and records.
 */
export async function workshop(t: TestContext) {
  const { db } = t.database;
  let counter = 0;
  const next = () => ++counter;
  const taxGroupId = randomUUID();
  await db
    .insert(taxGroups)
    .values({ id: taxGroupId, name: `Service VAT ${randomUUID().slice(0, 6)}`, displayName: 'IVA 22%', country: 'IT' });
  const past = new Date(Date.now() - 86_400_000);
  await db.insert(taxRates).values(
    ['rental', 'service-hardware', 'service-labour'].map((subject) => ({
      id: randomUUID(),
      taxGroupId,
      subject,
      rate: '22',
      effectiveAt: past,
    })),
  );
  const categoryId = randomUUID();
  await db
    .insert(assetCategories)
    .values({ id: categoryId, name: `E-bike ${randomUUID().slice(0, 6)}`, assetType: 'EBIKE' });

  async function partnerSetup(partnerId: string, selfJoin: 'open' | 'closed' | null = 'open') {
    await db.insert(operationSettings).values({
      id: randomUUID(),
      partnerId,
      customerPlan: 'paid-for-rent',
      creditCardPolicy: 'required',
      depositPolicy: 'free',
      currency: 'EUR',
      timezone: '+01:00',
      confirmedAt: new Date(),
    });
    if (selfJoin)
      await db.insert(partnerOperations).values({
        partnerId,
        currency: 'EUR',
        timezone: '+01:00',
        beepPolicy: 'enabled',
        batteryLockPolicy: 'enabled',
        gpsPolicy: 'enabled',
        lightPolicy: 'enabled',
        lockPolicy: 'enabled',
        pushGeolocationCheckpointPolicy: 'enabled',
        customerSelfJoinPolicy: selfJoin,
      });
  }

  async function center(partnerId: string, opts: { taxGroupId?: string | null; type?: string } = {}) {
    const id = randomUUID();
    await db.insert(sites).values({
      id,
      partnerId,
      name: `Centre ${next()}`,
      type: opts.type ?? 'service-center',
      city: 'Milano',
      taxGroupId: opts.taxGroupId === undefined ? taxGroupId : opts.taxGroupId,
    });
    return id;
  }

  async function asset(partnerId: string, usageMode = 'customer-rental') {
    const id = randomUUID();
    const no = `TK${String(next()).padStart(6, '0')}${randomUUID()
      .slice(0, 3)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, 'X')}`;
    await db.insert(assets).values({ id, no, partnerId, categoryId, usageMode, lifeCycleState: 'Ready' });
    return { id, no };
  }

  /** A customer of the partner with an e-mail (null: none) and a card answering as `token` (null: no card). */
  async function customer(partnerId: string, opts: { email?: string | null; token?: string | null } = {}) {
    const n = next();
    const id = randomUUID();
    const phoneNo = `+39345${String(1_000_000 + n).padStart(7, '0')}`;
    await db.insert(customers).values({
      id,
      referralCode: `TK${String(n).padStart(4, '0')}`,
      passwordHash: 'x',
      phoneNo,
      firstName: 'Ticket',
      lastName: `Customer${n}`,
      email: opts.email === undefined ? `ticket.customer${n}-${randomUUID().slice(0, 4)}@example.com` : opts.email,
    });
    await db.insert(customerMemberships).values({ customerId: id, partnerId, phoneNo, live: true });
    const token = opts.token === undefined ? TEST_CARDS.success.token : opts.token;
    if (token)
      await db.insert(customerPaymentMethods).values({
        id: randomUUID(),
        customerId: id,
        type: 'credit-card',
        brand: 'visa',
        last4: '4242',
        providerRef: token,
      });
    return { id, phoneNo };
  }

  /** A New checklist record on the ticket whose only charge is the checklist's basic cost (tax included). */
  async function record(
    ticket: { id: string; partnerId: string; assetId: string; centerSiteId: string },
    basicCost: number,
  ) {
    const checklistId = randomUUID();
    await db.insert(checklists).values({
      id: checklistId,
      partnerId: ticket.partnerId,
      name: `Checklist ${next()}`,
      basicCostAmount: basicCost,
    });
    const id = randomUUID();
    await db.insert(checklistRecords).values({
      id,
      partnerId: ticket.partnerId,
      assetId: ticket.assetId,
      checklistId,
      ticketId: ticket.id,
      siteId: ticket.centerSiteId,
      currency: 'EUR',
      snapshot: {
        checklist: {
          id: checklistId,
          name: 'Basic service',
          basicCostAmount: basicCost,
          assetLifeCyclePreferTo: null,
          assetCategoryIds: [categoryId],
        },
        groups: [],
      },
      results: [],
      chargeTotal: basicCost,
    });
    return id;
  }

  return { db, taxGroupId, categoryId, partnerSetup, center, asset, customer, record };
}

export type Workshop = Awaited<ReturnType<typeof workshop>>;

/** Opens a ticket through the API and answers its detail (throws when refused). */
export async function openTicket(t: TestContext, token: string, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', '/support/customerTickets', { token, body });
  if (res.statusCode !== 201) throw new Error(`ticket not created: ${res.statusCode} ${res.body}`);
  return res.json().data as TicketDetail;
}

export interface TicketDetail {
  id: string;
  ticketNo: string;
  status: string;
  serviceFee: number | null;
  paid: number;
  owed: number;
  chargeOpensAt: string | null;
  mechanic: { id: string; name: string } | null;
  allowedActions: string[];
  payments: { kind: string; amount: number; status: string; failureCode: string | null }[];
  adjustments: { kind: string; amount: number }[];
  invoice: { invoiceNo: string; gross: number; net: number; tax: number; emailStatus: string; lines: unknown[] } | null;
  history: { action: string; fromStatus: string | null; toStatus: string | null }[];
  [key: string]: unknown;
}
