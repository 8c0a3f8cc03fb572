import { randomUUID } from 'node:crypto';
import {
  WORK_ITEM_OPTIONS_MAX,
  type WorkItem,
  type WorkItemInput,
  type WorkItemListQuery,
  type WorkItemOptionInput,
  type WorkItemOptionPatch,
  type WorkItemPatch,
} from '@fleetdesk/contracts';
import type { FileStorage } from '../../adapters/storage.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Caller } from '../../lib/caller.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import { logChange } from '../audit/audit.repo.ts';
import { partnerNotFound, refuse, repeatedNames, storeWorkshopImage, uniquely } from './refusals.ts';
import { toWorkItem } from './shapes.ts';
import * as repo from './work-items.repo.ts';

/** Blank text is no text: the console omits it, an API client may send "" (document 1 §7.9). */
const textOrNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v);

/** The option columns a patch sets; only the keys present. Price null or absent on create: recorded only. */
function optionValues(input: WorkItemOptionPatch): Partial<Omit<repo.WorkItemOptionValues, 'workItemId'>> {
  const values: Partial<Omit<repo.WorkItemOptionValues, 'workItemId'>> = {};
  if (input.type !== undefined) values.type = input.type;
  if (input.name !== undefined) values.name = input.name;
  if (input.costAmount !== undefined) values.costAmount = input.costAmount;
  if ('price' in input) values.price = input.price ?? null;
  if ('description' in input) values.description = textOrNull(input.description);
  if ('sku' in input) values.sku = textOrNull(input.sku);
  return values;
}

function itemValues(input: WorkItemPatch): Partial<repo.WorkItemValues> {
  const values: Partial<repo.WorkItemValues> = {};
  if (input.name !== undefined) values.name = input.name;
  if ('description' in input) values.description = textOrNull(input.description);
  if (input.resultMode !== undefined) values.resultMode = input.resultMode;
  return values;
}

/** What the field log records: the stored fields and the options, names of linked objects left out. */
const audited = (w: WorkItem) => ({
  partnerId: w.partner.id,
  name: w.name,
  description: w.description,
  imageUrl: w.imageUrl,
  resultMode: w.resultMode,
  status: w.status,
  options: w.options.map(({ position: _p, ...option }) => option),
});

export function createWorkItemService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  /** A work item the caller may see: WorkItemNotFound (404) when absent or of a partner outside the scope, alike. */
  async function visible(tx: DbOrTx, caller: Caller, id: string) {
    const row = await repo.get(tx, caller.scope, id);
    if (!row) throw refuse('WorkItemNotFound', 404);
    return row;
  }

  function optionOf(row: repo.WorkItemRow, optionId: string) {
    const option = row.options.find((o) => o.id === optionId);
    if (!option) throw refuse('WorkItemOptionNotFound', 404);
    return option;
  }

  /** One change to one visible item (its options included), with its field log, in one transaction. */
  function change(caller: Caller, id: string, apply: (tx: DbOrTx, row: repo.WorkItemRow) => Promise<void>) {
    return uniquely(() =>
      db.transaction(async (tx) => {
        // One change of an item at a time (option positions, the archive's count of checklists using it).
        await repo.lock(tx, caller.scope, id);
        const row = await visible(tx, caller, id);
        const before = toWorkItem(row);
        await apply(tx, row);
        await repo.touch(tx, caller.scope, id);
        const after = toWorkItem((await repo.get(tx, caller.scope, id)) as repo.WorkItemRow);
        await logChange(tx, caller, 'work-item', id, audited(before), audited(after));
        return after;
      }),
    );
  }

  async function checkItemName(tx: DbOrTx, caller: Caller, partnerId: string, name: string, exceptId?: string) {
    if (await repo.liveNameTaken(tx, caller.scope, partnerId, name, exceptId)) {
      throw refuse('WorkItemNameAlreadyExists', 409);
    }
  }

  async function checkOptionName(tx: DbOrTx, caller: Caller, itemId: string, name: string, exceptId?: string) {
    if (await repo.optionNameTaken(tx, caller.scope, itemId, name, exceptId)) {
      throw refuse('WorkItemOptionNameAlreadyExists', 409);
    }
  }

  /** Stores the image first (its bytes judged after the item is found), then points `apply` at it. */
  async function withImage(caller: Caller, id: string, content: Buffer, check: (row: repo.WorkItemRow) => void) {
    check(await visible(db, caller, id));
    return storeWorkshopImage(storage, content, randomUUID());
  }

  return {
    async list(caller: Caller, query: WorkItemListQuery): Promise<{ data: WorkItem[]; count: number }> {
      for (const partnerId of query.partnerIdIn ?? []) assertPartnerInScope(caller.scope, partnerId);
      const { rows, count } = await repo.list(db, caller.scope, query);
      return { data: rows.map(toWorkItem), count };
    },

    get: async (caller: Caller, id: string): Promise<WorkItem> => toWorkItem(await visible(db, caller, id)),

    /** Creates an item with its options (in order) for a partner in scope. */
    async create(caller: Caller, input: WorkItemInput): Promise<WorkItem> {
      assertPartnerInScope(caller.scope, input.partnerId);
      const options = input.options ?? [];
      if (options.length > WORK_ITEM_OPTIONS_MAX)
        throw refuse('OptionsExceedLimit', 422, { max: WORK_ITEM_OPTIONS_MAX });
      const repeated = repeatedNames(
        options.map((o) => o.name),
        (i) => `options.${i}.name`,
      );
      if (Object.keys(repeated).length > 0) throw refuse('WorkItemOptionNameAlreadyExists', 409, { fields: repeated });
      const id = randomUUID();
      return uniquely(() =>
        db.transaction(async (tx) => {
          if (!(await repo.partnerExists(tx, caller.scope, input.partnerId))) throw partnerNotFound();
          await checkItemName(tx, caller, input.partnerId, input.name);
          await repo.insert(
            tx,
            caller.scope,
            id,
            { partnerId: input.partnerId, status: 'Inuse', ...itemValues(input) } as repo.WorkItemValues,
            options.map((option, position) => ({
              id: randomUUID(),
              values: { price: null, ...optionValues(option), position } as Omit<
                repo.WorkItemOptionValues,
                'workItemId'
              >,
            })),
          );
          const created = toWorkItem((await repo.get(tx, caller.scope, id)) as repo.WorkItemRow);
          await logChange(tx, caller, 'work-item', id, null, audited(created));
          return created;
        }),
      );
    },

    /** Changes the item's own fields; a new name must be free among the partner's live items. */
    update: (caller: Caller, id: string, patch: WorkItemPatch): Promise<WorkItem> =>
      change(caller, id, async (tx, row) => {
        if (patch.name !== undefined && row.item.status === 'Inuse') {
          await checkItemName(tx, caller, row.item.partnerId, patch.name, id);
        }
        await repo.update(tx, caller.scope, id, itemValues(patch));
      }),

    /** Archives an item no live checklist lists (422 WorkItemInUsed); archiving an archived item changes nothing. */
    archive: (caller: Caller, id: string): Promise<WorkItem> =>
      change(caller, id, async (tx, row) => {
        if (row.item.status === 'Deleted') return;
        if (row.usedByChecklists > 0) throw refuse('WorkItemInUsed', 422, { checklists: row.usedByChecklists });
        await repo.update(tx, caller.scope, id, { status: 'Deleted' });
      }),

    async uploadImage(caller: Caller, id: string, content: Buffer): Promise<WorkItem> {
      const imageUrl = await withImage(caller, id, content, () => {});
      return change(caller, id, (tx) => repo.update(tx, caller.scope, id, { imageUrl }));
    },

    removeImage: (caller: Caller, id: string): Promise<WorkItem> =>
      change(caller, id, (tx) => repo.update(tx, caller.scope, id, { imageUrl: null })),

    /** Adds an option at the end (at most WORK_ITEM_OPTIONS_MAX: OptionsExceedLimit). */
    addOption: (caller: Caller, id: string, input: WorkItemOptionInput): Promise<WorkItem> =>
      change(caller, id, async (tx, row) => {
        if (row.options.length >= WORK_ITEM_OPTIONS_MAX) {
          throw refuse('OptionsExceedLimit', 422, { max: WORK_ITEM_OPTIONS_MAX });
        }
        await checkOptionName(tx, caller, id, input.name);
        const position = row.options.reduce((max, o) => Math.max(max, o.position + 1), 0);
        await repo.insertOption(tx, caller.scope, id, randomUUID(), {
          price: null,
          ...optionValues(input),
          position,
        } as Omit<repo.WorkItemOptionValues, 'workItemId'>);
      }),

    /** Changes an option; records already made keep their own copy of it. */
    updateOption: (caller: Caller, id: string, optionId: string, patch: WorkItemOptionPatch): Promise<WorkItem> =>
      change(caller, id, async (tx, row) => {
        optionOf(row, optionId);
        if (patch.name !== undefined) await checkOptionName(tx, caller, id, patch.name, optionId);
        await repo.updateOption(tx, caller.scope, id, optionId, optionValues(patch));
      }),

    removeOption: (caller: Caller, id: string, optionId: string): Promise<WorkItem> =>
      change(caller, id, async (tx, row) => {
        optionOf(row, optionId);
        await repo.removeOption(tx, caller.scope, id, optionId);
      }),

    async uploadOptionImage(caller: Caller, id: string, optionId: string, content: Buffer): Promise<WorkItem> {
      const imageUrl = await withImage(caller, id, content, (row) => optionOf(row, optionId));
      return change(caller, id, async (tx, row) => {
        optionOf(row, optionId);
        await repo.updateOption(tx, caller.scope, id, optionId, { imageUrl });
      });
    },

    removeOptionImage: (caller: Caller, id: string, optionId: string): Promise<WorkItem> =>
      change(caller, id, async (tx, row) => {
        optionOf(row, optionId);
        await repo.updateOption(tx, caller.scope, id, optionId, { imageUrl: null });
      }),
  };
}

export type WorkItemService = ReturnType<typeof createWorkItemService>;
