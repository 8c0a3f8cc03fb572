import {
  DEPOSIT_MESSAGES,
  type EndOrderRequest,
  ORDER_ERRORS,
  type Order,
  type ReturnLeaseBody,
  requires,
  satisfies,
} from '@fleetdesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, forbidden } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { setLeasedTurnover } from '../assets/asset-leasing.ts';
import { writeFieldLogs } from '../audit/audit.repo.ts';
import type { DepositService } from '../deposits/deposits.service.ts';
import type { IotControlService } from '../iot/control.service.ts';
import * as pricingRepo from '../pricing/pricing.repo.ts';
import * as rentingRepo from '../renting/renting.repo.ts';
import { logOrderStatus } from './checkout.ts';
import { depositAtEnd, orderNotFound } from './order-view.ts';
import * as repo from './orders.repo.ts';

/**
 * The end of an order: ended by staff, or its asset returned at the counter — at once, or as Returning until staff
 * confirm when the collect-return rule asks for manual confirmation.
 */
export function createOrderReturns(deps: {
  db: Db;
  control: IotControlService;
  log: FastifyBaseLogger;
  deposits: DepositService;
  detail: (scope: Caller['scope'], id: string) => Promise<Order>;
}) {
  const { db, control, deposits, detail } = deps;

  /** The order in the caller's scope, locked, when it is open: 404 when missing or outside the scope, 409 if not open. */
  async function openOrder(tx: DbOrTx, caller: Caller, id: string) {
    const order = await repo.byId(tx, caller.scope, id, { lock: true });
    if (!order) throw orderNotFound();
    if (order.status !== 'Open')
      throw new DomainError('OrderNotOpen', 409, ORDER_ERRORS.OrderNotOpen, { status: order.status });
    return order;
  }

  /** Closes an open order: its leases returned, their assets free, periods not yet asked of the provider dropped. */
  async function close(
    tx: DbOrTx,
    caller: Caller,
    order: repo.OrderRow,
    end: { reason: string | undefined; returnSiteId: string | null },
  ) {
    const now = new Date();
    const returned = await repo.returnHeldLeases(tx, caller.scope, order.id, now);
    for (const assetId of returned) await setLeasedTurnover(tx, caller.scope, caller.userId, assetId, 'InSite', now);
    await repo.updateOrder(tx, caller.scope, order.id, {
      status: 'Closed',
      endTime: now,
      nextPaymentTime: null,
      returnSiteId: end.returnSiteId,
      // A return's reason stands unless the confirmation gives another.
      endReason: end.reason?.trim() || order.endReason || null,
      updatedAt: now,
    });
    await repo.updateFees(tx, caller.scope, order.id, { status: 'Canceled', updatedAt: now }, 'Pending');
    await logOrderStatus(tx, order.id, caller.userId, 'Open', 'Closed');
    return returned;
  }

  /** Best effort: the record shows whether each device locked; the return stands either way. */
  async function lockAssets(caller: Caller, order: repo.OrderRow, assetIds: readonly string[]) {
    for (const lease of await repo.leasesOf(db, caller.scope, order.id)) {
      if (!lease.device_no || !assetIds.includes(lease.assetId)) continue;
      await control
        .commandForOrder({
          userId: caller.userId,
          assetNo: lease.asset_no,
          command: 'device.turn_off',
          customerId: order.customerId,
          orderId: order.id,
        })
        .catch((error) => deps.log.warn({ err: error, orderId: order.id }, 'lock after the return not sent'));
    }
  }

  /**
   * The deposit a closed order freed: refunded when the partner keeps no deposits (whoever closed it), or when staff
   * asked and it was offered. Made as staff refund deposits (an application approved at once), so every deposit
   * refund has one history.
   */
  async function refundFreedDeposit(
    caller: Caller,
    order: repo.OrderRow,
    deposit: Order['depositAtEnd'],
    asked: boolean,
  ) {
    if (deposit?.outcome !== 'refunded' && !(deposit?.refundOffered && asked)) return;
    await deposits.refund(caller, order.customerId, {
      partnerId: order.partnerId,
      assetCategoryId: order.assetCategoryId,
      quantity: 1,
      note: `Order ${order.orderNo} ended`,
    });
  }

  /** What closing the order will do to its deposit, read before the closing transaction (PGlite has one connection). */
  async function depositBefore(caller: Caller, id: string) {
    const before = await repo.byId(db, caller.scope, id);
    if (!before) throw orderNotFound();
    return depositAtEnd(db, caller.scope, before);
  }

  return {
    /**
     * Ends an open order: its leases are returned, the asset is free again and its device is told to lock. The
     * deposit the order freed is refunded now when the partner keeps no deposits, or when staff ask and may refund
     * deposits (a refund asked that cannot be made is refused before anything is written).
     */
    async end(caller: Caller, id: string, input: EndOrderRequest): Promise<Order> {
      const deposit = await depositBefore(caller, id);
      if (input.refundDeposit) {
        // The permission of refunding deposits from the customer's page.
        if (!satisfies(caller.permissions, requires('customer.refund_deposit'))) throw forbidden();
        if (!deposit?.refundOffered && deposit?.outcome !== 'refunded')
          throw new DomainError('NotRefundable', 422, DEPOSIT_MESSAGES.NotRefundable, { refundableQuantity: 0 });
      }
      const { order, returned } = await db.transaction(async (tx) => {
        const current = await openOrder(tx, caller, id);
        return {
          order: current,
          returned: await close(tx, caller, current, { reason: input.reason, returnSiteId: current.returnSiteId }),
        };
      });
      await lockAssets(caller, order, returned);
      await refundFreedDeposit(caller, order, deposit, input.refundDeposit === true);
      return detail(caller.scope, id);
    },

    /**
     * The asset came back at the counter: the device is told to lock, and the order closes — unless the
     * collect-return rule asks for manual confirmation, when the lease waits as Returning (rent stops, the asset
     * stays held) until staff confirm. A partner that does not take a category back across sites refuses another
     * return site.
     */
    async returnLease(caller: Caller, id: string, input: ReturnLeaseBody): Promise<Order> {
      const deposit = await depositBefore(caller, id);
      const { order, assetId, closed } = await db.transaction(async (tx) => {
        const current = await openOrder(tx, caller, id);
        const leased = (await repo.leasesOf(tx, caller.scope, id)).find((l) => l.status === 'InUse');
        if (!leased) throw new DomainError('LeaseNotInUse', 409, ORDER_ERRORS.LeaseNotInUse);
        const returnSiteId = input.returnSiteId ?? current.rentSiteId;
        if (input.returnSiteId && !(await rentingRepo.siteOfPartner(tx, input.returnSiteId, current.partnerId)))
          throw new DomainError('ReturnSiteInvalid', 422, ORDER_ERRORS.ReturnSiteInvalid);
        const [rule] = current.programId ? await pricingRepo.rulesOf(tx, caller.scope, [current.programId]) : [];
        if (rule?.crossSiteReturnPolicy === 'not-allowed' && returnSiteId !== current.rentSiteId)
          throw new DomainError('CrossSiteReturnNotAllowed', 422, ORDER_ERRORS.CrossSiteReturnNotAllowed, {
            rentSiteId: current.rentSiteId,
          });
        if (rule?.manualConfirmationPolicy !== 'required') {
          await close(tx, caller, current, { reason: input.reason, returnSiteId });
          return { order: current, assetId: leased.assetId, closed: true };
        }
        const now = new Date();
        await repo.updateLease(tx, caller.scope, id, leased.id, {
          status: 'Returning',
          returnSubmittedAt: now,
          updatedAt: now,
        });
        // Rent stops at the return: nothing more is billed while it waits for confirmation.
        await repo.updateOrder(tx, caller.scope, id, {
          returnSiteId,
          nextPaymentTime: null,
          endReason: input.reason?.trim() || null,
          updatedAt: now,
        });
        await repo.updateFees(tx, caller.scope, id, { status: 'Canceled', updatedAt: now }, 'Pending');
        await writeFieldLogs(tx, {
          entityType: 'order',
          entityId: id,
          userId: caller.userId,
          changes: [{ field: 'leaseStatus', before: 'InUse', after: 'Returning' }],
        });
        return { order: current, assetId: leased.assetId, closed: false };
      });
      await lockAssets(caller, order, [assetId]);
      if (closed) await refundFreedDeposit(caller, order, deposit, false);
      return detail(caller.scope, id);
    },

    /** Staff checked the returned asset: the lease waiting as Returning is Returned and the order closes. */
    async confirmReturn(caller: Caller, id: string, reason: string | undefined): Promise<Order> {
      const deposit = await depositBefore(caller, id);
      const order = await db.transaction(async (tx) => {
        const current = await openOrder(tx, caller, id);
        if (!(await repo.leasesOf(tx, caller.scope, id)).some((l) => l.status === 'Returning'))
          throw new DomainError('ReturnNotSubmitted', 409, ORDER_ERRORS.ReturnNotSubmitted);
        await close(tx, caller, current, { reason, returnSiteId: current.returnSiteId });
        return current;
      });
      await refundFreedDeposit(caller, order, deposit, false);
      return detail(caller.scope, id);
    },
  };
}
