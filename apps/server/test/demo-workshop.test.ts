import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../src/adapters/storage.ts';
import { seedDemoData } from '../src/db/seed/demo.ts';
import { rows } from '../src/db/sql.ts';
import { secretBoxFor } from '../src/lib/secret-box.ts';
import { createTestContext, type TestContext } from './harness.ts';

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

  it('has tickets in every status, one open ticket per asset, at service centres, on the asset partner', async () => {
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
          from customer_tickets t join sites s on s.id = t.center_site_id join assets a on a.id = t.asset_id`,
    );
    expect(wrong).toEqual({ centre: 0, partner: 0, usage: 0, numbers: 0, paused: 0 });
  });

  it('charges finished tickets through the ledger: paid ones once, declined ones owed, completed ones settled', async () => {
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
          from customer_tickets t order by t.ticket_no`,
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
      has_statement: boolean;
      finalized: boolean;
      statement_gross: number | null;
      charge_total: number;
    }>(
      sql`select r.status, t.status as ticket_status, r.cost_statement is not null as has_statement,
            r.finalized_at is not null as finalized, (r.cost_statement->'total'->>'gross')::float8 as statement_gross,
            r.charge_total::float8 as charge_total
          from checklist_records r join customer_tickets t on t.id = r.ticket_id`,
    );
    expect(records.length).toBeGreaterThanOrEqual(15);
    for (const r of records) {
      const finalTicket = r.ticket_status === 'finished' || r.ticket_status === 'completed';
      expect(r.status).toBe(finalTicket ? 'Finish' : 'New');
      expect(r.has_statement).toBe(finalTicket);
      expect(r.finalized).toBe(finalTicket);
      if (finalTicket) expect(r.statement_gross).toBe(r.charge_total);
    }
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
});
