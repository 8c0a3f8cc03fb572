import type {
  AssetLifeCycleState,
  CostStatement,
  SubmitDraftBody,
  WorkItemOptionType,
  WorkItemResultMode,
} from '@fleetdesk/contracts';
import { DomainError } from '../../errors.ts';
import { splitGross } from '../invoicing/invoicing.service.ts';

/**
 * A record's copy of its checklist (checklist_records.snapshot), taken when the draft is submitted: editing or
 * archiving the checklist, its work items or their options later never changes a record.
 */
export interface Snapshot {
  checklist: {
    id: string;
    name: string;
    basicCostAmount: number;
    assetLifeCyclePreferTo: AssetLifeCycleState | null;
    assetCategoryIds: string[];
  };
  groups: SnapshotGroup[];
}
export interface SnapshotGroup {
  id: string;
  name: string;
  isRequired: boolean;
  isAllWorkItemsRequired: boolean;
  workItems: SnapshotWorkItem[];
}
export interface SnapshotWorkItem {
  id: string;
  name: string;
  resultMode: WorkItemResultMode;
  options: SnapshotOption[];
}
export interface SnapshotOption {
  id: string;
  type: WorkItemOptionType;
  name: string;
  costAmount: number;
  price: number | null;
  sku: string | null;
}

/** What a draft chose (checklist_records.results): per group and work item the options with quantity, and a note. */
export type Results = {
  groupId: string;
  workItems: { workItemId: string; options: { optionId: string; quantity: number }[]; note: string | null }[];
}[];

/** The tables' rows a snapshot is made of (as the repository reads them). */
export interface ChecklistSource {
  checklist: {
    id: string;
    name: string;
    basicCostAmount: number;
    assetLifeCyclePreferTo: string | null;
    assetCategoryIds: string[];
  };
  groups: {
    id: string;
    name: string;
    isRequired: boolean;
    isAllWorkItemsRequired: boolean;
    workItemIds: string[];
  }[];
  items: { id: string; name: string; resultMode: string }[];
  options: {
    id: string;
    workItemId: string;
    type: string;
    name: string;
    costAmount: number;
    price: number | null;
    sku: string | null;
  }[];
}

export function snapshotOf(source: ChecklistSource): Snapshot {
  const items = new Map(source.items.map((i) => [i.id, i]));
  const optionsOf = (itemId: string): SnapshotOption[] =>
    source.options
      .filter((o) => o.workItemId === itemId)
      .map((o) => ({
        id: o.id,
        type: o.type as WorkItemOptionType,
        name: o.name,
        costAmount: Number(o.costAmount),
        price: o.price === null ? null : Number(o.price),
        sku: o.sku,
      }));
  return {
    checklist: {
      id: source.checklist.id,
      name: source.checklist.name,
      basicCostAmount: Number(source.checklist.basicCostAmount),
      assetLifeCyclePreferTo: source.checklist.assetLifeCyclePreferTo as AssetLifeCycleState | null,
      assetCategoryIds: source.checklist.assetCategoryIds,
    },
    groups: source.groups.map((g) => ({
      id: g.id,
      name: g.name,
      isRequired: g.isRequired,
      isAllWorkItemsRequired: g.isAllWorkItemsRequired,
      workItems: g.workItemIds.flatMap((id) => {
        const item = items.get(id);
        return item
          ? [{ id, name: item.name, resultMode: item.resultMode as WorkItemResultMode, options: optionsOf(id) }]
          : [];
      }),
    })),
  };
}

const E = (code: string, status: number, message: string, field: string) =>
  new DomainError(code, status, message, { field, fields: { [field]: message } });

/**
 * Checks a draft against the snapshot and returns its results, or throws the first refusal of document 2 §8 with
 * the field it belongs to (`groups.1.workItems.0.options.2.optionId`). A work item counts as completed when at
 * least one option is chosen; a required group needs one completed item, or all of them when
 * isAllWorkItemsRequired; a single-result item takes one option at most.
 */
export function checkDraft(snapshot: Snapshot, body: Pick<SubmitDraftBody, 'groups'>): Results {
  const groups = new Map(snapshot.groups.map((g) => [g.id, g]));
  const seenGroups = new Set<string>();
  const results: Results = [];
  body.groups.forEach((g, gi) => {
    const at = `groups.${gi}`;
    if (seenGroups.has(g.groupId)) {
      throw E('ChecklistWorkItemGroupDuplicated', 422, 'A group is given twice', `${at}.groupId`);
    }
    seenGroups.add(g.groupId);
    const group = groups.get(g.groupId);
    if (!group) {
      throw E(
        'ChecklistRecordDraftWorkItemGroupNotFound',
        422,
        'The group is not part of the checklist',
        `${at}.groupId`,
      );
    }
    const items = new Map(group.workItems.map((i) => [i.id, i]));
    const seenItems = new Set<string>();
    const workItems: Results[number]['workItems'] = [];
    g.workItems.forEach((w, wi) => {
      const wat = `${at}.workItems.${wi}`;
      if (seenItems.has(w.workItemId)) {
        throw E('WorkItemDuplicated', 422, 'A work item is given twice in a group', `${wat}.workItemId`);
      }
      seenItems.add(w.workItemId);
      const item = items.get(w.workItemId);
      if (!item) {
        throw E(
          'ChecklistRecordDraftWorkItemNotFound',
          422,
          'The work item is not part of the group',
          `${wat}.workItemId`,
        );
      }
      const options = new Map(item.options.map((o) => [o.id, o]));
      const seenOptions = new Set<string>();
      w.options.forEach((o, oi) => {
        const oat = `${wat}.options.${oi}.optionId`;
        if (seenOptions.has(o.optionId)) {
          throw E('WorkItemOptionDuplicated', 422, 'An option is given twice for a work item', oat);
        }
        seenOptions.add(o.optionId);
        const option = options.get(o.optionId);
        if (!option) {
          throw E(
            'ChecklistRecordDraftWorkItemOptionNotFound',
            422,
            'The option is not an option of the work item',
            oat,
          );
        }
        if (option.type === 'hardware' && !option.sku) {
          throw E(
            'ChecklistRecordDraftWorkItemOptionErpProductSkuRequired',
            422,
            'A hardware option needs its inventory SKU before it is used',
            oat,
          );
        }
      });
      if (item.resultMode === 'single' && w.options.length > 1) {
        throw E('ChecklistRecordDraftInvalid', 422, 'This work item takes one result only', `${wat}.options`);
      }
      workItems.push({
        workItemId: w.workItemId,
        options: w.options.map((o) => ({ optionId: o.optionId, quantity: o.quantity ?? 1 })),
        note: w.note ?? null,
      });
    });
    results.push({ groupId: g.groupId, workItems });
  });
  snapshot.groups.forEach((group) => {
    if (!group.isRequired || group.workItems.length === 0) return;
    const gi = body.groups.findIndex((g) => g.groupId === group.id);
    const done = new Set(
      (results.find((r) => r.groupId === group.id)?.workItems ?? [])
        .filter((w) => w.options.length > 0)
        .map((w) => w.workItemId),
    );
    const field = gi < 0 ? 'groups' : `groups.${gi}.workItems`;
    if (done.size === 0) {
      throw E('ChecklistRecordDraftInvalid', 422, `The required group "${group.name}" is not completed`, field);
    }
    if (group.isAllWorkItemsRequired) {
      const missing = group.workItems.find((i) => !done.has(i.id));
      if (missing) {
        throw E(
          'ChecklistRecordDraftInvalid',
          422,
          `Every work item of "${group.name}" is required: "${missing.name}" is not completed`,
          field,
        );
      }
    }
  });
  return results;
}

/** The snapshot's groups with each option's chosen quantity (0 when not chosen) and each item's note. */
export function recordGroups(snapshot: Snapshot, results: Results) {
  const chosen = new Map<string, Map<string, { note: string | null; quantities: Map<string, number> }>>();
  for (const g of results) {
    const items = new Map<string, { note: string | null; quantities: Map<string, number> }>();
    for (const w of g.workItems) {
      items.set(w.workItemId, { note: w.note, quantities: new Map(w.options.map((o) => [o.optionId, o.quantity])) });
    }
    chosen.set(g.groupId, items);
  }
  return snapshot.groups.map((g) => ({
    id: g.id,
    name: g.name,
    isRequired: g.isRequired,
    isAllWorkItemsRequired: g.isAllWorkItemsRequired,
    workItems: g.workItems.map((i) => {
      const c = chosen.get(g.id)?.get(i.id);
      return {
        id: i.id,
        name: i.name,
        resultMode: i.resultMode,
        note: c?.note ?? null,
        options: i.options.map((o) => ({ ...o, quantity: c?.quantities.get(o.id) ?? 0 })),
      };
    }),
  }));
}

const cents = (v: number) => Math.round(v * 100);
const amount = (c: number) => c / 100;

type Line = CostStatement['lines'][number];
type Totals = CostStatement['total'];

/** The tax subject of each kind of line: the basic cost is charged as labour. */
export const SUBJECT_OF = { basic: 'service-labour', labour: 'service-labour', hardware: 'service-hardware' } as const;

/**
 * The cost statement of a record: one line per chosen option (its price × quantity, tax included; a blank price
 * is recorded at 0 and charged nothing) and the checklist's basic cost as a line of its own, taxed as labour.
 * `rates` maps a tax subject to its percent in force; a subject without a rate is not taxed (the invoice of the
 * ticket refuses an incomplete tax group).
 */
export function costLines(snapshot: Snapshot, results: Results, rates: ReadonlyMap<string, number>): Line[] {
  const lines: Line[] = [];
  const rateOf = (kind: Line['kind']) => rates.get(SUBJECT_OF[kind]) ?? null;
  const line = (base: Omit<Line, 'gross' | 'net' | 'tax' | 'taxRate'>, grossCents: number): Line => {
    const taxRate = rateOf(base.kind);
    const { net, tax } = splitGross(amount(grossCents), taxRate);
    return { ...base, gross: amount(grossCents), net, tax, taxRate };
  };
  const groups = recordGroups(snapshot, results);
  for (const g of groups) {
    for (const i of g.workItems) {
      for (const o of i.options) {
        if (o.quantity === 0) continue;
        lines.push(
          line(
            {
              kind: o.type,
              groupName: g.name,
              workItemName: i.name,
              optionName: o.name,
              sku: o.sku,
              quantity: o.quantity,
              unitPrice: o.price,
              costAmount: amount(cents(o.costAmount) * o.quantity),
            },
            o.price === null ? 0 : cents(o.price) * o.quantity,
          ),
        );
      }
    }
  }
  if (snapshot.checklist.basicCostAmount > 0) {
    lines.push(
      line(
        {
          kind: 'basic',
          groupName: null,
          workItemName: null,
          optionName: snapshot.checklist.name,
          sku: null,
          quantity: 1,
          unitPrice: snapshot.checklist.basicCostAmount,
          costAmount: 0,
        },
        cents(snapshot.checklist.basicCostAmount),
      ),
    );
  }
  return lines;
}

export function totalsOf(lines: readonly Line[]): Totals {
  const sum = (pick: (l: Line) => number) => amount(lines.reduce((s, l) => s + cents(pick(l)), 0));
  return { net: sum((l) => l.net), tax: sum((l) => l.tax), gross: sum((l) => l.gross), cost: sum((l) => l.costAmount) };
}

/** What the record charges (tax included) and what it cost the workshop, as stored on the record row. */
export function chargeAndCost(snapshot: Snapshot, results: Results) {
  const totals = totalsOf(costLines(snapshot, results, new Map()));
  return { chargeTotal: totals.gross, costTotal: totals.cost };
}

export function costStatementOf(
  recordId: string,
  currency: string,
  snapshot: Snapshot,
  results: Results,
  context: {
    taxGroup: { id: string; name: string } | null;
    rates: ReadonlyMap<string, number>;
    at: Date;
    isFinal: boolean;
  },
): CostStatement {
  const lines = costLines(snapshot, results, context.rates);
  const of = (kind: Line['kind']) => totalsOf(lines.filter((l) => l.kind === kind));
  return {
    recordId,
    currency,
    taxGroup: context.taxGroup,
    ratesAt: context.at.toISOString(),
    isFinal: context.isFinal,
    lines,
    labour: of('labour'),
    hardware: of('hardware'),
    basic: of('basic'),
    total: totalsOf(lines),
  };
}
