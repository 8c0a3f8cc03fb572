import { type checklistRecordEndpoints, id, type QueryInputOf } from '@fleetdesk/contracts';
import type { UrlStateOf } from '../../../shared/ui/url-state.ts';
import type { recordList } from '../urls.ts';

export type RecordListQuery = QueryInputOf<typeof checklistRecordEndpoints.list>;
type RecordListState = UrlStateOf<typeof recordList.shape>;
export type RecordFilterState = Omit<RecordListState, 'pageNo' | 'pageSize' | 'sort'>;

const validInstant = (value: string | undefined): value is string =>
  value !== undefined && !Number.isNaN(Date.parse(value));

/** The finish range as the API's two instants, or nothing when the URL's pair is not two instants in order. */
export function finishRangeOf(finished: string[]): { finalizedFrom: string; finalizedTo: string } | null {
  const [from, to] = finished;
  if (finished.length !== 2 || !validInstant(from) || !validInstant(to) || Date.parse(to) < Date.parse(from))
    return null;
  return { finalizedFrom: new Date(from).toISOString(), finalizedTo: new Date(to).toISOString() };
}

/**
 * One page of the list as the URL describes it. Ids and instants are sent only when the API would accept them, so a
 * hand-edited link narrows less rather than failing the list; a reversed finish range is left out. The asset number
 * is matched as typed in capitals (asset numbers are capital letters and digits).
 */
export function recordListQueryOf(state: RecordListState): RecordListQuery {
  const assetNo = state.assetNo?.trim().toUpperCase();
  return {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    sort: state.sort,
    ...(id.safeParse(state.partnerId).success ? { partnerIdIn: [state.partnerId as string] } : {}),
    ...(id.safeParse(state.checklistId).success ? { checklistIdIn: [state.checklistId as string] } : {}),
    ...(assetNo ? { assetNo } : {}),
    ...(state.status ? { status: state.status } : {}),
    ...finishRangeOf(state.finished),
  };
}

/** Whether any filter narrows the list (the empty state then says "no match" rather than "no records yet"). */
export function isFiltered(state: RecordFilterState): boolean {
  return Object.values(state).some((value) =>
    Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '',
  );
}
