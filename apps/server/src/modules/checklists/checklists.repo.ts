import type { Checklist, ChecklistListQuery, WorkItem } from '@fleetdesk/contracts';
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assetCategories, checklists, checklistWorkItemGroups, partners } from '../../db/schema/index.ts';
import { inScope, orderBy } from '../../db/sql.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import { assertPartnerInScope, type Scope } from '../../lib/scope.ts';
import { anyRow, sameName } from './names.repo.ts';
import { toChecklist, toWorkItem } from './shapes.ts';
import * as workItemsRepo from './work-items.repo.ts';

export type ChecklistValues = Omit<typeof checklists.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type GroupValues = Omit<typeof checklistWorkItemGroups.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type GroupRow = typeof checklistWorkItemGroups.$inferSelect;
export interface ChecklistRow {
  checklist: typeof checklists.$inferSelect;
  partnerName: string;
}

function selectChecklists(db: DbOrTx) {
  return db
    .select({ checklist: checklists, partnerName: partners.name })
    .from(checklists)
    .innerJoin(partners, eq(partners.id, checklists.partnerId));
}

const groupCount = sql<number>`(
  select count(*)::int from ${checklistWorkItemGroups} where ${checklistWorkItemGroups.checklistId} = ${checklists.id}
)`;
const workItemCount = sql<number>`(
  select coalesce(sum(cardinality(${checklistWorkItemGroups.workItemIds})), 0)::int from ${checklistWorkItemGroups}
  where ${checklistWorkItemGroups.checklistId} = ${checklists.id}
)`;

/** Checklists of in-scope partners matching the filters, with their group and work item counts: a page and the total. */
export async function list(db: DbOrTx, scope: Scope, q: ChecklistListQuery) {
  const where = and(
    inScope(scope, checklists.partnerId),
    q.partnerIdIn?.length ? inArray(checklists.partnerId, q.partnerIdIn) : undefined,
    q.name ? ilike(checklists.name, likePattern(q.name)) : undefined,
    q.assetCategoryId ? sql`${q.assetCategoryId}::uuid = any(${checklists.assetCategoryIds})` : undefined,
    eq(checklists.status, q.status),
  );
  const [page, [total]] = await Promise.all([
    db
      .select({ checklist: checklists, partnerName: partners.name, groupCount, workItemCount })
      .from(checklists)
      .innerJoin(partners, eq(partners.id, checklists.partnerId))
      .where(where)
      .orderBy(
        ...orderBy(
          q.sort,
          { createdAt: checklists.createdAt, updatedAt: checklists.updatedAt, name: sql`lower(${checklists.name})` },
          checklists.id,
        ),
      )
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(checklists).where(where),
  ]);
  return {
    rows: page.map((r) => ({ ...r, groupCount: Number(r.groupCount), workItemCount: Number(r.workItemCount) })),
    count: total?.n ?? 0,
  };
}

/** One checklist row if its partner is in scope: another partner's is as absent as a missing one. */
export async function get(db: DbOrTx, scope: Scope, id: string): Promise<ChecklistRow | undefined> {
  const [row] = await selectChecklists(db).where(and(inScope(scope, checklists.partnerId), eq(checklists.id, id)));
  return row;
}

/** Locks an in-scope checklist for one change: concurrent group writes of it run one after the other. */
export async function lock(db: DbOrTx, scope: Scope, id: string) {
  await db
    .select({ id: checklists.id })
    .from(checklists)
    .where(and(inScope(scope, checklists.partnerId), eq(checklists.id, id)))
    .for('update');
}

/** The condition "the group's checklist is `checklistId` and in scope": groups are reached only through it. */
function ownChecklist(scope: Scope, checklistId: string): SQL {
  const inScopeChecklist = and(eq(checklists.id, checklistId), inScope(scope, checklists.partnerId));
  return sql`${checklistWorkItemGroups.checklistId} in (select ${checklists.id} from ${checklists} where ${inScopeChecklist})`;
}

/** The groups of an in-scope checklist, in position order. */
export async function groupsOf(db: DbOrTx, scope: Scope, checklistId: string): Promise<GroupRow[]> {
  return db
    .select()
    .from(checklistWorkItemGroups)
    .where(ownChecklist(scope, checklistId))
    .orderBy(
      asc(checklistWorkItemGroups.position),
      asc(checklistWorkItemGroups.createdAt),
      asc(checklistWorkItemGroups.id),
    );
}

/** Names of these asset categories (account-wide: no scope), by id. */
export async function categoryNames(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const found = await db
    .select({ id: assetCategories.id, name: assetCategories.name })
    .from(assetCategories)
    .where(inArray(assetCategories.id, unique));
  return new Map(found.map((r) => [r.id, r.name]));
}

/**
 * One checklist of an in-scope partner as the API answers it: its groups in order, each with its work items (in
 * the group's order, with their options). The records module copies this into a record's snapshot when a draft is
 * submitted, so later edits of the checklist never reach the record. Undefined when absent or out of scope.
 */
export async function getForRecord(db: DbOrTx, scope: Scope, checklistId: string): Promise<Checklist | undefined> {
  const row = await get(db, scope, checklistId);
  if (!row) return undefined;
  const groups = await groupsOf(db, scope, checklistId);
  // The items belong to the checklist's partner, which is in scope (the checklist was read in it).
  const [items, names] = await Promise.all([
    workItemsRepo.getMany(
      db,
      scope,
      groups.flatMap((g) => g.workItemIds),
    ),
    categoryNames(db, row.checklist.assetCategoryIds),
  ]);
  const byId = new Map<string, WorkItem>(items.map((r) => [r.item.id, toWorkItem(r)]));
  return toChecklist(row, groups, byId, names);
}

/** Whether a live checklist of this partner already has the name (case-insensitive), other than `exceptId`. */
export function liveNameTaken(db: DbOrTx, scope: Scope, partnerId: string, name: string, exceptId?: string) {
  const { partnerId: partner, status, id } = checklists;
  const live = and(inScope(scope, partner), eq(partner, partnerId), eq(status, 'Inuse'));
  return anyRow(db, checklists, and(live, sameName(checklists.name, id, name, exceptId)));
}

/** Which of these asset category ids exist (categories are account-wide). */
export async function existingCategoryIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  return new Set((await categoryNames(db, ids)).keys());
}

/** Inserts a checklist and its groups; a partner outside the scope is refused (403 PartnerOutOfScope). */
export async function insert(
  db: DbOrTx,
  scope: Scope,
  id: string,
  values: ChecklistValues,
  groups: { id: string; values: Omit<GroupValues, 'checklistId'> }[],
) {
  assertPartnerInScope(scope, values.partnerId);
  await db.insert(checklists).values({ id, ...values });
  if (groups.length > 0) {
    await db.insert(checklistWorkItemGroups).values(groups.map((g) => ({ id: g.id, checklistId: id, ...g.values })));
  }
}

export async function update(db: DbOrTx, scope: Scope, id: string, values: Partial<ChecklistValues>) {
  await db
    .update(checklists)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(inScope(scope, checklists.partnerId), eq(checklists.id, id)));
}

export async function insertGroup(
  db: DbOrTx,
  scope: Scope,
  checklistId: string,
  id: string,
  values: Omit<GroupValues, 'checklistId'>,
) {
  const row = await get(db, scope, checklistId);
  if (!row) return;
  await db.insert(checklistWorkItemGroups).values({ id, checklistId, ...values });
}

export async function updateGroup(
  db: DbOrTx,
  scope: Scope,
  checklistId: string,
  groupId: string,
  values: Partial<Omit<GroupValues, 'checklistId'>>,
) {
  await db
    .update(checklistWorkItemGroups)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(ownChecklist(scope, checklistId), eq(checklistWorkItemGroups.id, groupId)));
}

export async function removeGroup(db: DbOrTx, scope: Scope, checklistId: string, groupId: string) {
  await db
    .delete(checklistWorkItemGroups)
    .where(and(ownChecklist(scope, checklistId), eq(checklistWorkItemGroups.id, groupId)));
}

/** Sets the groups' positions to their index in `orderedIds` (the checklist's whole order after a move or removal). */
export async function renumberGroups(db: DbOrTx, scope: Scope, checklistId: string, orderedIds: readonly string[]) {
  for (const [position, groupId] of orderedIds.entries()) {
    await db
      .update(checklistWorkItemGroups)
      .set({ position })
      .where(
        and(
          ownChecklist(scope, checklistId),
          eq(checklistWorkItemGroups.id, groupId),
          sql`${checklistWorkItemGroups.position} <> ${position}`,
        ),
      );
  }
}
