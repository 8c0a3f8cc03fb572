import {
  type BodyInputOf,
  subscriptionTicketEndpoints as b,
  type CustomerTicket,
  customerTicketEndpoints as e,
  type ResponseOf,
  siteEndpoints,
  type TicketStatusAction,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, call, callFile } from '../../shared/http.ts';
import { saveBlob } from '../../shared/ui/csv.ts';
import { recordKeys } from '../checklist-records/api.ts';
import type { TicketCountsQuery, TicketExportQuery, TicketListQuery } from './components/ticket-list.model.ts';
import { type TicketKind, useTicketKind } from './ticket-kind.tsx';

/** Query keys of one kind of tickets (B2C, B2B); mutations invalidate by prefix. */
export const ticketKeysOf = (kind: TicketKind) => {
  const all = [kind === 'b2c' ? 'customer-tickets' : 'subscription-tickets'] as const;
  const lists = () => [...all, 'list'] as const;
  return {
    all,
    lists,
    list: (query: TicketListQuery) => [...lists(), query] as const,
    counts: (query: TicketCountsQuery) => [...lists(), 'counts', query] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
    mechanics: (partnerId: string) => [...all, 'mechanics', partnerId] as const,
  };
};

/** Query keys of the B2C service tickets; the sites are reference data of both kinds. */
export const ticketKeys = { ...ticketKeysOf('b2c'), sites: ['customer-tickets', 'sites'] as const };

/** The B2B list takes the B2C list's filters but the operation type (B2B tickets are always repairs). */
function b2bQuery<Q extends { operationType?: unknown }>({ operationType: _, ...query }: Q) {
  return query;
}

/** Refusals a dialog or the workbench shows in words beside the action; network and server failures still notify. */
export const shownInline = (error: ApiError) => error.status === 0 || error.status >= 500;

/** How often an open workbench reads its ticket again: another mechanic or the charge may have moved it. */
const DETAIL_REFRESH_MS = 30_000;
/** The tabs' counts are live: read again while the list is on screen. */
const COUNTS_REFRESH_MS = 30_000;

export function useTicketList(query: TicketListQuery) {
  const { kind } = useTicketKind();
  return useQuery({
    queryKey: ticketKeysOf(kind).list(query),
    queryFn: ({ signal }) =>
      kind === 'b2b' ? call(b.list, { query: b2bQuery(query) }, { signal }) : call(e.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** How many tickets each view holds under the list's filters (the tabs' badges). */
/** The counts of every view, and which of them the server estimated. */
export type TicketCounts = ResponseOf<typeof e.counts>['data'];

export function useTicketCounts(query: TicketCountsQuery) {
  const { kind } = useTicketKind();
  // Typed here: with keepPreviousData and a mapped answer, TanStack's inference widens the data type.
  return useQuery<TicketCounts>({
    queryKey: ticketKeysOf(kind).counts(query),
    queryFn: ({ signal }) =>
      (kind === 'b2b'
        ? call(b.counts, { query: b2bQuery(query) }, { signal, notify: false })
        : call(e.counts, { query }, { signal, notify: false })
      ).then((r) => r.data),
    // The badges keep the last counts while the new filters' counts load, rather than dropping to 0.
    placeholderData: keepPreviousData,
    refetchInterval: COUNTS_REFRESH_MS,
  });
}

/** The server's CSV of the view's tickets under the filters (at most TICKET_EXPORT_MAX), saved as a download. */
export async function exportTickets(query: TicketExportQuery): Promise<void> {
  const { blob, fileName } = await callFile(e.export, { query });
  saveBlob(fileName ?? 'service-tickets.csv', blob);
}

/** One ticket; a 404 is shown by the page ("The data do not exist!"), not as a notification. */
export function useTicket(id: string) {
  const { kind } = useTicketKind();
  return useQuery({
    queryKey: ticketKeysOf(kind).detail(id),
    queryFn: ({ signal }) =>
      call(
        kind === 'b2b' ? b.get : e.get,
        { params: { id } },
        { signal, notify: (error) => error.status !== 404 },
      ).then((r) => r.data),
    refetchInterval: DETAIL_REFRESH_MS,
    enabled: id !== '',
  });
}

/** Staff who may work tickets of the asset's partner (the assign picker), read when the picker opens. */
export function useMechanics(partnerId: string, enabled: boolean) {
  const { kind } = useTicketKind();
  return useQuery({
    queryKey: ticketKeysOf(kind).mechanics(partnerId),
    queryFn: ({ signal }) =>
      call(kind === 'b2b' ? b.mechanics : e.mechanics, { query: { partnerId } }, { signal }).then((r) => r.data),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * Sites as reference data, for the centre filter and the new ticket's centre. Someone who may work tickets but not
 * read sites gets an empty choice, not a notification.
 */
export function useTicketSiteOptions() {
  return useQuery({
    queryKey: ticketKeys.sites,
    queryFn: ({ signal }) => call(siteEndpoints.all, {}, { signal, notify: false }).then((r) => r.data),
    staleTime: 60_000,
    retry: false,
  });
}

/** After a change the answer is the ticket itself; the lists (and their counts) and its records are read again. */
function useStoreTicket() {
  const client = useQueryClient();
  const keys = ticketKeysOf(useTicketKind().kind);
  return (ticket: CustomerTicket) => {
    client.setQueryData(keys.detail(ticket.id), ticket);
    void client.invalidateQueries({ queryKey: recordKeys.ticket(ticket.id) });
    return client.invalidateQueries({ queryKey: keys.lists() });
  };
}

/** A refusal may mean the ticket moved meanwhile (another mechanic, the charge job): read it again. */
function useReloadTicket(id: string) {
  const client = useQueryClient();
  const keys = ticketKeysOf(useTicketKind().kind);
  return () => void client.invalidateQueries({ queryKey: keys.detail(id) });
}

/** The bodies of the status actions that take one. */
export type StatusActionBody = {
  pause: BodyInputOf<typeof e.pause>;
  fail: BodyInputOf<typeof e.fail>;
  /** B2B check-in names the service centre. */
  checkIn: BodyInputOf<typeof b.checkIn>;
};

/** One status action ($checkIn … $fail); refusals are shown by the workbench in words. */
export function useStatusAction(id: string) {
  const { kind } = useTicketKind();
  const store = useStoreTicket();
  const reload = useReloadTicket(id);
  return useMutation({
    mutationFn: async ({ action, body }: { action: TicketStatusAction; body?: unknown }) => {
      const options = { notify: shownInline };
      const params = { id };
      if (kind === 'b2b') {
        switch (action) {
          case 'checkIn':
            return (await call(b.checkIn, { params, body: body as StatusActionBody['checkIn'] }, options)).data;
          case 'pause':
            return (await call(b.pause, { params, body: body as StatusActionBody['pause'] }, options)).data;
          case 'fail':
            return (await call(b.fail, { params, body: body as StatusActionBody['fail'] }, options)).data;
          default:
            return (await call(b[action], { params }, options)).data;
        }
      }
      switch (action) {
        case 'pause':
          return (await call(e.pause, { params, body: body as StatusActionBody['pause'] }, options)).data;
        case 'fail':
          return (await call(e.fail, { params, body: body as StatusActionBody['fail'] }, options)).data;
        default:
          return (await call(e[action], { params }, options)).data;
      }
    },
    onSuccess: store,
    onError: reload,
  });
}

function useTicketMutation<B>(
  id: string,
  send: (id: string, body: B, kind: TicketKind) => Promise<{ data: CustomerTicket }>,
) {
  const { kind } = useTicketKind();
  const store = useStoreTicket();
  const reload = useReloadTicket(id);
  return useMutation({
    mutationFn: (body: B) => send(id, body, kind).then((r) => r.data),
    onSuccess: store,
    onError: reload,
  });
}

const inline = { notify: shownInline };

export const useAssignTicket = (id: string) =>
  useTicketMutation(id, (tid, body: BodyInputOf<typeof e.assign>, kind) =>
    call(kind === 'b2b' ? b.assign : e.assign, { params: { id: tid }, body }, inline),
  );
export const useChargeTicket = (id: string) =>
  useTicketMutation(id, (tid, _: undefined) => call(e.charge, { params: { id: tid } }, inline));
export const useExemptOrRefund = (id: string) =>
  useTicketMutation(id, (tid, body: BodyInputOf<typeof e.exemptOrRefund>, kind) =>
    call(kind === 'b2b' ? b.exemptOrRefund : e.exemptOrRefund, { params: { id: tid }, body }, inline),
  );
/** B2B: the operator changes the fee billed to the subscription before it is charged. */
export const useEditTicketCharge = (id: string) =>
  useTicketMutation(id, (tid, body: BodyInputOf<typeof b.editCharge>) =>
    call(b.editCharge, { params: { id: tid }, body }, inline),
  );
export const useTicketComment = (id: string) =>
  useTicketMutation(id, (tid, body: BodyInputOf<typeof e.comment>, kind) =>
    call(kind === 'b2b' ? b.comment : e.comment, { params: { id: tid }, body }, inline),
  );
export const useTicketContactInfo = (id: string) =>
  useTicketMutation(id, (tid, body: BodyInputOf<typeof e.contactInfo>) =>
    call(e.contactInfo, { params: { id: tid }, body }, inline),
  );
export const useTicketCheckInNote = (id: string) =>
  useTicketMutation(id, (tid, body: BodyInputOf<typeof e.checkInNote>, kind) =>
    call(kind === 'b2b' ? b.checkInNote : e.checkInNote, { params: { id: tid }, body }, inline),
  );
/** E-mails the invoice again after a failed sending (the invoice itself stays as issued). */
export const useSendInvoice = (id: string) =>
  useTicketMutation(id, (tid, _: undefined) => call(e.sendInvoice, { params: { id: tid } }, inline));
export const useExcludeRecord = (id: string) =>
  useTicketMutation(id, (tid, recordId: string, kind) =>
    call(kind === 'b2b' ? b.excludeRecord : e.excludeRecord, { params: { id: tid, recordId } }, inline),
  );

/** Checks an asset before a ticket is opened for it; refusals are shown by the form in words. */
export function useInspectTicketAsset() {
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof e.inspectAsset>) =>
      call(e.inspectAsset, { body }, inline).then((r) => r.data),
  });
}

/** Opens the ticket (and creates the walk-in customer when asked). */
export function useCreateTicket() {
  const store = useStoreTicket();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof e.create>) => call(e.create, { body }, inline).then((r) => r.data),
    onSuccess: store,
  });
}

/** A record saved or finalized in the record form may change what the ticket allows and owes: read it again. */
export function useRefreshTicket(id: string) {
  const client = useQueryClient();
  const keys = ticketKeysOf(useTicketKind().kind);
  return () => {
    void client.invalidateQueries({ queryKey: keys.detail(id) });
    void client.invalidateQueries({ queryKey: recordKeys.ticket(id) });
  };
}
