import { type QueryInputOf, type WorkItem, type WorkItemInput, workItemEndpoints } from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, call, isApiError, unlessFieldErrors } from '../../shared/http.ts';
import { type ImageChoice, imageCall } from './components/image-choice.ts';
import { optionIdOf, type WorkItemFormValues, type WorkItemSavePlan } from './components/work-item-form.model.ts';

export type WorkItemListQuery = QueryInputOf<typeof workItemEndpoints.list>;

/** Query keys of the work items feature; mutations invalidate by prefix. */
export const workItemKeys = {
  all: ['work-items'] as const,
  lists: () => [...workItemKeys.all, 'list'] as const,
  list: (query: WorkItemListQuery) => [...workItemKeys.lists(), query] as const,
  detail: (id: string) => [...workItemKeys.all, 'detail', id] as const,
  /** The items a checklist's group can pick: one partner's, in use. */
  choices: (partnerId: string) => [...workItemKeys.all, 'choices', partnerId] as const,
};

/** The list's URL state as the query: empty filters left out (document 1 §7.9), archived = Deleted. */
export function workItemListQuery(state: {
  pageNo: number;
  pageSize: number;
  sort: string;
  partnerId: string[];
  name: string | undefined;
  archived: boolean | undefined;
}): WorkItemListQuery {
  return {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    sort: state.sort,
    ...(state.partnerId.length ? { partnerIdIn: state.partnerId } : {}),
    ...(state.name?.trim() ? { name: state.name.trim() } : {}),
    status: state.archived ? 'Deleted' : 'Inuse',
  };
}

export function fetchWorkItemPage(query: WorkItemListQuery, signal?: AbortSignal) {
  return call(workItemEndpoints.list, { query }, { signal });
}

export function useWorkItemList(query: WorkItemListQuery) {
  return useQuery({
    queryKey: workItemKeys.list(query),
    queryFn: ({ signal }) => fetchWorkItemPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWorkItem(id: string | undefined) {
  return useQuery({
    queryKey: workItemKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      call(workItemEndpoints.get, { params: { id: id ?? '' } }, { signal, notify: (e) => e.status !== 404 }).then(
        (r) => r.data,
      ),
    enabled: Boolean(id),
  });
}

/** A partner's work items in use, by name (a group picks from them; the API pages at 100). */
export function useWorkItemChoices(partnerId: string | undefined) {
  return useQuery({
    queryKey: workItemKeys.choices(partnerId ?? ''),
    queryFn: ({ signal }) =>
      call(
        workItemEndpoints.list,
        { query: { partnerIdIn: [partnerId ?? ''], status: 'Inuse', pageSize: 100, sort: 'name:asc' } },
        { signal },
      ).then((r) => r.data),
    enabled: Boolean(partnerId),
    staleTime: 30_000,
  });
}

/** Upload or remove one image after its object is saved; the form told the user about type and size already. */
function sendImage(
  choice: ImageChoice,
  storedUrl: string | null | undefined,
  upload: (form: FormData) => Promise<{ data: WorkItem }>,
  remove: () => Promise<{ data: WorkItem }>,
): Promise<WorkItem | null> {
  const needed = imageCall(choice, storedUrl);
  if (needed === 'remove') return remove().then((r) => r.data);
  if (needed === 'upload' && choice && choice !== 'remove') {
    const form = new FormData();
    form.append('file', choice.file);
    return upload(form).then((r) => r.data);
  }
  return Promise.resolve(null);
}

/** A saved work item, and the image refusal that stopped the uploads after it, if any. */
export interface WorkItemSaved {
  item: WorkItem;
  imageError: ApiError | null;
}

/**
 * The item's and its options' images, as the form decided, once the item and its options exist. The item is
 * saved by then: a refused image (wrong bytes, too large) is reported, not thrown, so the page can say so and
 * open the saved item instead of offering to create it again.
 */
async function saveImages(saved: WorkItem, values: WorkItemFormValues): Promise<WorkItemSaved> {
  let latest = saved;
  const id = saved.id;
  const notify = false;
  try {
    latest =
      (await sendImage(
        values.image,
        values.imageUrl,
        (formData) => call(workItemEndpoints.uploadImage, { params: { id } }, { formData, notify }),
        () => call(workItemEndpoints.removeImage, { params: { id } }, { notify }),
      )) ?? latest;
    for (const row of values.options) {
      const optionId = optionIdOf(latest, row);
      if (!optionId) continue;
      latest =
        (await sendImage(
          row.image,
          row.imageUrl,
          (formData) => call(workItemEndpoints.uploadOptionImage, { params: { id, optionId } }, { formData, notify }),
          () => call(workItemEndpoints.removeOptionImage, { params: { id, optionId } }, { notify }),
        )) ?? latest;
    }
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { item: latest, imageError: error };
  }
  return { item: latest, imageError: null };
}

function useInvalidateWorkItems() {
  const client = useQueryClient();
  return ({ item }: WorkItemSaved) => {
    client.setQueryData(workItemKeys.detail(item.id), item);
    return Promise.all([
      client.invalidateQueries({ queryKey: workItemKeys.lists() }),
      client.invalidateQueries({ queryKey: workItemKeys.choices(item.partner.id) }),
    ]);
  };
}

/** Creates the item with its options, then uploads the images the form holds. */
export function useCreateWorkItem() {
  const invalidate = useInvalidateWorkItems();
  return useMutation({
    mutationFn: async ({ body, values }: { body: WorkItemInput; values: WorkItemFormValues }) => {
      const created = await call(workItemEndpoints.create, { body }, { notify: unlessFieldErrors }).then((r) => r.data);
      return saveImages(created, values);
    },
    onSuccess: invalidate,
  });
}

/**
 * A failed call of an edit, with the form row it was about (so "name" of the third option's PATCH shows on
 * options.2.name); the calls before it were saved.
 */
export class OptionCallError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly index: number,
  ) {
    super('An option could not be saved');
  }
}

/** Saves an edit as the API takes it: the item's own fields, removed, changed and new options, then images. */
export function useSaveWorkItem(id: string) {
  const invalidate = useInvalidateWorkItems();
  return useMutation({
    mutationFn: async ({
      plan,
      values,
      stored,
    }: {
      plan: WorkItemSavePlan;
      values: WorkItemFormValues;
      stored: WorkItem;
    }) => {
      const notify = unlessFieldErrors;
      let latest = stored;
      if (plan.patch) {
        latest = (await call(workItemEndpoints.update, { params: { id }, body: plan.patch }, { notify })).data;
      }
      for (const optionId of plan.removeOptionIds) {
        latest = (await call(workItemEndpoints.removeOption, { params: { id, optionId } })).data;
      }
      const optionCall = async (index: number, send: () => Promise<{ data: WorkItem }>) => {
        try {
          latest = (await send()).data;
        } catch (error) {
          throw new OptionCallError(error, index);
        }
      };
      for (const { id: optionId, index, body } of plan.updateOptions) {
        await optionCall(index, () =>
          call(workItemEndpoints.updateOption, { params: { id, optionId }, body }, { notify }),
        );
      }
      for (const { index, body } of plan.addOptions) {
        await optionCall(index, () => call(workItemEndpoints.addOption, { params: { id }, body }, { notify }));
      }
      return saveImages(latest, values);
    },
    onSuccess: invalidate,
  });
}

/** Archiving an item a live checklist uses is refused (WorkItemInUsed): the page explains it in a dialog. */
export function useArchiveWorkItem() {
  const invalidate = useInvalidateWorkItems();
  return useMutation({
    mutationFn: (id: string) =>
      call(workItemEndpoints.archive, { params: { id } }, { notify: (e) => e.code !== 'WorkItemInUsed' }).then(
        (r) => r.data,
      ),
    onSuccess: (item) => invalidate({ item, imageError: null }),
  });
}
