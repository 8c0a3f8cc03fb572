import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { makeGroup, makeResetRule, makeTimedAssets, makeTimer } from '../../../test/reminders.ts';
import { insertAsset, insertChecklist, insertTicket, insertWorkItem, insertWorkshop } from '../../../test/workshop.ts';
import { rows } from '../../db/sql.ts';
import { finalizeTicketRecords } from '../checklist-records/ticket-records.ts';
import { centrePage, centreSmallSet } from './asset-timer-logs.repo.ts';
import { evaluateReminders } from './evaluation.ts';
import { addToOdometers } from './odometer.repo.ts';

interface Row {
  id: string;
  state: string;
  asset: { id: string; no: string; category: { id: string } };
  partner: { id: string };
  acknowledgedAt: string | null;
  acknowledgedBy: { id: string } | null;
  openTicket: { id: string; no: string } | null;
  unit: string;
  elapsed: number;
  remaining: number;
  progress: number;
  dueAfter: number | null;
}
interface Log {
  kind: string;
  cause: string;
  causeRef: Record<string, unknown> | null;
  actor: { id: string } | null;
  value: number | null;
  unit: string;
  asset: { no: string };
}

describe('resets, the log and the log centre', () => {
  let t: TestContext;
  const db = () => t.database.db;
  const cycles = async (groupId: string) =>
    rows<{ asset_id: string; cycle: number; state: string; last_reset_cause: string | null }>(
      db(),
      sql`select asset_id, cycle, state, last_reset_cause from asset_timers where group_id = ${groupId} order by asset_id`,
    );
  const resetsOf = (groupId: string) =>
    rows<{ cause: string; cause_ref: Record<string, unknown> | null; actor_id: string | null; cycle: number }>(
      db(),
      sql`select cause, cause_ref, actor_id, cycle from asset_timer_logs
        where group_id = ${groupId} and kind = 'reset' and cause <> 'added' order by seq`,
    );
  const centre = (token: string, query = '') =>
    call(t.app, 'GET', `/reminder/asset-timer-log-center${query}`, { token });

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t?.close());

  describe('a finalized checklist record', () => {
    it('resets exactly the timers whose rule names its checklist or a work item with a result, atomically', async () => {
      const ws = await insertWorkshop(db(), t.partnerA.id);
      const asset = await insertAsset(db(), t.partnerA.id, ws.category.id);
      const brakes = await insertWorkItem(db(), t.partnerA.id, { options: [{ type: 'labour' }] });
      const tyre = await insertWorkItem(db(), t.partnerA.id, { options: [{ type: 'labour' }] });
      const untouched = await insertWorkItem(db(), t.partnerA.id, { options: [{ type: 'labour' }] });
      const checklist = await insertChecklist(db(), t.partnerA.id, {
        categoryIds: [ws.category.id],
        groups: [{ workItemIds: [brakes.id] }, { isRequired: false, workItemIds: [tyre.id, untouched.id] }],
      });
      const other = await insertChecklist(db(), t.partnerA.id, {
        categoryIds: [ws.category.id],
        groups: [{ workItemIds: [brakes.id] }],
      });
      const base = { partnerId: t.partnerA.id, categoryId: ws.category.id, type: 'checklistRecord' };
      const group = async (rule: Record<string, unknown>) => {
        const r = await makeResetRule(t, { ...base, ...rule });
        const timer = await makeTimer(t, {
          partnerId: t.partnerA.id,
          categoryId: ws.category.id,
          resetRuleIds: [r.id],
        });
        return (await makeGroup(t, timer, [asset.no])).group;
      };
      const byChecklist = await group({ checklistId: checklist.id });
      const byTyre = await group({ workItemId: tyre.id });
      const byOtherChecklist = await group({ checklistId: other.id });
      const byUntouchedItem = await group({ workItemId: untouched.id });

      const mechanic = await t.userWith(
        ['support.customer_ticket.update', 'support.customer_ticket.read_detail', 'checklist_record.read'],
        [t.partnerA.id],
      );
      const ticket = await insertTicket(db(), {
        assetId: asset.id,
        assetPartnerId: t.partnerA.id,
        categoryId: ws.category.id,
        centerSiteId: ws.site.id,
      });
      const draft = await call(t.app, 'POST', `/support/customerTickets/${ticket.id}/checklistRecords/$submitDraft`, {
        token: mechanic.token,
        body: {
          checklistId: checklist.id,
          groups: [
            {
              groupId: checklist.groupIds[0],
              workItems: [{ workItemId: brakes.id, options: [{ optionId: brakes.optionIds[0] }] }],
            },
            {
              groupId: checklist.groupIds[1],
              workItems: [
                { workItemId: tyre.id, options: [{ optionId: tyre.optionIds[0] }] },
                { workItemId: untouched.id, options: [] },
              ],
            },
          ],
          durationMinutes: 10,
        },
      });
      expect(draft.statusCode).toBe(201);
      const recordId = draft.json<{ data: { id: string } }>().data.id;

      // A finalization whose transaction fails resets nothing.
      const caller = {
        userId: mechanic.id,
        sessionId: 'test',
        username: mechanic.username,
        permissions: new Set<string>(),
        scope: [t.partnerA.id],
      };
      await expect(
        db().transaction(async (tx) => {
          await finalizeTicketRecords(tx, caller, ticket.id);
          throw new Error('the ticket refused to finish');
        }),
      ).rejects.toThrow('the ticket refused to finish');
      expect((await cycles(byChecklist.id))[0]?.cycle).toBe(1);
      expect(await resetsOf(byChecklist.id)).toEqual([]);

      const res = await call(t.app, 'POST', `/checklist/checklistRecords/${recordId}/$finalize`, {
        token: mechanic.token,
      });
      expect(res.statusCode).toBe(200);
      expect((await cycles(byChecklist.id))[0]).toMatchObject({ cycle: 2, last_reset_cause: 'checklistRecord' });
      expect((await cycles(byTyre.id))[0]).toMatchObject({ cycle: 2, last_reset_cause: 'checklistRecord' });
      expect((await cycles(byOtherChecklist.id))[0]?.cycle).toBe(1);
      expect((await cycles(byUntouchedItem.id))[0]?.cycle).toBe(1);
      expect(await resetsOf(byChecklist.id)).toEqual([
        {
          cause: 'checklistRecord',
          cause_ref: { recordId, checklistId: checklist.id, ticketId: ticket.id },
          actor_id: mechanic.id,
          cycle: 2,
        },
      ]);
    });
  });

  it('an asset property set to the value a rule watches resets that rule’s timers only', async () => {
    const { category, assets } = await makeTimedAssets(t, { count: 1 });
    const asset = assets[0] as { id: string; no: string };
    const rule = (value: string) =>
      makeResetRule(t, {
        partnerId: t.partnerA.id,
        categoryId: category.id,
        type: 'assetProperty',
        property: 'usageMode',
        propertyValue: value,
      });
    const watched = await rule('non-leasable');
    const otherValue = await rule('partner-subscription');
    const groupOf = async (ruleId: string) => {
      const timer = await makeTimer(t, { partnerId: t.partnerA.id, categoryId: category.id, resetRuleIds: [ruleId] });
      return (await makeGroup(t, timer, [asset.no])).group;
    };
    const reset = await groupOf(watched.id);
    const kept = await groupOf(otherValue.id);
    const res = await call(t.app, 'PATCH', `/asset/categories/${category.id}/assets/${asset.no}`, {
      token: t.owner.token,
      body: { usageMode: 'non-leasable' },
    });
    expect(res.statusCode).toBe(200);
    expect((await cycles(reset.id))[0]).toMatchObject({ cycle: 2, last_reset_cause: 'assetProperty' });
    expect((await cycles(kept.id))[0]?.cycle).toBe(1);
    expect(await resetsOf(reset.id)).toEqual([
      {
        cause: 'assetProperty',
        cause_ref: { property: 'usageMode', value: 'non-leasable' },
        actor_id: t.owner.id,
        cycle: 2,
      },
    ]);
  });

  describe('centre, acknowledge, manual reset and the log', () => {
    let timed: Awaited<ReturnType<typeof makeTimedAssets>>;
    let ids: string[];
    let partnerB: Awaited<ReturnType<typeof makeTimedAssets>>;
    let readerA: Awaited<ReturnType<TestContext['userWith']>>;
    let writerB: Awaited<ReturnType<TestContext['userWith']>>;

    beforeAll(async () => {
      timed = await makeTimedAssets(t, { count: 3, rule: { remindBeforeReset: true, remindBefore: 50 } });
      partnerB = await makeTimedAssets(t, { partnerId: t.partnerB.id, count: 1 });
      const [a, b, c] = timed.assets as { id: string }[];
      await addToOdometers(db(), '*', [
        { assetId: a?.id as string, distanceM: 600_000, rideSeconds: 0 },
        { assetId: b?.id as string, distanceM: 510_000, rideSeconds: 0 },
        { assetId: c?.id as string, distanceM: 460_000, rideSeconds: 0 },
        { assetId: partnerB.assets[0]?.id as string, distanceM: 900_000, rideSeconds: 0 },
      ]);
      await evaluateReminders(db());
      const found = await rows<{ id: string }>(
        db(),
        sql`select at.id from asset_timers at where at.group_id = ${timed.group.id} order by at.id`,
      );
      ids = found.map((r) => r.id);
      readerA = await t.userWith(['work_reminder.log.read', 'work_reminder.write'], [t.partnerA.id]);
      writerB = await t.userWith(['work_reminder.log.read', 'work_reminder.write'], [t.partnerB.id]);
    });

    it('lists what needs attention, most urgent first, filtered, within the caller’s scope', async () => {
      const res = await centre(readerA.token, `?timerId=${timed.timer.id}`);
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: Row[]; count: number; countIsEstimate: boolean }>();
      expect(body.count).toBe(3);
      expect(body.countIsEstimate).toBe(false);
      expect(body.data.map((r) => r.state)).toEqual(['overdue', 'due', 'upcoming']);
      expect(body.data[0]).toMatchObject({ unit: 'km', elapsed: 600, remaining: -100, progress: 1.2, dueAfter: 500 });
      // Partner B's overdue asset is not in partner A's centre, and naming partner B is refused.
      const all = (await centre(readerA.token)).json<{ data: Row[] }>().data;
      expect(all.every((r) => r.partner.id === t.partnerA.id)).toBe(true);
      const refused = await centre(readerA.token, `?partnerIdIn=${t.partnerB.id}`);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe('PartnerOutOfScope');
      // Filters: state, category, asset number; the owner sees both partners.
      const due = (await centre(t.owner.token, `?stateIn=due&categoryIdIn=${timed.category.id}`)).json<{
        data: Row[];
      }>();
      expect(due.data.map((r) => r.asset.no)).toEqual([timed.assets[1]?.no]);
      const one = (await centre(t.owner.token, `?assetNo=${partnerB.assets[0]?.no}`)).json<{ data: Row[] }>();
      expect(one.data.map((r) => r.partner.id)).toEqual([t.partnerB.id]);
      // The other orders: by asset number, and the latest change first.
      const numbers = timed.assets.map((a) => a.no).sort();
      const byNo = (await centre(readerA.token, `?timerId=${timed.timer.id}&sort=assetNo:desc`)).json<{
        data: Row[];
      }>();
      expect(byNo.data.map((r) => r.asset.no)).toEqual([...numbers].reverse());
      await db().execute(
        sql`update asset_timers set state_changed_at = now() + interval '1 minute' where id = ${ids[0] as string}`,
      );
      const latest = (await centre(readerA.token, `?timerId=${timed.timer.id}&sort=stateChangedAt:desc`)).json<{
        data: Row[];
      }>();
      expect(latest.data[0]?.id).toBe(ids[0]);
    });

    it('finds the same page by either plan of the category and site filters (set, or walking the order)', async () => {
      const ws = await insertWorkshop(db(), t.partnerA.id);
      const [a, b] = timed.assets as { id: string }[];
      await db().execute(sql`update assets set site_id = ${ws.site.id} where id in (${a?.id}, ${b?.id})`);
      const sort = { key: 'due', direction: 'asc' } as const;
      const page = { limit: 20, offset: 0 };
      for (const filter of [
        { siteIdIn: [ws.site.id] },
        { categoryIdIn: [timed.category.id] },
        { siteIdIn: [ws.site.id], categoryIdIn: [timed.category.id], stateIn: ['due' as const] },
      ]) {
        const bySet = await centrePage(db(), [t.partnerA.id], filter, sort, page, 'set');
        const byWalk = await centrePage(db(), [t.partnerA.id], filter, sort, page, 'walk');
        expect(bySet.length).toBeGreaterThan(0);
        expect(byWalk.map((r) => r.id)).toEqual(bySet.map((r) => r.id));
        // Gathered once as a small set: the same page, and the exact count (all of them fit on this page).
        const small = await centreSmallSet(db(), [t.partnerA.id], filter, sort, page);
        expect(small?.rows.map((r) => r.id)).toEqual(bySet.map((r) => r.id));
        expect(small?.count).toBe(bySet.length);
        const beyond = await centreSmallSet(db(), [t.partnerA.id], filter, sort, { limit: 20, offset: 40 });
        expect(beyond).toEqual({ count: bySet.length, rows: [] });
      }
      const byNo = { key: 'assetNo', direction: 'desc' } as const;
      const smallByNo = await centreSmallSet(db(), [t.partnerA.id], { siteIdIn: [ws.site.id] }, byNo, page);
      expect(smallByNo?.rows.map((r) => r.id)).toEqual(
        (await centrePage(db(), [t.partnerA.id], { siteIdIn: [ws.site.id] }, byNo, page, 'set')).map((r) => r.id),
      );
      const site = await centrePage(db(), [t.partnerA.id], { siteIdIn: [ws.site.id] }, sort, page, 'walk');
      expect(new Set(site.map((r) => r.asset_id))).toEqual(new Set([a?.id, b?.id]));
    });

    it('links the asset’s open ticket, not its closed ones', async () => {
      const asset = partnerB.assets[0] as { id: string; no: string };
      const ws = await insertWorkshop(db(), t.partnerB.id);
      const ticket = (status: string) =>
        insertTicket(db(), {
          assetId: asset.id,
          assetPartnerId: t.partnerB.id,
          categoryId: partnerB.category.id,
          centerSiteId: ws.site.id,
          status,
        });
      await ticket('completed');
      const open = await ticket('processing');
      await ticket('unsuccessful');
      const res = (await centre(t.owner.token, `?assetNo=${asset.no}&stateIn=ok,upcoming,due,overdue`)).json<{
        data: Row[];
        count: number;
      }>();
      expect(res.count).toBe(1);
      expect(res.data.map((r) => r.openTicket?.id)).toEqual([open.id]);
    });

    it('acknowledges rows in scope once (404 for another partner’s, nothing written)', async () => {
      const outside = await rows<{ id: string }>(
        db(),
        sql`select id from asset_timers where group_id = ${partnerB.group.id}`,
      );
      const refused = await call(t.app, 'POST', '/reminder/asset-timer-log-center/$acknowledge', {
        token: readerA.token,
        body: { assetTimerIds: [ids[0], outside[0]?.id] },
      });
      expect(refused.statusCode).toBe(404);
      const ack = () =>
        call(t.app, 'POST', '/reminder/asset-timer-log-center/$acknowledge', {
          token: readerA.token,
          body: { assetTimerIds: ids },
        });
      expect((await ack()).json()).toEqual({ data: { acknowledged: 3 } });
      expect((await ack()).json()).toEqual({ data: { acknowledged: 0 } });
      const open = (await centre(readerA.token, `?timerId=${timed.timer.id}&acknowledged=false`)).json<{
        count: number;
      }>();
      expect(open.count).toBe(0);
      const acked = (await centre(readerA.token, `?timerId=${timed.timer.id}&acknowledged=true`)).json<{
        data: Row[];
      }>();
      expect(acked.data.every((r) => r.acknowledgedBy?.id === readerA.id && r.acknowledgedAt)).toBe(true);
    });

    it('resets by hand with a note: next cycle at ok, logged with the note; refusals write nothing', async () => {
      const noNote = await call(t.app, 'POST', '/reminder/asset-timers/$reset', {
        token: readerA.token,
        body: { assetTimerIds: [ids[0]] },
      });
      expect(noNote.statusCode).toBe(400);
      const tooMany = await call(t.app, 'POST', '/reminder/asset-timers/$reset', {
        token: readerA.token,
        body: { assetTimerIds: Array.from({ length: 101 }, () => ids[0]), note: 'x' },
      });
      expect(tooMany.statusCode).toBe(400);
      const outOfScope = await call(t.app, 'POST', '/reminder/asset-timers/$reset', {
        token: writerB.token,
        body: { assetTimerIds: [ids[0]], note: 'not mine' },
      });
      expect(outOfScope.statusCode).toBe(404);
      expect((await resetsOf(timed.group.id)).length).toBe(0);
      const res = await call(t.app, 'POST', '/reminder/asset-timers/$reset', {
        token: readerA.token,
        body: { assetTimerIds: [ids[0]], note: 'Brakes done by hand' },
      });
      expect(res.json()).toEqual({ data: { reset: 1 } });
      const after = await rows<{ state: string; cycle: number; acknowledged_at: unknown }>(
        db(),
        sql`select state, cycle, acknowledged_at from asset_timers where id = ${ids[0]}`,
      );
      expect(after[0]).toEqual({ state: 'ok', cycle: 2, acknowledged_at: null });
      expect(await resetsOf(timed.group.id)).toEqual([
        { cause: 'manual', cause_ref: { note: 'Brakes done by hand' }, actor_id: readerA.id, cycle: 2 },
      ]);
    });

    it('the log lists fires, acknowledgements and resets of the scope, newest first, filtered', async () => {
      const res = await call(t.app, 'GET', `/reminder/asset-timer-logs?groupId=${timed.group.id}&pageSize=100`, {
        token: readerA.token,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: Log[]; count: number; countIsEstimate: boolean }>();
      const kinds = body.data.map((l) => l.kind);
      expect(kinds[0]).toBe('reset');
      expect(kinds.filter((k) => k === 'acknowledged')).toHaveLength(3);
      expect(kinds.filter((k) => ['upcoming', 'due', 'overdue'].includes(k)).sort()).toEqual([
        'due',
        'overdue',
        'upcoming',
      ]);
      expect(body.count).toBe(body.data.length);
      expect(body.countIsEstimate).toBe(false);
      const fire = body.data.find((l) => l.kind === 'overdue');
      expect(fire).toMatchObject({ cause: 'timer', unit: 'km', value: 600, actor: null });
      const onlyFires = await call(
        t.app,
        'GET',
        `/reminder/asset-timer-logs?groupId=${timed.group.id}&kindIn=due,overdue`,
        { token: readerA.token },
      );
      expect(onlyFires.json<{ count: number }>().count).toBe(2);
      // Partner B's log is not partner A's.
      const b = await call(t.app, 'GET', `/reminder/asset-timer-logs?groupId=${partnerB.group.id}`, {
        token: readerA.token,
      });
      expect(b.json<{ count: number }>().count).toBe(0);
      const named = await call(t.app, 'GET', `/reminder/asset-timer-logs?partnerIdIn=${t.partnerB.id}`, {
        token: readerA.token,
      });
      expect(named.statusCode).toBe(403);
    });
  });
});
