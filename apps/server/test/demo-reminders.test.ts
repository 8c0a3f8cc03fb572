import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/db/seed/demo.ts';
import { rows } from '../src/db/sql.ts';
import { secretBoxFor } from '../src/lib/secret-box.ts';
import { call, createTestContext, type TestContext } from './harness.ts';

/** The demo reminders as the database holds them: consistent with what the services and the evaluation write. */
describe('demo reminder data', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
    const secrets = secretBoxFor({ secretsKey: undefined, dataDir: t.dataDir });
    await t.database.db.transaction((tx) => seedDemoData(tx, { password: 'demo-password-1', secrets }));
  }, 240_000);
  afterAll(() => t.close());

  const q = <T>(query: ReturnType<typeof sql>) => rows<T>(t.database.db, query);

  it('gives each demo partner its time zone, six reset rules and five timers with a group each', async () => {
    const perPartner = await q<{
      name: string;
      timezone: string;
      rules: number;
      timers: number;
      groups: number;
      timed: number;
    }>(
      sql`select p.name, p.timezone,
            (select count(*)::int from reset_rules r where r.partner_id = p.id) as rules,
            (select count(*)::int from timers x where x.partner_id = p.id) as timers,
            (select count(*)::int from asset_timer_groups g where g.partner_id = p.id) as groups,
            (select count(*)::int from asset_timers a where a.partner_id = p.id) as timed
          from partners p where p.name in ('Milano Bike Hub', 'Barcelona E-Motion', 'Seoul Scooter Co.')
          order by p.name`,
    );
    expect(perPartner.map((p) => [p.name, p.timezone, p.rules, p.timers, p.groups])).toEqual([
      ['Barcelona E-Motion', 'Europe/Madrid', 6, 5, 5],
      ['Milano Bike Hub', 'Europe/Rome', 6, 5, 5],
      ['Seoul Scooter Co.', 'Asia/Seoul', 6, 5, 5],
    ]);
    for (const p of perPartner) expect(p.timed, p.name).toBeGreaterThanOrEqual(60);
  });

  it('ties the checklist rules to live checklists and work items of the same partner', async () => {
    const rules = await q<{ name: string; type: string; ok: boolean }>(
      sql`select r.name, r.type,
            case r.type
              when 'checklistRecord' then coalesce(
                (select c.partner_id = r.partner_id and c.status = 'Inuse' from checklists c where c.id = r.checklist_id),
                (select w.partner_id = r.partner_id and w.status = 'Inuse' from work_items w where w.id = r.work_item_id),
                false)
              when 'assetProperty' then r.property = 'lifeCycleState' and r.property_value = 'Ready'
              else r.checklist_id is null and r.work_item_id is null end as ok
          from reset_rules r`,
    );
    expect(rules.filter((r) => !r.ok)).toEqual([]);
    const mismatched = await q<{ n: number }>(
      sql`select count(*)::int as n from asset_timers a
          join asset_timer_groups g on g.id = a.group_id join timers x on x.id = g.timer_id
          join assets s on s.id = a.asset_id
          where a.timer_id <> g.timer_id or s.partner_id <> g.partner_id or s.category_id <> x.category_id
            or x.partner_id <> g.partner_id
            or not exists (select 1 from timer_reset_rules tr where tr.timer_id = x.id and tr.reset_rule_id = g.reset_rule_id)`,
    );
    expect(mismatched[0]?.n).toBe(0);
  });

  it('has cycles started in the past, some restarted by real finalized records, each with its reset logged', async () => {
    const [cycles] = await q<{
      future: number;
      second: number;
      by_record: number;
      unlogged: number;
      no_odometer: number;
    }>(
      sql`select count(*) filter (where a.cycle_started_at > now())::int as future,
            count(*) filter (where a.cycle = 2)::int as second,
            count(*) filter (where a.last_reset_cause = 'checklistRecord')::int as by_record,
            count(*) filter (where not exists (select 1 from asset_timer_logs l where l.asset_timer_id = a.id
              and l.kind = 'reset' and l.cycle = a.cycle and l.created_at = a.cycle_started_at))::int as unlogged,
            count(*) filter (where not exists (select 1 from asset_odometers o where o.asset_id = a.asset_id))::int
              as no_odometer
          from asset_timers a`,
    );
    expect(cycles).toMatchObject({ future: 0, unlogged: 0, no_odometer: 0 });
    expect(cycles?.second).toBeGreaterThanOrEqual(50);
    expect(cycles?.by_record).toBeGreaterThanOrEqual(1);
    // A reset by a record names a real finalized record of that asset.
    const [dangling] = await q<{ n: number }>(
      sql`select count(*)::int as n from asset_timer_logs l where l.cause = 'checklistRecord' and not exists (
            select 1 from checklist_records r where r.id = (l.cause_ref->>'recordId')::uuid and r.asset_id = l.asset_id
              and r.status = 'Finish')`,
    );
    expect(dangling?.n).toBe(0);
    // Fires of ended cycles lie between the cycle's start and its reset.
    const [misplaced] = await q<{ n: number }>(
      sql`select count(*)::int as n from asset_timer_logs f
          join asset_timer_logs s on s.asset_timer_id = f.asset_timer_id and s.kind = 'reset' and s.cycle = f.cycle
          join asset_timer_logs e on e.asset_timer_id = f.asset_timer_id and e.kind = 'reset' and e.cycle = f.cycle + 1
          where f.kind in ('upcoming', 'due', 'overdue') and not (f.created_at between s.created_at and e.created_at)`,
    );
    expect(misplaced?.n).toBe(0);
  });

  it('fired over the last days: the log centre shows a Milano mechanic due and overdue bikes of Milano only', async () => {
    const [states] = await q<{ ok: number; upcoming: number; due: number; overdue: number }>(
      sql`select count(*) filter (where state = 'ok')::int as ok, count(*) filter (where state = 'upcoming')::int as upcoming,
            count(*) filter (where state = 'due')::int as due, count(*) filter (where state = 'overdue')::int as overdue
          from asset_timers`,
    );
    expect(states?.ok).toBeGreaterThan((states?.due ?? 0) + (states?.overdue ?? 0));
    expect(states?.upcoming).toBeGreaterThanOrEqual(3);
    expect(states?.due).toBeGreaterThanOrEqual(5);
    expect(states?.overdue).toBeGreaterThanOrEqual(5);
    const token = await t.login('luca@milanobikehub.it', 'demo-password-1');
    const centre = await call(t.app, 'GET', '/reminder/asset-timer-log-center?stateIn=due,overdue&pageSize=100', {
      token,
    });
    expect(centre.statusCode, centre.body).toBe(200);
    const shown = centre.json().data as { state: string; partner: { name: string }; timer: { name: string } }[];
    expect(shown.length).toBeGreaterThanOrEqual(3);
    expect(new Set(shown.map((r) => r.partner.name))).toEqual(new Set(['Milano Bike Hub']));
    expect(shown.map((r) => r.state)).toContain('due');
    const log = await call(t.app, 'GET', '/reminder/asset-timer-logs?kindIn=due&pageSize=5', { token });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().count).toBeGreaterThanOrEqual(5);
  });

  it('lets the Milano lead read her timers, each with its group', async () => {
    const token = await t.login('sara@milanobikehub.it', 'demo-password-1');
    const res = await call(t.app, 'GET', '/reminder/timers?pageSize=100', { token });
    expect(res.statusCode, res.body).toBe(200);
    const timers = res.json().data as { name: string; groupCount: number; partner: { name: string } }[];
    expect(timers.map((x) => x.name).sort()).toEqual([
      'Battery check every Monday 08:00',
      'Brakes every 500 km',
      'Ride time 100 h',
      'Service every 3 months',
      'Tyres after 2,000 km',
    ]);
    expect(timers.filter((x) => x.groupCount !== 1 || x.partner.name !== 'Milano Bike Hub')).toEqual([]);
  });
});
