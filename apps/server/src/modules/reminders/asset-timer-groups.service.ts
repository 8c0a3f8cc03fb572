import { randomUUID } from 'node:crypto';
import {
  ASSET_ALREADY_TIMED_MESSAGE,
  ASSET_NOT_FOUND_MESSAGE,
  ASSET_NOT_IN_GROUP_MESSAGE,
  ASSET_OF_OTHER_CATEGORY_MESSAGE,
  ASSET_OF_OTHER_PARTNER_MESSAGE,
  type AssetTimerGroup,
  type AssetTimerGroupInput,
  type AssetTimerGroupListQuery,
  type AssetTimerGroupPatch,
  type AssetTimerProgress,
  type AssetTimerProgressQuery,
  REMINDER_ERRORS,
} from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import { logChange, writeFieldLogs } from '../audit/audit.repo.ts';
import * as repo from './asset-timer-groups.repo.ts';
import { recomputeCycles, startCycles } from './cycle.repo.ts';
import { valueUnitOf } from './cycle.ts';
import { refuse, refuseField } from './reminder-config.errors.ts';
import * as timers from './timers.repo.ts';

export interface AssetTimerGroupChange {
  group: AssetTimerGroup;
  added: number;
  removed: number;
  refused: Record<string, string>;
}

export function toGroup(row: repo.GroupRow): AssetTimerGroup {
  return {
    id: row.id,
    partner: { id: row.partner_id, name: row.partner_name },
    timer: {
      id: row.timer_id,
      name: row.timer_name,
      kind: row.kind,
      timingUnit: row.timing_unit,
      timingQuantity: row.timing_quantity === null ? null : Number(row.timing_quantity),
      cron: row.cron,
    },
    category: { id: row.category_id, name: row.category_name },
    resetRule: { id: row.reset_rule_id, name: row.reset_rule_name, type: row.reset_rule_type },
    assetCount: Number(row.asset_count),
    stateCounts: {
      ok: Number(row.ok),
      upcoming: Number(row.upcoming),
      due: Number(row.due),
      overdue: Number(row.overdue),
    },
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** Rounded for people: a progress row shows km, hours or seconds, never 0.30000000000000004. */
const round = (v: number, digits = 3) => Math.round(v * 10 ** digits) / 10 ** digits;

export function toProgress(row: repo.ProgressRow): AssetTimerProgress {
  const elapsed = Number(row.elapsed);
  const length = row.length === null ? null : Number(row.length);
  const usage = row.kind === 'distance' || row.kind === 'rideTime';
  return {
    id: row.id,
    asset: { id: row.asset_id, no: row.asset_no },
    state: row.state,
    cycle: Number(row.cycle),
    cycleStartedAt: toIso(row.cycle_started_at),
    unit: valueUnitOf(row.kind),
    elapsed: round(elapsed),
    remaining: length === null ? 0 : round(length - elapsed),
    progress: length ? round(elapsed / length, 4) : 0,
    dueAt: usage ? null : toIsoOrNull(row.due_at),
    dueAfter: usage && length !== null ? round(length) : null,
    lastResetAt: toIsoOrNull(row.last_reset_at),
    lastResetCause: row.last_reset_cause,
    lastResetBy: row.last_reset_by ? { id: row.last_reset_by, name: row.last_reset_by_name ?? '' } : null,
    acknowledgedAt: toIsoOrNull(row.acknowledged_at),
  };
}

const audited = (g: AssetTimerGroup) => ({
  partnerId: g.partner.id,
  timerId: g.timer.id,
  categoryId: g.category.id,
  resetRuleId: g.resetRule.id,
});

/** Numbers once each, in the order sent. */
const distinct = (nos: readonly string[]) => [...new Set(nos)];

export function createAssetTimerGroupService(deps: { db: Db }) {
  const { db } = deps;

  async function visible(tx: DbOrTx, caller: Caller, id: string, lock?: 'update') {
    const row = await repo.get(tx, caller.scope, id, lock);
    if (!row) throw refuse('AssetTimerGroupNotFound', 404);
    return row;
  }

  /** Nothing could be done for any number: 422 with every reason (a change of some numbers answers 200). */
  function nothingDone(refused: Record<string, string>) {
    return refuse('AssetsRefused', 422, { refused, fields: { assetNos: REMINDER_ERRORS.AssetsRefused } });
  }

  /**
   * Times the assets of these numbers by the group's timer, each from a first cycle starting now. A number is
   * refused (with its reason) when no asset in the caller's scope has it, the asset is of another partner or
   * category than the group, or the timer already times it (in this group or another).
   */
  async function addAssets(
    tx: DbOrTx,
    caller: Caller,
    group: { id: string; partnerId: string; timerId: string; categoryId: string },
    assetNos: readonly string[],
  ) {
    const nos = distinct(assetNos);
    const found = new Map((await repo.assetsByNo(tx, caller.scope, group.timerId, nos)).map((a) => [a.no, a]));
    const refused: Record<string, string> = {};
    const wanted: repo.AssetByNo[] = [];
    for (const no of nos) {
      const asset = found.get(no);
      if (!asset) refused[no] = ASSET_NOT_FOUND_MESSAGE;
      else if (asset.partner_id !== group.partnerId) refused[no] = ASSET_OF_OTHER_PARTNER_MESSAGE;
      else if (asset.category_id !== group.categoryId) refused[no] = ASSET_OF_OTHER_CATEGORY_MESSAGE;
      else if (asset.timed_in) refused[no] = ASSET_ALREADY_TIMED_MESSAGE;
      else wanted.push(asset);
    }
    const made = await repo.insertAssetTimers(
      tx,
      caller.scope,
      group,
      wanted.map((a) => a.id),
    );
    const madeFor = new Set(made.map((m) => m.asset_id));
    for (const asset of wanted) if (!madeFor.has(asset.id)) refused[asset.no] = ASSET_ALREADY_TIMED_MESSAGE;
    await startCycles(
      tx,
      '*',
      made.map((m) => m.id),
      { cause: 'added', initial: true, actorId: caller.userId },
    );
    return { added: wanted.filter((a) => madeFor.has(a.id)).map((a) => a.no), refused };
  }

  const groupOf = (row: repo.GroupRow) => ({
    id: row.id,
    partnerId: row.partner_id,
    timerId: row.timer_id,
    categoryId: row.category_id,
  });

  return {
    async list(caller: Caller, query: AssetTimerGroupListQuery): Promise<{ data: AssetTimerGroup[]; count: number }> {
      for (const partnerId of query.partnerIdIn ?? []) assertPartnerInScope(caller.scope, partnerId);
      const { rows, count } = await repo.list(db, caller.scope, query);
      return { data: rows.map(toGroup), count };
    },

    get: async (caller: Caller, id: string): Promise<AssetTimerGroup> => toGroup(await visible(db, caller, id)),

    /**
     * Applies a timer to assets: the group is the timer's partner's, of the timer's category (422 CategoryMismatch),
     * reset by one of the timer's rules (422 ResetRuleNotOfTimer); each asset added starts its first cycle now.
     */
    async create(caller: Caller, input: AssetTimerGroupInput): Promise<AssetTimerGroupChange> {
      const id = randomUUID();
      return db.transaction(async (tx) => {
        // Held shared to the end: the timer cannot be deleted or drop the chosen rule meanwhile.
        const timer = await timers.get(tx, caller.scope, input.timerId, 'share');
        if (!timer) throw refuseField('TimerNotFound', 404, 'timerId');
        if (input.categoryId !== timer.category_id) throw refuseField('CategoryMismatch', 422, 'categoryId');
        const rules = typeof timer.reset_rules === 'string' ? JSON.parse(timer.reset_rules) : timer.reset_rules;
        if (!(rules as { id: string }[]).some((r) => r.id === input.resetRuleId)) {
          throw refuseField('ResetRuleNotOfTimer', 422, 'resetRuleId');
        }
        const group = { id, partnerId: timer.partner_id, timerId: timer.id, categoryId: timer.category_id };
        await repo.insert(tx, caller.scope, id, { ...group, resetRuleId: input.resetRuleId });
        const { added, refused } = await addAssets(tx, caller, group, input.assetNos);
        if (added.length === 0) throw nothingDone(refused);
        const created = toGroup((await repo.get(tx, caller.scope, id)) as repo.GroupRow);
        await logChange(tx, caller, 'asset-timer-group', id, null, audited(created));
        await writeFieldLogs(tx, {
          entityType: 'asset-timer-group',
          entityId: id,
          userId: caller.userId,
          changes: [{ field: 'assetNos', before: null, after: added }],
        });
        return { group: created, added: added.length, removed: 0, refused };
      });
    },

    /** Changes the group's reset rule (one of the timer's); remind-before thresholds of running cycles follow. */
    async update(caller: Caller, id: string, patch: AssetTimerGroupPatch): Promise<AssetTimerGroup> {
      return db.transaction(async (tx) => {
        const row = await visible(tx, caller, id, 'update');
        const timer = await timers.get(tx, caller.scope, row.timer_id, 'share');
        const rules = timer
          ? typeof timer.reset_rules === 'string'
            ? JSON.parse(timer.reset_rules)
            : timer.reset_rules
          : [];
        if (!(rules as { id: string }[]).some((r) => r.id === patch.resetRuleId)) {
          throw refuseField('ResetRuleNotOfTimer', 422, 'resetRuleId');
        }
        const before = toGroup(row);
        if (patch.resetRuleId !== row.reset_rule_id) {
          await repo.setResetRule(tx, caller.scope, id, patch.resetRuleId);
          await recomputeCycles(tx, '*', { groupId: id });
        }
        const after = toGroup((await repo.get(tx, caller.scope, id)) as repo.GroupRow);
        await logChange(tx, caller, 'asset-timer-group', id, audited(before), audited(after));
        return after;
      });
    },

    /** Deletes the group: its assets stop being timed by it; their log stays. */
    async remove(caller: Caller, id: string): Promise<null> {
      await db.transaction(async (tx) => {
        const before = toGroup(await visible(tx, caller, id, 'update'));
        await repo.softDelete(tx, caller.scope, id);
        await logChange(tx, caller, 'asset-timer-group', id, audited(before), null);
      });
      return null;
    },

    async assets(
      caller: Caller,
      id: string,
      query: AssetTimerProgressQuery,
    ): Promise<{ data: AssetTimerProgress[]; count: number }> {
      await visible(db, caller, id);
      const { rows, count } = await repo.progress(db, caller.scope, id, query);
      return { data: rows.map(toProgress), count };
    },

    async addAssets(caller: Caller, id: string, assetNos: readonly string[]): Promise<AssetTimerGroupChange> {
      return db.transaction(async (tx) => {
        const row = await visible(tx, caller, id, 'update');
        const { added, refused } = await addAssets(tx, caller, groupOf(row), assetNos);
        if (added.length === 0) throw nothingDone(refused);
        await repo.touch(tx, caller.scope, id);
        await writeFieldLogs(tx, {
          entityType: 'asset-timer-group',
          entityId: id,
          userId: caller.userId,
          changes: [{ field: 'assetNos', before: null, after: added }],
        });
        const group = toGroup((await repo.get(tx, caller.scope, id)) as repo.GroupRow);
        return { group, added: added.length, removed: 0, refused };
      });
    },

    /** Stops timing the assets of these numbers in the group (a number not in it is refused with its reason). */
    async removeAssets(caller: Caller, id: string, assetNos: readonly string[]): Promise<AssetTimerGroupChange> {
      return db.transaction(async (tx) => {
        const row = await visible(tx, caller, id, 'update');
        const nos = distinct(assetNos);
        const found = new Map((await repo.assetsByNo(tx, caller.scope, row.timer_id, nos)).map((a) => [a.no, a]));
        const refused: Record<string, string> = {};
        const inGroup: repo.AssetByNo[] = [];
        for (const no of nos) {
          const asset = found.get(no);
          if (!asset) refused[no] = ASSET_NOT_FOUND_MESSAGE;
          else if (asset.timed_in !== id) refused[no] = ASSET_NOT_IN_GROUP_MESSAGE;
          else inGroup.push(asset);
        }
        const removed = new Set(
          await repo.removeAssetTimers(
            tx,
            caller.scope,
            id,
            inGroup.map((a) => a.id),
          ),
        );
        const removedNos = inGroup.filter((a) => removed.has(a.id)).map((a) => a.no);
        if (removedNos.length === 0) throw nothingDone(refused);
        await repo.touch(tx, caller.scope, id);
        await writeFieldLogs(tx, {
          entityType: 'asset-timer-group',
          entityId: id,
          userId: caller.userId,
          changes: [{ field: 'assetNos', before: removedNos, after: null }],
        });
        const group = toGroup((await repo.get(tx, caller.scope, id)) as repo.GroupRow);
        return { group, added: 0, removed: removedNos.length, refused };
      });
    },
  };
}

export type AssetTimerGroupService = ReturnType<typeof createAssetTimerGroupService>;
