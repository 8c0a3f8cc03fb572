import {
  ADMIN_PERMISSION,
  type CustomerTicketListQuery,
  type CustomerTicketStatus,
  openCustomerTicketStatuses,
  SUBSCRIPTION_TICKET_PERMISSIONS,
  type SubscriptionTicketListQuery,
  TICKET_EXACT_COUNT_MAX,
  type TicketView,
  ticketViews,
} from '@fleetdesk/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cappedCount, estimatedCount, inScopeSql, rows, uuidList, whereOf } from '../../db/sql.ts';
import { prefixPattern } from '../../lib/paging.ts';
import type { Scope } from '../../lib/scope.ts';

/**
 * The service ticket lists (issue 22): which tickets a list view holds under the filters, in which order, and how
 * many each view holds. Tickets belong to their ASSET's partner: every query here carries the caller's scope on
 * `t.asset_partner_id`. The rows themselves are read by ids through `customer-tickets.repo.ts summaries`, so the
 * list and the detail map one summary.
 *
 * Query shapes (docs/performance.md "Service ticket lists"): every view but `all` holds open tickets only, and its
 * condition names the open statuses literally, so PostgreSQL answers it from the partial index on open tickets
 * (a few thousand rows among a million). `all` is counted exactly up to TICKET_EXACT_COUNT_MAX and estimated above.
 */

/** The filters of either kind's list (the B2B list has no customer, the B2C one no subscription order). */
export type TicketListFilter = { kind: 'b2c' | 'b2b' } & Partial<
  Omit<CustomerTicketListQuery & SubscriptionTicketListQuery, 'pageNo' | 'pageSize' | 'view' | 'sort'>
>;
export type TicketSort = CustomerTicketListQuery['sort'];

/** Statuses as SQL literals: constants of the contract, written into the query so the partial index applies. */
const statusList = (statuses: readonly CustomerTicketStatus[]) =>
  sql.raw(statuses.map((s) => `'${s.replace(/'/g, "''")}'`).join(', '));

/** Not yet Ready: what a mechanic still has to bring to finish. */
const UNREADY = ['new', 'checked-in', 'processing', 'paused'] as const satisfies readonly CustomerTicketStatus[];
/** Waiting for the mechanic to start or go on (not being worked right now). */
const PENDING = ['new', 'checked-in', 'paused'] as const satisfies readonly CustomerTicketStatus[];
const OPEN = sql`t.status in (${statusList(openCustomerTicketStatuses)})`;

/**
 * The list views (docs/decisions.md "Workshop: ticket list views"). Every view but `all` is a condition on open
 * tickets, so `viewCondition(v) and OPEN` is the same set as `viewCondition(v)`.
 */
export function viewCondition(view: TicketView, userId: string): SQL | undefined {
  switch (view) {
    case 'all':
      return undefined;
    case 'unassigned':
      return sql`(${OPEN} and t.mechanic_user_id is null)`;
    case 'myUnready':
      return sql`(t.status in (${statusList(UNREADY)}) and t.mechanic_user_id = ${userId})`;
    case 'myPending':
      return sql`(t.status in (${statusList(PENDING)}) and t.mechanic_user_id = ${userId})`;
    case 'allReady':
      return sql`t.status = 'finished'`;
  }
}

/** A search matching more tickets than this is applied as a condition instead of a list of ids (see below). */
const SEARCH_IDS_MAX = 1_000;

/**
 * The search: the ticket number (exact; "T-123", "t-000123" and "123" alike), the asset number (exact), the
 * customer's phone (ending with the digits typed, at least 4: "333 123 4567" finds "+393331234567") or the start of
 * the contact name, all case-insensitive. Each arm is an index lookup (the asset and customer ids first).
 */
function searchArms(term: string, column: (name: string) => SQL): SQL[] {
  const digits = term.replace(/\D/g, '');
  const ticketNo = /^(t-?)?\d+$/i.test(term) ? `T-${digits.padStart(6, '0')}` : term.toUpperCase();
  const arms = [
    sql`${column('ticket_no')} = ${ticketNo}`,
    sql`${column('asset_id')} in (select a.id from assets a where a.no = ${term.toUpperCase()})`,
    sql`lower(${column('contact_name')}) like ${prefixPattern(term.toLowerCase())}`,
  ];
  if (digits.length >= 4 && /^[\d\s+().-]+$/.test(term)) {
    arms.push(sql`${column('customer_id')} in (select c.id from customers c where c.phone_no like ${`%${digits}`})`);
  }
  return arms;
}

/**
 * The search as a condition on `t`. The matching ids are looked up first (a union of the index lookups, at most
 * SEARCH_IDS_MAX + 1) and the list then reads those tickets by id: one OR of the arms would leave the planner
 * guessing how many match, and it walks the whole creation-time index for the first page (1.9 s at a million).
 * A search matching more than SEARCH_IDS_MAX tickets stays the OR (rare: a name's first letter).
 */
async function searchCondition(db: DbOrTx, term: string): Promise<SQL> {
  const found = await rows<{ id: string }>(
    db,
    sql`${sql.join(
      searchArms(term, (name) => sql.raw(`x.${name}`)).map(
        (arm) => sql`(select x.id from customer_tickets x where ${arm})`,
      ),
      sql` union `,
    )} limit ${SEARCH_IDS_MAX + 1}`,
  );
  if (found.length > SEARCH_IDS_MAX)
    return sql`(${sql.join(
      searchArms(term, (name) => sql.raw(`t.${name}`)),
      sql` or `,
    )})`;
  return found.length ? sql`t.id in (${uuidList(found.map((r) => r.id))})` : sql`false`;
}

/** The filters (and the scope) as conditions on `customer_tickets t`. */
async function filterConditions(db: DbOrTx, scope: Scope, f: TicketListFilter): Promise<(SQL | undefined)[]> {
  // The kind as a literal: the B2B list reads its own partial index, the B2C one is unchanged by it.
  const where: (SQL | undefined)[] = [
    inScopeSql(scope, sql`t.asset_partner_id`),
    sql.raw(f.kind === 'b2b' ? `t.kind = 'b2b'` : `t.kind = 'b2c'`),
  ];
  if (f.search) where.push(await searchCondition(db, f.search));
  if (f.statusIn?.length)
    where.push(
      sql`t.status in (${sql.join(
        f.statusIn.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (f.mechanicUserId) where.push(sql`t.mechanic_user_id = ${f.mechanicUserId}`);
  if (f.centerSiteIdIn?.length) where.push(sql`t.center_site_id in (${uuidList(f.centerSiteIdIn)})`);
  if (f.partnerIdIn?.length) where.push(sql`t.asset_partner_id in (${uuidList(f.partnerIdIn)})`);
  if (f.assetNo) where.push(sql`t.asset_id in (select a.id from assets a where a.no = ${f.assetNo.toUpperCase()})`);
  if (f.customerId) where.push(sql`t.customer_id = ${f.customerId}`);
  if (f.subscriptionOrderId) where.push(sql`t.subscription_order_id = ${f.subscriptionOrderId}`);
  if (f.issue) where.push(sql`t.issues @> array[${f.issue}]::text[]`);
  if (f.operationType) where.push(sql`t.operation_type = ${f.operationType}`);
  if (f.createdFrom) where.push(sql`t.created_at >= ${f.createdFrom}`);
  if (f.createdTo) where.push(sql`t.created_at <= ${f.createdTo}`);
  return where;
}

const sortColumns = {
  createdAt: sql`t.created_at`,
  updatedAt: sql`t.updated_at`,
  ticketNo: sql`t.ticket_no`,
  status: sql`t.status`,
} as const;

/** A total order: the requested key, then creation time and id in the same direction (each key has an index). */
function orderOf(sort: TicketSort): SQL {
  const direction = sort.direction === 'asc' ? sql`asc` : sql`desc`;
  const keys = sort.key === 'createdAt' ? [sortColumns.createdAt] : [sortColumns[sort.key], sortColumns.createdAt];
  return sql.join(
    [...keys, sql`t.id`].map((k) => sql`${k} ${direction}`),
    sql`, `,
  );
}

/** The ids of one page of a view, in the list's order. */
export async function pageIds(
  db: DbOrTx,
  scope: Scope,
  userId: string,
  q: { view: TicketView; sort: TicketSort; filter: TicketListFilter },
  page: { limit: number; offset: number },
): Promise<string[]> {
  const where = whereOf([...(await filterConditions(db, scope, q.filter)), viewCondition(q.view, userId)]);
  const found = await rows<{ id: string }>(
    db,
    sql`select t.id from customer_tickets t${where} order by ${orderOf(q.sort)} limit ${page.limit} offset ${page.offset}`,
  );
  return found.map((r) => r.id);
}

/** How many tickets a view holds: exact for the open views, exact up to TICKET_EXACT_COUNT_MAX for `all`. */
export async function viewCount(
  db: DbOrTx,
  scope: Scope,
  userId: string,
  view: TicketView,
  filter: TicketListFilter,
): Promise<{ count: number; countIsEstimate: boolean }> {
  if (view === 'all') return allCount(db, scope, filter);
  const where = whereOf([...(await filterConditions(db, scope, filter)), viewCondition(view, userId)]);
  const [row] = await rows<{ n: number | string }>(db, sql`select count(*)::int as n from customer_tickets t${where}`);
  return { count: Number(row?.n ?? 0), countIsEstimate: false };
}

/**
 * Every view's count in one statement: `all` by a scan that stops after TICKET_EXACT_COUNT_MAX + 1 rows, the others
 * (open tickets only) with `count(*) filter (…)` over the open tickets matching the filters. Only when `all` passes
 * the limit does a second, plan-only call ask the planner how many there are.
 */
export async function viewCounts(
  db: DbOrTx,
  scope: Scope,
  userId: string,
  filter: TicketListFilter,
): Promise<{ counts: Record<TicketView, number>; estimated: TicketView[] }> {
  const conditions = await filterConditions(db, scope, filter);
  const openViews = ticketViews.filter((v) => v !== 'all');
  const columns = openViews.map(
    (v) => sql`count(*) filter (where ${viewCondition(v, userId) ?? sql`true`})::int as ${sql.raw(`"${v}"`)}`,
  );
  const [row] = await rows<Record<TicketView, number | string>>(
    db,
    sql`select (select count(*)::int from (select 1 from customer_tickets t${whereOf(conditions)}
          limit ${TICKET_EXACT_COUNT_MAX + 1}) s) as "all", ${sql.join(columns, sql`, `)}
        from customer_tickets t${whereOf([...conditions, OPEN])}`,
  );
  const counts = Object.fromEntries(ticketViews.map((v) => [v, Number(row?.[v] ?? 0)])) as Record<TicketView, number>;
  if (counts.all <= TICKET_EXACT_COUNT_MAX) return { counts, estimated: [] };
  counts.all = await estimatedCount(db, sql`from customer_tickets t${whereOf(conditions)}`, TICKET_EXACT_COUNT_MAX);
  return { counts, estimated: ['all'] };
}

async function allCount(db: DbOrTx, scope: Scope, filter: TicketListFilter) {
  const conditions = await filterConditions(db, scope, filter);
  return cappedCount(db, sql`from customer_tickets t${whereOf(conditions)}`, TICKET_EXACT_COUNT_MAX);
}

/** Any of these lets a staff member work a ticket of the kind (update_assigned_to_self: once assigned to them). */
const MECHANIC_PERMISSIONS = ['support.customer_ticket.update', 'support.customer_ticket.update_assigned_to_self'];
/** The B2B mechanic's operation-app permission, as the users' app_permissions hold it (no `app:` prefix). */
const B2B_MECHANIC = SUBSCRIPTION_TICKET_PERMISSIONS.mechanic.replace(/^app:/, '');

/**
 * Staff who may work tickets of the partner (the assign picker): not deleted, holding update,
 * update_assigned_to_self or base:admin, and whose partner scope holds the partner (all partners, or it by id).
 * The service has refused a partner outside the caller's scope before.
 */
export async function mechanicsOf(db: DbOrTx, partnerId: string, kind: 'b2c' | 'b2b' = 'b2c') {
  return rows<{ id: string; name: string }>(
    db,
    sql`select u.id, u.name from users u
      where u.deleted_at is null
        and (${ADMIN_PERMISSION} = any(u.permissions) or ${
          kind === 'b2b'
            ? sql`${B2B_MECHANIC} = any(u.app_permissions)`
            : sql`u.permissions && array[${sql.join(
                MECHANIC_PERMISSIONS.map((p) => sql`${p}`),
                sql`, `,
              )}]::text[]`
        })
        and (u.all_partners or ${partnerId}::uuid = any(u.partner_ids))
      order by lower(u.name), u.id`,
  );
}
