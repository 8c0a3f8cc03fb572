import type {
  AssetLifeCycleState,
  Checklist,
  ChecklistSummary,
  ChecklistWorkItemGroup,
  WorkItem,
  WorkItemOption,
  WorkItemOptionType,
  WorkItemResultMode,
  WorkshopStatus,
} from '@fleetdesk/contracts';
import { toIso } from '../../lib/rows.ts';
import type { ChecklistRow, GroupRow } from './checklists.repo.ts';
import type { WorkItemOptionRow, WorkItemRow } from './work-items.repo.ts';

/** Rows → the contract's shapes. Pure: the repositories read, these functions only rename. */

export function toWorkItemOption(row: WorkItemOptionRow): WorkItemOption {
  return {
    id: row.id,
    type: row.type as WorkItemOptionType,
    name: row.name,
    costAmount: Number(row.costAmount),
    price: row.price === null ? null : Number(row.price),
    description: row.description,
    imageUrl: row.imageUrl,
    sku: row.sku,
    position: row.position,
  };
}

export function toWorkItem(row: WorkItemRow): WorkItem {
  const { item } = row;
  return {
    id: item.id,
    partner: { id: item.partnerId, name: row.partnerName },
    name: item.name,
    description: item.description,
    imageUrl: item.imageUrl,
    resultMode: item.resultMode as WorkItemResultMode,
    status: item.status as WorkshopStatus,
    options: row.options.map(toWorkItemOption),
    usedByChecklists: row.usedByChecklists,
    createdAt: toIso(item.createdAt),
    updatedAt: toIso(item.updatedAt),
  };
}

function checklistFields(row: ChecklistRow, categoryNames: ReadonlyMap<string, string>) {
  const { checklist: c } = row;
  return {
    id: c.id,
    partner: { id: c.partnerId, name: row.partnerName },
    name: c.name,
    description: c.description,
    assetCategoryScope: c.assetCategoryIds.map((id) => ({ id, name: categoryNames.get(id) ?? '' })),
    basicCostAmount: Number(c.basicCostAmount),
    assetLifeCyclePreferTo: c.assetLifeCyclePreferTo as AssetLifeCycleState | null,
    status: c.status as WorkshopStatus,
    createdAt: toIso(c.createdAt),
    updatedAt: toIso(c.updatedAt),
  };
}

export function toGroup(row: GroupRow, items: ReadonlyMap<string, WorkItem>): ChecklistWorkItemGroup {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isRequired: row.isRequired,
    isAllWorkItemsRequired: row.isAllWorkItemsRequired,
    workItemIdList: row.workItemIds,
    workItems: row.workItemIds.flatMap((id) => items.get(id) ?? []),
    imageUrl: row.imageUrl,
    position: row.position,
  };
}

export function toChecklist(
  row: ChecklistRow,
  groups: readonly GroupRow[],
  items: ReadonlyMap<string, WorkItem>,
  categoryNames: ReadonlyMap<string, string>,
): Checklist {
  return { ...checklistFields(row, categoryNames), workItemGroups: groups.map((g) => toGroup(g, items)) };
}

export function toChecklistSummary(
  row: ChecklistRow & { groupCount: number; workItemCount: number },
  categoryNames: ReadonlyMap<string, string>,
): ChecklistSummary {
  return { ...checklistFields(row, categoryNames), groupCount: row.groupCount, workItemCount: row.workItemCount };
}
