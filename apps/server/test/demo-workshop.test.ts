import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../src/adapters/storage.ts';
import { seedDemoData } from '../src/db/seed/demo.ts';
import { rows } from '../src/db/sql.ts';
import { secretBoxFor } from '../src/lib/secret-box.ts';
import { call, createTestContext, type TestContext } from './harness.ts';

/** The demo workshop as the database holds it: consistent with what the services write. */
describe('demo workshop data', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
    const secrets = secretBoxFor({ secretsKey: undefined, dataDir: t.dataDir });
    const storage = localStorage(`${t.dataDir}/files`);
    await t.database.db.transaction((tx) => seedDemoData(tx, { password: 'demo-password-1', secrets, storage }));
  }, 180_000);
  afterAll(() => t.close());

  const q = <T>(query: ReturnType<typeof sql>) => rows<T>(t.database.db, query);

  it('gives every demo partner 15+ work items with labour and hardware options and 4+ live checklists', async () => {
    const perPartner = await q<{ name: string; items: number; checklists: number; bare: number }>(
      sql`select p.name,
            (select count(*)::int from work_items w where w.partner_id = p.id and w.status = 'Inuse') as items,
            (select count(*)::int from checklists c where c.partner_id = p.id and c.status = 'Inuse') as checklists,
            (select count(*)::int from work_items w where w.partner_id = p.id and (
               not exists (select 1 from work_item_options o where o.work_item_id = w.id and o.type = 'labour') or
               not exists (select 1 from work_item_options o where o.work_item_id = w.id and o.type = 'hardware')))
              as bare
          from partners p where p.name in ('Milano Bike Hub', 'Barcelona E-Motion', 'Seoul Scooter Co.')
          order by p.name`,
    );
    expect(perPartner).toHaveLength(3);
    for (const p of perPartner) {
      expect(p.items, p.name).toBeGreaterThanOrEqual(15);
      expect(p.checklists, p.name).toBeGreaterThanOrEqual(4);
      expect(p.bare, p.name).toBe(0);
    }
    const [unpriced] = await q<{ n: number }>(
      sql`select count(*)::int as n from work_item_options where price is null`,
    );
    expect(unpriced?.n).toBeGreaterThan(0);
    const [hardwareWithoutSku] = await q<{ n: number }>(
      sql`select count(*)::int as n from work_item_options where type = 'hardware' and sku is null`,
    );
    expect(hardwareWithoutSku?.n).toBe(0);
  });

  it('has B2C tickets in every status, one open ticket per asset, at service centres, on the asset partner', async () => {
    const statuses = await q<{ status: string }>(sql`select distinct status from customer_tickets order by status`);
    expect(statuses.map((s) => s.status)).toEqual([
      'checked-in',
      'completed',
      'finished',
      'new',
      'paused',
      'processing',
      'unsuccessful',
    ]);
    const [wrong] = await q<{ centre: number; partner: number; usage: number; numbers: number; paused: number }>(
      sql`select
            count(*) filter (where s.type <> 'service-center')::int as centre,
            count(*) filter (where a.partner_id <> t.asset_partner_id)::int as partner,
            count(*) filter (where a.usage_mode <> 'customer-rental')::int as usage,
            count(*) filter (where t.ticket_no !~ '^T-[0-9]{6}$')::int as numbers,
            count(*) filter (where t.status = 'paused' and t.pause_reason is null)::int as paused
          from customer_tickets t join sites s on s.id = t.center_site_id join assets a on a.id = t.asset_id
          where t.kind = 'b2c'`,
    );
    expect(wrong).toEqual({ centre: 0, partner: 0, usage: 0, numbers: 0, paused: 0 });
  });

  it('charges finished B2C tickets through the ledger: paid ones once, declined ones owed, completed ones settled', async () => {
    const tickets = await q<{
      ticket_no: string;
      status: string;
      service_fee: number | null;
      fees: number;
      paid: number;
      adjusted: number;
      charges: number;
      invoices: number;
      invoice_gross: number | null;
    }>(
      sql`select t.ticket_no, t.status, t.service_fee::float8 as service_fee,
            coalesce((select sum(r.charge_total) from checklist_records r
                      where r.ticket_id = t.id and r.status = 'Finish' and r.excluded_at is null), 0)::float8 as fees,
            coalesce((select sum(p.amount) from payments p where p.subject_type = 'customer-ticket'
                      and p.subject_id = t.id and p.kind = 'charge' and p.status = 'Succeeded'), 0)::float8 as paid,
            coalesce((select sum(amount) from customer_ticket_adjustments a where a.ticket_id = t.id and a.kind = 'exempt'),
                     0)::float8 as adjusted,
            (select count(*)::int from payments p where p.subject_id = t.id and p.kind = 'charge') as charges,
            (select count(*)::int from customer_ticket_invoices i where i.ticket_id = t.id) as invoices,
            (select i.gross::float8 from customer_ticket_invoices i where i.ticket_id = t.id) as invoice_gross
          from customer_tickets t where t.kind = 'b2c' order by t.ticket_no`,
    );
    const closedWithFees = tickets.filter((t) => t.status === 'finished' || t.status === 'completed');
    expect(closedWithFees.length).toBeGreaterThanOrEqual(6);
    for (const t of closedWithFees) {
      expect(t.service_fee, t.ticket_no).toBe(t.fees);
      expect(t.invoices, t.ticket_no).toBe(1);
      expect(t.invoice_gross, t.ticket_no).toBe(t.service_fee);
      expect(t.charges, t.ticket_no).toBe(1);
    }
    // A refund gives back what was paid and forgives as much: what is owed is the fee less charges and exemptions.
    const owed = (t: (typeof tickets)[number]) => Math.round(((t.service_fee ?? 0) - t.paid - t.adjusted) * 100) / 100;
    expect(tickets.filter((t) => t.status === 'completed').map(owed)).toEqual(
      tickets.filter((t) => t.status === 'completed').map(() => 0),
    );
    expect(tickets.filter((t) => t.status === 'finished' && owed(t) > 0).length).toBeGreaterThanOrEqual(2);
    const open = tickets.filter((t) => !['finished', 'completed'].includes(t.status));
    expect(open.map((t) => t.service_fee)).toEqual(open.map(() => null));
    const [refunds] = await q<{ n: number }>(
      sql`select count(*)::int as n from payments where subject_type = 'customer-ticket' and kind = 'refund'
            and status = 'Succeeded'`,
    );
    expect(refunds?.n).toBeGreaterThanOrEqual(1);
  });

  it('keeps records consistent: drafts on open tickets, finalized ones with a cost statement, one excluded, photos', async () => {
    const records = await q<{
      status: string;
      ticket_status: string;
      excluded: boolean;
      has_statement: boolean;
      finalized: boolean;
      statement_gross: number | null;
      charge_total: number;
    }>(
      sql`select r.status, t.status as ticket_status, r.excluded_at is not null as excluded,
            r.cost_statement is not null as has_statement, r.finalized_at is not null as finalized,
            (r.cost_statement->'total'->>'gross')::float8 as statement_gross, r.charge_total::float8 as charge_total
          from checklist_records r join customer_tickets t on t.id = r.ticket_id`,
    );
    expect(records.length).toBeGreaterThanOrEqual(15);
    // Finishing finalizes the kept drafts; an excluded one stays a draft, as do those of open and failed tickets.
    const finalized = records.filter((r) => ['finished', 'completed'].includes(r.ticket_status) && !r.excluded);
    expect(finalized.length).toBeGreaterThanOrEqual(8);
    expect(finalized.filter((r) => r.status !== 'Finish' || !r.has_statement || !r.finalized)).toEqual([]);
    expect(finalized.filter((r) => r.statement_gross !== r.charge_total)).toEqual([]);
    const drafts = records.filter((r) => !finalized.includes(r));
    expect(drafts.filter((r) => r.status !== 'New' || r.has_statement || r.finalized)).toEqual([]);
    const [excluded] = await q<{ n: number }>(
      sql`select count(*)::int as n from checklist_records where excluded_at is not null`,
    );
    expect(excluded?.n).toBeGreaterThanOrEqual(1);
    const files = await q<{ storage_key: string }>(sql`select storage_key from checklist_record_attachments`);
    expect(files.length).toBeGreaterThanOrEqual(5);
    const stream = await localStorage(`${t.dataDir}/files`).open(files[0]?.storage_key ?? '');
    expect(stream).toBeDefined();
    stream?.destroy();
  });

  const get = (url: string) => call(t.app, 'GET', url, { token: t.owner.token });

  it('reads back through the API: work items and checklists, live and archived, with their details', async () => {
    const items = await get('/checklist/workItems?pageSize=100');
    expect(items.statusCode, items.body).toBe(200);
    expect(items.json().count).toBeGreaterThanOrEqual(45);
    const item = items.json().data.find((w: { name: string }) => w.name === 'Brake pads');
    expect(item.options.map((o: { type: string }) => o.type)).toEqual(['labour', 'hardware', 'hardware']);
    expect(item.usedByChecklists).toBeGreaterThanOrEqual(2);
    const archivedItems = await get('/checklist/workItems?status=Deleted&pageSize=100');
    expect(archivedItems.json().data.map((w: { name: string }) => w.name)).toEqual([
      'Mudguards',
      'Mudguards',
      'Mudguards',
    ]);
    expect((await get(`/checklist/workItems/${item.id}`)).statusCode).toBe(200);

    const lists = await get('/checklist/checklists?pageSize=100');
    expect(lists.statusCode, lists.body).toBe(200);
    expect(lists.json().count).toBe(15);
    const full = lists
      .json()
      .data.find(
        (c: { name: string; partner: { name: string } }) =>
          c.name === 'E-bike full service' && c.partner.name === 'Milano Bike Hub',
      );
    expect(full).toMatchObject({ groupCount: 6, basicCostAmount: 25, assetLifeCyclePreferTo: 'Ready' });
    const detail = await get(`/checklist/checklists/${full.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.workItemGroups[0].workItems.map((w: { name: string }) => w.name)).toEqual([
      'Brake pads',
      'Brake cable',
    ]);
    const archived = await get('/checklist/checklists?status=Deleted&pageSize=100');
    expect(archived.json().count).toBe(3);
  });

  it('reads back through the API: records with their cost statements and photos, by asset and by ticket', async () => {
    const list = await get('/checklist/checklistRecords?pageSize=100');
    expect(list.statusCode, list.body).toBe(200);
    const records = list.json().data as {
      id: string;
      status: string;
      chargeTotal: number;
      attachmentCount: number;
      asset: { no: string };
      ticket: { id: string } | null;
      excludedAt: string | null;
    }[];
    expect(new Set(records.map((r) => r.status))).toEqual(new Set(['New', 'Finish']));
    const finished = records.find((r) => r.status === 'Finish' && r.attachmentCount > 0);
    if (!finished) throw new Error('no finalized record with photos');
    const detail = await get(`/checklist/checklistRecords/${finished.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.groups.length).toBeGreaterThan(0);
    const statement = await get(`/checklist/checklistRecords/${finished.id}/costStatement`);
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json().data).toMatchObject({ isFinal: true, total: { gross: finished.chargeTotal } });
    expect(statement.json().data.taxGroup).not.toBeNull();
    const photos = await get(`/checklist/checklistRecords/${finished.id}/attachments`);
    expect(photos.statusCode, photos.body).toBe(200);
    const photo = photos.json().data[0] as { url: string; contentType: string };
    expect(photo.contentType).toBe('image/jpeg');
    const file = await t.app.inject({
      method: 'GET',
      url: photo.url,
      headers: { authorization: `Bearer ${t.owner.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(records.filter((r) => r.excludedAt !== null).length).toBeGreaterThanOrEqual(1);

    const byAsset = await get(`/checklist/assetChecklistRecords?assetNo=${finished.asset.no}`);
    expect(byAsset.statusCode, byAsset.body).toBe(200);
    expect(byAsset.json().data.map((r: { id: string }) => r.id)).toContain(finished.id);
    const byTicket = await get(`/support/customerTickets/${finished.ticket?.id}/checklistRecords`);
    expect(byTicket.statusCode, byTicket.body).toBe(200);
    expect(byTicket.json().data.map((r: { id: string }) => r.id)).toContain(finished.id);
  });

  interface Ticket {
    id: string;
    status: string;
    assetPartner: { name: string };
    serviceFee: number | null;
    paid: number;
    owed: number;
    pauseReason: string | null;
    exemptRefundAmount: number;
  }

  it('reads back through the API: tickets in every status with their money, payments, invoices and history', async () => {
    const list = await get('/support/customerTickets?pageSize=100');
    expect(list.statusCode, list.body).toBe(200);
    const tickets = list.json().data as Ticket[];
    expect(new Set(tickets.map((tk) => tk.status)).size).toBe(7);
    const counts = await get('/support/customerTickets/$counts');
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json().data.all).toBe(list.json().count);
    expect(tickets.filter((tk) => tk.status === 'paused' && tk.pauseReason === null)).toEqual([]);
    const detail = async (tk: Ticket | undefined) => {
      const res = await get(`/support/customerTickets/${tk?.id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };

    const owed = await detail(tickets.find((tk) => tk.status === 'finished' && tk.owed > 0));
    expect(owed.payments.map((p: { status: string }) => p.status)).toEqual(['Failed']);
    expect(owed.invoice.gross).toBe(owed.serviceFee);
    expect(owed.allowedActions).toContain('charge');
    expect(owed.history.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['create', 'check-in', 'start', 'finish', 'invoice', 'charge']),
    );
    const paid = await detail(tickets.find((tk) => tk.status === 'finished' && tk.owed === 0));
    expect(paid).toMatchObject({ owed: 0, paid: paid.serviceFee, invoice: { emailStatus: 'sent' } });
    const refunded = await detail(
      tickets.find(
        (tk) => tk.status === 'completed' && tk.paid < (tk.serviceFee ?? 0) && tk.exemptRefundAmount > 0 && tk.paid > 0,
      ),
    );
    expect(refunded.adjustments.map((a: { kind: string }) => a.kind)).toEqual(['refund']);
    expect(refunded.payments.map((p: { kind: string; status: string }) => [p.kind, p.status]).sort()).toEqual([
      ['charge', 'Succeeded'],
      ['refund', 'Succeeded'],
    ]);
    const exempted = await detail(
      tickets.find((tk) => tk.status === 'completed' && tk.paid === 0 && (tk.serviceFee ?? 0) > 0),
    );
    expect(exempted).toMatchObject({ owed: 0, exemptRefundAmount: exempted.serviceFee });
    expect(exempted.adjustments.map((a: { kind: string }) => a.kind)).toEqual(['exempt']);
  });

  it("lets the Milano mechanic read Milano's tickets only", async () => {
    const token = await t.login('luca@milanobikehub.it', 'demo-password-1');
    const mine = await call(t.app, 'GET', '/support/customerTickets?pageSize=100', { token });
    expect(mine.statusCode, mine.body).toBe(200);
    const partners = new Set((mine.json().data as Ticket[]).map((tk) => tk.assetPartner.name));
    expect([...partners]).toEqual(['Milano Bike Hub']);
    const all = (await get('/support/customerTickets?pageSize=100')).json().data as Ticket[];
    const barcelona = all.find((tk) => tk.assetPartner.name === 'Barcelona E-Motion');
    expect((await call(t.app, 'GET', `/support/customerTickets/${barcelona?.id}`, { token })).statusCode).toBe(404);
  });
});
