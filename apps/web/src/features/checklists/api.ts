import {
  type Checklist,
  type ChecklistInput,
  categoryEndpoints,
  checklistEndpoints,
  type QueryInputOf,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiError, call, isApiError, unlessFieldErrors } from '../../shared/http.ts';
import { imageCall } from '../work-items/components/image-choice.ts';
import { type ChecklistSavePlan, type GroupRow, groupIdOf } from './components/checklist-form.model.ts';

export type ChecklistListQuery = QueryInputOf<typeof checklistEndpoints.list>;

/** Query keys of the checklists feature; mutations invalidate by prefix. */
export const checklistKeys = {
  all: ['checklists'] as const,
  lists: () => [...checklistKeys.all, 'list'] as const,
  list: (query: ChecklistListQuery) => [...checklistKeys.lists(), query] as const,
  detail: (id: string) => [...checklistKeys.all, 'detail', id] as const,
  categories: ['checklists', 'category-options'] as const,
};

/** The list's URL state as the query: empty filters left out (document 1 §7.9), archived = Deleted. */
export function checklistListQuery(state: {
  pageNo: number;
  pageSize: number;
  sort: string;
  partnerId: string[];
  categoryId: string | undefined;
  name: string | undefined;
  archived: boolean | undefined;
}): ChecklistListQuery {
  return {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    sort: state.sort,
    ...(state.partnerId.length ? { partnerIdIn: state.partnerId } : {}),
    ...(state.categoryId ? { assetCategoryId: state.categoryId } : {}),
    ...(state.name?.trim() ? { name: state.name.trim() } : {}),
    status: state.archived ? 'Deleted' : 'Inuse',
  };
}

export function fetchChecklistPage(query: ChecklistListQuery, signal?: AbortSignal) {
  return call(checklistEndpoints.list, { query }, { signal });
}

export function useChecklistList(query: ChecklistListQuery) {
  return useQuery({
    queryKey: checklistKeys.list(query),
    queryFn: ({ signal }) => fetchChecklistPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useChecklist(id: string | undefined) {
  return useQuery({
    queryKey: checklistKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      call(checklistEndpoints.get, { params: { id: id ?? '' } }, { signal, notify: (e) => e.status !== 404 }).then(
        (r) => r.data,
      ),
    enabled: Boolean(id),
  });
}

/** Asset categories for the scope picker and the list filter. */
export function useCategoryOptions() {
  return useQuery({
    queryKey: checklistKeys.categories,
    queryFn: ({ signal }) => call(categoryEndpoints.summaries, {}, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });
}

/** A saved checklist, and the image refusal that stopped the group uploads after it, if any. */
export interface ChecklistSaved {
  checklist: Checklist;
  imageError: ApiError | null;
}

/** The group images the form holds, once the groups exist; a refusal is reported, the checklist is saved. */
async function saveGroupImages(saved: Checklist, groups: GroupRow[]): Promise<ChecklistSaved> {
  let latest = saved;
  const id = saved.id;
  try {
    for (const row of groups) {
      const needed = imageCall(row.image, row.imageUrl);
      const groupId = needed ? groupIdOf(latest, row) : undefined;
      if (!needed || !groupId) continue;
      if (needed === 'remove') {
        latest = (await call(checklistEndpoints.removeGroupImage, { params: { id, groupId } }, { notify: false })).data;
      } else if (row.image && row.image !== 'remove') {
        const formData = new FormData();
        formData.append('file', row.image.file);
        latest = (
          await call(checklistEndpoints.uploadGroupImage, { params: { id, groupId } }, { formData, notify: false })
        ).data;
      }
    }
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { checklist: latest, imageError: error };
  }
  return { checklist: latest, imageError: null };
}

function useInvalidateChecklists() {
  const client = useQueryClient();
  return ({ checklist }: ChecklistSaved) => {
    client.setQueryData(checklistKeys.detail(checklist.id), checklist);
    return Promise.all([
      client.invalidateQueries({ queryKey: checklistKeys.lists() }),
      // Work items show how many checklists use them.
      client.invalidateQueries({ queryKey: ['work-items'] }),
    ]);
  };
}

/** Creates the checklist with its groups in one call, then uploads the group images. */
export function useCreateChecklist() {
  const invalidate = useInvalidateChecklists();
  return useMutation({
    mutationFn: async ({ body, groups }: { body: ChecklistInput; groups: GroupRow[] }) => {
      const created = await call(checklistEndpoints.create, { body }, { notify: unlessFieldErrors }).then(
        (r) => r.data,
      );
      return saveGroupImages(created, groups);
    },
    onSuccess: invalidate,
  });
}

/** A failed group call of an edit, with the group it was about (its field errors land on that group). */
export class GroupCallError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly key: string,
  ) {
    super('A group could not be saved');
  }
}

/**
 * Saves an edit as the API takes it: the checklist's fields, removed groups, changed groups, new groups (added at
 * the end), then the position moves that give the order shown, then group images.
 */
export function useSaveChecklist(id: string) {
  const invalidate = useInvalidateChecklists();
  return useMutation({
    mutationFn: async ({
      plan,
      groups,
      stored,
    }: {
      plan: ChecklistSavePlan;
      groups: GroupRow[];
      stored: Checklist;
    }) => {
      const notify = unlessFieldErrors;
      let latest = stored;
      const groupCall = async (key: string, send: () => Promise<{ data: Checklist }>) => {
        try {
          latest = (await send()).data;
        } catch (error) {
          throw new GroupCallError(error, key);
        }
      };
      if (plan.patch)
        latest = (await call(checklistEndpoints.update, { params: { id }, body: plan.patch }, { notify })).data;
      for (const groupId of plan.removeGroupIds) {
        latest = (await call(checklistEndpoints.removeGroup, { params: { id, groupId } })).data;
      }
      for (const { id: groupId, key, body } of plan.updateGroups) {
        await groupCall(key, () => call(checklistEndpoints.updateGroup, { params: { id, groupId }, body }, { notify }));
      }
      for (const { key, body } of plan.addGroups) {
        await groupCall(key, () => call(checklistEndpoints.addGroup, { params: { id }, body }, { notify }));
      }
      for (const { key, position } of plan.moves) {
        const row = groups.find((g) => (g.id ?? g.key) === key);
        const groupId = row ? groupIdOf(latest, row) : undefined;
        if (!groupId) continue;
        await groupCall(key, () =>
          call(checklistEndpoints.updateGroup, { params: { id, groupId }, body: { position } }, { notify }),
        );
      }
      return saveGroupImages(latest, groups);
    },
    onSuccess: invalidate,
  });
}

export function useArchiveChecklist() {
  const invalidate = useInvalidateChecklists();
  return useMutation({
    mutationFn: (id: string) => call(checklistEndpoints.archive, { params: { id } }).then((r) => r.data),
    onSuccess: (checklist) => invalidate({ checklist, imageError: null }),
  });
}
