import { randomUUID } from 'node:crypto';
import {
  type CustomerTicketStatus,
  customerTicketStatuses,
  TICKET_EXPORT_MAX,
  type TicketView,
  ticketViews,
} from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';

type User = Awaited<ReturnType<TestContext['userWith']>>;
type Page = { data: { ticketNo: string; id: string }[]; count: number; countIsEstimate?: boolean };
type Counts = Record<TicketView, number> & { estimated?: TicketView[] };

/** One ticket of the fixture, as inserted. */
interface Ticket {
  id: string;
  no: string;
  assetNo: string;
  partnerId: string;
  centerId: string;
  status: CustomerTicketStatus;
  mechanicId: string | null;
  customerId: string | null;
  contactName: string | null;
  issues: string[];
  operationType: 'regular' | 'swapped' | 'return';
  createdAt: Date;
}

const BASE = Date.parse('2026-03-01T08:00:00Z');
const READ = ['support.customer_ticket.read'];
const WORK = [...READ, 'support.customer_ticket.update_assigned_to_self'];

/**
 * The view definitions written out by hand (docs/decisions.md "Workshop: ticket list views"), so the test states
 * them independently of the SQL.
 */
const inView: Record<TicketView, (t: Ticket, me: string) => boolean> = {
  all: () => true,
  unassigned: (t) => t.mechanicId === null && !['completed', 'unsuccessful'].includes(t.status),
  myUnready: (t, me) => t.mechanicId === me && ['new', 'checked-in', 'processing', 'paused'].includes(t.status),
  myPending: (t, me) => t.mechanicId === me && ['new', 'checked-in', 'paused'].includes(t.status),
  allReady: (t) => t.status === 'finished',
};

describe('service ticket lists', () => {
  let t: TestContext;
  let me: User;
  let other: User;
  let mechanicB: User;
  let manager: User;
  let staffB: User;
  let reader: User;
  let categoryId: string;
  const centre = { a1: '', a2: '', b: '' };
  let customer: { id: string; phoneNo: string };
  const fixture: Ticket[] = [];
  let seq = 0;

  const get = (url: string, token: string) => call(t.app, 'GET', url, { token });
  const qs = (q: Record<string, string | number | undefined>) =>
    Object.entries(q)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
      .join('&');
  async function page(q: Record<string, string | number | undefined>, token = me.token): Promise<Page> {
    const res = await get(`/support/customerTickets?${qs({ pageSize: 100, ...q })}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  }
  async function nos(q: Record<string, string | number | undefined>, token = me.token) {
    const p = await page(q, token);
    expect(p.count).toBe(p.data.length);
    return p.data.map((r) => r.ticketNo).sort();
  }
  async function counts(q: Record<string, string | number | undefined>, token = me.token): Promise<Counts> {
    const res = await get(`/support/customerTickets/$counts?${qs(q)}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Counts }>().data;
  }
  const expected = (keep: (t: Ticket) => boolean, partnerIds = [t.partnerA.id]) =>
    fixture
      .filter((x) => partnerIds.includes(x.partnerId) && keep(x))
      .map((x) => x.no)
      .sort();

  async function insertSite(partnerId: string, name: string) {
    const id = randomUUID();
    await t.database.db.execute(sql`insert into sites (id, partner_id, name, type, city, latitude, longitude)
      values (${id}, ${partnerId}, ${name}, 'station', 'Milano', 45.46, 9.19)`);
    return id;
  }

  async function insertTicket(x: Partial<Ticket> & { partnerId: string; status: CustomerTicketStatus }) {
    seq += 1;
    const ticket: Ticket = {
      id: randomUUID(),
      no: `T-${String(seq).padStart(6, '0')}`,
      assetNo: `TL${String(seq).padStart(4, '0')}`,
      centerId: x.partnerId === t.partnerA.id ? (seq % 2 ? centre.a1 : centre.a2) : centre.b,
      mechanicId: null,
      customerId: null,
      contactName: null,
      issues: ['Brakes'],
      operationType: 'regular',
      createdAt: new Date(BASE + seq * 60_000),
      ...x,
    };
    const assetId = randomUUID();
    const { db } = t.database;
    await db.execute(sql`insert into assets (id, no, partner_id, category_id, usage_mode, life_cycle_state)
      values (${assetId}, ${ticket.assetNo}, ${ticket.partnerId}, ${categoryId}, 'customer-rental', 'Ready')`);
    await db.execute(sql`insert into customer_tickets (id, ticket_no, asset_partner_id, provider_partner_id,
        center_site_id, asset_id, category_id, customer_id, contact_name, status, mechanic_user_id, operation_type,
        issues, currency, created_at, updated_at)
      values (${ticket.id}, ${ticket.no}, ${ticket.partnerId}, ${ticket.partnerId}, ${ticket.centerId}, ${assetId},
        ${categoryId}, ${ticket.customerId}, ${ticket.contactName}, ${ticket.status}, ${ticket.mechanicId},
        ${ticket.operationType}, ${`{${ticket.issues.map((i) => `"${i}"`).join(',')}}`}::text[], 'EUR',
        ${ticket.createdAt}, ${new Date(BASE + (1000 - seq) * 60_000)})`);
    fixture.push(ticket);
    return ticket;
  }

  beforeAll(async () => {
    t = await createTestContext();
    const { db } = t.database;
    me = await t.userWith(WORK, [t.partnerA.id]);
    other = await t.userWith(['support.customer_ticket.update', ...READ], [t.partnerA.id]);
    mechanicB = await t.userWith(WORK, [t.partnerB.id]);
    manager = await t.userWith([...READ, 'support.customer_ticket.export_data', 'support.customer_ticket.assign']);
    staffB = await t.userWith(
      [...READ, 'support.customer_ticket.export_data', 'support.customer_ticket.assign'],
      [t.partnerB.id],
    );
    reader = await t.userWith([...READ, 'support.customer_ticket.assign'], [t.partnerA.id]);
    categoryId = randomUUID();
    await db.execute(
      sql`insert into asset_categories (id, name, asset_type) values (${categoryId}, 'City e-bike', 'EBIKE')`,
    );
    centre.a1 = await insertSite(t.partnerA.id, 'Centre Duomo');
    centre.a2 = await insertSite(t.partnerA.id, 'Centre Navigli');
    centre.b = await insertSite(t.partnerB.id, 'Centre Gràcia');
    customer = { id: randomUUID(), phoneNo: '+393331234567' };
    await db.execute(sql`insert into customers (id, phone_no, first_name, last_name, referral_code, password_hash)
      values (${customer.id}, ${customer.phoneNo}, 'Giulia', 'Bianchi', 'TLREF1', 'x')`);

    // Partner A: a ticket in each status × assigned to me / to another mechanic / to nobody.
    for (const status of customerTicketStatuses) {
      for (const mechanicId of [me.id, other.id, null])
        await insertTicket({ partnerId: t.partnerA.id, status, mechanicId });
    }
    // Partner B: tickets in the views too (an unassigned one, a Ready one, one of B's mechanic).
    await insertTicket({ partnerId: t.partnerB.id, status: 'new' });
    await insertTicket({ partnerId: t.partnerB.id, status: 'finished', mechanicId: mechanicB.id });
    await insertTicket({ partnerId: t.partnerB.id, status: 'paused', mechanicId: mechanicB.id });
    // Filters: a customer's ticket, a contact, issues and operation types of their own.
    await insertTicket({
      partnerId: t.partnerA.id,
      status: 'checked-in',
      customerId: customer.id,
      contactName: 'Marco Verdi',
      issues: ['Battery', 'Display'],
      operationType: 'swapped',
    });
    await insertTicket({ partnerId: t.partnerA.id, status: 'completed', issues: ['Flat'], operationType: 'return' });
  });
  afterAll(() => t?.close());

  it('puts each ticket in the views that hold it, and counts each view as its list', async () => {
    const badges = await counts({});
    for (const view of ticketViews) {
      const want = expected((x) => inView[view](x, me.id));
      expect(await nos({ view }), view).toEqual(want);
      expect(badges[view], view).toBe(want.length);
    }
    expect(badges.estimated).toEqual([]);
    // The views by hand for one status each, so a wrong definition above cannot pass unnoticed.
    const mine = (status: CustomerTicketStatus) => fixture.find((x) => x.mechanicId === me.id && x.status === status)!;
    const myPending = await nos({ view: 'myPending' });
    expect(myPending).toEqual([mine('new').no, mine('checked-in').no, mine('paused').no].sort());
    expect(await nos({ view: 'myUnready' })).toEqual([...myPending, mine('processing').no].sort());
    expect(badges.allReady).toBe(3);
    expect(badges.unassigned).toBe(6); // five open statuses with nobody + the customer's checked-in ticket
  });

  it('counts views under the same filters as the lists', async () => {
    const filters = { centerSiteIdIn: centre.a1, statusIn: 'new,paused,finished,completed' };
    const badges = await counts(filters);
    for (const view of ticketViews) {
      const p = await page({ ...filters, view });
      expect(badges[view], view).toBe(p.count);
      expect(p.count).toBe(p.data.length);
    }
    expect(badges.all).toBeGreaterThan(0);
    expect(badges.all).toBeLessThan(fixture.length);
  });

  it('filters by status, mechanic, centre, partner, asset, customer, issue, operation type and creation time', async () => {
    const tok = manager.token;
    const both = [t.partnerA.id, t.partnerB.id];
    expect(await nos({ statusIn: 'paused,finished' }, tok)).toEqual(
      expected((x) => ['paused', 'finished'].includes(x.status), both),
    );
    expect(await nos({ mechanicUserId: other.id }, tok)).toEqual(expected((x) => x.mechanicId === other.id, both));
    expect(await nos({ centerSiteIdIn: `${centre.a2},${centre.b}` }, tok)).toEqual(
      expected((x) => [centre.a2, centre.b].includes(x.centerId), both),
    );
    expect(await nos({ partnerIdIn: t.partnerB.id }, tok)).toEqual(expected(() => true, [t.partnerB.id]));
    const one = fixture[4]!;
    expect(await nos({ assetNo: one.assetNo.toLowerCase() }, tok)).toEqual([one.no]);
    expect(await nos({ customerId: customer.id }, tok)).toEqual(expected((x) => x.customerId === customer.id, both));
    expect(await nos({ issue: 'Display' }, tok)).toEqual(expected((x) => x.issues.includes('Display'), both));
    expect(await nos({ issue: 'Brakes' }, tok)).toEqual(expected((x) => x.issues.includes('Brakes'), both));
    expect(await nos({ operationType: 'return' }, tok)).toEqual(expected((x) => x.operationType === 'return', both));
    const from = fixture[5]!.createdAt;
    const to = fixture[9]!.createdAt;
    expect(await nos({ createdFrom: from.toISOString(), createdTo: to.toISOString() }, tok)).toEqual(
      expected((x) => x.createdAt >= from && x.createdAt <= to, both),
    );
    expect(await nos({ createdFrom: from.toISOString(), createdTo: to.toISOString() }, tok).then((l) => l.length)).toBe(
      5,
    );
  });

  it('searches ticket number, asset number, customer phone and contact name', async () => {
    const tok = manager.token;
    const target = fixture.find((x) => x.customerId === customer.id)!;
    expect(await nos({ search: target.no }, tok)).toEqual([target.no]);
    expect(await nos({ search: target.assetNo.toLowerCase() }, tok)).toEqual([target.no]);
    expect(await nos({ search: '3331234' }, tok)).toEqual([target.no]);
    expect(await nos({ search: 'verdi' }, tok)).toEqual([target.no]);
    expect(await nos({ search: 'nothing like it' }, tok)).toEqual([]);
    // A user's wildcard is a plain character.
    expect(await nos({ search: '%' }, tok)).toEqual([]);
  });

  it('sorts by each key in both directions and pages', async () => {
    const tok = manager.token;
    const all = [...fixture];
    const byCreated = all.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map((x) => x.no);
    const first = await page({ pageSize: 5 }, tok);
    expect(first.data.map((r) => r.ticketNo)).toEqual(byCreated.slice(0, 5));
    expect(first.count).toBe(fixture.length);
    const third = await page({ pageSize: 5, pageNo: 3 }, tok);
    expect(third.data.map((r) => r.ticketNo)).toEqual(byCreated.slice(10, 15));
    expect(third.count).toBe(fixture.length);

    const ticketNos = fixture.map((x) => x.no).sort();
    expect((await page({ sort: 'ticketNo:asc' }, tok)).data.map((r) => r.ticketNo)).toEqual(ticketNos);
    expect((await page({ sort: 'ticketNo:desc' }, tok)).data.map((r) => r.ticketNo)).toEqual([...ticketNos].reverse());
    // updated_at runs against creation in the fixture: the newest update is the oldest ticket.
    expect((await page({ sort: 'updatedAt:desc', pageSize: 3 }, tok)).data.map((r) => r.ticketNo)).toEqual(
      ticketNos.slice(0, 3),
    );
    const byStatus = (await page({ sort: 'status:asc' }, tok)).data.map((r) => r.ticketNo);
    const statusOf = new Map(fixture.map((x) => [x.no, x.status]));
    const statuses = byStatus.map((n) => statusOf.get(n)!);
    expect(statuses).toEqual([...statuses].sort());
    expect(new Set(statuses).size).toBe(customerTicketStatuses.length);
    // Within one status: creation time in the same direction.
    const completed = byStatus.filter((n) => statusOf.get(n) === 'completed');
    expect(completed).toEqual([...completed].sort());
  });

  it("keeps partner A's tickets from partner B's staff, in lists, counts and export", async () => {
    const bOnly = expected(() => true, [t.partnerB.id]);
    expect(await nos({}, staffB.token)).toEqual(bOnly);
    const badges = await counts({}, staffB.token);
    expect(badges.all).toBe(bOnly.length);
    expect(badges.unassigned).toBe(1);
    expect(badges.allReady).toBe(1);
    const asB = await counts({}, mechanicB.token);
    expect([asB.myUnready, asB.myPending]).toEqual([1, 1]);
    const csv = await get('/support/customerTickets/$export', staffB.token);
    expect(csv.statusCode, csv.body).toBe(200);
    for (const x of fixture) expect(csv.body.includes(x.no)).toBe(x.partnerId === t.partnerB.id);
    // Naming partner A in the filters is refused, not answered empty.
    for (const path of ['', '/$counts', '/$export']) {
      const res = await get(`/support/customerTickets${path}?partnerIdIn=${t.partnerA.id}`, staffB.token);
      expect(res.statusCode, path).toBe(403);
      expect(errorOf(res).code).toBe('PartnerOutOfScope');
    }
    // Searching for A's ticket by its number finds nothing.
    expect(await nos({ search: fixture[0]!.no }, staffB.token)).toEqual([]);
  });

  it('exports the tickets of a view as CSV', async () => {
    const res = await get('/support/customerTickets/$export?view=allReady&sort=ticketNo:asc', manager.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('service-tickets.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'ticketNo,status,assetNo,category,assetPartner,provider,center,customer,phoneNo,contactName,contactPhone,' +
        'contactEmail,mechanic,operationType,swappedAssetNo,orderNo,issues,pauseReason,failReason,currency,' +
        'serviceFee,paid,owed,exemptRefundAmount,durationMinutes,createdAt,checkedInAt,finishedAt,closedAt',
    );
    const ready = fixture.filter((x) => x.status === 'finished').sort((a, b) => a.no.localeCompare(b.no));
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(ready.map((x) => x.no));
    const withCustomer = fixture.find((x) => x.customerId === customer.id)!;
    const one = await get(`/support/customerTickets/$export?search=${withCustomer.no}`, manager.token);
    const [, row] = one.body.trim().split('\n');
    const centreName = withCustomer.centerId === centre.a1 ? 'Centre Duomo' : 'Centre Navigli';
    // The phone starts with "+": quoted with an apostrophe so a spreadsheet does not run it as a formula.
    expect(row).toBe(
      `${withCustomer.no},checked-in,${withCustomer.assetNo},City e-bike,Partner A,Partner A,${centreName},` +
        `Giulia Bianchi,'${customer.phoneNo},Marco Verdi,,,,swapped,,,Battery; Display,,,EUR,,0,0,0,0,` +
        `${withCustomer.createdAt.toISOString()},,,`,
    );
  });

  it('refuses the export without export_data, and bad filters', async () => {
    const noExport = await get('/support/customerTickets/$export', me.token);
    expect(noExport.statusCode).toBe(403);
    expect(errorOf(noExport).code).toBe('Forbidden');
    const noRead = await t.userWith(['support.customer_ticket.export_data']);
    expect((await get('/support/customerTickets', noRead.token)).statusCode).toBe(403);
    expect((await get('/support/customerTickets/$counts', noRead.token)).statusCode).toBe(403);
    for (const [query, field] of [
      ['view=mine', 'view'],
      ['statusIn=new,ready', 'statusIn.1'],
      ['sort=mechanic:asc', 'sort'],
      ['centerSiteIdIn=centre-1', 'centerSiteIdIn.0'],
      ['issue=Wheels', 'issue'],
      ['operationType=rental', 'operationType'],
      ['createdFrom=yesterday', 'createdFrom'],
      ['pageSize=101', 'pageSize'],
    ] as const) {
      const res = await get(`/support/customerTickets?${query}`, manager.token);
      expect(res.statusCode, query).toBe(400);
      const err = errorOf(res);
      expect(err.code).toBe('ValidationError');
      expect(Object.keys((err.data as { fields: Record<string, string> }).fields), query).toContain(`query.${field}`);
    }
    const badCounts = await get('/support/customerTickets/$counts?statusIn=open', manager.token);
    expect(badCounts.statusCode).toBe(400);
  });

  it('estimates "all" above 10,000 tickets (flagged) and refuses an export above the limit', async () => {
    const { db } = t.database;
    const [asset] = fixture.filter((x) => x.partnerId === t.partnerB.id);
    // 10,001 closed tickets of partner B on one of its assets, removed again afterwards.
    await db.execute(sql`insert into customer_tickets (id, ticket_no, asset_partner_id, provider_partner_id,
        center_site_id, asset_id, category_id, status, currency, created_at, updated_at)
      select gen_random_uuid(), 'BULK-' || lpad(g::text, 6, '0'), ${t.partnerB.id}, ${t.partnerB.id}, ${centre.b},
        (select asset_id from customer_tickets where id = ${asset!.id}), ${categoryId}, 'completed', 'EUR',
        timestamptz '2025-01-01' + g * interval '1 minute', timestamptz '2025-01-01' + g * interval '1 minute'
      from generate_series(1, 10001) g`);
    await db.execute(sql`analyze customer_tickets`);
    try {
      const badges = await counts({}, staffB.token);
      expect(badges.estimated).toEqual(['all']);
      expect(badges.all).toBeGreaterThan(10_000);
      expect(badges.unassigned).toBe(1);
      const list = await page({ pageSize: 10 }, staffB.token);
      expect(list.countIsEstimate).toBe(true);
      expect(list.count).toBe(badges.all);
      expect(list.data).toHaveLength(10);
      // A narrower view stays exact.
      const ready = await page({ view: 'allReady' }, staffB.token);
      expect([ready.count, ready.countIsEstimate]).toEqual([1, false]);

      const tooLarge = await get('/support/customerTickets/$export', staffB.token);
      expect(tooLarge.statusCode).toBe(422);
      const err = errorOf(tooLarge);
      expect(err.code).toBe('ExportTooLarge');
      expect((err.data as { max: number }).max).toBe(TICKET_EXPORT_MAX);
      // Narrowed below the limit, it goes through.
      const narrowed = await get('/support/customerTickets/$export?statusIn=new,finished,paused', staffB.token);
      expect(narrowed.statusCode).toBe(200);
      expect(narrowed.body.trim().split('\n')).toHaveLength(4);
    } finally {
      await db.execute(sql`delete from customer_tickets where ticket_no like 'BULK-%'`);
    }
  });

  it("lists the staff who may work a partner's tickets", async () => {
    const deleted = await t.userWith(WORK, [t.partnerA.id]);
    await t.database.db.execute(sql`update users set deleted_at = now() where id = ${deleted.id}`);
    const res = await get(`/support/customerTickets/$mechanics?partnerId=${t.partnerA.id}`, reader.token);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json<{ data: { id: string; name: string }[] }>().data.map((u) => u.id);
    expect(ids).toContain(me.id);
    expect(ids).toContain(other.id);
    expect(ids).toContain(t.owner.id); // base:admin, every partner
    expect(ids).not.toContain(mechanicB.id);
    expect(ids).not.toContain(deleted.id);
    expect(ids).not.toContain(reader.id); // reads, cannot work tickets
    expect(ids).not.toContain(manager.id);

    const outside = await get(`/support/customerTickets/$mechanics?partnerId=${t.partnerB.id}`, reader.token);
    expect(outside.statusCode).toBe(403);
    expect(errorOf(outside).code).toBe('PartnerOutOfScope');
    const exporter = await t.userWith(['support.customer_ticket.export_data'], [t.partnerA.id]);
    const noRead = await get(`/support/customerTickets/$mechanics?partnerId=${t.partnerA.id}`, exporter.token);
    expect(noRead.statusCode).toBe(403);
    expect(errorOf(noRead).code).toBe('Forbidden');
  });
});
