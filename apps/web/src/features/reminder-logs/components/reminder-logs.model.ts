import {
  type AssetTimerLog,
  type AssetTimerLogKind,
  type assetTimerLogEndpoints,
  assetTimerLogKinds,
  id,
  type QueryInputOf,
} from '@fleetdesk/contracts';
import type { AssetTimerCentreState, AssetTimerLogListState } from '../urls.ts';

export type AssetTimerLogQuery = QueryInputOf<typeof assetTimerLogEndpoints.list>;
export type AssetTimerCentreQuery = QueryInputOf<typeof assetTimerLogEndpoints.centre>;

/** The API takes at most 100 ids per list filter (contracts idListQuery). */
const ID_LIST_MAX = 100;

const ids = (values: string[]) => {
  const valid = values.filter((v) => id.safeParse(v).success);
  return valid.length > 0 && valid.length <= ID_LIST_MAX ? valid : undefined;
};
const oneId = (value: string | undefined) => (value && id.safeParse(value).success ? value : undefined);
const assetNoOf = (value: string | undefined) => value?.trim().toUpperCase().slice(0, 64) || undefined;
const instant = (value: string | undefined) =>
  value !== undefined && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : undefined;

/**
 * The log list's URL as the API's query: blanks left out, ids that cannot exist and unknown kinds dropped, the
 * period only when it is in order — a hand-edited link narrows less instead of failing the list.
 */
export function logQueryOf(state: AssetTimerLogListState): AssetTimerLogQuery {
  const kindIn = state.kindIn.filter((k): k is AssetTimerLogKind =>
    (assetTimerLogKinds as readonly string[]).includes(k),
  );
  const [first, last] = state.period.length === 2 ? state.period : [];
  const from = instant(first);
  const to = instant(last);
  const inOrder = !from || !to || Date.parse(to) > Date.parse(from);
  const partnerIdIn = ids(state.partnerIdIn);
  const assetNo = assetNoOf(state.assetNo);
  const timerId = oneId(state.timerId);
  const groupId = oneId(state.groupId);
  return {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    sort: state.sort,
    ...(partnerIdIn ? { partnerIdIn } : {}),
    ...(assetNo ? { assetNo } : {}),
    ...(timerId ? { timerId } : {}),
    ...(groupId ? { groupId } : {}),
    ...(kindIn.length > 0 ? { kindIn } : {}),
    ...(inOrder && from ? { from } : {}),
    ...(inOrder && to ? { to } : {}),
  };
}

/** The centre's URL as the API's query; the states are always sent, so what the select shows is what is listed. */
export function centreQueryOf(state: AssetTimerCentreState): AssetTimerCentreQuery {
  const partnerIdIn = ids(state.partnerIdIn);
  const categoryIdIn = ids(state.categoryIdIn);
  const siteIdIn = ids(state.siteIdIn);
  const timerId = oneId(state.timerId);
  const assetNo = assetNoOf(state.assetNo);
  return {
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    sort: state.sort,
    stateIn: state.stateIn,
    ...(partnerIdIn ? { partnerIdIn } : {}),
    ...(categoryIdIn ? { categoryIdIn } : {}),
    ...(siteIdIn ? { siteIdIn } : {}),
    ...(timerId ? { timerId } : {}),
    ...(state.unacknowledgedOnly ? { acknowledged: 'false' as const } : {}),
    ...(assetNo ? { assetNo } : {}),
  };
}

/** What a log row says about its cause, read from `causeRef` (whose shape depends on the cause). */
export type LogCause =
  | { kind: 'timer' }
  | { kind: 'added' }
  | { kind: 'checklistRecord'; recordId: string | null; ticketId: string | null }
  /** `property` is the label when the server gave one (a custom property's name), else the field's key. */
  | { kind: 'assetProperty'; property: string | null; value: string | null }
  | { kind: 'manual'; note: string | null };

const text = (ref: Record<string, unknown> | null, key: string) => {
  const value = ref?.[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

export function causeOf(log: Pick<AssetTimerLog, 'cause' | 'causeRef'>): LogCause {
  const ref = log.causeRef;
  switch (log.cause) {
    case 'checklistRecord':
      return { kind: 'checklistRecord', recordId: text(ref, 'recordId'), ticketId: text(ref, 'ticketId') };
    case 'assetProperty':
      return {
        kind: 'assetProperty',
        property: text(ref, 'propertyName') ?? text(ref, 'property'),
        value: text(ref, 'value'),
      };
    case 'manual':
      return { kind: 'manual', note: text(ref, 'note') };
    case 'added':
      return { kind: 'added' };
    default:
      return { kind: 'timer' };
  }
}
