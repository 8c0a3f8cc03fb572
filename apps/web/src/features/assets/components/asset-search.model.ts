import {
  type AssetDisplayStatus,
  type AssetLifeCycleState,
  type AssetQueryBody,
  assetLifeCycleStates,
  assetQueryInput,
  assetQuerySortKeys,
  type assetUsageModes,
} from '@fleetdesk/contracts';
import type { z } from 'zod';
import { defineList } from '../../../shared/ui/list-state.ts';
import { type UrlCodec, type UrlStateOf, urlParam } from '../../../shared/ui/url-state.ts';

/** Document 2 §5: the list opens on every lifecycle state but Removed (assets of disabled categories). */
export const DEFAULT_LIFE_CYCLES: readonly AssetLifeCycleState[] = assetLifeCycleStates.filter((s) => s !== 'Removed');

/** The lifecycle filter: absent from the URL means the default set; unknown states are dropped. */
const lifeCycleParam: UrlCodec<string[]> = {
  fallback: [...DEFAULT_LIFE_CYCLES],
  read: (raw) => {
    const states = raw.filter((v) => (assetLifeCycleStates as readonly string[]).includes(v));
    return states.length > 0 ? states : [...DEFAULT_LIFE_CYCLES];
  },
  write: (value) => value,
};

/** A number typed in a filter; absent when empty or unreadable. */
const numberParam: UrlCodec<number | undefined> = {
  fallback: undefined,
  read: (raw) => {
    const value = raw.find((v) => v !== '');
    return value !== undefined && Number.isFinite(Number(value)) ? Number(value) : undefined;
  },
  write: (value) => (value === undefined || value === null ? [] : [String(value)]),
};

const flag = () => urlParam.optionalOneOf(['true', 'false'] as const);
const comparisonOp = () => urlParam.optionalOneOf(['gte', 'lt'] as const);

/**
 * Every filter of the search panel, as URL params: a search is a link (shareable, Back restores it). The form
 * fields carry the same names.
 */
export const assetSearchFilters = {
  no: urlParam.list(),
  noFrom: urlParam.string(),
  noTo: urlParam.string(),
  category: urlParam.list(),
  partner: urlParam.list(),
  site: urlParam.list(),
  life: lifeCycleParam,
  /** Display status (document 2 §4), the words of the map and the dashboard. */
  status: urlParam.list(),
  usage: urlParam.list(),
  iot: flag(),
  /** Device presence as the dashboard counts it: reported within the hour or not. */
  online: flag(),
  chargeOp: comparisonOp(),
  charge: numberParam,
  voltOp: comparisonOp(),
  /** Volts, as people read a battery; the body carries millivolts. */
  volt: numberParam,
  hasCharge: flag(),
  invalidCharge: flag(),
  updatedFrom: urlParam.string(),
  updatedTo: urlParam.string(),
  note: urlParam.string(),
  prop: urlParam.string(),
  propOp: urlParam.optionalOneOf(['eq', 'gte', 'lt', 'contains'] as const),
  propValue: urlParam.string(),
};
export type AssetSearchFilters = UrlStateOf<typeof assetSearchFilters>;
export type AssetSearchField = keyof AssetSearchFilters;

export const assetList = defineList({
  filters: assetSearchFilters,
  sortKeys: assetQuerySortKeys,
  defaultSort: 'createTime:desc',
});

/** The operators a custom property's value type supports (the server's rule in asset-query.service). */
export function operatorsFor(valueType: string | undefined): ('eq' | 'gte' | 'lt' | 'contains')[] {
  switch (valueType) {
    case 'INTEGER':
    case 'NUMBER':
    case 'DATE':
    case 'DATE_TIME':
      return ['eq', 'gte', 'lt'];
    case 'TEXT':
    case 'LINK':
      return ['eq', 'contains'];
    case 'BOOLEAN':
      return ['eq'];
    default:
      return [];
  }
}

/** A property value as typed → the JSON value its type compares with; unreadable numbers go as text (refused). */
export function propertyConditionValue(valueType: string | undefined, raw: string): boolean | number | string {
  const text = raw.trim();
  if (valueType === 'BOOLEAN') return text === 'true';
  if ((valueType === 'INTEGER' || valueType === 'NUMBER') && text !== '' && Number.isFinite(Number(text)))
    return Number(text);
  return text;
}

const list = <T extends string>(values: readonly string[]) => (values.length > 0 ? (values as T[]) : undefined);
const bool = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

/**
 * The filters → the `$query` body (document 2 §5 "Client sending rules"): empty lists are dropped, volts are
 * sent as millivolts, the IoT-state block only when one of its conditions is set, the property condition only
 * with one category chosen. Paging and sort are added by the caller.
 */
export function toQueryBody(
  filters: AssetSearchFilters,
  propertyValueType?: string,
): Omit<AssetQueryBody, 'pageNo' | 'pageSize' | 'sort'> {
  const body: Omit<AssetQueryBody, 'pageNo' | 'pageSize' | 'sort'> = {
    noIn: list(filters.no),
    categoryIdIn: list(filters.category),
    partnerIdIn: list(filters.partner),
    siteIdIn: list(filters.site),
    lifeCycleIn: filters.life as AssetLifeCycleState[],
    displayStatusIn: list<AssetDisplayStatus>(filters.status),
    usageModeIn: list<(typeof assetUsageModes)[number]>(filters.usage),
    hasIot: bool(filters.iot),
    iotOnline: bool(filters.online),
    noteLike: filters.note?.trim() ? filters.note.trim() : undefined,
  };
  if (filters.noFrom || filters.noTo) body.filters = { noFrom: filters.noFrom ?? '', noTo: filters.noTo ?? '' };

  const iotState: NonNullable<AssetQueryBody['iotState']> = {};
  if (filters.chargeOp !== undefined || filters.charge !== undefined)
    iotState.chargePct = { op: filters.chargeOp as 'gte', value: filters.charge as number };
  if (filters.voltOp !== undefined || filters.volt !== undefined)
    iotState.iotBatteryVoltageMilli = {
      op: filters.voltOp as 'gte',
      // Rounded: 3.7 V × 1000 is 3700.0000000000005 in floating point.
      value: filters.volt === undefined ? (undefined as unknown as number) : Math.round(filters.volt * 1000),
    };
  if (filters.hasCharge !== undefined) iotState.hasChargePct = filters.hasCharge === 'true';
  if (filters.invalidCharge !== undefined) iotState.invalidChargePct = filters.invalidCharge === 'true';
  if (filters.updatedFrom) iotState.lastUpdateFrom = filters.updatedFrom;
  if (filters.updatedTo) iotState.lastUpdateTo = filters.updatedTo;
  if (Object.keys(iotState).length > 0) body.iotState = iotState;

  if (filters.category.length === 1 && filters.prop) {
    body.properties = [
      {
        propertyId: filters.prop,
        op: filters.propOp as 'eq',
        value:
          filters.propValue === undefined
            ? (undefined as unknown as string)
            : propertyConditionValue(propertyValueType, filters.propValue),
      },
    ];
  }
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as typeof body;
}

/** Where a body path's error shows in the search panel. */
function fieldOf(path: readonly PropertyKey[]): AssetSearchField | undefined {
  const [head, second, third] = path.map(String);
  switch (head) {
    case 'noIn':
      return 'no';
    case 'categoryIdIn':
      return 'category';
    case 'partnerIdIn':
      return 'partner';
    case 'siteIdIn':
      return 'site';
    case 'lifeCycleIn':
      return 'life';
    case 'displayStatusIn':
      return 'status';
    case 'usageModeIn':
      return 'usage';
    case 'noteLike':
      return 'note';
    case 'filters':
      return second === 'noFrom' ? 'noFrom' : 'noTo';
    case 'iotState':
      if (second === 'chargePct') return third === 'op' ? 'chargeOp' : 'charge';
      if (second === 'iotBatteryVoltageMilli') return third === 'op' ? 'voltOp' : 'volt';
      if (second === 'lastUpdateFrom') return 'updatedFrom';
      if (second === 'lastUpdateTo') return 'updatedTo';
      return 'chargeOp';
    case 'properties':
      return third === 'op' ? 'propOp' : third === 'value' ? 'propValue' : 'prop';
    default:
      return undefined;
  }
}

/** The contract's (or the server's) messages by search field; untranslated English, the caller translates. */
export function searchErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<AssetSearchField, string>> {
  const errors: Partial<Record<AssetSearchField, string>> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** Checks the filters with the contract's schema, as the server will. */
export function validateSearch(
  filters: AssetSearchFilters,
  propertyValueType?: string,
): Partial<Record<AssetSearchField, string>> {
  const parsed = assetQueryInput.safeParse(toQueryBody(filters, propertyValueType));
  return parsed.success ? {} : searchErrors((parsed.error as z.ZodError).issues);
}

/** Server field errors (`filters.noTo`, `properties.0.op`) → search fields. */
export function serverSearchErrors(fields: Record<string, string>): Partial<Record<AssetSearchField, string>> {
  return searchErrors(Object.entries(fields).map(([path, message]) => ({ path: path.split('.'), message })));
}
