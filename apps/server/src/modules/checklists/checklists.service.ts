import { randomUUID } from 'node:crypto';
import {
  CHECKLIST_ERRORS,
  CHECKLIST_GROUP_WORK_ITEMS_MAX,
  CHECKLIST_GROUPS_MAX,
  type Checklist,
  type ChecklistInput,
  type ChecklistListQuery,
  type ChecklistPatch,
  type ChecklistSummary,
  type WorkItemGroupInput,
  type WorkItemGroupPatch,
} from '@fleetdesk/contracts';
import type { FileStorage } from '../../adapters/storage.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as repo from './checklists.repo.ts';
import { partnerNotFound, refuse, repeatedNames, storeWorkshopImage, uniquely } from './refusals.ts';
import { toChecklistSummary } from './shapes.ts';
import * as workItems from './work-items.repo.ts';

const textOrNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v);

type GroupColumns = Omit<repo.GroupValues, 'checklistId'>;

function groupValues(input: Omit<WorkItemGroupPatch, 'position'>): Partial<GroupColumns> {
  const values: Partial<GroupColumns> = {};
  if (input.name !== undefined) values.name = input.name;
  if ('description' in input) values.description = textOrNull(input.description);
  if (input.isRequired !== undefined) values.isRequired = input.isRequired;
  if (input.isAllWorkItemsRequired !== undefined) values.isAllWorkItemsRequired = input.isAllWorkItemsRequired;
  if (input.workItemIdList !== undefined) values.workItemIds = input.workItemIdList;
  return values;
}

function checklistValues(input: ChecklistPatch): Partial<repo.ChecklistValues> {
  const values: Partial<repo.ChecklistValues> = {};
  if (input.name !== undefined) values.name = input.name;
  if ('description' in input) values.description = textOrNull(input.description);
  if (input.assetCategoryScope !== undefined) values.assetCategoryIds = [...new Set(input.assetCategoryScope)];
  if (input.basicCostAmount !== undefined) values.basicCostAmount = input.basicCostAmount;
  if ('assetLifeCyclePreferTo' in input) values.assetLifeCyclePreferTo = input.assetLifeCyclePreferTo ?? null;
  return values;
}

/** What the field log records: the checklist's own fields and its groups in order (items by id). */
const audited = (c: Checklist) => ({
  partnerId: c.partner.id,
  name: c.name,
  description: c.description,
  assetCategoryIds: c.assetCategoryScope.map((s) => s.id),
  basicCostAmount: c.basicCostAmount,
  assetLifeCyclePreferTo: c.assetLifeCyclePreferTo,
  status: c.status,
  workItemGroups: c.workItemGroups.map(({ workItems: _w, position: _p, ...group }) => group),
});

/** Moves `id` to `position` (clamped to the list) and returns the whole order. */
export function moved(ids: readonly string[], id: string, position: number): string[] {
  const rest = ids.filter((other) => other !== id);
  const at = Math.max(0, Math.min(position, rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}

export function createChecklistService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  /** A checklist the caller may see: ChecklistNotFound (404) when absent or of a partner outside the scope, alike. */
  async function visible(tx: DbOrTx, caller: Caller, id: string): Promise<Checklist> {
    const found = await repo.getForRecord(tx, caller.scope, id);
    if (!found) throw refuse('ChecklistNotFound', 404);
    return found;
  }

  function groupOf(checklist: Checklist, groupId: string) {
    const group = checklist.workItemGroups.find((g) => g.id === groupId);
    if (!group) throw refuse('ChecklistWorkItemGroupNotFound', 404);
    return group;
  }

  /**
   * The groups' work item lists: at most CHECKLIST_GROUP_WORK_ITEMS_MAX each (WorkItemExceedLimit), no item twice
   * in a group, and every item a live one of the checklist's partner (400 on the item's field otherwise).
   */
  async function checkWorkItems(
    tx: DbOrTx,
    caller: Caller,
    partnerId: string,
    groups: { prefix: string; workItemIdList?: readonly string[] | undefined }[],
  ) {
    for (const { prefix, workItemIdList } of groups) {
      if ((workItemIdList?.length ?? 0) > CHECKLIST_GROUP_WORK_ITEMS_MAX) {
        throw refuse('WorkItemExceedLimit', 422, {
          max: CHECKLIST_GROUP_WORK_ITEMS_MAX,
          field: `${prefix}workItemIdList`,
        });
      }
    }
    const live = await workItems.liveItemIdsOf(
      tx,
      caller.scope,
      partnerId,
      groups.flatMap((g) => g.workItemIdList ?? []),
    );
    const fields: Record<string, string> = {};
    for (const { prefix, workItemIdList } of groups) {
      const seen = new Set<string>();
      for (const [index, itemId] of (workItemIdList ?? []).entries()) {
        const field = `${prefix}workItemIdList.${index}`;
        if (!live.has(itemId)) fields[field] = CHECKLIST_ERRORS.WorkItemNotFound;
        else if (seen.has(itemId)) fields[field] = 'The work item is listed twice in the group';
        seen.add(itemId);
      }
    }
    if (Object.keys(fields).length > 0) throw validationError(fields);
  }

  async function checkCategories(tx: DbOrTx, ids: readonly string[] | undefined) {
    if (!ids) return;
    const existing = await repo.existingCategoryIds(tx, ids);
    const fields: Record<string, string> = {};
    for (const [index, id] of ids.entries()) {
      if (!existing.has(id)) fields[`assetCategoryScope.${index}`] = 'Unknown asset category';
    }
    if (Object.keys(fields).length > 0) throw validationError(fields);
  }

  async function checkName(tx: DbOrTx, caller: Caller, partnerId: string, name: string, exceptId?: string) {
    if (await repo.liveNameTaken(tx, caller.scope, partnerId, name, exceptId)) {
      throw refuse('ChecklistNameAlreadyExists', 409);
    }
  }

  function checkGroupName(checklist: Checklist, name: string, exceptId?: string) {
    const taken = checklist.workItemGroups.some(
      (g) => g.id !== exceptId && g.name.toLowerCase() === name.toLowerCase(),
    );
    if (taken) throw refuse('ChecklistWorkItemGroupNameAlreadyExists', 409);
  }

  /** One change to one visible checklist (its groups included), with its field log, in one transaction. */
  function change(caller: Caller, id: string, apply: (tx: DbOrTx, checklist: Checklist) => Promise<void>) {
    return uniquely(() =>
      db.transaction(async (tx) => {
        await repo.lock(tx, caller.scope, id);
        const before = await visible(tx, caller, id);
        await apply(tx, before);
        await repo.update(tx, caller.scope, id, {});
        const after = await visible(tx, caller, id);
        await logChange(tx, caller, 'checklist', id, audited(before), audited(after));
        return after;
      }),
    );
  }

  /** Stores a group image after the group is found (its bytes are judged only then). */
  async function groupImage(caller: Caller, id: string, groupId: string, content: Buffer) {
    groupOf(await visible(db, caller, id), groupId);
    return storeWorkshopImage(storage, content, randomUUID());
  }

  return {
    async list(caller: Caller, query: ChecklistListQuery): Promise<{ data: ChecklistSummary[]; count: number }> {
      for (const partnerId of query.partnerIdIn ?? []) assertPartnerInScope(caller.scope, partnerId);
      const { rows, count } = await repo.list(db, caller.scope, query);
      const names = await repo.categoryNames(
        db,
        rows.flatMap((r) => r.checklist.assetCategoryIds),
      );
      return { data: rows.map((r) => toChecklistSummary(r, names)), count };
    },

    get: (caller: Caller, id: string): Promise<Checklist> => visible(db, caller, id),

    /** Creates a checklist with its groups (in order) for a partner in scope. */
    async create(caller: Caller, input: ChecklistInput): Promise<Checklist> {
      assertPartnerInScope(caller.scope, input.partnerId);
      const groups = input.workItemGroups ?? [];
      if (groups.length > CHECKLIST_GROUPS_MAX) {
        throw validationError({ workItemGroups: `A checklist holds at most ${CHECKLIST_GROUPS_MAX} groups` });
      }
      const repeated = repeatedNames(
        groups.map((g) => g.name),
        (i) => `workItemGroups.${i}.name`,
      );
      if (Object.keys(repeated).length > 0) {
        throw refuse('ChecklistWorkItemGroupNameAlreadyExists', 409, { fields: repeated });
      }
      const id = randomUUID();
      return uniquely(() =>
        db.transaction(async (tx) => {
          if (!(await workItems.partnerExists(tx, caller.scope, input.partnerId))) throw partnerNotFound();
          await checkCategories(tx, input.assetCategoryScope);
          await checkWorkItems(
            tx,
            caller,
            input.partnerId,
            groups.map((g, i) => ({ prefix: `workItemGroups.${i}.`, workItemIdList: g.workItemIdList })),
          );
          await checkName(tx, caller, input.partnerId, input.name);
          await repo.insert(
            tx,
            caller.scope,
            id,
            { partnerId: input.partnerId, status: 'Inuse', ...checklistValues(input) } as repo.ChecklistValues,
            groups.map((group, position) => ({
              id: randomUUID(),
              values: { ...groupValues(group), position } as GroupColumns,
            })),
          );
          const created = await visible(tx, caller, id);
          await logChange(tx, caller, 'checklist', id, null, audited(created));
          return created;
        }),
      );
    },

    /** Changes the checklist's own fields; records already made keep their snapshot. */
    update: (caller: Caller, id: string, patch: ChecklistPatch): Promise<Checklist> =>
      change(caller, id, async (tx, checklist) => {
        await checkCategories(tx, patch.assetCategoryScope);
        if (patch.name !== undefined && checklist.status === 'Inuse') {
          await checkName(tx, caller, checklist.partner.id, patch.name, id);
        }
        await repo.update(tx, caller.scope, id, checklistValues(patch));
      }),

    /** Archives a checklist (no record changes: they keep their snapshot); archiving again changes nothing. */
    archive: (caller: Caller, id: string): Promise<Checklist> =>
      change(caller, id, async (tx, checklist) => {
        if (checklist.status === 'Deleted') return;
        await repo.update(tx, caller.scope, id, { status: 'Deleted' });
      }),

    /** Adds a group at the end (at most CHECKLIST_GROUPS_MAX groups). */
    addGroup: (caller: Caller, id: string, input: WorkItemGroupInput): Promise<Checklist> =>
      change(caller, id, async (tx, checklist) => {
        if (checklist.workItemGroups.length >= CHECKLIST_GROUPS_MAX) {
          throw validationError({ workItemGroups: `A checklist holds at most ${CHECKLIST_GROUPS_MAX} groups` });
        }
        checkGroupName(checklist, input.name);
        await checkWorkItems(tx, caller, checklist.partner.id, [{ prefix: '', workItemIdList: input.workItemIdList }]);
        const position = checklist.workItemGroups.length;
        await repo.insertGroup(tx, caller.scope, id, randomUUID(), { ...groupValues(input), position } as GroupColumns);
      }),

    /** Changes a group; `position` moves it and renumbers the others. */
    updateGroup: (caller: Caller, id: string, groupId: string, patch: WorkItemGroupPatch): Promise<Checklist> =>
      change(caller, id, async (tx, checklist) => {
        groupOf(checklist, groupId);
        if (patch.name !== undefined) checkGroupName(checklist, patch.name, groupId);
        if (patch.workItemIdList !== undefined) {
          await checkWorkItems(tx, caller, checklist.partner.id, [
            { prefix: '', workItemIdList: patch.workItemIdList },
          ]);
        }
        const { position, ...fields } = patch;
        await repo.updateGroup(tx, caller.scope, id, groupId, groupValues(fields));
        if (position !== undefined) {
          const order = moved(
            checklist.workItemGroups.map((g) => g.id),
            groupId,
            position,
          );
          await repo.renumberGroups(tx, caller.scope, id, order);
        }
      }),

    /** Removes a group; the ones after it move up. */
    removeGroup: (caller: Caller, id: string, groupId: string): Promise<Checklist> =>
      change(caller, id, async (tx, checklist) => {
        groupOf(checklist, groupId);
        await repo.removeGroup(tx, caller.scope, id, groupId);
        await repo.renumberGroups(
          tx,
          caller.scope,
          id,
          checklist.workItemGroups.flatMap((g) => (g.id === groupId ? [] : [g.id])),
        );
      }),

    async uploadGroupImage(caller: Caller, id: string, groupId: string, content: Buffer): Promise<Checklist> {
      const imageUrl = await groupImage(caller, id, groupId, content);
      return change(caller, id, async (tx, checklist) => {
        groupOf(checklist, groupId);
        await repo.updateGroup(tx, caller.scope, id, groupId, { imageUrl });
      });
    },

    removeGroupImage: (caller: Caller, id: string, groupId: string): Promise<Checklist> =>
      change(caller, id, async (tx, checklist) => {
        groupOf(checklist, groupId);
        await repo.updateGroup(tx, caller.scope, id, groupId, { imageUrl: null });
      }),
  };
}

export type ChecklistService = ReturnType<typeof createChecklistService>;
