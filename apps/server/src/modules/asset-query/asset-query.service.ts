import {
  type Asset,
  type AssetLifeCycleState,
  type AssetQueryInput,
  type AssetQuerySortKey,
  type AssetSummary,
  type AssetTurnoverState,
  assetLifeCycleStates,
  assetTurnoverStates,
  CURSOR_MESSAGE,
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

/** A cursor is the last row's key values, base64url JSON; the server checks it against the search's keys. */
function encodeCursor(values: readonly string[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

const KEY_TEXT: Record<repo.KeyCast, RegExp> = {
  // PostgreSQL's ISO output of a timestamptz, e.g. 2026-11-23 17:10:00.123456+00
  timestamptz: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  // Asset numbers and lifecycle states: letters and digits only.
  text: /^[A-Za-z0-9]{1,64}$/,
};

/** The key values of a cursor, or a 400 when it was not made for these keys (or was tampered with). */
function decodeCursor(cursor: string, keys: readonly repo.OrderKey[]): string[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = null;
  }
  const fits =
    Array.isArray(values) &&
    values.length === keys.length &&
    values.every((v, i) => typeof v === 'string' && KEY_TEXT[(keys[i] as repo.OrderKey).cast].test(v));
  if (!fits) throw validationError({ cursor: CURSOR_MESSAGE });
  return values as string[];
}

/**
 * Where recent pages ended, so a client that only sends pageNo still pages by keyset when it walks forward:
 * page N+1 of a search starts after the last row served as page N. Entries live a few minutes; a stale one
 * only means the next page starts right after what the user saw, which is what they expect anyway.
 */
class Boundaries {
  private readonly entries = new Map<string, { values: string[]; at: number }>();
  constructor(
    private readonly max = 5_000,
    private readonly ttlMs = 5 * 60_000,
  ) {}
  get(key: string): string[] | undefined {
    const hit = this.entries.get(key);
    if (!hit || Date.now() - hit.at > this.ttlMs) return undefined;
    return hit.values;
  }
  set(key: string, values: string[]) {
    this.entries.delete(key);
    this.entries.set(key, { values, at: Date.now() });
    // Map keeps insertion order: the first entry is the oldest.
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }
}

export function createAssetQueryService(deps: { db: Db }) {
  const boundaries = new Boundaries();
  /** The same search by the same scope, page size and sort: everything but the page and the cursor. */
  const boundaryKey = (caller: Caller, input: AssetQueryInput, pageNo: number) => {
    const { pageNo: _p, cursor: _c, ...search } = input;
    return JSON.stringify([caller.scope, search, pageNo]);
  };

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
      displayStatusIn: input.displayStatusIn,
      usageModeIn: input.usageModeIn,
      properties,
      geometry: input.geometry,
      serial: input.filters,
      havingRentingOngoingOrder: input.havingRentingOngoingOrder,
      havingSubscriptionOngoingOrder: input.havingSubscriptionOngoingOrder,
      havingCategoryDisabled: input.havingCategoryDisabled,
      hasIot: input.hasIot,
      iotOnline: input.iotOnline,
      iotState: input.iotState,
      noteLike: input.noteLike,
    };
  }

  const keysOf = (sort: readonly string[]) =>
    repo.keysOf(
      sort.map((s) => {
        const [key, direction] = s.split(':') as [AssetQuerySortKey, 'asc' | 'desc'];
        return { key, direction };
      }),
    );

  /**
   * The keyset position a page starts after: the cursor the client sent, or the one remembered from serving
   * the previous page of the same search to the same scope; none for page 1 or a direct jump (OFFSET).
   */
  function startOf(caller: Caller, input: AssetQueryInput, keys: readonly repo.OrderKey[]) {
    if (input.cursor !== undefined) return decodeCursor(input.cursor, keys);
    if (input.pageNo === 1) return undefined;
    return boundaries.get(boundaryKey(caller, input, input.pageNo - 1));
  }

  async function query(caller: Caller, input: AssetQueryInput) {
    const filter = await filterOf(caller, input);
    const keys = keysOf(input.sort);
    const after = startOf(caller, input, keys);
    const [found, counted] = await Promise.all([
      repo.page(db, filter, keys, { ...input, after }),
      repo.countOf(db, filter),
    ]);
    if (found.last) boundaries.set(boundaryKey(caller, input, input.pageNo), found.last);
    const definitions = await propertiesOf(db, [...new Set(found.rows.map((r) => r.asset.categoryId))]);
    return {
      data: found.rows.map((r) => toAsset(r, definitions)),
      ...counted,
      cursor: found.last ? encodeCursor(found.last) : null,
    };
  }

  /** Every matching asset in `size` pages by keyset, for exports: memory holds one page at a time. */
  async function* batches(
    caller: Caller,
    input: Omit<AssetQueryInput, 'pageNo' | 'pageSize' | 'cursor'>,
    size: number,
  ): AsyncGenerator<Asset[]> {
    const filter = await filterOf(caller, { ...input, pageNo: 1, pageSize: size });
    const keys = keysOf(input.sort);
    let after: string[] | undefined;
    for (;;) {
      const found = await repo.page(db, filter, keys, { pageNo: 1, pageSize: size, after });
      if (found.rows.length === 0) return;
      const definitions = await propertiesOf(db, [...new Set(found.rows.map((r) => r.asset.categoryId))]);
      yield found.rows.map((r) => toAsset(r, definitions));
      if (!found.last) return;
      after = found.last;
    }
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
    /** The validated filter of a search, for other views of the same assets (the asset map). */
    filterOf,
    query,
    batches,
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
