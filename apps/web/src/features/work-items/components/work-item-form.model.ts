import {
  type WorkItem,
  type WorkItemInput,
  type WorkItemOptionInput,
  type WorkItemOptionPatch,
  type WorkItemOptionType,
  type WorkItemPatch,
  type WorkItemResultMode,
  workItemInput,
} from '@fleetdesk/contracts';
import { changedText, omitBlank } from '../../../shared/omit-blank.ts';
import { type FieldError, zodIssuesToFieldErrors } from '../../../shared/ui/form-errors.ts';
import type { ImageChoice } from './image-choice.ts';

/** One row of the options table: an option already stored has its id. */
export interface OptionRow {
  id?: string;
  type?: WorkItemOptionType;
  name?: string;
  costAmount?: number | null;
  /** Blank: recorded only, never charged (document 2 §5). */
  price?: number | null;
  description?: string;
  sku?: string;
  imageUrl?: string | null;
  image?: ImageChoice;
}

export interface WorkItemFormValues {
  partnerId?: string;
  name?: string;
  description?: string;
  resultMode?: WorkItemResultMode;
  imageUrl?: string | null;
  image?: ImageChoice;
  options: OptionRow[];
}

export const newWorkItemValues = (): WorkItemFormValues => ({ resultMode: 'single', options: [] });

export const emptyOption = (type: WorkItemOptionType = 'labour'): OptionRow => ({ type });

/** A stored work item as form values (null text as empty, so an untouched field compares equal). */
export function workItemToValues(item: WorkItem): WorkItemFormValues {
  return {
    partnerId: item.partner.id,
    name: item.name,
    description: item.description ?? '',
    resultMode: item.resultMode,
    imageUrl: item.imageUrl,
    options: item.options.map((o) => ({
      id: o.id,
      type: o.type,
      name: o.name,
      costAmount: o.costAmount,
      price: o.price,
      description: o.description ?? '',
      sku: o.sku ?? '',
      imageUrl: o.imageUrl,
    })),
  };
}

/** An option row as the body of POST …/options (or of the create call): blank text absent, blank price absent. */
export function optionInput(row: OptionRow): WorkItemOptionInput {
  const { id: _id, imageUrl: _url, image: _image, price, costAmount, ...rest } = row;
  return omitBlank({
    ...rest,
    costAmount: costAmount ?? undefined,
    ...(price === null || price === undefined ? {} : { price }),
  }) as WorkItemOptionInput;
}

/** The create body (POST /checklist/workItems) with its options in table order. */
export function workItemCreateBody(values: WorkItemFormValues): WorkItemInput {
  return omitBlank({
    partnerId: values.partnerId,
    name: values.name,
    description: values.description,
    resultMode: values.resultMode,
    options: values.options.map(optionInput),
  }) as WorkItemInput;
}

/** The form checked with the contract's create schema; errors point at the form's fields ("options.1.name"). */
export function workItemFormErrors(values: WorkItemFormValues): FieldError[] {
  const parsed = workItemInput.safeParse(workItemCreateBody(values));
  return parsed.success ? [] : zodIssuesToFieldErrors(parsed.error.issues).fields;
}

/** What an edit form changes, as the calls the API takes (work item fields, then options one by one). */
export interface WorkItemSavePlan {
  patch: WorkItemPatch | null;
  removeOptionIds: string[];
  /** index: the row in the form, so a field error of the call lands on its cells. */
  updateOptions: { id: string; index: number; body: WorkItemOptionPatch }[];
  addOptions: { index: number; body: WorkItemOptionInput }[];
}

function optionPatch(before: WorkItem['options'][number], row: OptionRow): WorkItemOptionPatch {
  const price = row.price ?? null;
  return {
    ...(row.type !== before.type ? { type: row.type } : {}),
    ...(row.name !== before.name ? { name: row.name } : {}),
    ...(row.costAmount !== before.costAmount ? { costAmount: row.costAmount ?? undefined } : {}),
    // null clears the price: the option is then recorded only, never charged.
    ...(price !== before.price ? { price } : {}),
    ...changedText('description', before.description, row.description),
    ...changedText('sku', before.sku, row.sku),
  };
}

/** Compares the stored item with the edited form: the PATCH of changed fields and the option calls. */
export function workItemSavePlan(stored: WorkItem, values: WorkItemFormValues): WorkItemSavePlan {
  const patch: WorkItemPatch = {
    ...(values.name !== stored.name ? { name: values.name } : {}),
    ...changedText('description', stored.description, values.description),
    ...(values.resultMode !== stored.resultMode ? { resultMode: values.resultMode } : {}),
  };
  const keptIds = new Set(values.options.flatMap((row) => (row.id ? [row.id] : [])));
  const plan: WorkItemSavePlan = {
    patch: Object.keys(patch).length > 0 ? patch : null,
    removeOptionIds: stored.options.filter((o) => !keptIds.has(o.id)).map((o) => o.id),
    updateOptions: [],
    addOptions: [],
  };
  values.options.forEach((row, index) => {
    const before = row.id ? stored.options.find((o) => o.id === row.id) : undefined;
    if (!before) {
      plan.addOptions.push({ index, body: optionInput(row) });
      return;
    }
    const body = optionPatch(before, row);
    if (Object.keys(body).length > 0) plan.updateOptions.push({ id: before.id, index, body });
  });
  return plan;
}

/** Whether a save plan changes anything (images aside). */
export const planIsEmpty = (plan: WorkItemSavePlan) =>
  plan.patch === null &&
  plan.removeOptionIds.length === 0 &&
  plan.updateOptions.length === 0 &&
  plan.addOptions.length === 0;

/** The stored option a form row became after saving: its id, or the option of that name (names are unique). */
export function optionIdOf(saved: WorkItem, row: OptionRow): string | undefined {
  return row.id ?? saved.options.find((o) => o.name === row.name?.trim())?.id;
}
