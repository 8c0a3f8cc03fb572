import type { WorkItemListQuery } from '@fleetdesk/contracts';
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { checklists, checklistWorkItemGroups, partners, workItemOptions, workItems } from '../../db/schema/index.ts';
import { inScope, orderBy } from '../../db/sql.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { assertPartnerInScope, type Scope } from '../../lib/scope.ts';
import { anyRow, sameName } from './names.repo.ts';

export type WorkItemValues = Omit<typeof workItems.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type WorkItemOptionValues = Omit<typeof workItemOptions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type WorkItemOptionRow = typeof workItemOptions.$inferSelect;

/** A work item as every read returns it: its row, its partner's name, how many live checklists use it, options. */
export interface WorkItemRow {
  item: typeof workItems.$inferSelect;
  partnerName: string;
  usedByChecklists: number;
  options: WorkItemOptionRow[];
}

/** Live (Inuse) checklists with a group listing the item: what archiving the item would break. */
const usedByLiveChecklists = sql<number>`(
  select count(distinct ${checklists.id})::int from ${checklistWorkItemGroups}
  join ${checklists} on ${checklists.id} = ${checklistWorkItemGroups.checklistId}
  where ${checklists.status} = 'Inuse' and ${workItems.id} = any(${checklistWorkItemGroups.workItemIds})
)`;

function selectItems(db: DbOrTx) {
  return db
    .select({ item: workItems, partnerName: partners.name, usedByChecklists: usedByLiveChecklists })
    .from(workItems)
    .innerJoin(partners, eq(partners.id, workItems.partnerId));
}

/** The options of these items, each item's in position order. */
async function optionsOf(db: DbOrTx, itemIds: readonly string[]): Promise<Map<string, WorkItemOptionRow[]>> {
  const byItem = new Map<string, WorkItemOptionRow[]>();
  if (itemIds.length === 0) return byItem;
  const found = await db
    .select()
    .from(workItemOptions)
    .where(inArray(workItemOptions.workItemId, [...itemIds]))
    .orderBy(asc(workItemOptions.position), asc(workItemOptions.createdAt), asc(workItemOptions.id));
  for (const option of found) {
    const list = byItem.get(option.workItemId) ?? [];
    list.push(option);
    byItem.set(option.workItemId, list);
  }
  return byItem;
}

async function withOptions(
  db: DbOrTx,
  found: { item: WorkItemRow['item']; partnerName: string; usedByChecklists: number | string | null }[],
): Promise<WorkItemRow[]> {
  const options = await optionsOf(
    db,
    found.map((r) => r.item.id),
  );
  return found.map((r) => ({
    item: r.item,
    partnerName: r.partnerName,
    usedByChecklists: Number(r.usedByChecklists ?? 0),
    options: options.get(r.item.id) ?? [],
  }));
}

/** Work items of in-scope partners matching the filters: one page and the total. */
export async function list(
  db: DbOrTx,
  scope: Scope,
  q: WorkItemListQuery,
): Promise<{ rows: WorkItemRow[]; count: number }> {
  const where = and(
    inScope(scope, workItems.partnerId),
    q.partnerIdIn?.length ? inArray(workItems.partnerId, q.partnerIdIn) : undefined,
    q.name ? ilike(workItems.name, likePattern(q.name)) : undefined,
    eq(workItems.status, q.status),
  );
  const [page, [total]] = await Promise.all([
    selectItems(db)
      .where(where)
      .orderBy(
        ...orderBy(
          q.sort,
          { createdAt: workItems.createdAt, updatedAt: workItems.updatedAt, name: sql`lower(${workItems.name})` },
          workItems.id,
        ),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(workItems).where(where),
  ]);
  return { rows: await withOptions(db, page), count: total?.n ?? 0 };
}

/** One work item with its options if its partner is in scope: another partner's is as absent as a missing one. */
export async function get(db: DbOrTx, scope: Scope, id: string): Promise<WorkItemRow | undefined> {
  const found = await selectItems(db).where(and(inScope(scope, workItems.partnerId), eq(workItems.id, id)));
  const [row] = await withOptions(db, found);
  return row;
}

/** In-scope work items by id, in the order asked (a checklist group lists its items in order); missing ones left out. */
export async function getMany(db: DbOrTx, scope: Scope, ids: readonly string[]): Promise<WorkItemRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await withOptions(
    db,
    await selectItems(db).where(and(inScope(scope, workItems.partnerId), inArray(workItems.id, unique))),
  );
  const byId = new Map(found.map((r) => [r.item.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Which of these ids are live (Inuse) items of this partner: the only ones a checklist of it may list. */
export async function liveItemIdsOf(
  db: DbOrTx,
  scope: Scope,
  partnerId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const found = await db
    .select({ id: workItems.id })
    .from(workItems)
    .where(
      and(
        inScope(scope, workItems.partnerId),
        eq(workItems.partnerId, partnerId),
        eq(workItems.status, 'Inuse'),
        inArray(workItems.id, unique),
      ),
    )
    // Shares the rows until the group is written: an archive of one of them waits, then counts this checklist.
    .for('share');
  return new Set(found.map((r) => r.id));
}

/**
 * Locks an in-scope item for one change: changes of it run one after the other, and an archive waits for a
 * checklist taking the item up meanwhile (which holds it shared) and then counts it, or that checklist is refused.
 */
export async function lock(db: DbOrTx, scope: Scope, id: string) {
  await db
    .select({ id: workItems.id })
    .from(workItems)
    .where(and(inScope(scope, workItems.partnerId), eq(workItems.id, id)))
    .for('update');
}

/** Whether the partner exists and is in scope. */
export async function partnerExists(db: DbOrTx, scope: Scope, partnerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(and(inScope(scope, partners.id), eq(partners.id, partnerId)));
  return row !== undefined;
}

/** Whether a live item of this partner already has the name (case-insensitive), other than `exceptId`. */
export function liveNameTaken(db: DbOrTx, scope: Scope, partnerId: string, name: string, exceptId?: string) {
  const { partnerId: partner, status, id } = workItems;
  const live = and(inScope(scope, partner), eq(partner, partnerId), eq(status, 'Inuse'));
  return anyRow(db, workItems, and(live, sameName(workItems.name, id, name, exceptId)));
}

/** Inserts a work item and its options; a partner outside the scope is refused (403 PartnerOutOfScope). */
export async function insert(
  db: DbOrTx,
  scope: Scope,
  id: string,
  values: WorkItemValues,
  options: { id: string; values: Omit<WorkItemOptionValues, 'workItemId'> }[],
) {
  assertPartnerInScope(scope, values.partnerId);
  await db.insert(workItems).values({ id, ...values });
  if (options.length > 0) {
    await db.insert(workItemOptions).values(options.map((o) => ({ id: o.id, workItemId: id, ...o.values })));
  }
}

export async function update(db: DbOrTx, scope: Scope, id: string, values: Partial<WorkItemValues>) {
  await db
    .update(workItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(inScope(scope, workItems.partnerId), eq(workItems.id, id)));
}

/** The item `itemId` if in scope, as a condition on an option's item: options are reached only through it. */
function ownItem(scope: Scope, itemId: string): SQL {
  const inScopeItem = and(eq(workItems.id, itemId), inScope(scope, workItems.partnerId));
  return sql`${workItemOptions.workItemId} in (select ${workItems.id} from ${workItems} where ${inScopeItem})`;
}

/** Whether another option of the item already has the name (case-insensitive), other than `exceptId`. */
export function optionNameTaken(db: DbOrTx, scope: Scope, itemId: string, name: string, exceptId?: string) {
  const { name: column, id } = workItemOptions;
  return anyRow(db, workItemOptions, and(ownItem(scope, itemId), sameName(column, id, name, exceptId)));
}

export async function insertOption(
  db: DbOrTx,
  scope: Scope,
  itemId: string,
  id: string,
  values: Omit<WorkItemOptionValues, 'workItemId'>,
) {
  const [item] = await db
    .select({ id: workItems.id })
    .from(workItems)
    .where(and(eq(workItems.id, itemId), inScope(scope, workItems.partnerId)));
  if (!item) return;
  await db.insert(workItemOptions).values({ id, workItemId: itemId, ...values });
}

export async function updateOption(
  db: DbOrTx,
  scope: Scope,
  itemId: string,
  optionId: string,
  values: Partial<Omit<WorkItemOptionValues, 'workItemId'>>,
) {
  await db
    .update(workItemOptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(ownItem(scope, itemId), eq(workItemOptions.id, optionId)));
}

/** Removes an option and numbers the others 0…n-1 again, in their order. */
export async function removeOption(db: DbOrTx, scope: Scope, itemId: string, optionId: string) {
  await db.delete(workItemOptions).where(and(ownItem(scope, itemId), eq(workItemOptions.id, optionId)));
  await db.execute(sql`
    update ${workItemOptions} set position = numbered.n
    from (
      select id, (row_number() over (order by position, created_at, id) - 1)::int as n
      from ${workItemOptions} where work_item_id = ${itemId}
    ) numbered
    where ${workItemOptions.id} = numbered.id and ${ownItem(scope, itemId)}`);
}

/** Marks the item's updated_at (an option changed: the item changed). */
export async function touch(db: DbOrTx, scope: Scope, id: string) {
  await update(db, scope, id, {});
}
