import {
  RENTING_INTENT_MESSAGES,
  type RentingIntent,
  type RentingIntentListQuery,
  type RentingIntentPatch,
} from '@fleetdesk/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { rentingIntents } from '../../db/schema/index.ts';
import { DomainError, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';
import {
  type CustomerPartnerCategoryNames,
  customerPartnerCategoryRefs,
  rows,
  toIso,
  whereOf,
} from '../../lib/rows.ts';
import { inScopeSql, partnerInScope, type Scope } from '../../lib/scope.ts';
import { logChange, writeFieldLogs } from '../audit/audit.repo.ts';
import * as rentingRepo from './renting.repo.ts';

/** Renting intents: the repository and the service are small enough to share one file. */
const ENTITY = 'renting-intent';

interface IntentRow extends CustomerPartnerCategoryNames {
  id: string;
  site_id: string | null;
  site_name: string | null;
  appointment_start_from: Date | string;
  appointment_start_to: Date | string;
  status: string;
  order_id: string | null;
  order_no: string | null;
  note: string | null;
  cancel_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const columns = sql`i.id, i.customer_id, c.first_name, c.last_name, c.phone_no, i.partner_id, p.name as partner_name,
  i.asset_category_id as category_id, ac.name as category_name, i.site_id, s.name as site_name,
  i.appointment_start_from, i.appointment_start_to, i.status, i.order_id, o.order_no, i.note, i.cancel_reason,
  i.created_at, i.updated_at`;
const from = sql`from renting_intents i join customers c on c.id = i.customer_id join partners p on p.id = i.partner_id
  join asset_categories ac on ac.id = i.asset_category_id left join sites s on s.id = i.site_id
  left join orders o on o.id = i.order_id`;
const sortColumns = { createdAt: sql`i.created_at`, appointmentStartFrom: sql`i.appointment_start_from` } as const;

function filtersOf(scope: Scope, q: Omit<RentingIntentListQuery, 'pageNo' | 'pageSize' | 'sort'>) {
  const where: (SQL | undefined)[] = [inScopeSql(scope, sql`i.partner_id`)];
  if (q.search) {
    const like = likePattern(q.search);
    where.push(sql`(c.phone_no ilike ${like} or (c.first_name || ' ' || c.last_name) ilike ${like})`);
  }
  if (q.status) where.push(sql`i.status = ${q.status}`);
  if (q.partnerId) where.push(sql`i.partner_id = ${q.partnerId}`);
  if (q.assetCategoryId) where.push(sql`i.asset_category_id = ${q.assetCategoryId}`);
  if (q.siteId) where.push(sql`i.site_id = ${q.siteId}`);
  if (q.customerId) where.push(sql`i.customer_id = ${q.customerId}`);
  if (q.appointmentFrom) where.push(sql`i.appointment_start_from >= ${q.appointmentFrom}`);
  if (q.appointmentTo) where.push(sql`i.appointment_start_from <= ${q.appointmentTo}`);
  return whereOf(where);
}

export async function intentById(db: DbOrTx, id: string, opts: { lock?: boolean } = {}) {
  const [row] = await rows<IntentRow>(
    db,
    sql`select ${columns} ${from} where i.id = ${id}${opts.lock ? sql` for update of i` : sql``}`,
  );
  return row;
}

const open = (status: string) => status === 'Pending' || status === 'Confirmed';

function toIntent(row: IntentRow, now = Date.now()): RentingIntent {
  return {
    id: row.id,
    ...customerPartnerCategoryRefs(row),
    site: row.site_id ? { id: row.site_id, name: row.site_name ?? '' } : null,
    appointmentStartFrom: toIso(row.appointment_start_from),
    appointmentStartTo: toIso(row.appointment_start_to),
    status: row.status as RentingIntent['status'],
    overdue: open(row.status) && new Date(row.appointment_start_to).getTime() < now,
    order: row.order_id ? { id: row.order_id, orderNo: row.order_no ?? '' } : null,
    note: row.note,
    cancelReason: row.cancel_reason,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/**
 * Links an intent to the order made from it, in the order's transaction: it must be open, not already taken by
 * another checkout, and for the same customer, partner and category. It becomes Fulfilled when the checkout
 * completes and is let go again when the checkout is undone.
 */
export async function claimIntent(
  tx: DbOrTx,
  intentId: string,
  order: { id: string; customerId: string; partnerId: string; assetCategoryId: string },
) {
  const intent = await intentById(tx, intentId, { lock: true });
  if (!intent) throw notFound('Renting intent not found');
  if (!open(intent.status) || intent.order_id !== null)
    throw new DomainError('IntentNotOpen', 409, RENTING_INTENT_MESSAGES.notOpen);
  if (
    intent.customer_id !== order.customerId ||
    intent.partner_id !== order.partnerId ||
    intent.category_id !== order.assetCategoryId
  )
    throw new DomainError('IntentMismatch', 422, RENTING_INTENT_MESSAGES.intentMismatch);
  await tx
    .update(rentingIntents)
    .set({ orderId: order.id, updatedAt: new Date() })
    .where(eq(rentingIntents.id, intentId));
}

/** The checkout of the order an intent is linked to ended: completed fulfils it, undone lets it go. */
export async function settleIntentOf(tx: DbOrTx, orderId: string, completed: boolean) {
  const [intent] = await tx.select().from(rentingIntents).where(eq(rentingIntents.orderId, orderId));
  if (!intent) return;
  await tx
    .update(rentingIntents)
    .set(completed ? { status: 'Fulfilled', updatedAt: new Date() } : { orderId: null, updatedAt: new Date() })
    .where(eq(rentingIntents.id, intent.id));
  if (completed)
    await writeFieldLogs(tx, {
      entityType: ENTITY,
      entityId: intent.id,
      userId: null,
      changes: [{ field: 'status', before: intent.status, after: 'Fulfilled' }],
    });
}

export function createRentingIntentService(deps: { db: Db }) {
  const { db } = deps;

  async function visible(caller: Caller, id: string) {
    const row = await intentById(db, id);
    if (!row || !partnerInScope(caller.scope, row.partner_id)) throw notFound('Renting intent not found');
    return row;
  }

  return {
    async list(caller: Caller, q: RentingIntentListQuery) {
      const { pageNo, pageSize, sort, ...filters } = q;
      const where = filtersOf(caller.scope, filters);
      const direction = sort.direction === 'asc' ? sql`asc` : sql`desc`;
      const [found, [total]] = await Promise.all([
        rows<IntentRow>(
          db,
          sql`select ${columns} ${from}${where} order by ${sortColumns[sort.key]} ${direction}, i.id
              limit ${pageSize} offset ${offsetOf({ pageNo, pageSize })}`,
        ),
        rows<{ n: number }>(db, sql`select count(*)::int as n ${from}${where}`),
      ]);
      return { data: found.map((r) => toIntent(r)), count: total?.n ?? 0 };
    },

    get: async (caller: Caller, id: string) => toIntent(await visible(caller, id)),

    /** Changes an open intent; Canceled needs a reason (the contract checks it), every change is field-logged. */
    async update(caller: Caller, id: string, input: RentingIntentPatch): Promise<RentingIntent> {
      const before = await visible(caller, id);
      if (input.siteId && !(await rentingRepo.siteOfPartner(db, input.siteId, before.partner_id)))
        throw validationError({ siteId: RENTING_INTENT_MESSAGES.siteOfPartner });
      await db.transaction(async (tx) => {
        const current = (await intentById(tx, id, { lock: true })) as IntentRow;
        if (!open(current.status)) throw new DomainError('IntentNotOpen', 409, RENTING_INTENT_MESSAGES.notOpen);
        const fromTime = input.appointmentStartFrom ?? toIso(current.appointment_start_from);
        const toTime = input.appointmentStartTo ?? toIso(current.appointment_start_to);
        if (Date.parse(toTime) <= Date.parse(fromTime))
          throw validationError({ appointmentStartTo: RENTING_INTENT_MESSAGES.rangeOrder });
        const values = {
          appointmentStartFrom: new Date(fromTime),
          appointmentStartTo: new Date(toTime),
          ...(input.siteId !== undefined ? { siteId: input.siteId } : {}),
          ...(input.status ? { status: input.status } : {}),
          ...(input.status === 'Canceled' ? { cancelReason: input.cancelReason ?? null } : {}),
          ...(input.note !== undefined ? { note: input.note?.trim() || null } : {}),
          updatedAt: new Date(),
        };
        await tx.update(rentingIntents).set(values).where(eq(rentingIntents.id, id));
        const snapshot = (r: IntentRow) => ({
          appointmentStartFrom: toIso(r.appointment_start_from),
          appointmentStartTo: toIso(r.appointment_start_to),
          siteId: r.site_id,
          status: r.status,
          note: r.note,
          cancelReason: r.cancel_reason,
        });
        await logChange(tx, caller, ENTITY, id, snapshot(current), snapshot((await intentById(tx, id)) as IntentRow));
      });
      return toIntent(await visible(caller, id));
    },
  };
}

export type RentingIntentService = ReturnType<typeof createRentingIntentService>;
