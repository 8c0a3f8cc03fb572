import {
  type CustomerTicketStatus,
  type CustomerTicketSummary,
  type ServiceTicketKind,
  type SubscriptionTradeState,
  TICKET_CHARGE_INTERVAL_MS,
  type TicketInvoice,
  type TicketIssue,
  type TicketOperationType,
  type TicketPauseReason,
} from '@fleetdesk/contracts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import type { TicketInvoiceRow, TicketRow, TicketSummaryRow } from './customer-tickets.repo.ts';

const cents = (v: string | number | null | undefined) => Math.round(Number(v ?? 0) * 100);

/**
 * A ticket's money, defined once (docs/decisions.md "Workshop: service tickets"), in cents:
 * - charged: charges that succeeded; refunded: refunds that succeeded; paid = charged − refunded;
 * - exempted: what staff forgave (adjustments of kind exempt);
 * - owed = max(0, serviceFee − charged − exempted): a refund gives money back, it does not make it owed again;
 *   a charge still pending counts as not paid yet (owed), so complete waits for its answer.
 * Before finish (no service fee) nothing is owed.
 */
export function ticketMoney(row: {
  ticket: Pick<TicketRow, 'serviceFee' | 'kind'>;
  charged: string | number;
  refunded: string | number;
  chargePending: string | number;
  exempted: string | number;
  serviceTrade?: string | null;
}) {
  const fee = row.ticket.serviceFee === null ? null : cents(row.ticket.serviceFee);
  if (row.ticket.kind === 'b2b') return b2bMoney(fee, serviceTradeOf(row.serviceTrade ?? null));
  const charged = cents(row.charged);
  const refunded = cents(row.refunded);
  const exempted = cents(row.exempted);
  const owed = fee === null ? 0 : Math.max(0, fee - charged - exempted);
  return { fee, charged, refunded, paid: charged - refunded, exempted, owed, chargePending: cents(row.chargePending) };
}

/** The service trade of a B2B ticket, from the summary's packed column (`id|state|amount|exempted|refunded`). */
export function serviceTradeOf(packed: string | null) {
  if (!packed) return null;
  const [id = '', state = '', amount, exempted, refunded] = packed.split('|');
  return { id, state, amount: cents(amount), exempted: cents(exempted), refunded: cents(refunded) };
}

/**
 * A B2B ticket's money: its fee is the subscription's to pay through the service trade. Owed is what the trade
 * still asks for (not yet paid, not canceled); paid is what it collected less refunds. Nothing is ever charged to a
 * card from the ticket itself.
 */
function b2bMoney(fee: number | null, trade: ReturnType<typeof serviceTradeOf>) {
  const exempted = trade?.exempted ?? 0;
  const due = trade ? Math.max(0, trade.amount - trade.exempted) : 0;
  const succeeded = trade?.state === 'Succeeded';
  const open = trade !== null && !succeeded && trade.state !== 'Canceled';
  const charged = succeeded ? due : 0;
  const refunded = trade?.refunded ?? 0;
  return { fee, charged, refunded, paid: charged - refunded, exempted, owed: open ? due : 0, chargePending: 0 };
}

/** Minutes worked: the closed processing spells plus the one running now. */
export function workedMinutes(ticket: Pick<TicketRow, 'durationMinutes' | 'processingSince'>, now = new Date()) {
  const running = ticket.processingSince ? Math.floor((now.getTime() - ticket.processingSince.getTime()) / 60_000) : 0;
  return ticket.durationMinutes + Math.max(0, running);
}

/** When `$charge` opens again: 24 h after the last attempt, while something is owed on a Ready ticket. */
export function chargeOpensAt(ticket: Pick<TicketRow, 'lastChargeAt' | 'status'>, owedCents: number, now = new Date()) {
  if (owedCents <= 0 || ticket.status !== 'finished' || !ticket.lastChargeAt) return null;
  const opens = new Date(ticket.lastChargeAt.getTime() + TICKET_CHARGE_INTERVAL_MS);
  return opens > now ? opens : null;
}

/** A summary row as the API answers it (the list and the detail alike). */
export function toTicketSummary(row: TicketSummaryRow, now = new Date()): CustomerTicketSummary {
  const t = row.ticket;
  const money = ticketMoney(row);
  const trade = serviceTradeOf(row.serviceTrade);
  const opens = chargeOpensAt(t, money.owed, now);
  return {
    id: t.id,
    ticketNo: t.ticketNo,
    kind: t.kind as ServiceTicketKind,
    status: t.status as CustomerTicketStatus,
    asset: { id: t.assetId, no: row.assetNo },
    category: { id: t.categoryId, name: row.categoryName },
    assetPartner: { id: t.assetPartnerId, name: row.assetPartnerName },
    provider: t.providerPartnerId ? { id: t.providerPartnerId, name: row.providerName ?? '' } : null,
    center: t.centerSiteId ? { id: t.centerSiteId, name: row.centerName ?? '' } : null,
    customer:
      t.customerId && row.customerPhoneNo !== null
        ? {
            id: t.customerId,
            name: `${row.customerFirstName ?? ''} ${row.customerLastName ?? ''}`.trim(),
            phoneNo: row.customerPhoneNo,
            email: row.customerEmail,
          }
        : null,
    contactName: t.contactName,
    contactEmail: t.contactEmail,
    contactPhone: t.contactPhone,
    mechanic: t.mechanicUserId ? { id: t.mechanicUserId, name: row.mechanicName ?? '' } : null,
    operationType: t.operationType as TicketOperationType,
    swappedAsset: t.swappedAssetId ? { id: t.swappedAssetId, no: row.swappedAssetNo ?? '' } : null,
    order: t.orderId ? { id: t.orderId, orderNo: row.orderNo ?? '' } : null,
    subscriptionOrder: t.subscriptionOrderId
      ? { id: t.subscriptionOrderId, orderNo: row.subscriptionOrderNo ?? '' }
      : null,
    serviceTrade: trade ? { id: trade.id, state: trade.state as SubscriptionTradeState } : null,
    issues: t.issues as TicketIssue[],
    comment: t.comment,
    checkInNote: t.checkInNote,
    pauseReason: t.pauseReason as TicketPauseReason | null,
    pauseNote: t.pauseNote,
    failReason: t.failReason,
    currency: t.currency,
    serviceFee: money.fee === null ? null : money.fee / 100,
    paid: money.paid / 100,
    owed: money.owed / 100,
    exemptRefundAmount: Number(t.exemptRefundAmount),
    exemptRefundReason: t.exemptRefundReason,
    chargeOpensAt: opens ? opens.toISOString() : null,
    durationMinutes: workedMinutes(t, now),
    checkedInAt: toIsoOrNull(t.checkedInAt),
    finishedAt: toIsoOrNull(t.finishedAt),
    closedAt: toIsoOrNull(t.closedAt),
    createdAt: toIso(t.createdAt),
    updatedAt: toIso(t.updatedAt),
  };
}

/** An issued invoice as the detail shows it. */
export function toInvoice(i: TicketInvoiceRow): TicketInvoice {
  return {
    id: i.id,
    invoiceNo: i.invoiceNo,
    issuedAt: toIso(i.issuedAt),
    currency: i.currency,
    net: Number(i.net),
    tax: Number(i.tax),
    gross: Number(i.gross),
    taxGroupName: i.taxGroupName,
    emailStatus: i.emailStatus as TicketInvoice['emailStatus'],
    lines: i.lines as TicketInvoice['lines'],
  };
}
