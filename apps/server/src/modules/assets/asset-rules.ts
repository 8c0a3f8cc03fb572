import { randomUUID } from 'node:crypto';
import {
  ASSET_BATCH_DUPLICATE_MESSAGE,
  type AssetInput,
  type AssetLifeCycleState,
  type AssetPatch,
  type AssetPropertyValue,
  IOT_DEVICE_BOUND_MESSAGE,
} from '@fleetdesk/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { DomainError, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { partnerInScope, type Scope } from '../../lib/scope.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as repo from './assets.repo.ts';
import { lifeCycleTransitionProblem } from './lifecycle.ts';
import { applyValues, UNIQUE_MESSAGE, uniqueKey } from './property-values.ts';

/**
 * The rules of writing assets, shared by the single calls and the batch calls (and so the import): each check
 * reports the refusal the single call throws, with `data.fields` keyed by the asset's own fields, so a batch
 * can prefix them with its row (`assets.3.no`) and collect every row's refusals before answering.
 */

export type Values = Record<string, AssetPropertyValue>;
/** A unique property value to write; null drops the asset's row for that property. */
export type UniqueWrite = { propertyId: string; value: string | null };

export const valuesOf = (row: repo.AssetRow): Values => (row.asset.properties ?? {}) as Values;

/** What the field log records: the stored fields, and each property value as `properties.<id>`. */
function audited(row: repo.AssetRow): Record<string, unknown> {
  const a = row.asset;
  const properties = Object.fromEntries(
    Object.entries(valuesOf(row))
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [`properties.${k}`, v]),
  );
  return {
    no: a.no,
    partnerId: a.partnerId,
    categoryId: a.categoryId,
    siteId: a.siteId,
    lifeCycleState: a.lifeCycleState,
    turnoverState: a.turnoverState,
    usageMode: a.usageMode,
    note: a.note,
    iotDeviceNo: a.iotDeviceNo,
    iotVendor: a.iotVendor,
    iotModel: a.iotModel,
    ...properties,
  };
}

/** Writes the field logs of one asset's creation (before null), change, or deletion (after null). */
export function logAssetChange(tx: DbOrTx, caller: Caller, before: repo.AssetRow | null, after: repo.AssetRow | null) {
  const id = (after ?? before)?.asset.id as string;
  return logChange(tx, caller, 'asset', id, before && audited(before), after && audited(after));
}

export const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

const PARTNER_OUT_OF_SCOPE = 'This partner is outside your partner scope';

export const assetNoTaken = () =>
  new DomainError('AssetNoAlreadyExists', 409, 'Asset number already exists', {
    fields: { no: 'Asset number already exists' },
  });
export const deviceBound = (boundTo?: string) =>
  new DomainError('IotDeviceAlreadyBound', 409, IOT_DEVICE_BOUND_MESSAGE, {
    fields: { no: IOT_DEVICE_BOUND_MESSAGE },
    ...(boundTo ? { assetNo: boundTo } : {}),
  });
export const valueTaken = (propertyIds: Iterable<string>) =>
  new DomainError('PropertyValueAlreadyUsed', 409, UNIQUE_MESSAGE, {
    fields: Object.fromEntries([...propertyIds].map((id) => [`properties.${id}`, UNIQUE_MESSAGE])),
  });

/** The category new assets go into: 404 when absent, 422 CategoryDisabled when disabled. */
export async function enabledCategory(tx: DbOrTx, categoryId: string) {
  const category = await repo.getCategory(tx, categoryId);
  if (!category) throw notFound('The category does not exist');
  if (!category.isEnabled) {
    throw new DomainError('CategoryDisabled', 422, 'The category is disabled; enable it to add assets');
  }
  return category;
}

/** A site for an asset of `partnerId`: it must exist and belong to that partner. */
function siteProblem(site: repo.SiteRow | undefined, partnerId: string): DomainError | null {
  if (!site) return validationError({ siteId: 'Unknown site' });
  if (site.partnerId === partnerId) return null;
  const message = 'The site belongs to another partner than the asset';
  return new DomainError('SiteOfAnotherPartner', 422, message, { fields: { siteId: message } });
}

/** The unique-value rows of the changed properties flagged unique. */
function uniqueWrites(definitions: readonly repo.PropertyRow[], values: Values, changed: readonly string[]) {
  const unique = new Set(definitions.filter((d) => d.isUnique).map((d) => d.id));
  return changed
    .filter((id) => unique.has(id))
    .map((propertyId): UniqueWrite => {
      const value = values[propertyId] ?? null;
      return { propertyId, value: value === null ? null : uniqueKey(value) };
    });
}

/**
 * For each asset about to be written, the unique properties whose new value another asset holds: in the
 * database (unless that asset is in the same batch and gives the value up) or in the same batch.
 */
async function uniqueConflicts(
  tx: DbOrTx,
  items: readonly { assetId: string; unique: readonly UniqueWrite[] }[],
): Promise<Set<string>[]> {
  const key = (propertyId: string, value: string) => `${propertyId}\u0000${value}`;
  const wanted = items.flatMap((it) =>
    it.unique.flatMap((u) => (u.value === null ? [] : [{ propertyId: u.propertyId, value: u.value }])),
  );
  const holders = new Map<string, string[]>();
  // Unique values are unique across the account, like asset numbers.
  for (const h of await repo.uniqueValueHolders(tx, '*', wanted)) {
    const k = key(h.propertyId, h.value);
    holders.set(k, [...(holders.get(k) ?? []), h.assetId]);
  }
  const rewriting = new Set(items.flatMap((it) => it.unique.map((u) => key(u.propertyId, it.assetId))));
  const inBatch = new Map<string, number>();
  for (const w of wanted) inBatch.set(key(w.propertyId, w.value), (inBatch.get(key(w.propertyId, w.value)) ?? 0) + 1);
  return items.map((it) => {
    const taken = new Set<string>();
    for (const u of it.unique) {
      if (u.value === null) continue;
      const k = key(u.propertyId, u.value);
      const heldElsewhere = (holders.get(k) ?? []).some(
        (assetId) => assetId !== it.assetId && !rewriting.has(key(u.propertyId, assetId)),
      );
      if (heldElsewhere || (inBatch.get(k) ?? 0) > 1) taken.add(u.propertyId);
    }
    return taken;
  });
}

/** How often each value occurs, to refuse the same asset number twice in one batch. */
function occurrences(values: readonly string[]) {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}
export const duplicateInBatch = (field: string) => validationError({ [field]: ASSET_BATCH_DUPLICATE_MESSAGE });

export type PlannedCreate = { id: string; values: repo.AssetValues; unique: UniqueWrite[] };

/**
 * Checks new assets of one enabled category: partner in scope and existing, site of that partner, property
 * values, the number free (and not twice in the batch), unique values free. Refusals per input in the order the
 * single create reports them; an input with none may be written as planned.
 */
export async function checkCreates(
  tx: DbOrTx,
  caller: Caller,
  categoryId: string,
  definitions: readonly repo.PropertyRow[],
  inputs: readonly AssetInput[],
): Promise<{ problems: DomainError[][]; planned: PlannedCreate[] }> {
  const inScope = (partnerId: string) => partnerInScope(caller.scope, partnerId);
  const partners = await repo.existingPartners(tx, caller.scope, [
    ...new Set(inputs.map((i) => i.partnerId).filter(inScope)),
  ]);
  const sites = await repo.getSites(tx, caller.scope, [
    ...new Set(inputs.flatMap((i) => (i.siteId ? [i.siteId] : []))),
  ]);
  // Numbers are unique across the account: a number another partner uses is taken for everyone.
  const takenNos = await repo.existingNos(tx, '*', [...new Set(inputs.map((i) => i.no))]);
  const nos = occurrences(inputs.map((i) => i.no));
  const problems: DomainError[][] = [];
  const planned: PlannedCreate[] = [];
  for (const input of inputs) {
    const found: DomainError[] = [];
    if (!inScope(input.partnerId)) {
      found.push(
        new DomainError('PartnerOutOfScope', 403, PARTNER_OUT_OF_SCOPE, {
          fields: { partnerId: PARTNER_OUT_OF_SCOPE },
        }),
      );
    } else if (!partners.has(input.partnerId)) {
      found.push(validationError({ partnerId: 'Unknown partner' }));
    } else if (input.siteId) {
      const problem = siteProblem(sites.get(input.siteId), input.partnerId);
      if (problem) found.push(problem);
    }
    const { values, changed, errors } = applyValues(definitions, {}, input.properties ?? {}, true);
    if (Object.keys(errors).length > 0) found.push(validationError(errors));
    if ((nos.get(input.no) ?? 0) > 1) found.push(duplicateInBatch('no'));
    else if (takenNos.has(input.no)) found.push(assetNoTaken());
    problems.push(found);
    planned.push({
      id: randomUUID(),
      values: {
        no: input.no,
        partnerId: input.partnerId,
        categoryId,
        siteId: input.siteId ?? null,
        lifeCycleState: input.lifeCycleState,
        turnoverState: input.turnoverState,
        usageMode: input.usageMode,
        note: blankToNull(input.note),
        properties: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null)),
      },
      unique: uniqueWrites(definitions, values, changed),
    });
  }
  const conflicts = await uniqueConflicts(
    tx,
    planned.map((p) => ({ assetId: p.id, unique: p.unique })),
  );
  conflicts.forEach((taken, i) => {
    if (taken.size > 0) problems[i]?.push(valueTaken(taken));
  });
  return { problems, planned };
}

/** Writes checked new assets with their unique values and field logs; returns them as read back. */
export async function insertCreates(
  tx: DbOrTx,
  caller: Caller,
  planned: readonly PlannedCreate[],
): Promise<repo.AssetRow[]> {
  await repo.insertMany(
    tx,
    caller.scope,
    planned.map((p) => ({ id: p.id, ...p.values })),
  );
  await repo.replaceUniqueValues(
    tx,
    caller.scope,
    planned.flatMap((p) => p.unique.map((u) => ({ assetId: p.id, ...u }))),
  );
  const created = await readBack(
    tx,
    caller.scope,
    planned.map((p) => p.values.no),
  );
  for (const row of created) await logAssetChange(tx, caller, null, row);
  return created;
}

/** The assets of these numbers in this order, as just written. */
async function readBack(tx: DbOrTx, scope: Scope, nos: readonly string[]) {
  const byNo = new Map((await repo.getManyByNos(tx, scope, nos)).map((r) => [r.asset.no, r]));
  return nos.map((no) => byNo.get(no) as repo.AssetRow);
}

export type PlannedChange = { row: repo.AssetRow; values: Partial<repo.AssetValues>; unique: UniqueWrite[] };

/**
 * Checks changes of existing assets the caller may see (rows locked): site of the asset's partner, the
 * lifecycle move, property values (merged; UNMODIFIABLE only filled while empty), unique values free.
 */
export async function checkChanges(
  tx: DbOrTx,
  scope: Scope,
  items: readonly { row: repo.AssetRow; patch: AssetPatch }[],
  definitionsOf: ReadonlyMap<string, readonly repo.PropertyRow[]>,
): Promise<{ problems: DomainError[][]; planned: PlannedChange[] }> {
  const sites = await repo.getSites(tx, scope, [
    ...new Set(items.flatMap((i) => (i.patch.siteId ? [i.patch.siteId] : []))),
  ]);
  const problems: DomainError[][] = [];
  const planned: PlannedChange[] = [];
  for (const { row, patch } of items) {
    const found: DomainError[] = [];
    const a = row.asset;
    const values: Partial<repo.AssetValues> = {};
    let unique: UniqueWrite[] = [];
    if (patch.siteId !== undefined) {
      const problem = patch.siteId === null ? null : siteProblem(sites.get(patch.siteId), a.partnerId);
      if (problem) found.push(problem);
      values.siteId = patch.siteId;
    }
    if (patch.usageMode !== undefined) values.usageMode = patch.usageMode;
    if (patch.note !== undefined) values.note = blankToNull(patch.note);
    if (patch.lifeCycleState !== undefined) {
      const problem = lifeCycleTransitionProblem(a.lifeCycleState as AssetLifeCycleState, patch.lifeCycleState, {
        categoryEnabled: row.category.isEnabled,
      });
      if (problem) found.push(problem);
      values.lifeCycleState = patch.lifeCycleState;
    }
    if (patch.turnoverState !== undefined) values.turnoverState = patch.turnoverState;
    if (patch.properties !== undefined) {
      const definitions = definitionsOf.get(a.categoryId) ?? [];
      const merged = applyValues(definitions, valuesOf(row), patch.properties, false);
      if (Object.keys(merged.errors).length > 0) found.push(validationError(merged.errors));
      if (merged.changed.length > 0) {
        values.properties = Object.fromEntries(Object.entries(merged.values).filter(([, v]) => v !== null));
        unique = uniqueWrites(definitions, merged.values, merged.changed);
      }
    }
    problems.push(found);
    planned.push({ row, values, unique });
  }
  const conflicts = await uniqueConflicts(
    tx,
    planned.map((p) => ({ assetId: p.row.asset.id, unique: p.unique })),
  );
  conflicts.forEach((taken, i) => {
    if (taken.size > 0) problems[i]?.push(valueTaken(taken));
  });
  return { problems, planned };
}

/** Writes checked changes and their unique values (no field logs: the caller logs before against after). */
export async function applyChanges(tx: DbOrTx, scope: Scope, planned: readonly PlannedChange[]) {
  for (const p of planned) {
    if (Object.keys(p.values).length > 0) await repo.update(tx, scope, p.row.asset.id, p.values);
  }
  await repo.replaceUniqueValues(
    tx,
    scope,
    planned.flatMap((p) => p.unique.map((u) => ({ assetId: p.row.asset.id, ...u }))),
  );
}

/** Writes checked changes with a field log per asset; returns the assets as read back. */
export async function writeChanges(tx: DbOrTx, caller: Caller, planned: readonly PlannedChange[]) {
  await applyChanges(tx, caller.scope, planned);
  const after = await readBack(
    tx,
    caller.scope,
    planned.map((p) => p.row.asset.no),
  );
  for (const [i, p] of planned.entries()) await logAssetChange(tx, caller, p.row, after[i] ?? null);
  return after;
}

/** An asset renting out or dispatching cannot be deleted (409 AssetInUse), or null. */
export function removalProblem(row: repo.AssetRow): DomainError | null {
  const turnover = row.asset.turnoverState;
  if (turnover !== 'RentingOut' && turnover !== 'Dispatching') return null;
  return new DomainError(
    'AssetInUse',
    409,
    `The asset is ${turnover === 'RentingOut' ? 'renting out' : 'dispatching'} and cannot be deleted`,
    { turnoverState: turnover },
  );
}

/** Deletes checked assets; their field logs stay and record the deletion. */
export async function writeRemovals(tx: DbOrTx, caller: Caller, rows: readonly repo.AssetRow[]) {
  await repo.removeMany(
    tx,
    caller.scope,
    rows.map((r) => r.asset.id),
  );
  for (const row of rows) await logAssetChange(tx, caller, row, null);
}

/** The unique values a write sent, for explaining a unique index refusal after a race. */
export const sentUniqueValues = (unique: readonly UniqueWrite[]): repo.UniqueValue[] =>
  unique.flatMap((u) => (u.value === null ? [] : [{ propertyId: u.propertyId, value: u.value }]));
