import {
  type AccountDocumentType,
  type DocumentInput,
  documentEndpoints,
  type PartnerDocumentCreate,
  type PartnerDocumentType,
  type QueryInputOf,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, unlessFieldErrors } from '../../shared/http.ts';

export type PartnerDocumentListQuery = QueryInputOf<typeof documentEndpoints.partnerList>;

/** Query keys of the documents feature; mutations invalidate by prefix. */
export const documentKeys = {
  account: ['accountDocuments'] as const,
  accountList: () => [...documentKeys.account, 'list'] as const,
  partner: ['partnerDocuments'] as const,
  partnerLists: () => [...documentKeys.partner, 'list'] as const,
  partnerList: (query: PartnerDocumentListQuery) => [...documentKeys.partnerLists(), query] as const,
  partnerDetail: (partnerId: string, type: string) => [...documentKeys.partner, 'detail', partnerId, type] as const,
  createdPartners: (type: string) => [...documentKeys.partner, 'createdPartners', type] as const,
};

/** The three account documents are one small list: fetched whole, each editor picks its own. */
export function useAccountDocuments() {
  return useQuery({
    queryKey: documentKeys.accountList(),
    queryFn: ({ signal }) => call(documentEndpoints.accountList, { query: {} }, { signal }),
  });
}

export function useSaveAccountDocument(type: AccountDocumentType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentInput) =>
      call(documentEndpoints.accountSave, { params: { type }, body }, { notify: unlessFieldErrors }),
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.account }),
  });
}

export function useDeleteAccountDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (type: AccountDocumentType) => call(documentEndpoints.accountRemove, { params: { type } }),
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.account }),
  });
}

/** Uploads one image for the editor and resolves with the URL to insert. */
export async function uploadDocumentImage(type: PartnerDocumentType, file: Blob, filename: string): Promise<string> {
  const formData = new FormData();
  formData.append('file', file, filename);
  // The editor reports the failure in its own dialog; a second notification would only repeat it.
  const { data } = await call(documentEndpoints.accountUploadImage, { params: { type } }, { formData, notify: false });
  return data.url;
}

export function fetchPartnerDocumentPage(query: PartnerDocumentListQuery, signal?: AbortSignal) {
  return call(documentEndpoints.partnerList, { query }, { signal });
}

export function usePartnerDocumentList(query: PartnerDocumentListQuery) {
  return useQuery({
    queryKey: documentKeys.partnerList(query),
    queryFn: ({ signal }) => fetchPartnerDocumentPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePartnerDocument(partnerId: string, type: PartnerDocumentType) {
  return useQuery({
    queryKey: documentKeys.partnerDetail(partnerId, type),
    // A 404 is shown by the page ("The data do not exist!"), not as a notification.
    queryFn: ({ signal }) =>
      call(
        documentEndpoints.partnerGet,
        { params: { partnerId, type } },
        { signal, notify: (e) => e.status !== 404 },
      ).then((r) => r.data),
    enabled: Boolean(partnerId),
  });
}

/** The partners that already have this type, so the new form offers only the others. */
export function useCreatedPartners(type: PartnerDocumentType) {
  return useQuery({
    queryKey: documentKeys.createdPartners(type),
    queryFn: ({ signal }) =>
      call(documentEndpoints.findCreatedPartners, { body: { type } }, { signal }).then((r) => r.data),
  });
}

export function useCreatePartnerDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerDocumentCreate) =>
      call(documentEndpoints.partnerCreate, { body }, { notify: unlessFieldErrors }),
    onSuccess: () => client.invalidateQueries({ queryKey: documentKeys.partner }),
  });
}

export function useSavePartnerDocument(partnerId: string, type: PartnerDocumentType) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentInput) =>
      call(documentEndpoints.partnerSave, { params: { partnerId, type }, body }, { notify: unlessFieldErrors }),
    onSuccess: ({ data }) => {
      client.setQueryData(documentKeys.partnerDetail(partnerId, type), data);
      return client.invalidateQueries({ queryKey: documentKeys.partnerLists() });
    },
  });
}

export function useDeletePartnerDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ partnerId, type }: { partnerId: string; type: PartnerDocumentType }) =>
      call(documentEndpoints.partnerRemove, { params: { partnerId, type } }),
    onSuccess: (_, { partnerId, type }) => {
      client.removeQueries({ queryKey: documentKeys.partnerDetail(partnerId, type) });
      return Promise.all([
        client.invalidateQueries({ queryKey: documentKeys.partnerLists() }),
        client.invalidateQueries({ queryKey: documentKeys.createdPartners(type) }),
      ]);
    },
  });
}
