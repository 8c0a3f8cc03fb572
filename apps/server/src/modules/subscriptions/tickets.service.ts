import { randomUUID } from 'node:crypto';
import {
  type CreateSubscriptionTicketBody,
  type CustomerTicket,
  SUBSCRIPTION_TICKET_PERMISSIONS,
  type SubscriptionTicketAssetInspection,
  TICKET_PHOTOS_MAX,
  ticketIssues,
  type UpdateSubscriptionTicketBody,
} from '@fleetdesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { MailSender } from '../../adapters/messaging.ts';
import type { FileStorage } from '../../adapters/storage.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import type { ReceivedFile } from '../checklist-records/record-uploads.ts';
import * as ticketsRepo from '../customer-tickets/customer-tickets.repo.ts';
import { createCustomerTicketService, type ServiceFeeBilling } from '../customer-tickets/customer-tickets.service.ts';
import { invalidStatus } from '../customer-tickets/ticket-rules.ts';
import { serviceTradeOf } from '../customer-tickets/ticket-view.ts';
import { notifyByPermission } from '../notifications/notify.ts';
import type { PaymentService } from '../payments/payments.service.ts';
import type { SubscriptionOrderService } from './orders.service.ts';
import * as repo from './tickets.repo.ts';

/** Trade states in which the fee is not charged yet: the operator may still change it, or exempt part of it. */
const UNCHARGED = ['Pending', 'Claimable', 'Failed'];

const field = (code: string, status: number, name: string, message: string) =>
  new DomainError(code, status, message, { field: name, fields: { [name]: message } });
const tooManyPhotos = () =>
  new DomainError('TooManyPhotos', 422, `A ticket holds at most ${TICKET_PHOTOS_MAX} photos`, {
    max: TICKET_PHOTOS_MAX,
  });
const notSubscribed = () =>
  field('AssetNotSubscribed', 422, 'assetNo', 'The asset is not held by a subscription of its partner');

/**
 * B2B service tickets (issue 24, docs/decisions.md "B2B service tickets"): the subscribing partner's staff open,
 * change and withdraw them; the workshop works them on the one ticket engine (state machine, checklist records,
 * history), which bills the fee to the subscription order as a `service` trade at finish; the operator changes the
 * fee before it is charged, and exempts or refunds it through the order's trade.
 */
export function createSubscriptionTicketService(deps: {
  db: Db;
  payments: PaymentService;
  mail: MailSender;
  log: FastifyBaseLogger;
  orders: SubscriptionOrderService;
  storage: FileStorage;
}) {
  const { db, orders, storage } = deps;

  const billing: ServiceFeeBilling = {
    async bill(tx, ticket, fee, now) {
      if (!ticket.subscriptionOrderId) return;
      await repo.insertServiceTrade(tx, {
        id: randomUUID(),
        orderId: ticket.subscriptionOrderId,
        ticketId: ticket.id,
        amount: fee,
        now,
      });
    },
    editable: (row) => {
      const trade = serviceTradeOf(row.serviceTrade);
      return trade !== null && UNCHARGED.includes(trade.state);
    },
  };
  const engine = createCustomerTicketService({ ...deps, kind: 'b2b', billing });

  /** The asset of a new ticket: in scope, and held by a live subscription order (AssetNotSubscribed otherwise). */
  async function inspect(tx: DbOrTx, caller: Caller, assetNo: string) {
    const asset = await ticketsRepo.assetByNo(tx, caller.scope, assetNo);
    if (!asset) throw field('AssetNotFound', 404, 'assetNo', 'No asset has this number');
    const order = await repo.holdingOrder(tx, caller.scope, asset.id);
    if (!order || order.partner_id !== asset.partnerId) throw notSubscribed();
    return { asset, order };
  }

  const assertIssues = (issues: readonly string[] | undefined) => {
    const unknown = (issues ?? []).findIndex((i) => !(ticketIssues as readonly string[]).includes(i));
    if (unknown >= 0)
      throw new DomainError('IssueInvalid', 422, 'Unknown issue category', {
        fields: { [`issues.${unknown}`]: 'Unknown issue category' },
      });
  };

  /** The partner's own edits and the withdrawal: only while the workshop has not checked the asset in. */
  async function lockedNew(tx: DbOrTx, caller: Caller, id: string, action: string) {
    const ticket = await engine.locked(tx, caller, id);
    if (ticket.status !== 'new') throw invalidStatus(ticket.status, action);
    return ticket;
  }

  return {
    ...engine,

    async inspectAsset(caller: Caller, input: { assetNo: string }): Promise<SubscriptionTicketAssetInspection> {
      const { asset, order } = await inspect(db, caller, input.assetNo);
      return {
        asset: {
          id: asset.id,
          no: asset.no,
          category: { id: asset.categoryId, name: asset.categoryName },
          partner: { id: asset.partnerId, name: asset.partnerName },
          lifeCycleState: asset.lifeCycleState as SubscriptionTicketAssetInspection['asset']['lifeCycleState'],
        },
        subscriptionOrder: { id: order.id, orderNo: order.no },
      };
    },

    /** Opens a ticket on the order holding the asset; one open ticket per asset (TicketAlreadyExists), either kind. */
    async create(caller: Caller, input: CreateSubscriptionTicketBody): Promise<CustomerTicket> {
      assertIssues(input.issues);
      const id = randomUUID();
      await db
        .transaction(async (tx) => {
          const { asset, order } = await inspect(tx, caller, input.assetNo);
          const currency = await repo.orderCurrency(tx, order.id);
          const now = new Date();
          await ticketsRepo.insert(tx, caller.scope, {
            id,
            ticketNo: await ticketsRepo.nextTicketNo(tx),
            kind: 'b2b',
            subscriptionOrderId: order.id,
            assetPartnerId: asset.partnerId,
            providerPartnerId: null,
            centerSiteId: null,
            assetId: asset.id,
            categoryId: asset.categoryId,
            customerId: null,
            contactName: input.contactName || null,
            contactEmail: input.contactEmail || null,
            contactPhone: input.contactPhone || null,
            status: 'new',
            operationType: 'regular',
            issues: [...new Set(input.issues)],
            comment: input.comment || null,
            currency,
            createdBy: caller.userId,
            createdAt: now,
            updatedAt: now,
          });
          await engine.event(
            tx,
            caller,
            { id },
            'create',
            { subscriptionOrderId: order.id },
            { from: 'new', to: 'new' },
          );
          // The workshop learns of the report at once (the bell, or e-mail by each one's settings), with the ticket.
          await notifyByPermission(
            tx,
            { permission: SUBSCRIPTION_TICKET_PERMISSIONS.manageRead, partnerId: asset.partnerId },
            {
              kind: 'b2bTicketReported',
              title: `${asset.partnerName} reported asset ${asset.no} (subscription ${order.no})`,
              body: input.comment || undefined,
              link: `/subscription/service-management/detail/${id}`,
              params: { assetNo: asset.no, partner: asset.partnerName, orderNo: order.no },
            },
          );
        })
        .catch((error: unknown) => {
          if (uniqueViolation(error) === 'customer_tickets_open_asset_key')
            throw field('TicketAlreadyExists', 409, 'assetNo', 'The asset already has an open ticket');
          throw error;
        });
      return engine.detail(db, caller, id);
    },

    /** The partner's change of a new ticket: issues, description, contact (what is left out stays). */
    async update(caller: Caller, id: string, input: UpdateSubscriptionTicketBody): Promise<CustomerTicket> {
      assertIssues(input.issues);
      return db.transaction(async (tx) => {
        const ticket = await lockedNew(tx, caller, id, 'update');
        const values: Partial<ticketsRepo.NewTicket> = {};
        if (input.issues !== undefined) values.issues = [...new Set(input.issues)];
        if (input.comment !== undefined) values.comment = input.comment || null;
        if (input.contactName !== undefined) values.contactName = input.contactName || null;
        if (input.contactEmail !== undefined) values.contactEmail = input.contactEmail || null;
        if (input.contactPhone !== undefined) values.contactPhone = input.contactPhone || null;
        await ticketsRepo.update(tx, caller.scope, id, values);
        await engine.event(tx, caller, ticket, 'update', values as Record<string, unknown>);
        return engine.detail(tx, caller, id);
      });
    },

    /** Withdraws a ticket the workshop has not checked in: it has no records, fee or trade yet, so it goes. */
    async remove(caller: Caller, id: string): Promise<void> {
      const photos = await db.transaction(async (tx) => {
        await lockedNew(tx, caller, id, 'delete');
        const kept = await ticketsRepo.photos(tx, id);
        await ticketsRepo.remove(tx, caller.scope, id);
        return kept;
      });
      // After the commit: a file left by a crash here is an orphan, never a photo pointing at nothing.
      for (const p of photos) await storage.remove(p.storageKey).catch(() => undefined);
    },

    /** Before an upload is read: the ticket in scope, still new, with room for another photo. */
    async checkPhoto(caller: Caller, id: string) {
      await db.transaction(async (tx) => {
        await lockedNew(tx, caller, id, 'addPhoto');
        if ((await ticketsRepo.photos(tx, id)).length >= TICKET_PHOTOS_MAX) throw tooManyPhotos();
      });
    },

    /** Keeps a received photo on a new ticket (images only; the count checked again under the ticket's lock). */
    async addPhoto(caller: Caller, id: string, file: ReceivedFile): Promise<CustomerTicket> {
      try {
        if (file.kind !== 'image')
          throw new DomainError('UnsupportedMediaType', 415, 'Only JPEG or PNG photos are accepted');
        return await db.transaction(async (tx) => {
          const ticket = await lockedNew(tx, caller, id, 'addPhoto');
          if ((await ticketsRepo.photos(tx, id)).length >= TICKET_PHOTOS_MAX) throw tooManyPhotos();
          const photoId = randomUUID();
          await ticketsRepo.insertPhoto(tx, {
            id: photoId,
            ticketId: id,
            storageKey: file.storageKey,
            contentType: file.contentType,
            sizeBytes: file.sizeBytes,
            fileName: file.fileName,
            createdBy: caller.userId,
          });
          await engine.event(tx, caller, ticket, 'add-photo', { photoId, fileName: file.fileName });
          return engine.detail(tx, caller, id);
        });
      } catch (error) {
        await storage.remove(file.storageKey).catch(() => undefined);
        throw error;
      }
    },

    /** The bytes of a photo of a ticket the caller may read. */
    async photoFile(caller: Caller, id: string, photoId: string) {
      await engine.get(caller, id);
      const row = await ticketsRepo.photo(db, id, photoId);
      const stream = row ? await storage.open(row.storageKey) : undefined;
      if (!row || !stream) throw new DomainError('NotFound', 404, 'The photo does not exist');
      return { row, stream };
    },

    async deletePhoto(caller: Caller, id: string, photoId: string): Promise<CustomerTicket> {
      const { detail, key } = await db.transaction(async (tx) => {
        const ticket = await lockedNew(tx, caller, id, 'deletePhoto');
        const row = await ticketsRepo.photo(tx, id, photoId);
        if (!row) throw new DomainError('NotFound', 404, 'The photo does not exist');
        await ticketsRepo.deletePhoto(tx, id, photoId);
        await engine.event(tx, caller, ticket, 'delete-photo', { photoId, fileName: row.fileName });
        return { detail: await engine.detail(tx, caller, id), key: row.storageKey };
      });
      await storage.remove(key).catch(() => undefined);
      return detail;
    },

    /**
     * The operator's change of the fee billed, while its trade is not charged (409 TicketChargeLocked after: exempt
     * or refund then). The ticket's fee and the trade's amount change together, under the trade's lock.
     */
    async editCharge(caller: Caller, id: string, input: { amount: number; reason: string }) {
      return db.transaction(async (tx) => {
        const ticket = await engine.locked(tx, caller, id);
        const trade = await repo.lockServiceTrade(tx, id);
        if (!trade || !UNCHARGED.includes(trade.state))
          throw new DomainError(
            'TicketChargeLocked',
            409,
            'The fee is being charged or already paid: exempt or refund it instead',
            { state: trade?.state ?? null },
          );
        if (input.amount < Number(trade.exempted))
          throw field('ValidationError', 422, 'amount', `At least ${Number(trade.exempted).toFixed(2)} is exempted`);
        await repo.setServiceTradeAmount(tx, trade.id, input.amount);
        await ticketsRepo.update(tx, caller.scope, id, { serviceFee: input.amount });
        await engine.event(tx, caller, ticket, 'edit-charge', {
          from: Number(ticket.serviceFee ?? 0),
          to: input.amount,
          reason: input.reason,
        });
        return engine.detail(tx, caller, id);
      });
    },

    /**
     * Exempts part of the fee while the subscription has not paid it, or refunds part of what it paid: the order's
     * own exempt/refund of the service trade (its limits and ledger), with the ticket's adjustment and history.
     */
    async exemptOrRefund(caller: Caller, id: string, input: { amount: number; reason: string }) {
      const ticket = await engine.get(caller, id);
      const trade = ticket.serviceTrade;
      if (!trade || !['Pending', 'Claimable', 'Failed', 'Succeeded'].includes(trade.state))
        throw invalidStatus(ticket.status, 'exemptOrRefund');
      const kind = trade.state === 'Succeeded' ? 'refund' : 'exempt';
      await orders
        .exemptRefund(caller, ticket.subscriptionOrder?.id ?? '', {
          tradeId: trade.id,
          reason: input.reason,
          ...(kind === 'exempt' ? { exemptAmount: input.amount } : { refundAmount: input.amount }),
        })
        .catch((error: unknown) => {
          // The order names its fields exemptAmount / refundAmount; the ticket's form has one amount.
          if (error instanceof DomainError && error.code === 'ValidationError')
            throw field('ValidationError', 422, 'amount', error.message);
          throw error;
        });
      await db.transaction(async (tx) => {
        const row = await engine.locked(tx, caller, id);
        await ticketsRepo.insertAdjustment(tx, {
          id: randomUUID(),
          ticketId: id,
          kind,
          amount: input.amount,
          reason: input.reason,
          userId: caller.userId,
        });
        await ticketsRepo.update(tx, caller.scope, id, {
          exemptRefundAmount: Math.round((Number(row.exemptRefundAmount) + input.amount) * 100) / 100,
          exemptRefundReason: input.reason,
        });
        await engine.event(tx, caller, row, kind, { amount: input.amount, reason: input.reason });
      });
      return engine.get(caller, id);
    },
  };
}

export type SubscriptionTicketService = ReturnType<typeof createSubscriptionTicketService>;
