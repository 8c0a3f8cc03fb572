import { byId, type Case, type Fixture, listing, namingPartner, type World } from './authorization-matrix.fixtures.ts';

/**
 * The authorization matrix's fixtures for timers, reset rules and asset-timer groups (see
 * authorization-matrix.fixtures.ts for the builders). A function, so the builders it imports are initialised when it
 * runs. All three belong to their partner; another partner's answers the area's own 404 (TimerNotFound,
 * ResetRuleNotFound, AssetTimerGroupNotFound), exactly as a missing one does. A group is made by naming a timer, so
 * partner B's staff naming partner A's timer get the timer's 404.
 */
export function reminderConfigFixtures(): Record<string, Fixture> {
  const timerNotFound = { status: 404, code: 'TimerNotFound' } as const;
  const ruleNotFound = { status: 404, code: 'ResetRuleNotFound' } as const;
  const groupNotFound = { status: 404, code: 'AssetTimerGroupNotFound' } as const;
  const timerById = (build: (w: World) => Promise<Case>): Fixture => ({ ...byId(build), otherPartner: timerNotFound });
  const ruleById = (build: (w: World) => Promise<Case>): Fixture => ({ ...byId(build), otherPartner: ruleNotFound });
  const groupById = (build: (w: World) => Promise<Case>): Fixture => ({ ...byId(build), otherPartner: groupNotFound });

  const newRule = (w: World) =>
    w.ownerCall<{ id: string; name: string }>('POST', '/reminder/reset-rules', {
      partnerId: w.partnerA,
      categoryId: w.category.id,
      name: w.unique('Reset by hand'),
      type: 'manual',
    });
  async function newTimer(w: World) {
    const rule = await newRule(w);
    return w.ownerCall<{ id: string; name: string; resetRules: { id: string }[] }>('POST', '/reminder/timers', {
      partnerId: w.partnerA,
      categoryId: w.category.id,
      name: w.unique('Brakes'),
      kind: 'distance',
      timingQuantity: 500,
      resetRuleIds: [rule.id],
    });
  }
  async function newGroup(w: World, assets = 1) {
    const timer = await newTimer(w);
    const nos: string[] = [];
    for (let i = 0; i < assets; i++) nos.push((await w.newAsset(w.partnerA)).no);
    const change = await w.ownerCall<{ group: { id: string } }>('POST', '/reminder/asset-timer-groups', {
      timerId: timer.id,
      categoryId: w.category.id,
      resetRuleId: timer.resetRules[0]?.id,
      assetNos: nos,
    });
    return { id: change.group.id, timer, nos };
  }

  return {
    // timers
    'GET /reminder/timers': listing(async (w) => {
      const created = await newTimer(w);
      return { request: { query: { name: created.name } }, marker: created.id };
    }),
    'POST /reminder/timers': namingPartner(async (w) => ({
      request: {
        body: {
          partnerId: w.partnerA,
          categoryId: w.category.id,
          name: w.unique('Battery check'),
          kind: 'schedule',
          cron: '0 8 * * 1',
          resetRuleIds: [(await newRule(w)).id],
        },
      },
    })),
    'GET /reminder/timers/:id': timerById(async (w) => ({ request: { params: { id: (await newTimer(w)).id } } })),
    'PATCH /reminder/timers/:id': timerById(async (w) => ({
      request: { params: { id: (await newTimer(w)).id }, body: { timingQuantity: 800 } },
    })),
    'DELETE /reminder/timers/:id': timerById(async (w) => ({ request: { params: { id: (await newTimer(w)).id } } })),

    // reset rules
    'GET /reminder/reset-rules': listing(async (w) => {
      const created = await newRule(w);
      return { request: { query: { name: created.name } }, marker: created.id };
    }),
    'POST /reminder/reset-rules': namingPartner(async (w) => ({
      request: {
        body: {
          partnerId: w.partnerA,
          categoryId: w.category.id,
          name: w.unique('Back in service'),
          type: 'assetProperty',
          property: 'lifeCycleState',
          propertyValue: 'Ready',
        },
      },
    })),
    'GET /reminder/reset-rules/:id': ruleById(async (w) => ({ request: { params: { id: (await newRule(w)).id } } })),
    'PATCH /reminder/reset-rules/:id': ruleById(async (w) => ({
      request: { params: { id: (await newRule(w)).id }, body: { remindBeforeReset: true, remindBefore: 20 } },
    })),
    'DELETE /reminder/reset-rules/:id': ruleById(async (w) => ({ request: { params: { id: (await newRule(w)).id } } })),

    // asset-timer groups
    'GET /reminder/asset-timer-groups': listing(async (w) => {
      const { id, timer } = await newGroup(w);
      return { request: { query: { timerId: timer.id } }, marker: id };
    }),
    'POST /reminder/asset-timer-groups': {
      class: 'partner-owned',
      otherPartner: timerNotFound,
      build: async (w) => {
        const timer = await newTimer(w);
        const asset = await w.newAsset(w.partnerA);
        return {
          request: {
            body: {
              timerId: timer.id,
              categoryId: w.category.id,
              resetRuleId: timer.resetRules[0]?.id,
              assetNos: [asset.no],
            },
          },
        };
      },
    },
    'GET /reminder/asset-timer-groups/:id': groupById(async (w) => ({
      request: { params: { id: (await newGroup(w)).id } },
    })),
    'PATCH /reminder/asset-timer-groups/:id': groupById(async (w) => {
      const { id, timer } = await newGroup(w);
      return { request: { params: { id }, body: { resetRuleId: timer.resetRules[0]?.id } } };
    }),
    'DELETE /reminder/asset-timer-groups/:id': groupById(async (w) => ({
      request: { params: { id: (await newGroup(w)).id } },
    })),
    'GET /reminder/asset-timer-groups/:id/assets': groupById(async (w) => ({
      request: { params: { id: (await newGroup(w)).id } },
    })),
    'POST /reminder/asset-timer-groups/:id/assets/$add': groupById(async (w) => {
      const { id } = await newGroup(w);
      return { request: { params: { id }, body: { assetNos: [(await w.newAsset(w.partnerA)).no] } } };
    }),
    'POST /reminder/asset-timer-groups/:id/assets/$remove': groupById(async (w) => {
      const { id, nos } = await newGroup(w, 2);
      return { request: { params: { id }, body: { assetNos: [nos[0]] } } };
    }),
  };
}
