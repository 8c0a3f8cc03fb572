import {
  type AssetLifeCycleState,
  type Checklist,
  type ChecklistInput,
  type ChecklistPatch,
  checklistInput,
  type WorkItemGroupInput,
  type WorkItemGroupPatch,
  workItemGroupInput,
} from '@fleetdesk/contracts';
import { changedText, omitBlank } from '../../../shared/omit-blank.ts';
import { type FieldError, zodIssuesToFieldErrors } from '../../../shared/ui/form-errors.ts';
import type { ImageChoice } from '../../work-items/components/image-choice.ts';

/** Step 1 of the form: the checklist's own fields. */
export interface ChecklistBasicValues {
  partnerId?: string;
  name?: string;
  description?: string;
  assetCategoryScope: string[];
  basicCostAmount?: number | null;
  assetLifeCyclePreferTo?: AssetLifeCycleState | null;
}

/** Step 2: one work item group. `key` follows the group through drags and edits (its id once stored). */
export interface GroupRow {
  key: string;
  id?: string;
  name: string;
  description: string;
  isRequired: boolean;
  isAllWorkItemsRequired: boolean;
  workItemIdList: string[];
  imageUrl?: string | null;
  image?: ImageChoice;
}

let nextKey = 0;
/** A key for a group not stored yet. */
export const newGroupKey = () => `new-${++nextKey}`;

export const emptyGroup = (): GroupRow => ({
  key: newGroupKey(),
  name: '',
  description: '',
  isRequired: true,
  isAllWorkItemsRequired: false,
  workItemIdList: [],
});

export const newChecklistValues = (): ChecklistBasicValues => ({ assetCategoryScope: [], basicCostAmount: 0 });

/** A stored checklist as the form's two parts (null text as empty, so an untouched field compares equal). */
export function checklistToValues(checklist: Checklist): { basic: ChecklistBasicValues; groups: GroupRow[] } {
  return {
    basic: {
      partnerId: checklist.partner.id,
      name: checklist.name,
      description: checklist.description ?? '',
      assetCategoryScope: checklist.assetCategoryScope.map((c) => c.id),
      basicCostAmount: checklist.basicCostAmount,
      assetLifeCyclePreferTo: checklist.assetLifeCyclePreferTo,
    },
    groups: [...checklist.workItemGroups]
      .sort((a, b) => a.position - b.position)
      .map((g) => ({
        key: g.id,
        id: g.id,
        name: g.name,
        description: g.description ?? '',
        isRequired: g.isRequired,
        isAllWorkItemsRequired: g.isAllWorkItemsRequired,
        workItemIdList: [...g.workItemIdList],
        imageUrl: g.imageUrl,
      })),
  };
}

/** A group as the body of POST …/workItemGroups (or inside the create call): blank text absent (§7.9). */
export function groupInput(row: GroupRow): WorkItemGroupInput {
  return omitBlank({
    name: row.name,
    description: row.description,
    isRequired: row.isRequired,
    isAllWorkItemsRequired: row.isAllWorkItemsRequired,
    workItemIdList: row.workItemIdList,
  }) as WorkItemGroupInput;
}

function basicBody(basic: ChecklistBasicValues) {
  return omitBlank({
    partnerId: basic.partnerId,
    name: basic.name,
    description: basic.description,
    assetCategoryScope: basic.assetCategoryScope,
    basicCostAmount: basic.basicCostAmount ?? undefined,
    assetLifeCyclePreferTo: basic.assetLifeCyclePreferTo ?? null,
  });
}

/** The create body (POST /checklist/checklists): the checklist with its groups in the order shown. */
export function checklistCreateBody(basic: ChecklistBasicValues, groups: GroupRow[]): ChecklistInput {
  return { ...basicBody(basic), workItemGroups: groups.map(groupInput) } as ChecklistInput;
}

const basicSchema = checklistInput.omit({ workItemGroups: true });

/** Step 1 checked with the contract; errors name the form's fields. */
export function basicErrors(basic: ChecklistBasicValues): FieldError[] {
  const parsed = basicSchema.safeParse(basicBody(basic));
  return parsed.success ? [] : zodIssuesToFieldErrors(parsed.error.issues).fields;
}

/** One group checked with the contract (name, items …). */
export function groupErrors(row: GroupRow): FieldError[] {
  const parsed = workItemGroupInput.safeParse(groupInput(row));
  return parsed.success ? [] : zodIssuesToFieldErrors(parsed.error.issues).fields;
}

/** The groups moved: `from` taken out and put at `to` (both indexes of the list as shown). */
export function moveGroup<T>(groups: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= groups.length || to >= groups.length) return [...groups];
  const next = [...groups];
  const [moved] = next.splice(from, 1) as [T];
  next.splice(to, 0, moved);
  return next;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v) => b.includes(v));

/** What an edit changes, as the calls the API takes, in the order they must run. */
export interface ChecklistSavePlan {
  patch: ChecklistPatch | null;
  removeGroupIds: string[];
  updateGroups: { id: string; key: string; body: WorkItemGroupPatch }[];
  /** Added at the end of the checklist, in form order. */
  addGroups: { key: string; body: WorkItemGroupInput }[];
  /**
   * Then each move puts a group at a position (0 first) as the server does it (taken out, put back at the index),
   * so that after the last one the order is the form's. A new group is named by its key: its id is known only
   * once it is added.
   */
  moves: { key: string; position: number }[];
}

/** The moves that turn `current` into `target` (same keys), one PATCH position per group out of place. */
export function movesBetween(current: readonly string[], target: readonly string[]) {
  let order = [...current];
  const moves: { key: string; position: number }[] = [];
  target.forEach((key, position) => {
    if (order[position] === key) return;
    order = moveGroup(order, order.indexOf(key), position);
    moves.push({ key, position });
  });
  return moves;
}

function groupPatch(before: Checklist['workItemGroups'][number], row: GroupRow): WorkItemGroupPatch {
  return {
    ...(row.name !== before.name ? { name: row.name } : {}),
    ...changedText('description', before.description, row.description),
    ...(row.isRequired !== before.isRequired ? { isRequired: row.isRequired } : {}),
    ...(row.isAllWorkItemsRequired !== before.isAllWorkItemsRequired
      ? { isAllWorkItemsRequired: row.isAllWorkItemsRequired }
      : {}),
    ...(sameList(row.workItemIdList, before.workItemIdList) ? {} : { workItemIdList: row.workItemIdList }),
  };
}

/** Compares the stored checklist with the edited form: the checklist PATCH and the group calls. */
export function checklistSavePlan(
  stored: Checklist,
  basic: ChecklistBasicValues,
  groups: GroupRow[],
): ChecklistSavePlan {
  const storedLifeCycle = stored.assetLifeCyclePreferTo;
  const nextLifeCycle = basic.assetLifeCyclePreferTo ?? null;
  const patch: ChecklistPatch = {
    ...(basic.name !== stored.name ? { name: basic.name } : {}),
    ...changedText('description', stored.description, basic.description),
    ...(sameSet(
      basic.assetCategoryScope,
      stored.assetCategoryScope.map((c) => c.id),
    )
      ? {}
      : { assetCategoryScope: basic.assetCategoryScope }),
    ...(basic.basicCostAmount !== stored.basicCostAmount
      ? { basicCostAmount: basic.basicCostAmount ?? undefined }
      : {}),
    ...(nextLifeCycle !== storedLifeCycle ? { assetLifeCyclePreferTo: nextLifeCycle } : {}),
  };
  const storedGroups = [...stored.workItemGroups].sort((a, b) => a.position - b.position);
  const keptIds = new Set(groups.flatMap((g) => (g.id ? [g.id] : [])));
  const plan: ChecklistSavePlan = {
    patch: Object.keys(patch).length > 0 ? patch : null,
    removeGroupIds: storedGroups.filter((g) => !keptIds.has(g.id)).map((g) => g.id),
    updateGroups: [],
    addGroups: [],
    moves: [],
  };
  for (const row of groups) {
    const before = row.id ? storedGroups.find((g) => g.id === row.id) : undefined;
    if (!before) {
      plan.addGroups.push({ key: row.key, body: groupInput(row) });
      continue;
    }
    const body = groupPatch(before, row);
    if (Object.keys(body).length > 0) plan.updateGroups.push({ id: before.id, key: row.key, body });
  }
  const afterCalls = [
    ...storedGroups.filter((g) => keptIds.has(g.id)).map((g) => g.id),
    ...plan.addGroups.map((g) => g.key),
  ];
  plan.moves = movesBetween(
    afterCalls,
    groups.map((g) => g.id ?? g.key),
  );
  return plan;
}

export const planIsEmpty = (plan: ChecklistSavePlan) =>
  plan.patch === null &&
  plan.removeGroupIds.length === 0 &&
  plan.updateGroups.length === 0 &&
  plan.addGroups.length === 0 &&
  plan.moves.length === 0;

/** The stored group a form row became: its id, or the group of that name (names are unique in a checklist). */
export function groupIdOf(saved: Checklist, row: Pick<GroupRow, 'id' | 'name'>): string | undefined {
  return row.id ?? saved.workItemGroups.find((g) => g.name === row.name.trim())?.id;
}
