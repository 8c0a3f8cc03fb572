import {
  RENTING_INTENT_MESSAGES,
  type RentingIntent,
  type RentingIntentListQuery,
  type RentingIntentPatch,
} from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { offsetOf } from '../../lib/paging.ts';
import { customerPartnerCategoryRefs, toIso } from '../../lib/rows.ts';
import type { Scope } from '../../lib/scope.ts';
import { logChange, writeFieldLogs } from '../audit/audit.repo.ts';
import * as rentingRepo from '../renting/renting.repo.ts';
import * as repo from './renting-intents.repo.ts';

const ENTITY = 'renting-intent';

const open = (status: string) => status === 'Pending' || status === 'Confirmed';
const notOpen = () => new DomainError('IntentNotOpen', 409, RENTING_INTENT_MESSAGES.notOpen);

function toIntent(row: repo.IntentRow, now = Date.now()): RentingIntent {
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

/** What an intent's field log compares. */
const snapshot = (r: repo.IntentRow) => ({
  appointmentStartFrom: toIso(r.appointment_start_from),
  appointmentStartTo: toIso(r.appointment_start_to),
  siteId: r.site_id,
  status: r.status,
  note: r.note,
  cancelReason: r.cancel_reason,
});

/**
 * Links an intent to the order made from it, in the order's transaction: it must be open, not already taken by
 * another checkout, and for the same customer, partner and category. It becomes Fulfilled when the checkout
 * completes and is let go again when the checkout is undone.
 */
export async function claimIntent(
  tx: DbOrTx,
  scope: Scope,
  intentId: string,
  order: { id: string; customerId: string; partnerId: string; assetCategoryId: string },
) {
  const intent = await repo.byId(tx, scope, intentId, { lock: true });
  if (!intent) throw notFound('Renting intent not found');
  if (!open(intent.status) || intent.order_id !== null) throw notOpen();
  if (
    intent.customer_id !== order.customerId ||
    intent.partner_id !== order.partnerId ||
    intent.category_id !== order.assetCategoryId
  )
    throw new DomainError('IntentMismatch', 422, RENTING_INTENT_MESSAGES.intentMismatch);
  await repo.linkOrder(tx, scope, intentId, order.id);
}

/** The checkout of the order an intent is linked to ended: completed fulfils it, undone lets it go. */
export async function settleIntentOf(tx: DbOrTx, scope: Scope, orderId: string, completed: boolean) {
  const intent = await repo.ofOrder(tx, scope, orderId);
  if (!intent) return;
  if (!completed) {
    await repo.linkOrder(tx, scope, intent.id, null);
    return;
  }
  await repo.update(tx, scope, intent.id, { status: 'Fulfilled' });
  await writeFieldLogs(tx, {
    entityType: ENTITY,
    entityId: intent.id,
    userId: null,
    changes: [{ field: 'status', before: intent.status, after: 'Fulfilled' }],
  });
}

export function createRentingIntentService(deps: { db: Db }) {
  const { db } = deps;

  /** The intent in the caller's scope; 404 when it is missing or outside it. */
  async function visible(caller: Caller, id: string) {
    const row = await repo.byId(db, caller.scope, id);
    if (!row) throw notFound('Renting intent not found');
    return row;
  }

  return {
    /** A page of the intents in the caller's scope. */
    async list(caller: Caller, q: RentingIntentListQuery) {
      const { pageNo, pageSize, ...filters } = q;
      const found = await repo.list(db, caller.scope, filters, {
        limit: pageSize,
        offset: offsetOf({ pageNo, pageSize }),
      });
      return { data: found.rows.map((r) => toIntent(r)), count: found.count };
    },

    /** One intent in the caller's scope. */
    get: async (caller: Caller, id: string) => toIntent(await visible(caller, id)),

    /** Changes an open intent; Canceled needs a reason (the contract checks it), every change is field-logged. */
    async update(caller: Caller, id: string, input: RentingIntentPatch): Promise<RentingIntent> {
      const before = await visible(caller, id);
      if (input.siteId && !(await rentingRepo.siteOfPartner(db, input.siteId, before.partner_id)))
        throw validationError({ siteId: RENTING_INTENT_MESSAGES.siteOfPartner });
      await db.transaction(async (tx) => {
        const current = await repo.byId(tx, caller.scope, id, { lock: true });
        if (!current) throw notFound('Renting intent not found');
        if (!open(current.status)) throw notOpen();
        const fromTime = input.appointmentStartFrom ?? toIso(current.appointment_start_from);
        const toTime = input.appointmentStartTo ?? toIso(current.appointment_start_to);
        if (Date.parse(toTime) <= Date.parse(fromTime))
          throw validationError({ appointmentStartTo: RENTING_INTENT_MESSAGES.rangeOrder });
        await repo.update(tx, caller.scope, id, {
          appointmentStartFrom: new Date(fromTime),
          appointmentStartTo: new Date(toTime),
          ...(input.siteId !== undefined ? { siteId: input.siteId } : {}),
          ...(input.status ? { status: input.status } : {}),
          ...(input.status === 'Canceled' ? { cancelReason: input.cancelReason ?? null } : {}),
          ...(input.note !== undefined ? { note: input.note?.trim() || null } : {}),
        });
        const after = (await repo.byId(tx, caller.scope, id)) as repo.IntentRow;
        await logChange(tx, caller, ENTITY, id, snapshot(current), snapshot(after));
      });
      return toIntent(await visible(caller, id));
    },
  };
}

export type RentingIntentService = ReturnType<typeof createRentingIntentService>;
