import { randomUUID } from 'node:crypto';
import {
  assetLifeCycleStates,
  assetTurnoverStates,
  assetUsageModes,
  CHECKLIST_ERRORS,
  type ResetRule,
  type ResetRuleInput,
  type ResetRuleListQuery,
  type ResetRulePatch,
  type resetRuleBuiltInProperties,
} from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toIso } from '../../lib/rows.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import { checkValue, UNKNOWN_PROPERTY_MESSAGE } from '../assets/property-values.ts';
import { logChange } from '../audit/audit.repo.ts';
import { partnerNotFound } from '../checklists/refusals.ts';
import { recomputeCycles } from './cycle.repo.ts';
import { refuse, textOrNull, uniquely } from './reminder-config.errors.ts';
import * as repo from './reset-rules.repo.ts';
import { categoryExists } from './timers.repo.ts';

/** The values each built-in property can take (the asset's own enums). */
const builtInValues: Record<(typeof resetRuleBuiltInProperties)[number], readonly string[]> = {
  lifeCycleState: assetLifeCycleStates,
  turnoverState: assetTurnoverStates,
  usageMode: assetUsageModes,
};
const isBuiltIn = (property: string): property is keyof typeof builtInValues => property in builtInValues;

export const NOT_A_VALUE_MESSAGE = 'Not a value of this property';
export const IMAGE_PROPERTY_MESSAGE = 'Image properties cannot reset a timer';

/**
 * A custom property's value as the rule stores it: the text the asset's value reads as (`true`, `12`, `2026-01-31`),
 * checked against the property's type like the asset form checks it.
 */
function storedValueOf(valueType: string, raw: string): { ok: true; value: string } | { ok: false; message: string } {
  if (valueType === 'IMAGE') return { ok: false, message: IMAGE_PROPERTY_MESSAGE };
  if (valueType === 'BOOLEAN') {
    const lower = raw.toLowerCase();
    return lower === 'true' || lower === 'false' ? { ok: true, value: lower } : checkValueMessage(valueType, raw);
  }
  if (valueType === 'INTEGER' || valueType === 'NUMBER') {
    const n = raw.trim() === '' ? Number.NaN : Number(raw);
    const checked = checkValue(valueType, n);
    return checked.ok ? { ok: true, value: String(n) } : checked;
  }
  const checked = checkValue(valueType, raw);
  return checked.ok ? { ok: true, value: raw } : checked;
}

function checkValueMessage(valueType: string, raw: unknown): { ok: false; message: string } {
  const checked = checkValue(valueType, raw);
  return { ok: false, message: checked.ok ? NOT_A_VALUE_MESSAGE : checked.message };
}

export function toResetRule(row: repo.ResetRuleRow): ResetRule {
  return {
    id: row.id,
    partner: { id: row.partner_id, name: row.partner_name },
    name: row.name,
    detail: row.detail,
    category: { id: row.category_id, name: row.category_name },
    type: row.type,
    workItem: row.work_item_id ? { id: row.work_item_id, name: row.work_item_name ?? '' } : null,
    checklist: row.checklist_id ? { id: row.checklist_id, name: row.checklist_name ?? '' } : null,
    property: row.property,
    propertyName: row.property_name,
    propertyValue: row.property_value,
    remindBeforeReset: row.remind_before_reset,
    remindBefore: row.remind_before === null ? null : Number(row.remind_before),
    timerCount: Number(row.timer_count),
    groupCount: Number(row.group_count),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

const audited = (r: ResetRule) => ({
  partnerId: r.partner.id,
  name: r.name,
  detail: r.detail,
  categoryId: r.category.id,
  type: r.type,
  workItemId: r.workItem?.id ?? null,
  checklistId: r.checklist?.id ?? null,
  property: r.property,
  propertyValue: r.propertyValue,
  remindBeforeReset: r.remindBeforeReset,
  remindBefore: r.remindBefore,
});

/** Whether the thresholds of running cycles depend on what changed. */
const remindChanged = (a: repo.ResetRuleValues, b: repo.ResetRuleValues) =>
  a.remindBeforeReset !== b.remindBeforeReset || a.remindBefore !== b.remindBefore;

/** The rule's fields with those of other types cleared (a manual rule names no work item). */
function normalized(v: repo.ResetRuleValues): repo.ResetRuleValues {
  return {
    ...v,
    workItemId: v.type === 'checklistRecord' ? v.workItemId : null,
    checklistId: v.type === 'checklistRecord' ? v.checklistId : null,
    property: v.type === 'assetProperty' ? v.property : null,
    propertyValue: v.type === 'assetProperty' ? v.propertyValue : null,
    remindBefore: v.remindBeforeReset ? v.remindBefore : null,
  };
}

export function createResetRuleService(deps: { db: Db }) {
  const { db } = deps;

  async function visible(tx: DbOrTx, caller: Caller, id: string, lock?: 'update') {
    const row = await repo.get(tx, caller.scope, id, lock);
    if (!row) throw refuse('ResetRuleNotFound', 404);
    return row;
  }

  async function checkName(tx: DbOrTx, caller: Caller, partnerId: string, name: string, exceptId?: string) {
    if (await repo.liveNameTaken(tx, caller.scope, partnerId, name, exceptId)) {
      throw refuse('ResetRuleNameAlreadyExists', 409, {
        fields: { name: 'A reset rule of this partner already has this name' },
      });
    }
  }

  /**
   * What the rule watches must be usable by its partner: a live work item or checklist of the same partner (422
   * WorkItemNotFound / ChecklistNotFound on the field), a built-in field with one of its values or a custom property
   * of the rule's category with a value of its type (400 on the field). Answers the values to store.
   */
  async function checked(
    tx: DbOrTx,
    caller: Caller,
    of: { partnerId: string; categoryId: string },
    v: repo.ResetRuleValues,
  ): Promise<repo.ResetRuleValues> {
    const values = normalized(v);
    if (values.type === 'checklistRecord') {
      if (!values.workItemId === !values.checklistId) {
        throw validationError({ workItemId: 'Please choose a work item or a checklist' });
      }
      if (values.workItemId && !(await repo.liveWorkItemOf(tx, caller.scope, of.partnerId, values.workItemId))) {
        throw new DomainError('WorkItemNotFound', 422, CHECKLIST_ERRORS.WorkItemNotFound, {
          fields: { workItemId: CHECKLIST_ERRORS.WorkItemNotFound },
        });
      }
      if (values.checklistId && !(await repo.liveChecklistOf(tx, caller.scope, of.partnerId, values.checklistId))) {
        throw new DomainError('ChecklistNotFound', 422, CHECKLIST_ERRORS.ChecklistNotFound, {
          fields: { checklistId: CHECKLIST_ERRORS.ChecklistNotFound },
        });
      }
    }
    if (values.type === 'assetProperty') {
      const property = values.property ?? '';
      const raw = values.propertyValue ?? '';
      if (!property) throw validationError({ property: 'Please choose a property' });
      if (!raw) throw validationError({ propertyValue: 'Please enter a value' });
      if (isBuiltIn(property)) {
        if (!builtInValues[property].includes(raw)) throw validationError({ propertyValue: NOT_A_VALUE_MESSAGE });
      } else {
        const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(property);
        const definition = uuid ? await repo.propertyOf(tx, of.categoryId, property.toLowerCase()) : undefined;
        if (!definition) throw validationError({ property: UNKNOWN_PROPERTY_MESSAGE });
        const stored = storedValueOf(definition.valueType, raw);
        if (!stored.ok) throw validationError({ propertyValue: stored.message });
        values.property = definition.id;
        values.propertyValue = stored.value;
      }
    }
    return values;
  }

  return {
    async list(caller: Caller, query: ResetRuleListQuery): Promise<{ data: ResetRule[]; count: number }> {
      for (const partnerId of query.partnerIdIn ?? []) assertPartnerInScope(caller.scope, partnerId);
      const { rows, count } = await repo.list(db, caller.scope, query);
      return { data: rows.map(toResetRule), count };
    },

    get: async (caller: Caller, id: string): Promise<ResetRule> => toResetRule(await visible(db, caller, id)),

    async create(caller: Caller, input: ResetRuleInput): Promise<ResetRule> {
      assertPartnerInScope(caller.scope, input.partnerId);
      const id = randomUUID();
      return uniquely(() =>
        db.transaction(async (tx) => {
          if (!(await repo.partnerExists(tx, caller.scope, input.partnerId))) throw partnerNotFound();
          if (!(await categoryExists(tx, input.categoryId)))
            throw validationError({ categoryId: 'Unknown asset category' });
          const values = await checked(tx, caller, input, {
            name: input.name,
            detail: textOrNull(input.detail),
            type: input.type,
            workItemId: input.workItemId ?? null,
            checklistId: input.checklistId ?? null,
            property: input.property ?? null,
            propertyValue: input.propertyValue ?? null,
            remindBeforeReset: input.remindBeforeReset,
            remindBefore: input.remindBefore ?? null,
          });
          await checkName(tx, caller, input.partnerId, input.name);
          await repo.insert(tx, caller.scope, id, {
            partnerId: input.partnerId,
            categoryId: input.categoryId,
            ...values,
          });
          const created = toResetRule((await repo.get(tx, caller.scope, id)) as repo.ResetRuleRow);
          await logChange(tx, caller, 'reset-rule', id, null, audited(created));
          return created;
        }),
      );
    },

    /**
     * Changes a rule; it applies to resets from now on. A changed remind-before moves the upcoming threshold of
     * every running cycle of the groups using it, in this transaction.
     */
    async update(caller: Caller, id: string, patch: ResetRulePatch): Promise<ResetRule> {
      return uniquely(() =>
        db.transaction(async (tx) => {
          const row = await visible(tx, caller, id, 'update');
          const before = toResetRule(row);
          const current: repo.ResetRuleValues = {
            name: row.name,
            detail: row.detail,
            type: row.type,
            workItemId: row.work_item_id,
            checklistId: row.checklist_id,
            property: row.property,
            propertyValue: row.property_value,
            remindBeforeReset: row.remind_before_reset,
            remindBefore: before.remindBefore,
          };
          // A checklist-record rule names one of the two: a patch naming either replaces the pair.
          const pair =
            patch.workItemId !== undefined || patch.checklistId !== undefined
              ? { workItemId: patch.workItemId ?? null, checklistId: patch.checklistId ?? null }
              : { workItemId: current.workItemId, checklistId: current.checklistId };
          const merged: repo.ResetRuleValues = {
            name: patch.name ?? current.name,
            detail: patch.detail !== undefined ? textOrNull(patch.detail) : current.detail,
            type: patch.type ?? current.type,
            ...pair,
            property: patch.property !== undefined ? patch.property : current.property,
            propertyValue: patch.propertyValue !== undefined ? patch.propertyValue : current.propertyValue,
            remindBeforeReset: patch.remindBeforeReset ?? current.remindBeforeReset,
            remindBefore: patch.remindBefore !== undefined ? patch.remindBefore : current.remindBefore,
          };
          if (merged.remindBeforeReset && merged.remindBefore == null) {
            throw validationError({ remindBefore: 'Please enter a number' });
          }
          const values = await checked(tx, caller, { partnerId: row.partner_id, categoryId: row.category_id }, merged);
          if (patch.name !== undefined) await checkName(tx, caller, row.partner_id, patch.name, id);
          await repo.update(tx, caller.scope, id, values);
          if (remindChanged(normalized(current), values)) {
            for (const groupId of await repo.groupIdsUsing(tx, caller.scope, id)) {
              await recomputeCycles(tx, '*', { groupId });
            }
          }
          const after = toResetRule((await repo.get(tx, caller.scope, id)) as repo.ResetRuleRow);
          await logChange(tx, caller, 'reset-rule', id, audited(before), audited(after));
          return after;
        }),
      );
    },

    /** Deletes a rule no live timer offers and no live group uses (409 ResetRuleInUse). */
    async remove(caller: Caller, id: string): Promise<null> {
      await db.transaction(async (tx) => {
        const row = await visible(tx, caller, id, 'update');
        const before = toResetRule(row);
        if (before.timerCount > 0 || before.groupCount > 0) {
          throw refuse('ResetRuleInUse', 409, { timers: before.timerCount, groups: before.groupCount });
        }
        await repo.softDelete(tx, caller.scope, id);
        await logChange(tx, caller, 'reset-rule', id, audited(before), null);
      });
      return null;
    },
  };
}

export type ResetRuleService = ReturnType<typeof createResetRuleService>;
