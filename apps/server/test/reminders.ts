import { randomUUID } from 'node:crypto';
import type { AssetTimerGroup, ResetRule, Timer } from '@fleetdesk/contracts';
import { call, type TestContext } from './harness.ts';

/**
 * Reminder objects made through the API (the owner's token unless told), for the reminder tests of every helper:
 * a category with its assets, reset rules, timers and asset-timer groups. Each builder throws with the answer's body
 * when the call does not succeed, so a broken fixture reads as such and not as a failed expectation later.
 * Others add their builders at the END of this file.
 */

let counter = 0;
const unique = (base: string) => `${base} ${++counter}-${randomUUID().slice(0, 4)}`;

async function ok<T>(
  t: TestContext,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body: unknown,
  token: string,
): Promise<T> {
  const res = await call(t.app, method, url, { token, body });
  if (res.statusCode < 200 || res.statusCode > 299) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json<{ data: T }>().data;
}

/** An account-wide asset category (optionally with custom properties: name and value type, MANUAL). */
export async function makeCategory(
  t: TestContext,
  opts: { properties?: { name: string; valueType: string }[]; token?: string } = {},
): Promise<{ id: string; name: string; properties: { id: string; name: string; valueType: string }[] }> {
  const name = unique('Reminder category').slice(0, 50);
  const created = await ok<{ id: string; properties: { id: string; name: string; valueType: string }[] }>(
    t,
    'POST',
    '/asset/categories',
    {
      name,
      assetType: 'EBIKE',
      properties: (opts.properties ?? []).map((p) => ({ ...p, updateMethod: 'MANUAL' })),
    },
    opts.token ?? t.owner.token,
  );
  return { id: created.id, name, properties: created.properties };
}

/** `count` assets of the partner in the category, numbered `<prefix>0001…` (a fresh prefix unless told). */
export async function makeAssets(
  t: TestContext,
  opts: { partnerId: string; categoryId: string; count?: number; prefix?: string; token?: string },
): Promise<{ id: string; no: string }[]> {
  const prefix =
    opts.prefix ??
    `RM${randomUUID()
      .slice(0, 6)
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '0')}`;
  const made: { id: string; no: string }[] = [];
  for (let i = 1; i <= (opts.count ?? 1); i++) {
    const no = `${prefix}${String(i).padStart(4, '0')}`;
    const created = await ok<{ id: string }>(
      t,
      'POST',
      `/asset/categories/${opts.categoryId}/assets`,
      { no, partnerId: opts.partnerId, usageMode: 'customer-rental' },
      opts.token ?? t.owner.token,
    );
    made.push({ id: created.id, no });
  }
  return made;
}

/** A reset rule: manual by default; pass `type` and its fields (workItemId/checklistId, property/propertyValue). */
export async function makeResetRule(
  t: TestContext,
  input: { partnerId: string; categoryId: string } & Record<string, unknown>,
  token = t.owner.token,
): Promise<ResetRule> {
  return ok<ResetRule>(
    t,
    'POST',
    '/reminder/reset-rules',
    { name: unique('Reset rule'), type: 'manual', ...input },
    token,
  );
}

/**
 * A timer: distance, 500 km by default. Without `resetRuleIds` a manual reset rule of the same partner and category
 * is made for it (with `remindBefore` when given, e.g. { remindBeforeReset: true, remindBefore: 50 }).
 */
export async function makeTimer(
  t: TestContext,
  input: { partnerId: string; categoryId: string; resetRuleIds?: string[] } & Record<string, unknown>,
  opts: { rule?: Record<string, unknown>; token?: string } = {},
): Promise<Timer> {
  const token = opts.token ?? t.owner.token;
  const resetRuleIds = input.resetRuleIds ?? [
    (await makeResetRule(t, { partnerId: input.partnerId, categoryId: input.categoryId, ...opts.rule }, token)).id,
  ];
  const timing =
    input.kind === undefined || input.kind === 'distance'
      ? { kind: 'distance', timingQuantity: 500 }
      : input.kind === 'rideTime'
        ? { timingQuantity: 10 }
        : input.kind === 'time'
          ? { timingUnit: 'days', timingQuantity: 30 }
          : { cron: '0 8 * * 1' };
  return ok<Timer>(t, 'POST', '/reminder/timers', { name: unique('Timer'), ...timing, ...input, resetRuleIds }, token);
}

export interface GroupChange {
  group: AssetTimerGroup;
  added: number;
  removed: number;
  refused: Record<string, string>;
}

/** An asset-timer group of the timer over these assets (by number), with the timer's first reset rule unless told. */
export async function makeGroup(
  t: TestContext,
  timer: Timer,
  assetNos: string[],
  opts: { resetRuleId?: string; token?: string } = {},
): Promise<GroupChange> {
  return ok<GroupChange>(
    t,
    'POST',
    '/reminder/asset-timer-groups',
    {
      timerId: timer.id,
      categoryId: timer.category.id,
      resetRuleId: opts.resetRuleId ?? timer.resetRules[0]?.id,
      assetNos,
    },
    opts.token ?? t.owner.token,
  );
}

/**
 * Everything at once: a category, `count` assets of the partner (partner A by default), a timer (distance 500 km
 * unless `timer` says otherwise) with a manual reset rule (`rule` adds fields, e.g. remind-before), and a group of
 * all the assets. The engine's and the bench's tests start here.
 */
export async function makeTimedAssets(
  t: TestContext,
  opts: {
    partnerId?: string;
    count?: number;
    timer?: Record<string, unknown>;
    rule?: Record<string, unknown>;
    token?: string;
  } = {},
) {
  const partnerId = opts.partnerId ?? t.partnerA.id;
  const token = opts.token ?? t.owner.token;
  const category = await makeCategory(t, { token: t.owner.token });
  const assets = await makeAssets(t, { partnerId, categoryId: category.id, count: opts.count ?? 3, token });
  const timer = await makeTimer(t, { partnerId, categoryId: category.id, ...opts.timer }, { rule: opts.rule, token });
  const change = await makeGroup(
    t,
    timer,
    assets.map((a) => a.no),
    { token },
  );
  return { partnerId, category, assets, timer, group: change.group };
}
