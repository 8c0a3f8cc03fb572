import { randomUUID } from 'node:crypto';
import type { Timer, TimerInput, TimerListQuery, TimerPatch } from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toIso } from '../../lib/rows.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import { logChange } from '../audit/audit.repo.ts';
import { partnerNotFound } from '../checklists/refusals.ts';
import { recomputeCycles } from './cycle.repo.ts';
import { nextRuns, scheduleOf } from './cycle.ts';
import { refuse, refuseField, uniquely } from './reminder-config.errors.ts';
import * as repo from './timers.repo.ts';

/** How many upcoming occurrences of a schedule the form and the detail preview. */
const PREVIEW_RUNS = 3;

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export function toTimer(row: repo.TimerRow, now = new Date()): Timer {
  return {
    id: row.id,
    partner: { id: row.partner_id, name: row.partner_name },
    name: row.name,
    category: { id: row.category_id, name: row.category_name },
    kind: row.kind,
    timingUnit: row.timing_unit,
    timingQuantity: row.timing_quantity === null ? null : Number(row.timing_quantity),
    cron: row.cron,
    timezone: row.timezone,
    nextRuns:
      row.kind === 'schedule' && row.cron
        ? nextRuns(row.cron, row.timezone, PREVIEW_RUNS, now).map((d) => d.toISOString())
        : [],
    resetRules: json(row.reset_rules),
    groupCount: Number(row.group_count),
    assetCount: Number(row.asset_count),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** What the field log records: the stored fields, names of linked objects left out. */
const audited = (t: Timer) => ({
  partnerId: t.partner.id,
  name: t.name,
  categoryId: t.category.id,
  kind: t.kind,
  timingUnit: t.timingUnit,
  timingQuantity: t.timingQuantity,
  cron: t.cron,
  resetRuleIds: t.resetRules.map((r) => r.id).sort(),
});

type Timing = Pick<repo.TimerValues, 'kind' | 'timingUnit' | 'timingQuantity' | 'cron'>;

/**
 * The timing a kind keeps: the fields of other kinds are cleared (a timer changed from calendar time to a schedule
 * keeps no unit). A patch that leaves a needed field out keeps the stored one; one still missing is a field error.
 */
function timingOf(kind: Timing['kind'], merged: Timing, timezone: string): Timing {
  const missing: Record<string, string> = {};
  const timing: Timing = { kind, timingUnit: null, timingQuantity: null, cron: null };
  if (kind === 'time') {
    if (!merged.timingUnit) missing.timingUnit = 'Please choose a time unit';
    if (merged.timingQuantity == null) missing.timingQuantity = 'Please enter a number';
    else if (!Number.isInteger(merged.timingQuantity)) missing.timingQuantity = 'Must be a whole number';
    timing.timingUnit = merged.timingUnit;
    timing.timingQuantity = merged.timingQuantity;
  } else if (kind === 'distance' || kind === 'rideTime') {
    if (merged.timingQuantity == null) missing.timingQuantity = 'Please enter a number';
    timing.timingQuantity = merged.timingQuantity;
  } else {
    if (!merged.cron) missing.cron = 'Please enter a schedule';
    timing.cron = merged.cron;
  }
  if (Object.keys(missing).length > 0) throw validationError(missing);
  if (timing.cron !== null) {
    // A valid expression that never fires again (the 30th of February) would never be due: refused alike.
    if (!scheduleOf(timing.cron, timezone).nextRun()) {
      throw refuseField('InvalidSchedule', 422, 'cron');
    }
  }
  return timing;
}

const sameTiming = (a: Timing, b: Timing) =>
  a.kind === b.kind && a.timingUnit === b.timingUnit && a.timingQuantity === b.timingQuantity && a.cron === b.cron;

export function createTimerService(deps: { db: Db }) {
  const { db } = deps;

  /** A live timer the caller may see: TimerNotFound (404) when absent, deleted or of a partner outside the scope. */
  async function visible(tx: DbOrTx, caller: Caller, id: string, lock?: 'update' | 'share') {
    const row = await repo.get(tx, caller.scope, id, lock);
    if (!row) throw refuse('TimerNotFound', 404);
    return row;
  }

  async function checkName(tx: DbOrTx, caller: Caller, partnerId: string, name: string, exceptId?: string) {
    if (await repo.liveNameTaken(tx, caller.scope, partnerId, name, exceptId)) {
      throw refuseField('TimerNameAlreadyExists', 409, 'name');
    }
  }

  /** Every rule must be a live rule of the timer's partner and category (422 ResetRuleNotFound, per index). */
  async function checkRules(
    tx: DbOrTx,
    caller: Caller,
    of: { partnerId: string; categoryId: string },
    ids: readonly string[],
  ) {
    const usable = await repo.usableRuleIds(tx, caller.scope, of, [...new Set(ids)]);
    const fields: Record<string, string> = {};
    for (const [index, id] of ids.entries()) {
      if (!usable.has(id)) fields[`resetRuleIds.${index}`] = 'Choose a reset rule of the timer’s partner and category';
    }
    if (Object.keys(fields).length > 0) throw refuse('ResetRuleNotFound', 422, { fields });
  }

  return {
    async list(caller: Caller, query: TimerListQuery): Promise<{ data: Timer[]; count: number }> {
      for (const partnerId of query.partnerIdIn ?? []) assertPartnerInScope(caller.scope, partnerId);
      const { rows, count } = await repo.list(db, caller.scope, query);
      const now = new Date();
      return { data: rows.map((r) => toTimer(r, now)), count };
    },

    get: async (caller: Caller, id: string): Promise<Timer> => toTimer(await visible(db, caller, id)),

    /** Creates a timer of a partner in scope with the reset rules its groups may choose from. */
    async create(caller: Caller, input: TimerInput): Promise<Timer> {
      assertPartnerInScope(caller.scope, input.partnerId);
      const id = randomUUID();
      return uniquely(() =>
        db.transaction(async (tx) => {
          const timezone = await repo.partnerTimezone(tx, caller.scope, input.partnerId);
          if (timezone === undefined) throw partnerNotFound();
          if (!(await repo.categoryExists(tx, input.categoryId))) {
            throw validationError({ categoryId: 'Unknown asset category' });
          }
          const timing = timingOf(
            input.kind,
            {
              kind: input.kind,
              timingUnit: input.timingUnit ?? null,
              timingQuantity: input.timingQuantity ?? null,
              cron: input.cron ?? null,
            },
            timezone,
          );
          await checkName(tx, caller, input.partnerId, input.name);
          await checkRules(tx, caller, input, input.resetRuleIds);
          await repo.insert(
            tx,
            caller.scope,
            id,
            { partnerId: input.partnerId, categoryId: input.categoryId, name: input.name, ...timing },
            input.resetRuleIds,
          );
          const created = toTimer((await repo.get(tx, caller.scope, id)) as repo.TimerRow);
          await logChange(tx, caller, 'timer', id, null, audited(created));
          return created;
        }),
      );
    },

    /**
     * Changes a timer. New timing applies to the running cycles from their own start, in this transaction; a rule
     * a group of the timer uses cannot be taken away (409 ResetRuleInUse).
     */
    async update(caller: Caller, id: string, patch: TimerPatch): Promise<Timer> {
      return uniquely(() =>
        db.transaction(async (tx) => {
          const row = await visible(tx, caller, id, 'update');
          const before = toTimer(row);
          const current: Timing = {
            kind: row.kind,
            timingUnit: row.timing_unit,
            timingQuantity: before.timingQuantity,
            cron: row.cron,
          };
          const kind = patch.kind ?? row.kind;
          const timing = timingOf(
            kind,
            {
              kind,
              timingUnit: patch.timingUnit !== undefined ? patch.timingUnit : current.timingUnit,
              timingQuantity: patch.timingQuantity !== undefined ? patch.timingQuantity : current.timingQuantity,
              cron: patch.cron !== undefined ? patch.cron : current.cron,
            },
            row.timezone,
          );
          if (patch.name !== undefined) await checkName(tx, caller, row.partner_id, patch.name, id);
          if (patch.resetRuleIds !== undefined) {
            await checkRules(
              tx,
              caller,
              { partnerId: row.partner_id, categoryId: row.category_id },
              patch.resetRuleIds,
            );
            const kept = new Set(patch.resetRuleIds);
            const used = [...(await repo.rulesUsedByGroups(tx, caller.scope, id))].filter((r) => !kept.has(r));
            if (used.length > 0) {
              throw refuse('ResetRuleInUse', 409, {
                fields: { resetRuleIds: 'A group of this timer uses a reset rule left out' },
                resetRuleIds: used,
              });
            }
            await repo.setRules(tx, caller.scope, id, patch.resetRuleIds);
          }
          await repo.update(tx, caller.scope, id, {
            ...(patch.name === undefined ? {} : { name: patch.name }),
            ...timing,
          });
          if (!sameTiming(current, timing)) await recomputeCycles(tx, '*', { timerId: id });
          const after = toTimer((await repo.get(tx, caller.scope, id)) as repo.TimerRow);
          await logChange(tx, caller, 'timer', id, audited(before), audited(after));
          return after;
        }),
      );
    },

    /** Deletes a timer no live group uses (409 TimerInUse); its name is free again. */
    async remove(caller: Caller, id: string): Promise<null> {
      await db.transaction(async (tx) => {
        const row = await visible(tx, caller, id, 'update');
        if (Number(row.group_count) > 0) throw refuse('TimerInUse', 409, { groups: Number(row.group_count) });
        const before = toTimer(row);
        await repo.softDelete(tx, caller.scope, id);
        await logChange(tx, caller, 'timer', id, audited(before), null);
      });
      return null;
    },
  };
}

export type TimerService = ReturnType<typeof createTimerService>;
