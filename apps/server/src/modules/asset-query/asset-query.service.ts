import {
  type AssetLifeCycleState,
  type AssetQueryInput,
  type AssetQuerySortKey,
  type AssetSummary,
  type AssetTurnoverState,
  assetLifeCycleStates,
  assetTurnoverStates,
} from '@fleetdesk/contracts';
import type { Db } from '../../db/client.ts';
import { validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import { propertiesOf } from '../assets/assets.repo.ts';
import { toAsset } from '../assets/assets.service.ts';
import * as repo from './asset-query.repo.ts';

const OPERATOR_MESSAGE = 'This operator does not apply to this property';
const VALUE_MESSAGE = 'The value does not match the property type';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/;

/** A real calendar day: the database would refuse 2025-02-30 with an error instead of a 400. */
function realDay(y: number, m: number, d: number) {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
function isDateTime(v: string) {
  const m = DATE_TIME.exec(v);
  return m !== null && realDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

const zeroes = <S extends string>(states: readonly S[]) =>
  Object.fromEntries(states.map((s) => [s, 0])) as Record<S, number>;

/**
 * Turns each property condition into a comparison its value type supports: eq for every type (JSON
 * containment), gte/lt for numbers, dates and date-times, contains for text-like values.
 */
function propertyFilters(
  conditions: NonNullable<AssetQueryInput['properties']>,
  definitions: Map<string, { valueType: string }>,
): repo.PropertyFilter[] {
  const fields: Record<string, string> = {};
  const out: repo.PropertyFilter[] = [];
  for (const [i, c] of conditions.entries()) {
    const type = definitions.get(c.propertyId)?.valueType;
    if (!type) {
      fields[`properties.${i}.propertyId`] = 'Unknown property';
      continue;
    }
    const bad = (field: 'op' | 'value', message: string) => {
      fields[`properties.${i}.${field}`] = message;
    };
    const numeric = type === 'INTEGER' || type === 'NUMBER';
    const textual = type === 'TEXT' || type === 'LINK' || type === 'IMAGE';
    const fits =
      type === 'BOOLEAN'
        ? typeof c.value === 'boolean'
        : numeric
          ? typeof c.value === 'number'
          : type === 'DATE'
            ? typeof c.value === 'string' && DATE.test(c.value)
            : type === 'DATE_TIME'
              ? typeof c.value === 'string' && isDateTime(c.value)
              : typeof c.value === 'string';
    if (!fits) {
      bad('value', VALUE_MESSAGE);
      continue;
    }
    if (c.op === 'eq') {
      out.push({ propertyId: c.propertyId, kind: 'eq', value: c.value });
    } else if (c.op === 'contains') {
      if (!textual) {
        bad('op', OPERATOR_MESSAGE);
        continue;
      }
      out.push({ propertyId: c.propertyId, kind: 'contains', value: c.value as string });
    } else {
      if (!numeric && type !== 'DATE' && type !== 'DATE_TIME') {
        bad('op', OPERATOR_MESSAGE);
        continue;
      }
      const kind = numeric ? 'number' : type === 'DATE' ? 'text' : 'timestamp';
      out.push({ propertyId: c.propertyId, kind, op: c.op, value: c.value as number | string });
    }
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  return out;
}

export function createAssetQueryService(deps: { db: Db }) {
  const { db } = deps;

  /** Validates what the schema cannot see (scope, property types) and builds the filter of the builder. */
  async function filterOf(caller: Caller, input: AssetQueryInput): Promise<repo.AssetFilter> {
    // Asking for another partner's assets is refused outright rather than silently answered with nothing.
    for (const partnerId of input.partnerIdIn ?? []) assertPartnerInScope(caller.scope, partnerId);
    let properties: repo.PropertyFilter[] | undefined;
    if (input.properties?.length) {
      const definitions = await repo.propertiesByIds(db, [...new Set(input.properties.map((p) => p.propertyId))]);
      properties = propertyFilters(input.properties, new Map(definitions.map((d) => [d.id, d])));
    }
    return {
      scope: caller.scope,
      noIn: input.noIn,
      categoryIdIn: input.categoryIdIn,
      siteIdIn: input.siteIdIn,
      partnerIdIn: input.partnerIdIn,
      lifeCycleIn: input.lifeCycleIn,
      usageModeIn: input.usageModeIn,
      properties,
      geometry: input.geometry,
      serial: input.filters,
      havingRentingOngoingOrder: input.havingRentingOngoingOrder,
      havingSubscriptionOngoingOrder: input.havingSubscriptionOngoingOrder,
      havingCategoryDisabled: input.havingCategoryDisabled,
      hasIot: input.hasIot,
      iotState: input.iotState,
      noteLike: input.noteLike,
    };
  }

  const sortOf = (sort: readonly string[]): repo.SortKey[] =>
    sort.map((s) => {
      const [key, direction] = s.split(':') as [AssetQuerySortKey, 'asc' | 'desc'];
      return { key, direction };
    });

  async function query(caller: Caller, input: AssetQueryInput) {
    const filter = await filterOf(caller, input);
    const [found, counted] = await Promise.all([
      repo.page(db, filter, sortOf(input.sort), input),
      repo.countOf(db, filter),
    ]);
    const definitions = await propertiesOf(db, [...new Set(found.map((r) => r.asset.categoryId))]);
    return { data: found.map((r) => toAsset(r, definitions)), ...counted };
  }

  async function count(caller: Caller, input: AssetQueryInput) {
    return repo.countOf(db, await filterOf(caller, input));
  }

  async function summary(caller: Caller, input: AssetQueryInput): Promise<AssetSummary> {
    const groups = await repo.groupCounts(db, await filterOf(caller, input));
    const out: AssetSummary = {
      count: 0,
      lifeCycleState: zeroes(assetLifeCycleStates),
      turnoverState: zeroes(assetTurnoverStates),
    };
    for (const g of groups) add(out, g);
    return out;
  }

  /** Per site (no site last, then by name): count, lifecycle and turnover counts, every state present. */
  async function bySite(caller: Caller, input: AssetQueryInput) {
    const groups = await repo.groupCounts(db, await filterOf(caller, input));
    const sites = new Map<string | null, AssetSummary & { site: { id: string; name: string } | null }>();
    for (const g of groups) {
      let entry = sites.get(g.siteId);
      if (!entry) {
        entry = {
          site: g.siteId ? { id: g.siteId, name: g.siteName ?? '' } : null,
          count: 0,
          lifeCycleState: zeroes(assetLifeCycleStates),
          turnoverState: zeroes(assetTurnoverStates),
        };
        sites.set(g.siteId, entry);
      }
      add(entry, g);
    }
    const data = [...sites.values()].sort((a, b) => {
      if (!a.site || !b.site) return a.site ? -1 : b.site ? 1 : 0;
      return a.site.name.localeCompare(b.site.name) || a.site.id.localeCompare(b.site.id);
    });
    return { data, count: data.length };
  }

  return {
    query,
    count,
    summary,
    async siteList(caller: Caller, input: AssetQueryInput) {
      const { data, count } = await bySite(caller, input);
      return { data: data.map((d) => ({ site: d.site, count: d.count })), count };
    },
    async siteSummary(caller: Caller, input: AssetQueryInput) {
      const { data, count } = await bySite(caller, input);
      return { data: data.map((d) => ({ site: d.site, lifeCycleState: d.lifeCycleState })), count };
    },
    siteListWithSummary: bySite,
  };
}

function add(into: AssetSummary, g: { lifeCycleState: string; turnoverState: string; count: number }) {
  into.count += g.count;
  // Rows written outside the API could hold a state the contract does not know; they still count in total.
  if (g.lifeCycleState in into.lifeCycleState) into.lifeCycleState[g.lifeCycleState as AssetLifeCycleState] += g.count;
  if (g.turnoverState in into.turnoverState) into.turnoverState[g.turnoverState as AssetTurnoverState] += g.count;
}

export type AssetQueryService = ReturnType<typeof createAssetQueryService>;
