import { randomInt, randomUUID } from 'node:crypto';
import {
  appPermission,
  type CreateCustomerTicketBody,
  type CustomerTicket,
  email as emailSchema,
  type TicketAssetInspection,
  type TicketEvent,
  type TicketInvoice,
  type TicketStatusAction,
  ticketIssues,
} from '@fleetdesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { MailSender } from '../../adapters/messaging.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { hashPassword } from '../../lib/secrets.ts';
import * as recordsRepo from '../checklist-records/checklist-records.repo.ts';
import {
  excludeTicketRecord,
  finalizeTicketRecords,
  ticketRecordsCharge,
} from '../checklist-records/ticket-records.ts';
import * as customersRepo from '../customers/customers.repo.ts';
import { notifyUsers } from '../notifications/notify.ts';
import * as partnerOperationsRepo from '../partner-operations/partner-operations.repo.ts';
import type { PaymentService } from '../payments/payments.service.ts';
import * as repo from './customer-tickets.repo.ts';
import {
  allowedActions,
  assertMayWork,
  assertTransition,
  B2B,
  holds,
  initialPassword,
  invalidStatus,
  isOpen,
  P,
  validPersonName,
} from './ticket-rules.ts';
import { chargeOpensAt, ticketMoney, toInvoice, toTicketSummary } from './ticket-view.ts';

/** The tax subjects a service invoice needs a rate for (document 2 §3 "Tax group"). */
const SERVICE_SUBJECTS = ['service-hardware', 'service-labour'] as const;

const ticketNotFound = () => notFound('The service ticket does not exist');
const cents = (v: number | string | null | undefined) => Math.round(Number(v ?? 0) * 100);

type Row = repo.TicketRow;

/** Minutes of the processing spell that ends now (0 when none runs). */
const spellMinutes = (t: Pick<Row, 'processingSince'>, now: Date) =>
  t.processingSince ? Math.max(0, Math.floor((now.getTime() - t.processingSince.getTime()) / 60_000)) : 0;

const emailProblem = (email: string | null | undefined) => {
  if (!email)
    return { code: 'CustomerEmailMissing', message: 'The customer has no e-mail address: add one and charge again' };
  if (!emailSchema.safeParse(email).success)
    return {
      code: 'CustomerEmailInvalid',
      message: "The customer's e-mail address is invalid: fix it and charge again",
    };
  return null;
};

/**
 * What a B2B ticket does where a B2C one charges a card (issue 24, modules/subscriptions/tickets.service.ts): its
 * fee is billed to the subscription order, and exempted or refunded there.
 */
export interface ServiceFeeBilling {
  /** Inside the finish's transaction: bills the fixed fee to the ticket's subscription order. */
  bill(tx: DbOrTx, ticket: Row, fee: number, now: Date): Promise<void>;
  /** Whether the operator may still change the fee (its trade not charged yet). */
  editable(row: repo.TicketSummaryRow): boolean;
}

/**
 * The service ticket engine, one per kind (docs/decisions.md "B2B service tickets"). B2C (issue 22): create (with a
 * walk-in customer), the state machine of TICKET_TRANSITIONS, the mechanic's edits, finishing (records finalized,
 * fee fixed, invoice issued, customer charged), charging again, exempting and refunding, completing. B2B (issue 24):
 * the same state machine, edits and records under the B2B permissions; finishing bills the fee to the subscription
 * (`billing`) instead of issuing an invoice and charging a card. A ticket of the other kind is not found. Every
 * action locks the ticket row `for update` in its transaction, so concurrent actions on one ticket run one after the
 * other and each sees the status the previous one left.
 */
export function createCustomerTicketService(deps: {
  db: Db;
  payments: PaymentService;
  mail: MailSender;
  log: FastifyBaseLogger;
  kind?: 'b2c' | 'b2b';
  billing?: ServiceFeeBilling;
}) {
  const { db, payments } = deps;
  const kind = deps.kind ?? 'b2c';
  const b2b = kind === 'b2b';

  /** The ticket row of this kind in the caller's scope, locked; 404 when missing, another partner's or kind's. */
  async function locked(tx: DbOrTx, caller: Caller, id: string): Promise<Row> {
    const row = await repo.byId(tx, caller.scope, id, { lock: true });
    if (!row || row.kind !== kind) throw ticketNotFound();
    return row;
  }

  const event = (
    tx: DbOrTx,
    caller: Caller | null,
    ticket: Pick<Row, 'id'>,
    action: string,
    data: Record<string, unknown> = {},
    status?: { from: string; to: string },
  ) =>
    repo.insertEvent(tx, {
      id: randomUUID(),
      ticketId: ticket.id,
      action,
      fromStatus: status?.from ?? null,
      toStatus: status?.to ?? null,
      userId: caller?.userId ?? null,
      data,
    });

  /** The detail as this caller sees it. */
  async function detail(dbOrTx: DbOrTx, caller: Caller, id: string): Promise<CustomerTicket> {
    const row = await repo.summary(dbOrTx, caller.scope, id);
    if (!row || row.ticket.kind !== kind) throw ticketNotFound();
    const now = new Date();
    const summary = toTicketSummary(row, now);
    const money = ticketMoney(row);
    const [events, adjustments, ledger, invoice, photos] = await Promise.all([
      repo.events(dbOrTx, id),
      repo.adjustments(dbOrTx, id),
      repo.ticketPayments(dbOrTx, id),
      repo.invoiceOf(dbOrTx, id),
      repo.photos(dbOrTx, id),
    ]);
    return {
      ...summary,
      asset: { ...summary.asset, lifeCycleState: row.assetLifeCycleState as CustomerTicket['asset']['lifeCycleState'] },
      allowedActions: allowedActions(caller, row.ticket, {
        owed: money.owed,
        paid: money.paid,
        chargeOpen: chargeOpensAt(row.ticket, money.owed, now) === null && money.chargePending === 0,
        chargeEditable: deps.billing?.editable(row) ?? false,
      }),
      payments: ledger.map((p) => ({
        id: p.id,
        kind: p.kind as 'charge' | 'refund',
        amount: Number(p.amount),
        currency: p.currency,
        status: p.status,
        failureCode: p.failureCode,
        failureMessage: p.failureMessage,
        paymentMethod: p.paymentMethod,
        createdAt: toIso(p.createdAt),
        settledAt: toIsoOrNull(p.settledAt),
      })),
      adjustments: adjustments.map(({ adjustment: a, userName }) => ({
        id: a.id,
        kind: a.kind as 'exempt' | 'refund',
        amount: Number(a.amount),
        reason: a.reason,
        user: a.userId ? { id: a.userId, name: userName ?? '' } : null,
        createdAt: toIso(a.createdAt),
      })),
      invoice: invoice ? toInvoice(invoice) : null,
      photos: photos.map((p) => ({
        id: p.id,
        url: `/api/support/tickets/${id}/photos/${p.id}/file`,
        fileName: p.fileName,
        contentType: p.contentType,
        sizeBytes: p.sizeBytes,
        createdAt: toIso(p.createdAt),
      })),
      history: events.map(
        ({ event: e, userName }): TicketEvent => ({
          id: e.id,
          action: e.action,
          fromStatus: e.fromStatus as TicketEvent['fromStatus'],
          toStatus: e.toStatus as TicketEvent['toStatus'],
          user: e.userId ? { id: e.userId, name: userName ?? '' } : null,
          data: (e.data ?? {}) as Record<string, unknown>,
          at: toIso(e.at),
        }),
      ),
    };
  }

  /** Checks the asset a ticket is opened for; the same rules for `$inspectAsset` and `create`. */
  async function inspect(
    tx: DbOrTx,
    caller: Caller,
    input: {
      assetNo: string;
      operationType?: string | undefined;
      swappedAssetNo?: string | undefined;
      orderId?: string | undefined;
    },
  ) {
    const asset = await repo.assetByNo(tx, caller.scope, input.assetNo);
    if (!asset) throw new DomainError('AssetNotFound', 404, 'No asset has this number', { field: 'assetNo' });
    if (asset.usageMode !== 'customer-rental')
      throw new DomainError('AssetUsageModeInvalid', 422, 'Only assets rented to customers get B2C service tickets', {
        usageMode: asset.usageMode,
      });
    const openOrder = await repo.openOrderOfAsset(tx, caller.scope, asset.id);
    if (input.operationType === 'return') {
      if (input.orderId !== undefined && openOrder?.id !== input.orderId)
        throw new DomainError('OrderMismatch', 422, 'The asset is not on this open order', { field: 'orderId' });
      if (input.orderId === undefined && !openOrder)
        throw new DomainError('OrderMismatch', 422, 'The asset is not out on an open order to return from', {
          field: 'orderId',
        });
    } else if (input.orderId !== undefined) {
      throw new DomainError('OrderMismatch', 422, 'Only a return ticket belongs to an order', { field: 'orderId' });
    } else if (openOrder && input.operationType !== undefined) {
      throw new DomainError(
        'AssetHasOngoingOrder',
        409,
        'The asset is rented out on an order; open a return ticket for that order',
        { orderId: openOrder.id, orderNo: openOrder.orderNo },
      );
    }
    let swappedAssetId: string | null = null;
    if (input.operationType === 'swapped') {
      const swapped = input.swappedAssetNo ? await repo.assetByNo(tx, caller.scope, input.swappedAssetNo) : undefined;
      if (!swapped || swapped.id === asset.id || swapped.partnerId !== asset.partnerId)
        throw new DomainError(
          'AssetNoSwappedInvalid',
          422,
          'The swapped asset is missing, the same asset, or not of this partner',
          { field: 'swappedAssetNo' },
        );
      swappedAssetId = swapped.id;
    }
    const currency = await repo.partnerCurrency(tx, caller.scope, asset.partnerId);
    if (!currency)
      throw new DomainError('PartnerConfigIncomplete', 422, "The partner's operation settings are incomplete", {
        missing: ['operationSetting'],
      });
    return { asset, openOrder, swappedAssetId, currency };
  }

  /** The customer of a new ticket: an existing one in scope, or one created now with the partner's rules. */
  async function customerOf(
    tx: DbOrTx,
    caller: Caller,
    input: CreateCustomerTicketBody,
    partnerId: string,
    passwordHash: string | null,
  ): Promise<string> {
    if (input.customerId) {
      const found = await customersRepo.get(tx, caller.scope, input.customerId);
      if (!found) throw validationError({ customerId: 'Unknown customer' });
      return input.customerId;
    }
    const fresh = input.newCustomer;
    if (!fresh || !passwordHash) throw validationError({ customerId: 'Choose a customer or create one' });
    for (const [field, value] of [
      ['newCustomer.firstName', fresh.firstName],
      ['newCustomer.lastName', fresh.lastName],
    ] as const) {
      if (!validPersonName(value))
        throw new DomainError('CustomerNameInvalid', 422, "The customer's name is invalid", {
          fields: { [field]: "The customer's name is invalid" },
        });
    }
    const operations = await partnerOperationsRepo.getOperations(tx, caller.scope, partnerId);
    if (!operations || operations.row.customerSelfJoinPolicy === 'closed')
      throw new DomainError('PartnerNotOpenToJoin', 422, 'The partner does not accept new customers', { partnerId });
    if (fresh.email && (await repo.customerIdByEmail(tx, fresh.email)))
      throw new DomainError('EmailInUse', 409, 'This e-mail is already used by another customer', {
        fields: { 'newCustomer.email': 'This e-mail is already used by another customer' },
      });
    const id = randomUUID();
    let referralCode = randomReferralCode();
    while (await customersRepo.referralCodeTaken(tx, referralCode)) referralCode = randomReferralCode();
    await customersRepo.insert(tx, {
      id,
      referralCode,
      passwordHash,
      phoneNo: fresh.phoneNo,
      firstName: fresh.firstName,
      lastName: fresh.lastName,
      email: fresh.email ?? null,
    });
    await customersRepo.addMembership(tx, { customerId: id, partnerId, phoneNo: fresh.phoneNo });
    return id;
  }

  /** ContactEmailInUsed: a contact e-mail that signs in another customer than the ticket's. */
  async function assertContactEmailFree(tx: DbOrTx, contactEmail: string | undefined, customerId: string | null) {
    if (!contactEmail) return;
    const holder = await repo.customerIdByEmail(tx, contactEmail);
    if (holder && holder !== customerId)
      throw new DomainError('ContactEmailInUsed', 409, 'This e-mail is already used by another customer', {
        fields: { contactEmail: 'This e-mail is already used by another customer' },
      });
  }

  /**
   * Writes a charge attempt of what is owed, under the ticket's lock: the ledger row (Pending, key
   * `customer-ticket:<id>:charge:<n>`) and the ticket's last charge time in the caller's transaction. A customer
   * without a usable e-mail gets a Failed attempt with that reason instead (no provider call, the 24 h do not
   * start). Answers what to ask the provider after the commit, if anything.
   */
  async function writeChargeAttempt(tx: DbOrTx, caller: Caller | null, ticket: Row, owedCents: number, now: Date) {
    if (owedCents <= 0 || !ticket.customerId) return null;
    const target = await repo.chargeTarget(tx, ticket.customerId);
    const attempt = (await repo.chargeCount(tx, ticket.id)) + 1;
    const request = {
      customerId: ticket.customerId,
      subjectType: repo.TICKET_SUBJECT,
      subjectId: ticket.id,
      amount: owedCents / 100,
      currency: ticket.currency,
      paymentMethod: target?.card ?? '',
      key: `customer-ticket:${ticket.id}:charge:${attempt}`,
      description: `Service ticket ${ticket.ticketNo}`,
    };
    const problem = emailProblem(target?.email);
    if (problem) {
      const failed = await payments.recordRefusedCharge(tx, request, problem);
      await event(tx, caller, ticket, 'charge', { paymentId: failed.id, attempt, failureCode: problem.code });
      return { request, refused: problem };
    }
    const { row } = await payments.writeCharge(tx, request);
    await repo.update(tx, '*', ticket.id, { lastChargeAt: now });
    await event(tx, caller, ticket, 'charge', { paymentId: row.id, attempt, amount: request.amount });
    return { request, refused: null };
  }

  /** Issues the invoice of a ticket being finished, from the cost statements of its finalized, kept records. */
  async function issueInvoice(
    tx: DbOrTx,
    caller: Caller,
    ticket: Row,
    center: { taxGroupId: string | null; taxGroupName: string | null },
    now: Date,
  ) {
    const records = await recordsRepo.listOfTicket(tx, caller.scope, ticket.id);
    const lines: TicketInvoice['lines'] = [];
    for (const { record } of records) {
      if (record.status !== 'Finish' || record.excludedAt) continue;
      const statement = record.costStatement as { lines?: CostLine[] } | null;
      for (const line of statement?.lines ?? []) {
        if (line.unitPrice === null && line.gross === 0) continue;
        lines.push({
          description: describeLine(line),
          quantity: line.quantity,
          gross: line.gross,
          net: line.net,
          tax: line.tax,
          taxRate: line.taxRate,
        });
      }
    }
    const sum = (pick: (l: TicketInvoice['lines'][number]) => number) =>
      lines.reduce((total, l) => total + cents(pick(l)), 0) / 100;
    const series = await repo.lockInvoiceSeries(tx, '*', ticket.assetPartnerId);
    const year = now.getUTCFullYear();
    let invoiceNo: string;
    if (series) {
      invoiceNo = `${series.prefix}-${year}-${String(series.next).padStart(6, '0')}`;
      await repo.advanceInvoiceSeries(tx, '*', ticket.assetPartnerId, series.next + 1);
    } else {
      invoiceNo = `SVC-${year}-${ticket.ticketNo.replace(/\D/g, '')}`;
    }
    await repo.insertInvoice(tx, {
      id: randomUUID(),
      ticketId: ticket.id,
      partnerId: ticket.assetPartnerId,
      invoiceNo,
      issuedAt: now,
      currency: ticket.currency,
      lines,
      net: sum((l) => l.net),
      tax: sum((l) => l.tax),
      gross: sum((l) => l.gross),
      taxGroupId: center.taxGroupId,
      taxGroupName: center.taxGroupName,
      emailStatus: 'pending',
    });
    await event(tx, caller, ticket, 'invoice', { invoiceNo });
  }

  /** E-mails the ticket's invoice to its customer; the invoice stays whatever happens (email_status says). */
  async function sendInvoice(ticketId: string): Promise<{ sent: boolean; reason?: string }> {
    const invoice = await repo.invoiceOf(db, ticketId);
    const ticket = await repo.byId(db, '*', ticketId);
    if (!invoice || !ticket) return { sent: false, reason: 'No invoice' };
    const target = ticket.customerId ? await repo.chargeTarget(db, ticket.customerId) : undefined;
    const to = target?.email ?? ticket.contactEmail;
    const problem = emailProblem(to);
    if (problem) {
      await repo.setInvoiceEmailStatus(db, ticketId, 'failed');
      return { sent: false, reason: problem.message };
    }
    const lines = (invoice.lines as TicketInvoice['lines'])
      .map((l) => `${l.quantity} × ${l.description}: ${l.gross.toFixed(2)} ${invoice.currency}`)
      .join('\n');
    try {
      await deps.mail.send(
        to as string,
        `Invoice ${invoice.invoiceNo} — service ticket ${ticket.ticketNo}`,
        `Hello ${target?.firstName ?? ''},\n\nYour invoice ${invoice.invoiceNo} for service ticket ${ticket.ticketNo}:\n${lines}\n\nNet ${Number(invoice.net).toFixed(2)}, tax ${Number(invoice.tax).toFixed(2)}, total ${Number(invoice.gross).toFixed(2)} ${invoice.currency}.`,
      );
    } catch (error) {
      deps.log.warn({ err: error, ticketId }, 'the service invoice could not be e-mailed');
      await repo.setInvoiceEmailStatus(db, ticketId, 'failed');
      return { sent: false, reason: 'The mail service refused the message' };
    }
    await repo.setInvoiceEmailStatus(db, ticketId, 'sent');
    return { sent: true };
  }

  /** A status action: lock, assignment, transition table, then the action's own writes and its history row. */
  async function transition(
    caller: Caller,
    id: string,
    action: Exclude<TicketStatusAction, 'finish'>,
    apply: (tx: DbOrTx, ticket: Row, now: Date) => Promise<Partial<repo.NewTicket>>,
    data: Record<string, unknown> = {},
  ): Promise<CustomerTicket> {
    return db.transaction(async (tx) => {
      const ticket = await locked(tx, caller, id);
      if (action !== 'checkIn' && action !== 'complete')
        assertMayWork(caller, ticket, { starting: action === 'start' });
      const to = assertTransition(action, ticket.status);
      const now = new Date();
      const values = await apply(tx, ticket, now);
      await repo.update(tx, caller.scope, id, { ...values, status: to });
      await event(tx, caller, ticket, kebab(action), data, { from: ticket.status, to });
      return detail(tx, caller, id);
    });
  }

  /** An edit of the ticket's own fields by someone who may work it (or check it in, for the check-in note). */
  async function edit(
    caller: Caller,
    id: string,
    action: string,
    build: (tx: DbOrTx, ticket: Row) => Promise<Partial<repo.NewTicket>>,
    opts: { checkInMay?: boolean } = {},
  ) {
    return db.transaction(async (tx) => {
      const ticket = await locked(tx, caller, id);
      if (!(opts.checkInMay && holds(caller, P.checkIn))) assertMayWork(caller, ticket);
      const values = await build(tx, ticket);
      await repo.update(tx, caller.scope, id, values);
      await event(tx, caller, ticket, action, values as Record<string, unknown>);
      return detail(tx, caller, id);
    });
  }

  const requireBilling = () => {
    if (!deps.billing) throw new Error('a B2B ticket engine needs its fee billing');
    return deps.billing;
  };

  return {
    /** For the B2B service: the same lock, the same history and the same detail. */
    locked,
    event,
    detail,
    get: (caller: Caller, id: string) => detail(db, caller, id),

    /** What the new-ticket form shows once the asset is found; the same refusals as create. */
    async inspectAsset(
      caller: Caller,
      input: {
        assetNo: string;
        operationType?: string | undefined;
        swappedAssetNo?: string | undefined;
        orderId?: string | undefined;
      },
    ): Promise<TicketAssetInspection> {
      const { asset, openOrder, currency } = await inspect(db, caller, input);
      return {
        asset: {
          id: asset.id,
          no: asset.no,
          category: { id: asset.categoryId, name: asset.categoryName },
          partner: { id: asset.partnerId, name: asset.partnerName },
          lifeCycleState: asset.lifeCycleState as TicketAssetInspection['asset']['lifeCycleState'],
          usageMode: asset.usageMode,
        },
        openOrder: openOrder
          ? {
              id: openOrder.id,
              orderNo: openOrder.orderNo,
              customer: {
                id: openOrder.customerId,
                name: `${openOrder.firstName} ${openOrder.lastName}`.trim(),
                phoneNo: openOrder.phoneNo,
              },
            }
          : null,
        currency,
      };
    },

    /** Opens a ticket; one open ticket per asset is the database's partial unique index (TicketAlreadyExists). */
    async create(caller: Caller, input: CreateCustomerTicketBody): Promise<CustomerTicket> {
      const unknownIssue = input.issues.findIndex((i) => !(ticketIssues as readonly string[]).includes(i));
      if (unknownIssue >= 0)
        throw new DomainError('IssueInvalid', 422, 'Unknown issue category', {
          fields: { [`issues.${unknownIssue}`]: 'Unknown issue category' },
        });
      const passwordHash = input.newCustomer ? await hashPassword(initialPassword(input.newCustomer.phoneNo)) : null;
      const id = randomUUID();
      await db
        .transaction(async (tx) => {
          const { asset, openOrder, swappedAssetId, currency } = await inspect(tx, caller, {
            assetNo: input.assetNo,
            operationType: input.operationType,
            swappedAssetNo: input.swappedAssetNo,
            orderId: input.orderId,
          });
          const center = await repo.serviceCenter(tx, caller.scope, input.centerSiteId);
          if (!center) throw validationError({ centerSiteId: 'Choose a service centre of a partner in your scope' });
          const customerId = await customerOf(tx, caller, input, asset.partnerId, passwordHash);
          await assertContactEmailFree(tx, input.contactEmail || undefined, customerId);
          const now = new Date();
          await repo.insert(tx, caller.scope, {
            id,
            ticketNo: await repo.nextTicketNo(tx),
            assetPartnerId: asset.partnerId,
            providerPartnerId: center.partnerId,
            centerSiteId: center.id,
            assetId: asset.id,
            categoryId: asset.categoryId,
            customerId,
            contactName: input.contactName || null,
            contactEmail: input.contactEmail || null,
            contactPhone: input.contactPhone || null,
            status: 'new',
            operationType: input.operationType,
            swappedAssetId,
            orderId: input.operationType === 'return' ? (openOrder?.id ?? null) : null,
            issues: [...new Set(input.issues)],
            comment: input.comment || null,
            checkInNote: input.checkInNote || null,
            currency,
            createdBy: caller.userId,
            createdAt: now,
            updatedAt: now,
          });
          await event(
            tx,
            caller,
            { id },
            'create',
            { newCustomer: input.newCustomer !== undefined },
            {
              from: 'new',
              to: 'new',
            },
          );
        })
        .catch((error: unknown) => {
          const constraint = uniqueViolation(error);
          if (constraint === 'customer_tickets_open_asset_key')
            throw new DomainError('TicketAlreadyExists', 409, 'The asset already has an open ticket', {
              field: 'assetNo',
            });
          if (constraint === 'customer_memberships_phone_key')
            throw new DomainError('Conflict', 409, 'A customer of this partner already has this phone number', {
              fields: { 'newCustomer.phoneNo': 'A customer of this partner already has this phone number' },
            });
          throw error;
        });
      return detail(db, caller, id);
    },

    comment: (caller: Caller, id: string, comment: string | undefined) =>
      edit(caller, id, 'comment', async () => ({ comment: comment || null })),

    contactInfo: (
      caller: Caller,
      id: string,
      input: { contactName?: string | undefined; contactEmail?: string | undefined; contactPhone?: string | undefined },
    ) =>
      edit(caller, id, 'contact-info', async (tx, ticket) => {
        await assertContactEmailFree(tx, input.contactEmail || undefined, ticket.customerId);
        const values: Partial<repo.NewTicket> = {};
        if (input.contactName !== undefined) values.contactName = input.contactName || null;
        if (input.contactEmail !== undefined) values.contactEmail = input.contactEmail || null;
        if (input.contactPhone !== undefined) values.contactPhone = input.contactPhone || null;
        return values;
      }),

    checkInNote: (caller: Caller, id: string, checkInNote: string | undefined) =>
      edit(caller, id, 'check-in-note', async () => ({ checkInNote: checkInNote || null }), { checkInMay: true }),

    /** B2B: the workshop names the service centre at check-in (the partner who opened it could not). */
    checkIn: (caller: Caller, id: string, centerSiteId?: string) =>
      transition(caller, id, 'checkIn', async (tx, _t, now) => {
        if (!b2b) return { checkedInAt: now };
        const center = centerSiteId ? await repo.serviceCenter(tx, caller.scope, centerSiteId) : undefined;
        if (!center) {
          const message = 'Choose the service centre the asset is checked in at';
          throw new DomainError('ServiceCenterRequired', 422, message, { fields: { centerSiteId: message } });
        }
        return { checkedInAt: now, centerSiteId: center.id, providerPartnerId: center.partnerId };
      }),

    start: (caller: Caller, id: string) =>
      transition(caller, id, 'start', async (_tx, t, now) => ({
        processingSince: now,
        ...(t.mechanicUserId ? {} : { mechanicUserId: caller.userId }),
      })),

    pause: (caller: Caller, id: string, input: { pauseReason: string; note?: string | undefined }) =>
      transition(
        caller,
        id,
        'pause',
        async (_tx, t, now) => ({
          pauseReason: input.pauseReason,
          pauseNote: input.note || null,
          durationMinutes: t.durationMinutes + spellMinutes(t, now),
          processingSince: null,
        }),
        { pauseReason: input.pauseReason, note: input.note ?? null },
      ),

    resume: (caller: Caller, id: string) =>
      transition(caller, id, 'resume', async (_tx, _t, now) => ({
        pauseReason: null,
        pauseNote: null,
        processingSince: now,
      })),

    fail: (caller: Caller, id: string, reason: string) =>
      transition(
        caller,
        id,
        'fail',
        async (_tx, t, now) => ({
          failReason: reason,
          durationMinutes: t.durationMinutes + spellMinutes(t, now),
          processingSince: null,
          closedAt: now,
        }),
        { reason },
      ),

    complete: (caller: Caller, id: string) =>
      transition(caller, id, 'complete', async (tx, t, now) => {
        const row = await repo.summary(tx, caller.scope, t.id);
        const money = row && !b2b ? ticketMoney(row) : null;
        if (money && money.owed > 0)
          throw new DomainError('CustomerTicketHasOwedFee', 422, 'The customer still owes fees on this ticket', {
            owed: money.owed / 100,
          });
        return { closedAt: now };
      }),

    /**
     * Finish (→ Ready): TaxGroupIncomplete first; then in one transaction the records are finalized, the fee fixed,
     * the invoice issued, the status moved and the first charge attempt written; after the commit the provider is
     * asked and the invoice e-mailed. A declined card leaves the fee owed; the finish stays done. B2B: no rates,
     * invoice or card — the fixed fee is billed to the subscription order (`billing.bill`) in the same transaction.
     */
    async finish(caller: Caller, id: string): Promise<CustomerTicket> {
      const charge = await db.transaction(async (tx) => {
        const ticket = await locked(tx, caller, id);
        assertMayWork(caller, ticket);
        const to = assertTransition('finish', ticket.status);
        const now = new Date();
        // B2C: the centre's service rates first (the invoice needs them); B2B issues no invoice.
        const center = !b2b && ticket.centerSiteId ? await recordsRepo.site(tx, ticket.centerSiteId) : undefined;
        if (!b2b) {
          const rates = center?.taxGroupId ? await recordsRepo.ratesAt(tx, center.taxGroupId, now) : new Map();
          const missing = SERVICE_SUBJECTS.filter((s) => !rates.has(s));
          if (missing.length > 0)
            throw new DomainError(
              'TaxGroupIncomplete',
              422,
              "The service centre's tax group has no rate for service hardware or service labour",
              { taxGroupId: center?.taxGroupId ?? null, missing },
            );
        }
        await finalizeTicketRecords(tx, caller, id);
        const fee = await ticketRecordsCharge(tx, caller, id);
        if (!b2b)
          await issueInvoice(
            tx,
            caller,
            ticket,
            { taxGroupId: center?.taxGroupId ?? null, taxGroupName: center?.taxGroupName ?? null },
            now,
          );
        await repo.update(tx, caller.scope, id, {
          status: to,
          serviceFee: fee,
          finishedAt: now,
          durationMinutes: ticket.durationMinutes + spellMinutes(ticket, now),
          processingSince: null,
          pauseReason: null,
          pauseNote: null,
        });
        await event(tx, caller, ticket, 'finish', { serviceFee: fee }, { from: ticket.status, to });
        if (b2b) {
          await requireBilling().bill(tx, { ...ticket, serviceFee: fee }, fee, now);
          return null;
        }
        return writeChargeAttempt(tx, caller, ticket, cents(fee), now);
      });
      if (charge && !charge.refused) {
        // The finish is committed whatever the provider does: a row left Pending is settled by the reconcile job.
        await payments.charge(charge.request).catch((error: unknown) => {
          deps.log.error({ err: error, ticketId: id }, 'the first charge of a finished ticket failed unexpectedly');
        });
      }
      if (!b2b) await sendInvoice(id);
      return detail(db, caller, id);
    },

    /**
     * Charges what is owed again: a Ready ticket with something owed, at most once per 24 h from the last attempt
     * (429 TooManyRequests with data.retryAt). The ticket's row lock and its last charge time, written with the
     * ledger row, make concurrent calls end in one charge.
     */
    async charge(caller: Caller, id: string): Promise<CustomerTicket> {
      const attempt = await db.transaction(async (tx) => {
        const ticket = await locked(tx, caller, id);
        if (ticket.status !== 'finished') throw invalidStatus(ticket.status, 'charge');
        const row = await repo.summary(tx, caller.scope, id);
        const money = row ? ticketMoney(row) : null;
        if (!money || money.owed <= 0) throw new DomainError('NothingOwed', 422, 'Nothing is owed on this ticket');
        if (money.chargePending > 0)
          throw new DomainError('Conflict', 409, 'A charge of this ticket is still waiting for the provider');
        const now = new Date();
        const opens = chargeOpensAt(ticket, money.owed, now);
        if (opens)
          throw new DomainError('TooManyRequests', 429, 'The charge can be sent again once 24 hours have passed', {
            retryAt: opens.toISOString(),
          });
        const target = ticket.customerId ? await repo.chargeTarget(tx, ticket.customerId) : undefined;
        const problem = emailProblem(target?.email);
        if (problem) throw new DomainError(problem.code, 422, problem.message, { field: 'email' });
        return writeChargeAttempt(tx, caller, ticket, money.owed, now);
      });
      const payment = attempt && !attempt.refused ? await payments.charge(attempt.request) : null;
      if (payment?.status === 'Failed')
        throw new DomainError('PaymentProviderError', 402, 'The payment provider refused or failed the charge', {
          paymentId: payment.id,
          failureCode: payment.failureCode,
          failureMessage: payment.failureMessage,
        });
      return detail(db, caller, id);
    },

    /**
     * Exempts part of what is owed, or — when nothing is owed — refunds part of what was paid; never more than
     * owed or paid (422 on `amount`). Refunds go to the ledger after the commit, latest charge first.
     */
    async exemptOrRefund(caller: Caller, id: string, input: { amount: number; reason: string }) {
      const refunds = await db.transaction(async (tx) => {
        const ticket = await locked(tx, caller, id);
        if (ticket.status !== 'finished' && ticket.status !== 'completed')
          throw invalidStatus(ticket.status, 'exemptOrRefund');
        const row = await repo.summary(tx, caller.scope, id);
        if (!row) throw ticketNotFound();
        const money = ticketMoney(row);
        const amount = cents(input.amount);
        const adjustmentId = randomUUID();
        let kind: 'exempt' | 'refund';
        const planned: { chargeId: string; amount: number; key: string }[] = [];
        if (money.owed > 0) {
          if (amount > money.owed)
            throw new DomainError('ValidationError', 422, `At most ${money.owed / 100} can be exempted`, {
              fields: { amount: `At most ${(money.owed / 100).toFixed(2)} is owed` },
            });
          kind = 'exempt';
        } else {
          const refundable = money.charged - (await repo.refundAdjustedCents(tx, id));
          if (refundable <= 0 || amount > refundable)
            throw new DomainError('ValidationError', 422, `At most ${Math.max(0, refundable) / 100} can be refunded`, {
              fields: { amount: `At most ${(Math.max(0, refundable) / 100).toFixed(2)} was paid` },
            });
          kind = 'refund';
          let left = amount;
          for (const charge of await repo.refundableCharges(tx, id)) {
            if (left <= 0) break;
            const part = Math.min(left, charge.left_cents);
            if (part <= 0) continue;
            planned.push({
              chargeId: charge.id,
              amount: part / 100,
              key: `customer-ticket:${id}:refund:${adjustmentId}:${charge.id}`,
            });
            left -= part;
          }
        }
        await repo.insertAdjustment(tx, {
          id: adjustmentId,
          ticketId: id,
          kind,
          amount: amount / 100,
          reason: input.reason,
          userId: caller.userId,
        });
        await repo.update(tx, caller.scope, id, {
          exemptRefundAmount: (cents(ticket.exemptRefundAmount) + amount) / 100,
          exemptRefundReason: input.reason,
        });
        await event(tx, caller, ticket, kind, { amount: amount / 100, reason: input.reason });
        return planned;
      });
      for (const r of refunds) await payments.refund({ ...r, reason: input.reason });
      return detail(db, caller, id);
    },

    /** Assigns the ticket to a staff member who may work tickets of its partner (422 on the field otherwise). */
    async assign(caller: Caller, id: string, mechanicUserId: string) {
      return db.transaction(async (tx) => {
        const ticket = await locked(tx, caller, id);
        if (!isOpen(ticket.status)) throw invalidStatus(ticket.status, 'assign');
        const user = await repo.staffMember(tx, mechanicUserId);
        const held = new Set([...(user?.permissions ?? []), ...(user?.appPermissions ?? []).map(appPermission)]);
        const mayWorkTickets =
          held.has('base:admin') || (b2b ? held.has(B2B.update) : held.has(P.update) || held.has(P.self));
        const reaches = user ? user.allPartners || user.partnerIds.includes(ticket.assetPartnerId) : false;
        if (!user || user.deletedAt || !mayWorkTickets || !reaches) {
          const message = 'Choose a staff member who may work tickets of this partner';
          throw new DomainError('MechanicInvalid', 422, message, { fields: { mechanicUserId: message } });
        }
        await repo.update(tx, caller.scope, id, { mechanicUserId });
        await event(tx, caller, ticket, 'assign', { from: ticket.mechanicUserId, to: mechanicUserId, name: user.name });
        const assigned = await detail(tx, caller, id);
        // Someone taking a ticket themselves needs no telling; nor does the mechanic it already had.
        if (mechanicUserId !== caller.userId && mechanicUserId !== ticket.mechanicUserId) {
          await notifyUsers(tx, [mechanicUserId], {
            kind: 'ticketAssigned',
            title: `Service ticket ${ticket.ticketNo} was assigned to you`,
            body: `Asset ${assigned.asset.no}, assigned by ${caller.username}.`,
            link: b2b ? `/subscription/service-management/detail/${id}` : `/b2c/service/ticket/detail/${id}`,
            params: { ticketNo: ticket.ticketNo, assetNo: assigned.asset.no, by: caller.username },
            partnerId: ticket.assetPartnerId,
          });
        }
        return assigned;
      });
    },

    /** Takes a record off the ticket's fees: only while the work goes on (processing or paused). */
    async excludeRecord(caller: Caller, id: string, recordId: string) {
      return db.transaction(async (tx) => {
        const ticket = await locked(tx, caller, id);
        assertMayWork(caller, ticket);
        if (ticket.status !== 'processing' && ticket.status !== 'paused') throw invalidStatus(ticket.status, 'exclude');
        await excludeTicketRecord(tx, caller, id, recordId);
        await event(tx, caller, ticket, 'exclude-record', { recordId });
        return detail(tx, caller, id);
      });
    },

    /** E-mails the invoice again (502 TicketSendInvoiceFailed when it cannot be sent; the invoice stays). */
    async sendInvoice(caller: Caller, id: string) {
      const ticket = await repo.byId(db, caller.scope, id);
      if (!ticket) throw ticketNotFound();
      if (!(await repo.invoiceOf(db, id)))
        throw new DomainError('InvalidTicketStatus', 409, 'The ticket has no invoice yet', { status: ticket.status });
      const outcome = await sendInvoice(id);
      if (!outcome.sent)
        throw new DomainError('TicketSendInvoiceFailed', 502, 'The invoice was issued but could not be e-mailed', {
          reason: outcome.reason,
        });
      return detail(db, caller, id);
    },
  };
}

export type CustomerTicketService = ReturnType<typeof createCustomerTicketService>;

interface CostLine {
  kind: 'basic' | 'labour' | 'hardware';
  groupName: string | null;
  workItemName: string | null;
  optionName: string | null;
  quantity: number;
  unitPrice: number | null;
  gross: number;
  net: number;
  tax: number;
  taxRate: number | null;
}

const describeLine = (l: CostLine) =>
  l.kind === 'basic'
    ? 'Basic cost'
    : [l.workItemName, l.optionName].filter((part): part is string => Boolean(part)).join(' — ') || l.kind;

const kebab = (action: string) => action.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomReferralCode = () =>
  Array.from({ length: 6 }, () => REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)]).join('');
