import {
  type ChecklistRecord,
  checklistEndpoints,
  customerTicketEndpoints,
  checklistRecordEndpoints as e,
  type RecordAttachment,
  type SubmitDraftBody,
} from '@fleetdesk/contracts';
import { keepPreviousData, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type ApiError, call, callFile, callUpload } from '../../shared/http.ts';
import type { RecordListQuery } from './components/record-list.model.ts';

/** Query keys of the checklist records feature; mutations invalidate by prefix. */
export const recordKeys = {
  all: ['checklistRecords'] as const,
  lists: () => [...recordKeys.all, 'list'] as const,
  list: (query: RecordListQuery) => [...recordKeys.lists(), query] as const,
  detail: (id: string) => [...recordKeys.all, 'detail', id] as const,
  costStatement: (id: string) => [...recordKeys.all, 'costStatement', id] as const,
  attachments: (id: string) => [...recordKeys.all, 'attachments', id] as const,
  file: (id: string, attachmentId: string) => [...recordKeys.all, 'file', id, attachmentId] as const,
  asset: (assetNo: string, pageNo: number, pageSize: number) =>
    [...recordKeys.all, 'asset', assetNo, pageNo, pageSize] as const,
  /** A ticket's records (the ticket detail reads them with useTicketRecords). */
  ticket: (ticketId: string) => [...recordKeys.all, 'ticket', ticketId] as const,
  checklists: (assetCategoryId: string | undefined) => ['checklistRecords', 'checklists', assetCategoryId] as const,
  checklist: (id: string) => ['checklistRecords', 'checklist', id] as const,
  assetTickets: (assetNo: string, pageNo: number, pageSize: number) =>
    ['checklistRecords', 'assetTickets', assetNo, pageNo, pageSize] as const,
};

/** Whose ticket a record is on: B2C tickets and B2B (subscription) tickets read and submit records by their own calls. */
export type TicketKindOfRecords = 'b2c' | 'b2b';

/** A 404 is shown by the page ("The data do not exist!"), not as a notification. */
const unless404 = (error: ApiError) => error.status !== 404;

export function useRecordList(query: RecordListQuery) {
  return useQuery({
    queryKey: recordKeys.list(query),
    queryFn: ({ signal }) => call(e.list, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRecord(id: string) {
  return useQuery({
    queryKey: recordKeys.detail(id),
    queryFn: ({ signal }) => call(e.get, { params: { id } }, { signal, notify: unless404 }).then((r) => r.data),
    enabled: id !== '',
  });
}

/** The cost statement, read only by callers with read_cost. */
export function useCostStatement(id: string, enabled: boolean) {
  return useQuery({
    queryKey: recordKeys.costStatement(id),
    queryFn: ({ signal }) => call(e.costStatement, { params: { id } }, { signal }).then((r) => r.data),
    enabled: enabled && id !== '',
  });
}

export function useRecordAttachments(id: string, enabled = true) {
  return useQuery({
    queryKey: recordKeys.attachments(id),
    queryFn: ({ signal }) => call(e.attachments, { params: { id } }, { signal }).then((r) => r.data),
    enabled: enabled && id !== '',
  });
}

/**
 * Where a gallery's files come from: the query key of one file and the call that fetches its bytes with the staff
 * member's token (the file calls are permission-checked, so a plain <img src> cannot load them).
 */
export interface FileSource {
  key: (fileId: string) => QueryKey;
  load: (fileId: string, signal: AbortSignal) => Promise<Blob>;
}

/** A record's attachments, by the record's attachment-file call. */
export const recordAttachmentFiles = (recordId: string): FileSource => ({
  key: (attachmentId) => recordKeys.file(recordId, attachmentId),
  load: (attachmentId, signal) =>
    callFile(e.attachmentFile, { params: { id: recordId, attachmentId } }, { signal, notify: false }).then(
      (r) => r.blob,
    ),
});

/** A file's bytes from its source, handed out as an object URL, revoked when no longer shown. */
export function useFileUrl(source: FileSource, fileId: string, enabled: boolean) {
  const file = useQuery({
    queryKey: source.key(fileId),
    queryFn: ({ signal }) => source.load(fileId, signal),
    enabled,
    // A stored file never changes; a video is large, so it is not kept once no one shows it.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.data) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file.data]);
  return { url, isLoading: file.isLoading, isError: file.isError };
}

/** One asset's records, newest first (the asset detail's Service tab). */
export function useAssetRecords(assetNo: string, pageNo: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: recordKeys.asset(assetNo, pageNo, pageSize),
    queryFn: ({ signal }) =>
      call(e.assetRecords, { query: { assetNo, pageNo, pageSize, sort: 'createdAt:desc' } }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One asset's service tickets, newest first (the asset detail's Service tab). */
export function useAssetTickets(assetNo: string, pageNo: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: recordKeys.assetTickets(assetNo, pageNo, pageSize),
    queryFn: ({ signal }) =>
      call(customerTicketEndpoints.list, { query: { assetNo, pageNo, pageSize, sort: 'createdAt:desc' } }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The checklist records of one service ticket, with their groups and chosen options. */
export function useTicketRecords(ticketId: string, enabled = true, kind: TicketKindOfRecords = 'b2c') {
  return useQuery({
    queryKey: recordKeys.ticket(ticketId),
    queryFn: ({ signal }) =>
      call(kind === 'b2b' ? e.subscriptionTicketRecords : e.ticketRecords, { params: { ticketId } }, { signal }).then(
        (r) => r.data,
      ),
    enabled: enabled && ticketId !== '',
  });
}

/**
 * Checklists in use, those for one asset category when given (the record form's choice), up to 100 by name: the
 * list filter and the form offer them in a select.
 */
export function useChecklistOptions(assetCategoryId?: string, enabled = true) {
  return useQuery({
    queryKey: recordKeys.checklists(assetCategoryId),
    queryFn: ({ signal }) =>
      call(
        checklistEndpoints.list,
        { query: { pageNo: 1, pageSize: 100, sort: 'name:asc', ...(assetCategoryId ? { assetCategoryId } : {}) } },
        { signal },
      ).then((r) => r.data),
    enabled,
    staleTime: 60_000,
  });
}

/** One checklist with its groups, items and options: what the record form lets a mechanic fill. */
export function useChecklist(id: string | null) {
  return useQuery({
    queryKey: recordKeys.checklist(id ?? ''),
    queryFn: ({ signal }) => call(checklistEndpoints.get, { params: { id: id ?? '' } }, { signal }).then((r) => r.data),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}

/** A saved or finalized record replaces what every screen holds of it (the ticket's list, the record's detail). */
function useStoreRecord() {
  const client = useQueryClient();
  return (record: ChecklistRecord, ticketId: string | null) => {
    client.setQueryData(recordKeys.detail(record.id), record);
    void client.invalidateQueries({ queryKey: recordKeys.lists() });
    void client.invalidateQueries({ queryKey: recordKeys.costStatement(record.id) });
    if (ticketId) void client.invalidateQueries({ queryKey: recordKeys.ticket(ticketId) });
  };
}

/** Submit a draft (or replace the draft `recordId` names); refusals are shown on the form, not as notifications. */
export function useSubmitDraft(ticketId: string, kind: TicketKindOfRecords = 'b2c') {
  const store = useStoreRecord();
  return useMutation({
    mutationFn: (body: SubmitDraftBody) =>
      call(
        kind === 'b2b' ? e.subscriptionSubmitDraft : e.submitDraft,
        { params: { ticketId }, body },
        { notify: (error) => error.status === 0 || error.status >= 500 },
      ).then((r) => r.data),
    onSuccess: (record) => store(record, ticketId),
  });
}

export function useFinalizeRecord(recordId: string, ticketId: string | null) {
  const store = useStoreRecord();
  return useMutation({
    mutationFn: () => call(e.finalize, { params: { id: recordId } }).then((r) => r.data),
    onSuccess: (record) => store(record, ticketId),
  });
}

export interface AttachmentUpload {
  file: File;
  /** The caption sent as "content". */
  content?: string;
  /** Attach to one work item of the record instead of the record as a whole. */
  workItem?: { groupId: string; workItemId: string };
  onProgress?: (fraction: number) => void;
}

/** Uploads a photo or a video to a record, or to one of its work items, reporting progress as it goes. */
export function useUploadAttachment(recordId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, content, workItem, onProgress }: AttachmentUpload) => {
      const form = new FormData();
      if (content) form.append('content', content);
      form.append('file', file, file.name);
      // The server answers a wrong type or a file too large with its own words; the uploader shows them inline.
      const options = { onProgress, notify: (error: ApiError) => error.status === 0 || error.status >= 500 };
      const request = workItem
        ? callUpload(e.addWorkItemAttachment, { params: { id: recordId, ...workItem } }, form, options)
        : callUpload(e.addAttachment, { params: { id: recordId } }, form, options);
      return request.then((r) => r.data);
    },
    onSuccess: (attachment: RecordAttachment) => {
      client.setQueryData<RecordAttachment[]>(recordKeys.attachments(recordId), (list) =>
        list ? [...list.filter((a) => a.id !== attachment.id), attachment] : list,
      );
      void client.invalidateQueries({ queryKey: recordKeys.attachments(recordId) });
      void client.invalidateQueries({ queryKey: recordKeys.lists() });
    },
  });
}
