import { byId, type Fixture, listing, type World } from './authorization-matrix.fixtures.ts';

/**
 * The authorization matrix's fixtures for the reminder log, the log centre, acknowledge and the manual reset.
 * Asset timers and their log belong to the asset's partner: another partner's asset timer is 404 like a missing
 * one, and lists leave it out. Everything is made through the API: a manual reset rule, a distance timer and a
 * group over one new asset of partner A (its first cycle is logged as `added`).
 */
export function reminderLogFixtures(): Record<string, Fixture> {
  async function timedAsset(w: World) {
    const asset = await w.newAsset(w.partnerA);
    const rule = await w.ownerCall<{ id: string }>('POST', '/reminder/reset-rules', {
      partnerId: w.partnerA,
      name: w.unique('Manual reset'),
      categoryId: w.category.id,
      type: 'manual',
    });
    const timer = await w.ownerCall<{ id: string }>('POST', '/reminder/timers', {
      partnerId: w.partnerA,
      name: w.unique('Brakes'),
      categoryId: w.category.id,
      kind: 'distance',
      timingQuantity: 500,
      resetRuleIds: [rule.id],
    });
    const { group } = await w.ownerCall<{ group: { id: string } }>('POST', '/reminder/asset-timer-groups', {
      timerId: timer.id,
      categoryId: w.category.id,
      resetRuleId: rule.id,
      assetNos: [asset.no],
    });
    const progress = await w.t.app.inject({
      method: 'GET',
      url: `/api/reminder/asset-timer-groups/${group.id}/assets`,
      headers: { authorization: `Bearer ${w.owner}` },
    });
    const id = progress.json<{ data: { id: string }[] }>().data[0]?.id as string;
    return { asset, timerId: timer.id, groupId: group.id, assetTimerId: id };
  }

  return {
    'GET /reminder/asset-timer-logs': listing(async (w) => {
      const timed = await timedAsset(w);
      return { request: { query: { groupId: timed.groupId } }, marker: timed.asset.no };
    }),
    'GET /reminder/asset-timer-log-center': listing(async (w) => {
      const timed = await timedAsset(w);
      return { request: { query: { timerId: timed.timerId, stateIn: 'ok' } }, marker: timed.asset.no };
    }),
    'POST /reminder/asset-timer-log-center/$acknowledge': byId(async (w) => ({
      request: { body: { assetTimerIds: [(await timedAsset(w)).assetTimerId] } },
    })),
    'POST /reminder/asset-timers/$reset': byId(async (w) => ({
      request: { body: { assetTimerIds: [(await timedAsset(w)).assetTimerId], note: 'Serviced by hand' } },
    })),
  };
}
