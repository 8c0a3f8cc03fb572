import {
  type AssetTimerGroup,
  assetQueryEndpoints,
  assetTimerGroupEndpoints,
  categoryEndpoints,
  checklistEndpoints,
  type QueryInputOf,
  type ResetRule,
  resetRuleEndpoints,
  type Timer,
  timerEndpoints,
  workItemEndpoints,
} from '@fleetdesk/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { asFieldRefusal, call, formNotify, isApiError, unlessStatus } from '../../shared/http.ts';

export type TimerListQuery = QueryInputOf<typeof timerEndpoints.list>;
export type ResetRuleListQuery = QueryInputOf<typeof resetRuleEndpoints.list>;
export type GroupListQuery = QueryInputOf<typeof assetTimerGroupEndpoints.list>;
export type GroupAssetsQuery = QueryInputOf<typeof assetTimerGroupEndpoints.assets>;

/** Query keys of the reminder configuration; mutations invalidate by prefix (timers show their groups' counts). */
export const reminderKeys = {
  all: ['reminders'] as const,
  timers: () => [...reminderKeys.all, 'timers'] as const,
  timerList: (query: TimerListQuery) => [...reminderKeys.timers(), 'list', query] as const,
  timer: (id: string) => [...reminderKeys.timers(), 'detail', id] as const,
  resetRules: () => [...reminderKeys.all, 'reset-rules'] as const,
  resetRuleList: (query: ResetRuleListQuery) => [...reminderKeys.resetRules(), 'list', query] as const,
  resetRule: (id: string) => [...reminderKeys.resetRules(), 'detail', id] as const,
  groups: () => [...reminderKeys.all, 'groups'] as const,
  groupList: (query: GroupListQuery) => [...reminderKeys.groups(), 'list', query] as const,
  group: (id: string) => [...reminderKeys.groups(), 'detail', id] as const,
  groupAssets: (id: string, query: GroupAssetsQuery) => [...reminderKeys.groups(), 'assets', id, query] as const,
};

/** Empty filters are left out of the query (document 1 §7.9). */
const present = <T extends Record<string, unknown>>(values: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)),
  ) as Partial<T>;

export function timerListQuery(state: {
  pageNo: number;
  pageSize: number;
  sort: string;
  partnerId: string[];
  categoryId?: string;
  kind?: string;
  name?: string;
}): TimerListQuery {
  const { partnerId, name, ...rest } = state;
  return present({ ...rest, partnerIdIn: partnerId, name: name?.trim() }) as TimerListQuery;
}

export function resetRuleListQuery(state: {
  pageNo: number;
  pageSize: number;
  sort: string;
  partnerId: string[];
  categoryId?: string;
  type?: string;
  name?: string;
}): ResetRuleListQuery {
  const { partnerId, name, ...rest } = state;
  return present({ ...rest, partnerIdIn: partnerId, name: name?.trim() }) as ResetRuleListQuery;
}

export function groupListQuery(state: {
  pageNo: number;
  pageSize: number;
  sort: string;
  partnerId: string[];
  categoryId?: string;
  timerId?: string;
}): GroupListQuery {
  const { partnerId, ...rest } = state;
  return present({ ...rest, partnerIdIn: partnerId }) as GroupListQuery;
}

export const fetchTimerPage = (query: TimerListQuery, signal?: AbortSignal) =>
  call(timerEndpoints.list, { query }, { signal });
export const fetchResetRulePage = (query: ResetRuleListQuery, signal?: AbortSignal) =>
  call(resetRuleEndpoints.list, { query }, { signal });
export const fetchGroupPage = (query: GroupListQuery, signal?: AbortSignal) =>
  call(assetTimerGroupEndpoints.list, { query }, { signal });

export function useTimerList(query: TimerListQuery, enabled = true) {
  return useQuery({
    queryKey: reminderKeys.timerList(query),
    queryFn: ({ signal }) => fetchTimerPage(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useResetRuleList(query: ResetRuleListQuery, enabled = true) {
  return useQuery({
    queryKey: reminderKeys.resetRuleList(query),
    queryFn: ({ signal }) => fetchResetRulePage(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useGroupList(query: GroupListQuery) {
  return useQuery({
    queryKey: reminderKeys.groupList(query),
    queryFn: ({ signal }) => fetchGroupPage(query, signal),
    placeholderData: keepPreviousData,
  });
}

const notFoundShown = { notify: unlessStatus(404) };

export function useTimer(id: string | undefined) {
  return useQuery({
    queryKey: reminderKeys.timer(id ?? ''),
    queryFn: ({ signal }) =>
      call(timerEndpoints.get, { params: { id: id ?? '' } }, { signal, ...notFoundShown }).then((r) => r.data),
    enabled: Boolean(id),
  });
}

export function useResetRule(id: string | undefined) {
  return useQuery({
    queryKey: reminderKeys.resetRule(id ?? ''),
    queryFn: ({ signal }) =>
      call(resetRuleEndpoints.get, { params: { id: id ?? '' } }, { signal, ...notFoundShown }).then((r) => r.data),
    enabled: Boolean(id),
  });
}

export function useGroup(id: string | undefined) {
  return useQuery({
    queryKey: reminderKeys.group(id ?? ''),
    queryFn: ({ signal }) =>
      call(assetTimerGroupEndpoints.get, { params: { id: id ?? '' } }, { signal, ...notFoundShown }).then(
        (r) => r.data,
      ),
    enabled: Boolean(id),
  });
}

export function useGroupAssets(id: string, query: GroupAssetsQuery) {
  return useQuery({
    queryKey: reminderKeys.groupAssets(id, query),
    queryFn: ({ signal }) => call(assetTimerGroupEndpoints.assets, { params: { id }, query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Any change of a timer, rule or group can change the counts the other lists show. */
function useInvalidateReminders() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: reminderKeys.all });
}

/** Refusals that belong to one form field when the server does not name it: the form shows them there. */
export const timerFieldOfCode: Record<string, string> = {
  TimerNameAlreadyExists: 'name',
  InvalidSchedule: 'cron',
  PartnerOutOfScope: 'partnerId',
};
export const resetRuleFieldOfCode: Record<string, string> = {
  ResetRuleNameAlreadyExists: 'name',
  PartnerOutOfScope: 'partnerId',
};

/** What a change by asset numbers refused, per number, when nothing could be done (422 AssetsRefused). */
export function refusedNumbers(error: unknown): Record<string, string> | null {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return null;
  const refused = (error.data as { refused?: unknown }).refused;
  return typeof refused === 'object' && refused !== null ? (refused as Record<string, string>) : null;
}

export function useSaveTimer(id?: string) {
  const invalidate = useInvalidateReminders();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>): Promise<Timer> =>
      (id
        ? call(timerEndpoints.update, { params: { id }, body }, formNotify(timerFieldOfCode))
        : call(timerEndpoints.create, { body: body as never }, formNotify(timerFieldOfCode))
      )
        .then((r) => r.data)
        .catch((error: unknown) => Promise.reject(asFieldRefusal(error, timerFieldOfCode))),
    onSuccess: (timer) => {
      client.setQueryData(reminderKeys.timer(timer.id), timer);
      return invalidate();
    },
  });
}

export function useDeleteTimer() {
  const invalidate = useInvalidateReminders();
  return useMutation({
    // A timer in use is refused with 409: the page explains it in a dialog.
    mutationFn: (id: string) => call(timerEndpoints.remove, { params: { id } }, { notify: unlessStatus(409) }),
    onSuccess: invalidate,
  });
}

export function useSaveResetRule(id?: string) {
  const invalidate = useInvalidateReminders();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>): Promise<ResetRule> =>
      (id
        ? call(resetRuleEndpoints.update, { params: { id }, body }, formNotify(resetRuleFieldOfCode))
        : call(resetRuleEndpoints.create, { body: body as never }, formNotify(resetRuleFieldOfCode))
      )
        .then((r) => r.data)
        .catch((error: unknown) => Promise.reject(asFieldRefusal(error, resetRuleFieldOfCode))),
    onSuccess: (rule) => {
      client.setQueryData(reminderKeys.resetRule(rule.id), rule);
      return invalidate();
    },
  });
}

export function useDeleteResetRule() {
  const invalidate = useInvalidateReminders();
  return useMutation({
    mutationFn: (id: string) => call(resetRuleEndpoints.remove, { params: { id } }, { notify: unlessStatus(409) }),
    onSuccess: invalidate,
  });
}

export function useCreateGroup() {
  const invalidate = useInvalidateReminders();
  return useMutation({
    mutationFn: (body: { timerId: string; categoryId: string; resetRuleId: string; assetNos: string[] }) =>
      call(assetTimerGroupEndpoints.create, { body }, formNotify())
        .then((r) => r.data)
        .catch((error: unknown) => Promise.reject(asFieldRefusal(error))),
    onSuccess: invalidate,
  });
}

export function useUpdateGroup(id: string) {
  const invalidate = useInvalidateReminders();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (resetRuleId: string) =>
      call(assetTimerGroupEndpoints.update, { params: { id }, body: { resetRuleId } }).then((r) => r.data),
    onSuccess: (group: AssetTimerGroup) => {
      client.setQueryData(reminderKeys.group(id), group);
      return invalidate();
    },
  });
}

export function useDeleteGroup() {
  const invalidate = useInvalidateReminders();
  return useMutation({
    mutationFn: (id: string) => call(assetTimerGroupEndpoints.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** Adds or removes assets by number; the answer says per number why not. */
export function useChangeGroupAssets(id: string) {
  const invalidate = useInvalidateReminders();
  return useMutation({
    mutationFn: ({ change, assetNos }: { change: 'add' | 'remove'; assetNos: string[] }) =>
      call(
        change === 'add' ? assetTimerGroupEndpoints.addAssets : assetTimerGroupEndpoints.removeAssets,
        { params: { id }, body: { assetNos } },
        formNotify(),
      ).then((r) => r.data),
    onSuccess: invalidate,
  });
}

/** Every option of a select comes from one page of 100: a partner has few timers, rules, work items, checklists. */
const OPTIONS_PAGE = { pageNo: 1, pageSize: 100 } as const;

/** The reset rules a timer of this partner and category may use. */
export function useResetRuleOptions(partnerId: string | undefined, categoryId: string | undefined) {
  return useResetRuleList(
    { ...OPTIONS_PAGE, partnerIdIn: partnerId ? [partnerId] : [], categoryId, sort: 'name:asc' } as ResetRuleListQuery,
    Boolean(partnerId && categoryId),
  );
}

/** Timers in scope by name; with partners, only theirs (the reminder-log filters narrow by the partners chosen). */
export function useTimerOptions(partnerIdIn: string[] = [], enabled = true) {
  return useTimerList(
    { ...OPTIONS_PAGE, sort: 'name:asc', ...(partnerIdIn.length > 0 ? { partnerIdIn } : {}) } as TimerListQuery,
    enabled,
  );
}

export function useWorkItemOptions(partnerId: string | undefined) {
  return useQuery({
    queryKey: ['reminders', 'work-item-options', partnerId],
    queryFn: ({ signal }) =>
      call(
        workItemEndpoints.list,
        { query: { ...OPTIONS_PAGE, partnerIdIn: partnerId ? [partnerId] : [], sort: 'name:asc' } },
        { signal },
      ).then((r) => r.data),
    enabled: Boolean(partnerId),
  });
}

export function useChecklistOptions(partnerId: string | undefined, categoryId: string | undefined) {
  return useQuery({
    queryKey: ['reminders', 'checklist-options', partnerId, categoryId],
    queryFn: ({ signal }) =>
      call(
        checklistEndpoints.list,
        {
          query: {
            ...OPTIONS_PAGE,
            partnerIdIn: partnerId ? [partnerId] : [],
            ...(categoryId ? { assetCategoryId: categoryId } : {}),
            sort: 'name:asc',
          },
        },
        { signal },
      ).then((r) => r.data),
    enabled: Boolean(partnerId),
  });
}

/** The category's custom properties (a reset rule may watch one). */
export function useCategoryProperties(categoryId: string | undefined) {
  return useQuery({
    queryKey: ['reminders', 'category-properties', categoryId],
    queryFn: ({ signal }) =>
      call(categoryEndpoints.properties, { params: { id: categoryId ?? '' } }, { signal }).then((r) => r.data),
    enabled: Boolean(categoryId),
    staleTime: 60_000,
  });
}

/** One page of the assets a group may take: the timer's category, the group's partner. */
export function useAssetPickPage(
  filter: { categoryId?: string; partnerId?: string },
  pageNo: number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['reminders', 'asset-pick', filter, pageNo],
    queryFn: ({ signal }) =>
      call(
        assetQueryEndpoints.query,
        {
          body: {
            pageNo,
            pageSize: 20,
            sort: ['no:asc'],
            ...(filter.categoryId ? { categoryIdIn: [filter.categoryId] } : {}),
            ...(filter.partnerId ? { partnerIdIn: [filter.partnerId] } : {}),
          },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}
