import {
  type BodyInputOf,
  type CustomerTicket,
  subscriptionTicketEndpoints as e,
  type QueryInputOf,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callFile, callUpload } from '../../shared/http.ts';
import type { FileSource } from '../checklist-records/api.ts';
import { shownInline, ticketKeysOf } from '../customer-tickets/api.ts';

/** The B2B tickets share the query keys of the workshop's screens: a change here refreshes them and back. */
const keys = ticketKeysOf('b2b');

export type PartnerTicketListQuery = QueryInputOf<typeof e.list>;

/** The partner's tickets (view "all"). */
export function usePartnerTickets(query: PartnerTicketListQuery) {
  return useQuery({
    queryKey: [...keys.lists(), 'partner', query],
    queryFn: ({ signal }) => call(e.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

const inline = { notify: shownInline };

function useStore() {
  const client = useQueryClient();
  return (ticket: CustomerTicket) => {
    client.setQueryData(keys.detail(ticket.id), ticket);
    return client.invalidateQueries({ queryKey: keys.lists() });
  };
}

/** Checks the asset is held by a subscription before a ticket is opened; refusals are shown on the field. */
export function useInspectSubscriptionAsset() {
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof e.inspectAsset>) =>
      call(e.inspectAsset, { body }, inline).then((r) => r.data),
  });
}

export function useCreateSubscriptionTicket() {
  const store = useStore();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof e.create>) => call(e.create, { body }, inline).then((r) => r.data),
    onSuccess: store,
  });
}

/** The partner's change of a ticket still new. */
export function useUpdateSubscriptionTicket(id: string) {
  const store = useStore();
  return useMutation({
    mutationFn: (body: BodyInputOf<typeof e.update>) =>
      call(e.update, { params: { id }, body }, inline).then((r) => r.data),
    onSuccess: store,
  });
}

/** Withdraws a ticket the workshop has not checked in yet. */
export function useDeleteSubscriptionTicket(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(e.delete, { params: { id } }, inline),
    onSuccess: () => {
      client.removeQueries({ queryKey: keys.detail(id) });
      return client.invalidateQueries({ queryKey: keys.lists() });
    },
  });
}

/** A ticket's photos, by the ticket's photo-file call (a photo never changes: its own key, never invalidated). */
export const ticketPhotoFiles = (ticketId: string): FileSource => ({
  key: (photoId) => ['subscription-ticket-photos', ticketId, photoId],
  load: (photoId, signal) =>
    callFile(e.photoFile, { params: { id: ticketId, photoId } }, { signal, notify: false }).then((r) => r.blob),
});

/** Attaches a photo to a ticket still new, reporting progress; refusals are shown beside the button. */
export function useAddTicketPhoto(ticketId: string) {
  const store = useStore();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return callUpload(e.addPhoto, { params: { id: ticketId } }, form, {
        onProgress,
        notify: shownInline,
      }).then((r) => r.data);
    },
    onSuccess: store,
  });
}

/** Removes a photo from a ticket still new. */
export function useDeleteTicketPhoto(ticketId: string) {
  const store = useStore();
  return useMutation({
    mutationFn: (photoId: string) =>
      call(e.deletePhoto, { params: { id: ticketId, photoId } }, inline).then((r) => r.data),
    onSuccess: store,
  });
}
