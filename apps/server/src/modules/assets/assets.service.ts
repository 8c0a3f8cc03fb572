import { randomUUID } from 'node:crypto';
import {
  type Asset,
  type AssetFieldLog,
  type AssetInput,
  type AssetLifeCycleState,
  type AssetPatch,
  type AssetPropertyValue,
  type AssetTurnoverState,
  type AssetUsageMode,
  IOT_DEVICE_BOUND_MESSAGE,
  type IotDeviceInput,
  type PageQuery,
} from '@fleetdesk/contracts';
import type { FileStorage } from '../../adapters/storage.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { reencodeImage } from '../../lib/images.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as repo from './assets.repo.ts';
import { assertLifeCycleTransition } from './lifecycle.ts';
import {
  AUTOMATIC_MESSAGE,
  applyValues,
  UNIQUE_MESSAGE,
  UNKNOWN_PROPERTY_MESSAGE,
  UNMODIFIABLE_MESSAGE,
  uniqueKey,
} from './property-values.ts';

type Values = Record<string, AssetPropertyValue>;

const valuesOf = (row: repo.AssetRow): Values => (row.asset.properties ?? {}) as Values;

export function toAsset(row: repo.AssetRow, definitions: readonly repo.PropertyRow[]): Asset {
  const a = row.asset;
  const values = valuesOf(row);
  return {
    id: a.id,
    no: a.no,
    partner: { id: a.partnerId, name: row.partnerName },
    category: row.category,
    site: a.siteId ? { id: a.siteId, name: row.siteName ?? '' } : null,
    lifeCycleState: a.lifeCycleState as AssetLifeCycleState,
    turnoverState: a.turnoverState as AssetTurnoverState,
    usageMode: a.usageMode as AssetUsageMode,
    note: a.note,
    properties: definitions
      .filter((d) => d.categoryId === a.categoryId)
      .map((d) => ({
        property: {
          id: d.id,
          name: d.name,
          valueType: d.valueType,
          updateMethod: d.updateMethod,
          isUnique: d.isUnique,
          position: d.position,
        },
        value: values[d.id] ?? null,
      })),
    iot: a.iotDeviceNo ? { deviceNo: a.iotDeviceNo, vendor: a.iotVendor, model: a.iotModel } : null,
    iotState: {
      chargePct: a.chargePct,
      batteryVoltageMilli: a.iotBatteryVoltageMilli,
      lastUpdateTime: toIsoOrNull(a.iotLastUpdateTime),
      lockState: a.lockState,
      latitude: a.latitude,
      longitude: a.longitude,
    },
    createdAt: toIso(a.createdAt),
    updatedAt: toIso(a.updatedAt),
  };
}

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

const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

const assetNoTaken = () =>
  new DomainError('AssetNoAlreadyExists', 409, 'Asset number already exists', {
    fields: { no: 'Asset number already exists' },
  });
const deviceBound = (boundTo?: string) =>
  new DomainError('IotDeviceAlreadyBound', 409, IOT_DEVICE_BOUND_MESSAGE, {
    fields: { no: IOT_DEVICE_BOUND_MESSAGE },
    ...(boundTo ? { assetNo: boundTo } : {}),
  });
const valueTaken = (propertyIds: Iterable<string>) =>
  new DomainError('PropertyValueAlreadyUsed', 409, UNIQUE_MESSAGE, {
    fields: Object.fromEntries([...propertyIds].map((id) => [`properties.${id}`, UNIQUE_MESSAGE])),
  });

export function createAssetService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  /** Reads an asset the caller may see: 404 when absent, 403 when its partner is outside the scope. */
  async function visible(tx: DbOrTx, caller: Caller, no: string) {
    const row = await repo.getByNo(tx, no);
    if (!row) throw notFound('Asset deleted or not found');
    assertPartnerInScope(caller.scope, row.asset.partnerId);
    return row;
  }

  async function present(tx: DbOrTx, row: repo.AssetRow): Promise<Asset> {
    return toAsset(row, await repo.propertiesOf(tx, [row.asset.categoryId]));
  }

  /** A site for an asset of `partnerId`: it must exist and belong to that partner. */
  async function checkSite(tx: DbOrTx, siteId: string, partnerId: string) {
    const site = await repo.getSite(tx, siteId);
    if (!site) throw validationError({ siteId: 'Unknown site' });
    if (site.partnerId !== partnerId) {
      throw new DomainError('SiteOfAnotherPartner', 422, 'The site belongs to another partner than the asset', {
        fields: { siteId: 'The site belongs to another partner than the asset' },
      });
    }
  }

  /**
   * Checks the unique values among `changed` against other assets (a friendly 409 naming the fields) and
   * returns the rows to write; the unique index still decides when two requests race.
   */
  async function uniqueRows(
    tx: DbOrTx,
    definitions: readonly repo.PropertyRow[],
    values: Values,
    changed: readonly string[],
    assetId: string | null,
  ) {
    const unique = new Set(definitions.filter((d) => d.isUnique).map((d) => d.id));
    const rows = changed
      .filter((id) => unique.has(id))
      .map((propertyId) => {
        const value = values[propertyId] ?? null;
        return { propertyId, value: value === null ? null : uniqueKey(value) };
      });
    const taken = await repo.takenUniqueValues(
      tx,
      rows.flatMap((r) => (r.value === null ? [] : [{ propertyId: r.propertyId, value: r.value }])),
      assetId,
    );
    if (taken.size > 0) throw valueTaken(taken);
    return rows;
  }

  /**
   * Runs a write and turns the unique indexes' refusals (two requests passing the checks at once) into the
   * same answers the checks give.
   */
  async function raceSafe<T>(write: () => Promise<T>, uniqueSent: () => { propertyId: string; value: string }[]) {
    try {
      return await write();
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'assets_no_key') throw assetNoTaken();
      if (constraint === 'assets_iot_device_no_key') throw deviceBound();
      if (constraint === 'asset_unique_values_key') {
        const sent = uniqueSent();
        const taken = await repo.takenUniqueValues(db, sent, null);
        throw valueTaken(taken.size > 0 ? taken : sent.map((s) => s.propertyId));
      }
      throw error;
    }
  }

  /** One change of one visible asset (row locked), with its field logs, in one transaction. */
  async function change(
    caller: Caller,
    no: string,
    apply: (tx: DbOrTx, row: repo.AssetRow, definitions: repo.PropertyRow[]) => Promise<void>,
    uniqueSent: () => { propertyId: string; value: string }[] = () => [],
  ): Promise<Asset> {
    return raceSafe(
      () =>
        db.transaction(async (tx) => {
          await repo.lockByNo(tx, no);
          const before = await visible(tx, caller, no);
          const definitions = await repo.propertiesOf(tx, [before.asset.categoryId]);
          await apply(tx, before, definitions);
          const after = (await repo.getByNo(tx, no)) as repo.AssetRow;
          await logChange(tx, caller, 'asset', after.asset.id, audited(before), audited(after));
          return toAsset(after, definitions);
        }),
      uniqueSent,
    );
  }

  /** The IMAGE property of an asset's category that staff may set, or a 400 on the property id. */
  function imageProperty(definitions: readonly repo.PropertyRow[], propertyId: string) {
    const property = definitions.find((d) => d.id === propertyId);
    const field = 'params.propertyId';
    if (!property) throw validationError({ [field]: UNKNOWN_PROPERTY_MESSAGE });
    if (property.valueType !== 'IMAGE') throw validationError({ [field]: 'Not an image property' });
    if (property.updateMethod === 'AUTOMATIC') throw validationError({ [field]: AUTOMATIC_MESSAGE });
    return property;
  }

  return {
    async get(caller: Caller, no: string): Promise<Asset> {
      return present(db, await visible(db, caller, no));
    },

    /** Creates an asset of an enabled category for an in-scope partner, with its values and field logs. */
    async create(caller: Caller, categoryId: string, input: AssetInput): Promise<Asset> {
      assertPartnerInScope(caller.scope, input.partnerId);
      let sentUnique: { propertyId: string; value: string }[] = [];
      return raceSafe(
        () =>
          db.transaction(async (tx) => {
            const category = await repo.getCategory(tx, categoryId);
            if (!category) throw notFound('The category does not exist');
            if (!category.isEnabled) {
              throw new DomainError('CategoryDisabled', 422, 'The category is disabled; enable it to add assets');
            }
            if (!(await repo.partnerExists(tx, input.partnerId)))
              throw validationError({ partnerId: 'Unknown partner' });
            if (input.siteId) await checkSite(tx, input.siteId, input.partnerId);
            const definitions = await repo.propertiesOf(tx, [categoryId]);
            const { values, changed, errors } = applyValues(definitions, {}, input.properties ?? {}, true);
            if (Object.keys(errors).length > 0) throw validationError(errors);
            if (await repo.noExists(tx, input.no)) throw assetNoTaken();
            const id = randomUUID();
            const unique = await uniqueRows(tx, definitions, values, changed, null);
            sentUnique = unique.flatMap((u) =>
              u.value === null ? [] : [{ propertyId: u.propertyId, value: u.value }],
            );
            await repo.insert(tx, id, {
              no: input.no,
              partnerId: input.partnerId,
              categoryId,
              siteId: input.siteId ?? null,
              lifeCycleState: input.lifeCycleState,
              turnoverState: input.turnoverState,
              usageMode: input.usageMode,
              note: blankToNull(input.note),
              properties: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null)),
            });
            await repo.setUniqueValues(tx, id, unique);
            const created = (await repo.getByNo(tx, input.no)) as repo.AssetRow;
            await logChange(tx, caller, 'asset', id, null, audited(created));
            return toAsset(created, definitions);
          }),
        () => sentUnique,
      );
    },

    /** Changes what the patch carries; property values are merged and the lifecycle move is checked. */
    async update(caller: Caller, categoryId: string, no: string, patch: AssetPatch): Promise<Asset> {
      let sentUnique: { propertyId: string; value: string }[] = [];
      return change(
        caller,
        no,
        async (tx, row, definitions) => {
          const a = row.asset;
          // The path names the category; an asset of another category is not "this" asset.
          if (a.categoryId !== categoryId) throw notFound('Asset deleted or not found');
          const values: Partial<repo.AssetValues> = {};
          if (patch.siteId !== undefined) {
            if (patch.siteId !== null) await checkSite(tx, patch.siteId, a.partnerId);
            values.siteId = patch.siteId;
          }
          if (patch.usageMode !== undefined) values.usageMode = patch.usageMode;
          if (patch.note !== undefined) values.note = blankToNull(patch.note);
          if (patch.lifeCycleState !== undefined) {
            assertLifeCycleTransition(a.lifeCycleState as AssetLifeCycleState, patch.lifeCycleState, {
              categoryEnabled: row.category.isEnabled,
            });
            values.lifeCycleState = patch.lifeCycleState;
          }
          if (patch.turnoverState !== undefined) values.turnoverState = patch.turnoverState;
          if (patch.properties !== undefined) {
            const merged = applyValues(definitions, valuesOf(row), patch.properties, false);
            if (Object.keys(merged.errors).length > 0) throw validationError(merged.errors);
            const unique = await uniqueRows(tx, definitions, merged.values, merged.changed, a.id);
            sentUnique = unique.flatMap((u) =>
              u.value === null ? [] : [{ propertyId: u.propertyId, value: u.value }],
            );
            if (merged.changed.length > 0) {
              values.properties = Object.fromEntries(Object.entries(merged.values).filter(([, v]) => v !== null));
              await repo.setUniqueValues(tx, a.id, unique);
            }
          }
          if (Object.keys(values).length > 0) await repo.update(tx, a.id, values);
        },
        () => sentUnique,
      );
    },

    /** Deletes an asset that is neither renting out nor dispatching; its field logs stay. */
    async remove(caller: Caller, no: string): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.lockByNo(tx, no);
        const current = await visible(tx, caller, no);
        const turnover = current.asset.turnoverState;
        if (turnover === 'RentingOut' || turnover === 'Dispatching') {
          throw new DomainError(
            'AssetInUse',
            409,
            `The asset is ${turnover === 'RentingOut' ? 'renting out' : 'dispatching'} and cannot be deleted`,
            { turnoverState: turnover },
          );
        }
        await repo.remove(tx, current.asset.id);
        await logChange(tx, caller, 'asset', current.asset.id, audited(current), null);
      });
    },

    /** Stores a re-encoded image (JPEG or PNG by content) as the value of an IMAGE property. */
    async uploadImage(caller: Caller, no: string, propertyId: string, content: Buffer): Promise<Asset> {
      // Scope and property first: someone else's asset must not learn whether the bytes were a valid image.
      const row = await visible(db, caller, no);
      const property = imageProperty(await repo.propertiesOf(db, [row.asset.categoryId]), propertyId);
      if (property.updateMethod === 'UNMODIFIABLE' && valuesOf(row)[propertyId] != null) {
        throw validationError({ 'params.propertyId': UNMODIFIABLE_MESSAGE });
      }
      const image = await reencodeImage(content, 1600);
      const key = `assets/${randomUUID()}.${image.format}`;
      await storage.put(key, image.content);
      return change(caller, no, async (tx, current, definitions) => {
        imageProperty(definitions, propertyId);
        const values = valuesOf(current);
        if (property.updateMethod === 'UNMODIFIABLE' && values[propertyId] != null) {
          throw validationError({ 'params.propertyId': UNMODIFIABLE_MESSAGE });
        }
        await repo.update(tx, current.asset.id, { properties: { ...values, [propertyId]: `/api/files/${key}` } });
      });
    },

    async removeImage(caller: Caller, no: string, propertyId: string): Promise<Asset> {
      return change(caller, no, async (tx, current, definitions) => {
        const property = imageProperty(definitions, propertyId);
        const values = valuesOf(current);
        if (values[propertyId] == null) return;
        if (property.updateMethod === 'UNMODIFIABLE') {
          throw validationError({ 'params.propertyId': UNMODIFIABLE_MESSAGE });
        }
        const { [propertyId]: _removed, ...rest } = values;
        await repo.update(tx, current.asset.id, { properties: rest });
      });
    },

    findNos: (caller: Caller, prefix: string, limit: number) => repo.findNos(db, caller.scope, prefix, limit),

    /** The in-scope assets among these numbers, in the order asked; the rest are reported as not found. */
    async search(caller: Caller, nos: readonly string[]): Promise<{ data: Asset[]; notFound: string[] }> {
      const wanted = [...new Set(nos)];
      const rows = await repo.getManyByNos(db, caller.scope, wanted);
      const definitions = await repo.propertiesOf(db, [...new Set(rows.map((r) => r.asset.categoryId))]);
      const byNo = new Map(rows.map((r) => [r.asset.no, r]));
      return {
        data: wanted.flatMap((no) => {
          const row = byNo.get(no);
          return row ? [toAsset(row, definitions)] : [];
        }),
        notFound: wanted.filter((no) => !byNo.has(no)),
      };
    },

    async fieldLogs(caller: Caller, no: string, page: PageQuery): Promise<{ data: AssetFieldLog[]; count: number }> {
      const row = await visible(db, caller, no);
      const { rows, count } = await repo.fieldLogsOf(db, row.asset.id, page);
      return {
        data: rows.map(({ log, userName }) => ({
          id: log.id,
          user: log.userId ? { id: log.userId, name: userName ?? '' } : null,
          createdAt: toIso(log.createdAt),
          field: log.field,
          before: log.before,
          after: log.after,
        })),
        count,
      };
    },

    /**
     * Binds a device to an asset of an IoT category, replacing its current one. The device's last readings
     * belong to the old device, so they are cleared; the last known position stays.
     */
    bindIotDevice: (caller: Caller, no: string, input: IotDeviceInput): Promise<Asset> =>
      change(caller, no, async (tx, row) => {
        if (!row.category.isIot) {
          throw new DomainError('CategoryNotIot', 422, 'The category of this asset has no IoT devices');
        }
        const owner = await repo.assetOfDevice(tx, input.no);
        if (owner && owner.id !== row.asset.id) throw deviceBound(owner.no);
        const sameDevice = row.asset.iotDeviceNo === input.no;
        await repo.update(tx, row.asset.id, {
          iotDeviceNo: input.no,
          iotVendor: input.vendor,
          iotModel: blankToNull(input.model),
          ...(sameDevice
            ? {}
            : { chargePct: null, iotBatteryVoltageMilli: null, iotLastUpdateTime: null, lockState: null }),
        });
      }),

    unbindIotDevice: (caller: Caller, no: string): Promise<Asset> =>
      change(caller, no, async (tx, row) => {
        if (row.asset.iotDeviceNo === null) return;
        await repo.update(tx, row.asset.id, {
          iotDeviceNo: null,
          iotVendor: null,
          iotModel: null,
          chargePct: null,
          iotBatteryVoltageMilli: null,
          iotLastUpdateTime: null,
          lockState: null,
        });
      }),
  };
}

export type AssetService = ReturnType<typeof createAssetService>;
