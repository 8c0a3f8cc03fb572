import {
  type CustomerTicketListQuery,
  type CustomerTicketSummary,
  type SubscriptionTicketListQuery,
  TICKET_EXPORT_MAX,
} from '@fleetdesk/contracts';
import type { Db } from '../../db/client.ts';
import { exportTooLarge } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toCsv } from '../../lib/csv.ts';
import { assertPartnerInScope, type Scope } from '../../lib/scope.ts';
import * as lists from './customer-ticket-lists.repo.ts';
import * as tickets from './customer-tickets.repo.ts';
import { toTicketSummary } from './ticket-view.ts';

type Filter = lists.TicketListFilter;
type Kind = Filter['kind'];
type ListQuery = Omit<CustomerTicketListQuery | SubscriptionTicketListQuery, 'pageNo' | 'pageSize'>;
type FilterQuery = Omit<Filter, 'kind'>;

/** A partner named in the filters must be in the caller's scope (403 PartnerOutOfScope), as in every list. */
function assertFilterInScope(scope: Scope, filter: Filter) {
  for (const partnerId of filter.partnerIdIn ?? []) assertPartnerInScope(scope, partnerId);
}

/** Splits a list query into its view, sort, paging and the filters every view shares. */
function partsOf(q: ListQuery, kind: Kind) {
  const { view, sort, ...filter } = q;
  return { view, sort, filter: { ...filter, kind } as Filter };
}

/**
 * The service ticket lists (issue 22): the list views with their counts, the export and the mechanics picker. The
 * rows are the summaries the detail also answers (`ticket-view.ts toTicketSummary`).
 */
export function createCustomerTicketListService(deps: { db: Db; kind?: Kind }) {
  const { db } = deps;
  const kind = deps.kind ?? 'b2c';

  /** The summaries of these ticket ids, in the ids' order. */
  async function summariesInOrder(scope: Scope, ids: string[]): Promise<CustomerTicketSummary[]> {
    const byId = new Map((await tickets.summaries(db, scope, ids)).map((r) => [r.ticket.id, r]));
    const now = new Date();
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toTicketSummary(row, now)] : [];
    });
  }

  return {
    /** One page of a view, with the view's count under the same filters. */
    async list(caller: Caller, q: CustomerTicketListQuery | SubscriptionTicketListQuery) {
      const { pageNo, pageSize, ...rest } = q;
      const { view, sort, filter } = partsOf(rest, kind);
      assertFilterInScope(caller.scope, filter);
      const [ids, { count, countIsEstimate }] = await Promise.all([
        lists.pageIds(
          db,
          caller.scope,
          caller.userId,
          { view, sort, filter },
          { limit: pageSize, offset: (pageNo - 1) * pageSize },
        ),
        lists.viewCount(db, caller.scope, caller.userId, view, filter),
      ]);
      return { data: await summariesInOrder(caller.scope, ids), count, countIsEstimate };
    },

    /** How many tickets each view holds under the filters (the tabs' badges). */
    async counts(caller: Caller, query: FilterQuery) {
      const filter = { ...query, kind } as Filter;
      assertFilterInScope(caller.scope, filter);
      const { counts, estimated } = await lists.viewCounts(db, caller.scope, caller.userId, filter);
      return { ...counts, estimated };
    },

    /** A view's tickets matching the filters as CSV; more than TICKET_EXPORT_MAX is refused, never cut short. */
    async exportCsv(caller: Caller, q: ListQuery) {
      const { view, sort, filter } = partsOf(q, kind);
      assertFilterInScope(caller.scope, filter);
      const ids = await lists.pageIds(
        db,
        caller.scope,
        caller.userId,
        { view, sort, filter },
        { limit: TICKET_EXPORT_MAX + 1, offset: 0 },
      );
      if (ids.length > TICKET_EXPORT_MAX) {
        const { count } = await lists.viewCount(db, caller.scope, caller.userId, view, filter);
        throw exportTooLarge(count, TICKET_EXPORT_MAX, 'tickets');
      }
      return ticketsCsv(await summariesInOrder(caller.scope, ids));
    },

    /** Staff who may work this partner's tickets; a partner outside the caller's scope is 403 PartnerOutOfScope. */
    async mechanics(caller: Caller, partnerId: string) {
      assertPartnerInScope(caller.scope, partnerId);
      return lists.mechanicsOf(db, partnerId, kind);
    },
  };
}
export type CustomerTicketListService = ReturnType<typeof createCustomerTicketListService>;

/** The export's columns, named as the orders export names its own (the API's field names). */
const CSV_HEADER = [
  'ticketNo',
  'status',
  'assetNo',
  'category',
  'assetPartner',
  'provider',
  'center',
  'customer',
  'phoneNo',
  'contactName',
  'contactPhone',
  'contactEmail',
  'mechanic',
  'operationType',
  'swappedAssetNo',
  'orderNo',
  'issues',
  'pauseReason',
  'failReason',
  'currency',
  'serviceFee',
  'paid',
  'owed',
  'exemptRefundAmount',
  'durationMinutes',
  'createdAt',
  'checkedInAt',
  'finishedAt',
  'closedAt',
] as const;

export function ticketsCsv(found: readonly CustomerTicketSummary[]) {
  return toCsv(
    CSV_HEADER,
    found.map((t) => [
      t.ticketNo,
      t.status,
      t.asset.no,
      t.category.name,
      t.assetPartner.name,
      t.provider?.name ?? null,
      t.center?.name ?? null,
      t.customer?.name ?? null,
      t.customer?.phoneNo ?? null,
      t.contactName,
      t.contactPhone,
      t.contactEmail,
      t.mechanic?.name ?? null,
      t.operationType,
      t.swappedAsset?.no ?? null,
      t.order?.orderNo ?? null,
      t.issues.join('; '),
      t.pauseReason,
      t.failReason,
      t.currency,
      t.serviceFee,
      t.paid,
      t.owed,
      t.exemptRefundAmount,
      t.durationMinutes,
      t.createdAt,
      t.checkedInAt,
      t.finishedAt,
      t.closedAt,
    ]),
  );
}
