import {
  type Checklist,
  type ChecklistRecord,
  RECORD_OPTION_QUANTITY_MAX,
  type SubmitDraftBody,
  type WorkItemOptionType,
  type WorkItemResultMode,
} from '@fleetdesk/contracts';

/**
 * The record form's logic apart from its JSX: what a mechanic can fill (the groups of a checklist, or of the draft's
 * own copy), what they filled, the required-item checks the server makes again (ChecklistRecordDraftInvalid), and
 * the `$submitDraft` body made of it.
 */

export interface FormOption {
  id: string;
  type: WorkItemOptionType;
  name: string;
  /** Null: recorded only, not charged. */
  price: number | null;
  sku: string | null;
}
export interface FormWorkItem {
  id: string;
  name: string;
  description: string | null;
  resultMode: WorkItemResultMode;
  options: FormOption[];
}
export interface FormGroup {
  id: string;
  name: string;
  description: string | null;
  isRequired: boolean;
  isAllWorkItemsRequired: boolean;
  workItems: FormWorkItem[];
}

/** What was chosen for one work item: option id → quantity, and a note. */
export interface ItemResult {
  options: Record<string, number>;
  note: string;
}

export interface RecordFormState {
  checklistId: string | null;
  /** Keyed by itemKey(groupId, workItemId): the same work item may sit in two groups. */
  results: Record<string, ItemResult>;
  comment: string;
  /** Null while the field is empty. */
  durationMinutes: number | null;
}

export const itemKey = (groupId: string, workItemId: string) => `${groupId}/${workItemId}`;
const emptyResult: ItemResult = { options: {}, note: '' };
export const resultOf = (state: RecordFormState, groupId: string, workItemId: string): ItemResult =>
  state.results[itemKey(groupId, workItemId)] ?? emptyResult;

/** The groups of a live checklist, as the form shows them. */
export function groupsOfChecklist(checklist: Checklist): FormGroup[] {
  return checklist.workItemGroups.map((group) => ({
    id: group.id,
    name: group.name,
    description: group.description,
    isRequired: group.isRequired,
    isAllWorkItemsRequired: group.isAllWorkItemsRequired,
    workItems: group.workItems.map((item) => ({
      id: item.id,
      name: item.name,
      description: item.description,
      resultMode: item.resultMode,
      options: item.options.map(({ id, type, name, price, sku }) => ({ id, type, name, price, sku })),
    })),
  }));
}

/** The groups of a record's own copy of its checklist (when the live checklist cannot be read). */
export function groupsOfRecord(record: ChecklistRecord): FormGroup[] {
  return record.groups.map((group) => ({
    id: group.id,
    name: group.name,
    description: null,
    isRequired: group.isRequired,
    isAllWorkItemsRequired: group.isAllWorkItemsRequired,
    workItems: group.workItems.map((item) => ({
      id: item.id,
      name: item.name,
      description: null,
      resultMode: item.resultMode,
      options: item.options.map(({ id, type, name, price, sku }) => ({ id, type, name, price, sku })),
    })),
  }));
}

export function emptyFormState(checklistId: string | null = null): RecordFormState {
  return { checklistId, results: {}, comment: '', durationMinutes: null };
}

/** A draft opened again: its checklist, chosen options (quantity > 0), notes, comment and duration. */
export function formStateOfRecord(record: ChecklistRecord): RecordFormState {
  const results: Record<string, ItemResult> = {};
  for (const group of record.groups) {
    for (const item of group.workItems) {
      const options: Record<string, number> = {};
      for (const option of item.options) if (option.quantity > 0) options[option.id] = option.quantity;
      if (Object.keys(options).length > 0 || item.note) {
        results[itemKey(group.id, item.id)] = { options, note: item.note ?? '' };
      }
    }
  }
  return {
    checklistId: record.checklist.id,
    results,
    comment: record.comment ?? '',
    durationMinutes: record.durationMinutes,
  };
}

function withResult(state: RecordFormState, key: string, result: ItemResult): RecordFormState {
  return { ...state, results: { ...state.results, [key]: result } };
}

/** A single-result item: the one option chosen replaces any other. */
export function chooseSingle(state: RecordFormState, groupId: string, workItemId: string, optionId: string | null) {
  const current = resultOf(state, groupId, workItemId);
  return withResult(state, itemKey(groupId, workItemId), {
    ...current,
    options: optionId ? { [optionId]: current.options[optionId] ?? 1 } : {},
  });
}

/** A multiple-result item: an option ticked (quantity 1) or unticked. */
export function toggleOption(
  state: RecordFormState,
  groupId: string,
  workItemId: string,
  optionId: string,
  checked: boolean,
) {
  const current = resultOf(state, groupId, workItemId);
  const { [optionId]: _dropped, ...rest } = current.options;
  return withResult(state, itemKey(groupId, workItemId), {
    ...current,
    options: checked ? { ...current.options, [optionId]: current.options[optionId] ?? 1 } : rest,
  });
}

/** The quantity of a chosen option (three brake pads, two hours); an option not chosen stays unchosen. */
export function setQuantity(
  state: RecordFormState,
  groupId: string,
  workItemId: string,
  optionId: string,
  quantity: number,
) {
  const current = resultOf(state, groupId, workItemId);
  if (!(optionId in current.options)) return state;
  return withResult(state, itemKey(groupId, workItemId), {
    ...current,
    options: { ...current.options, [optionId]: quantity },
  });
}

export function setNote(state: RecordFormState, groupId: string, workItemId: string, note: string) {
  return withResult(state, itemKey(groupId, workItemId), { ...resultOf(state, groupId, workItemId), note });
}

/** Whether a work item has a result: an option chosen, or, for an item without options, a note. */
export function isItemDone(item: FormWorkItem, result: ItemResult): boolean {
  if (Object.keys(result.options).length > 0) return true;
  return item.options.length === 0 && result.note.trim() !== '';
}

export type GroupProblem = 'groupRequired' | 'allItemsRequired';
export type ItemProblem = 'itemRequired' | 'singleChoice' | 'quantity';
export type FieldProblem = 'durationRequired' | 'durationRange' | 'checklistRequired';
export interface FormProblems {
  groups: Record<string, GroupProblem>;
  /** Keyed by itemKey. */
  items: Record<string, ItemProblem>;
  fields: Partial<Record<'durationMinutes' | 'checklistId', FieldProblem>>;
}

export const DURATION_MAX_MINUTES = 100_000;

/** Whether a work item must have a result: every item of a group that needs them all, once the group counts. */
export function isItemRequired(group: FormGroup, groupStarted: boolean): boolean {
  return group.isAllWorkItemsRequired && (group.isRequired || groupStarted);
}

/**
 * The checks the server makes again (document 2 §8 ChecklistRecordDraftInvalid, "required work item uncompleted"):
 * a required group needs at least one item done; a group that needs all its items (isAllWorkItemsRequired) needs
 * every one done once it is required or started; a single-result item has one option; quantities are 1–99; the
 * duration is a whole number of minutes.
 */
export function formProblems(groups: FormGroup[], state: RecordFormState): FormProblems {
  const problems: FormProblems = { groups: {}, items: {}, fields: {} };
  if (!state.checklistId) problems.fields.checklistId = 'checklistRequired';
  if (state.durationMinutes === null) problems.fields.durationMinutes = 'durationRequired';
  else if (
    !Number.isInteger(state.durationMinutes) ||
    state.durationMinutes < 0 ||
    state.durationMinutes > DURATION_MAX_MINUTES
  )
    problems.fields.durationMinutes = 'durationRange';

  for (const group of groups) {
    const done = group.workItems.filter((item) => isItemDone(item, resultOf(state, group.id, item.id)));
    const started = done.length > 0;
    if (group.isRequired && !started) problems.groups[group.id] = 'groupRequired';
    for (const item of group.workItems) {
      const key = itemKey(group.id, item.id);
      const result = resultOf(state, group.id, item.id);
      const quantities = Object.values(result.options);
      if (item.resultMode === 'single' && quantities.length > 1) problems.items[key] = 'singleChoice';
      else if (quantities.some((q) => !Number.isInteger(q) || q < 1 || q > RECORD_OPTION_QUANTITY_MAX))
        problems.items[key] = 'quantity';
      else if (isItemRequired(group, started) && !isItemDone(item, result)) {
        problems.items[key] = 'itemRequired';
        problems.groups[group.id] ??= 'allItemsRequired';
      }
    }
  }
  return problems;
}

export const hasProblems = (problems: FormProblems) =>
  Object.keys(problems.groups).length > 0 ||
  Object.keys(problems.items).length > 0 ||
  Object.keys(problems.fields).length > 0;

/**
 * The `$submitDraft` body: the groups in the checklist's order with the items that have a result (options chosen
 * with their quantity, the note when written), blank comment and notes left out (document 1 §7.9), `recordId` when
 * the draft replaces one already saved.
 */
export function submitDraftBodyOf(groups: FormGroup[], state: RecordFormState, recordId?: string): SubmitDraftBody {
  const comment = state.comment.trim();
  const body: SubmitDraftBody = {
    checklistId: state.checklistId ?? '',
    ...(recordId ? { recordId } : {}),
    groups: [],
    ...(comment ? { comment } : {}),
    durationMinutes: state.durationMinutes ?? 0,
  };
  for (const group of groups) {
    const workItems: SubmitDraftBody['groups'][number]['workItems'] = [];
    for (const item of group.workItems) {
      const result = resultOf(state, group.id, item.id);
      const note = result.note.trim();
      // Options in the work item's own order, whatever order they were ticked in.
      const options = item.options
        .filter((option) => option.id in result.options)
        .map((option) => ({ optionId: option.id, quantity: result.options[option.id] ?? 1 }));
      if (options.length === 0 && !note) continue;
      workItems.push({ workItemId: item.id, options, ...(note ? { note } : {}) });
    }
    if (workItems.length > 0) body.groups.push({ groupId: group.id, workItems });
  }
  return body;
}

/** Where a refusal of `$submitDraft` belongs on the form. */
export type ServerProblemTarget =
  | { kind: 'item'; key: string }
  | { kind: 'group'; groupId: string }
  | { kind: 'field'; field: 'comment' | 'durationMinutes' | 'checklistId' }
  | { kind: 'form' };

/**
 * A server error's place on the form, from a ValidationError path into the body that was sent
 * (`groups.0.workItems.1.options.0.quantity`) or from the ids a domain error carries in its data
 * (`{ groupId, workItemId }`); anything else belongs to the form as a whole.
 */
export function targetOfServerProblem(path: string | null, data: unknown, body: SubmitDraftBody): ServerProblemTarget {
  if (path) {
    const parts = path.split('.');
    if (parts[0] === 'comment' || parts[0] === 'durationMinutes' || parts[0] === 'checklistId')
      return { kind: 'field', field: parts[0] };
    if (parts[0] === 'groups' && parts[1] !== undefined) {
      const group = body.groups[Number(parts[1])];
      if (group) {
        const item = parts[2] === 'workItems' && parts[3] !== undefined ? group.workItems[Number(parts[3])] : undefined;
        return item
          ? { kind: 'item', key: itemKey(group.groupId, item.workItemId) }
          : { kind: 'group', groupId: group.groupId };
      }
    }
  }
  if (typeof data === 'object' && data !== null) {
    const { groupId, workItemId } = data as { groupId?: unknown; workItemId?: unknown };
    if (typeof groupId === 'string' && typeof workItemId === 'string')
      return { kind: 'item', key: itemKey(groupId, workItemId) };
    if (typeof groupId === 'string') return { kind: 'group', groupId };
    const field = (data as { field?: unknown }).field;
    if (typeof field === 'string' && field !== '') return targetOfServerProblem(field, null, body);
  }
  return { kind: 'form' };
}
