import { randomUUID } from 'node:crypto';
import type {
  Asset,
  AssetFieldLog,
  AssetInput,
  AssetLifeCycleState,
  AssetPatch,
  AssetTurnoverState,
  AssetUsageMode,
  IotDeviceInput,
  PageQuery,
  TripAssetStatus,
} from '@fleetdesk/contracts';
import type { FileStorage } from '../../adapters/storage.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { reencodeImage } from '../../lib/images.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import { fieldLogsOf } from '../audit/audit.repo.ts';
import {
  applyChanges,
  assetNoTaken,
  blankToNull,
  checkChanges,
  checkCreates,
  deviceBound,
  enabledCategory,
  insertCreates,
  logAssetChange,
  removalProblem,
  sentUniqueValues,
  valuesOf,
  valueTaken,
  writeRemovals,
} from './asset-rules.ts';
import * as repo from './assets.repo.ts';
import { AUTOMATIC_MESSAGE, UNKNOWN_PROPERTY_MESSAGE, UNMODIFIABLE_MESSAGE } from './property-values.ts';

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
    tripStatus: a.tripStatus as TripAssetStatus,
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

/** The first refusal of a checked asset, as the single calls answer it. */
function throwFirst(problems: readonly DomainError[] | undefined) {
  const [first] = problems ?? [];
  if (first) throw first;
}

/** Telemetry ingest's cache of which asset a device reports for: told when a binding changes. */
export interface DeviceBindingCache {
  /** Done once every node's ingest has been told (or could not be: its entry then expires by age). */
  forget(deviceNo: string): Promise<void>;
}

export function createAssetService(deps: { db: Db; storage: FileStorage; bindings?: DeviceBindingCache }) {
  const { db, storage } = deps;

  /**
   * Changes an asset's device and, once that is committed, has ingest forget both devices' cached bindings:
   * their next reports go where the binding now says, not to the old asset for up to half a minute.
   */
  async function rebind(caller: Caller, no: string, apply: (tx: DbOrTx, row: repo.AssetRow) => Promise<void>) {
    const touched: (string | null)[] = [];
    const asset = await change(caller, no, async (tx, row) => {
      touched.push(row.asset.iotDeviceNo);
      await apply(tx, row);
    });
    const devices = new Set([...touched, asset.iot?.deviceNo ?? null].filter((d): d is string => d !== null));
    await Promise.all([...devices].map((deviceNo) => deps.bindings?.forget(deviceNo)));
    return asset;
  }

  /** Reads an asset within the caller's scope: another partner's asset is 404, exactly like a missing one. */
  async function visible(tx: DbOrTx, caller: Caller, no: string) {
    const row = await repo.getByNo(tx, caller.scope, no);
    if (!row) throw notFound('Asset deleted or not found');
    return row;
  }

  async function present(tx: DbOrTx, row: repo.AssetRow): Promise<Asset> {
    return toAsset(row, await repo.propertiesOf(tx, [row.asset.categoryId]));
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
        const taken = new Set((await repo.uniqueValueHolders(db, '*', sent)).map((h) => h.propertyId));
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
          await repo.lockByNo(tx, caller.scope, no);
          const before = await visible(tx, caller, no);
          const definitions = await repo.propertiesOf(tx, [before.asset.categoryId]);
          await apply(tx, before, definitions);
          const after = (await repo.getByNo(tx, caller.scope, no)) as repo.AssetRow;
          await logAssetChange(tx, caller, before, after);
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
    /** One asset by number within the caller's scope (404 otherwise). */
    async get(caller: Caller, no: string): Promise<Asset> {
      return present(db, await visible(db, caller, no));
    },

    /** Creates an asset of an enabled category for an in-scope partner, with its values and field logs. */
    async create(caller: Caller, categoryId: string, input: AssetInput): Promise<Asset> {
      assertPartnerInScope(caller.scope, input.partnerId);
      let sentUnique: repo.UniqueValue[] = [];
      return raceSafe(
        () =>
          db.transaction(async (tx) => {
            await enabledCategory(tx, categoryId);
            const definitions = await repo.propertiesOf(tx, [categoryId]);
            const { problems, planned } = await checkCreates(tx, caller, categoryId, definitions, [input]);
            throwFirst(problems[0]);
            sentUnique = sentUniqueValues(planned.flatMap((p) => p.unique));
            const [created] = await insertCreates(tx, caller, planned);
            return toAsset(created as repo.AssetRow, definitions);
          }),
        () => sentUnique,
      );
    },

    /** Changes what the patch carries; property values are merged and the lifecycle move is checked. */
    async update(caller: Caller, categoryId: string, no: string, patch: AssetPatch): Promise<Asset> {
      let sentUnique: repo.UniqueValue[] = [];
      return change(
        caller,
        no,
        async (tx, row, definitions) => {
          // The path names the category; an asset of another category is not "this" asset.
          if (row.asset.categoryId !== categoryId) throw notFound('Asset deleted or not found');
          const { problems, planned } = await checkChanges(
            tx,
            caller.scope,
            [{ row, patch }],
            new Map([[categoryId, definitions]]),
          );
          throwFirst(problems[0]);
          sentUnique = sentUniqueValues(planned.flatMap((p) => p.unique));
          await applyChanges(tx, caller.scope, planned);
        },
        () => sentUnique,
      );
    },

    /** Deletes an asset that is neither renting out nor dispatching; its field logs stay. */
    async remove(caller: Caller, no: string): Promise<void> {
      const deviceNo = await db.transaction(async (tx) => {
        await repo.lockByNo(tx, caller.scope, no);
        const current = await visible(tx, caller, no);
        throwFirst([removalProblem(current)].filter((p) => p !== null));
        await writeRemovals(tx, caller, [current]);
        return current.asset.iotDeviceNo;
      });
      // Its device's reports would otherwise go on being written for the deleted asset until the entry expires.
      if (deviceNo) await deps.bindings?.forget(deviceNo);
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
        await repo.update(tx, caller.scope, current.asset.id, {
          properties: { ...values, [propertyId]: `/api/files/${key}` },
        });
      });
    },

    /** Clears an IMAGE property's value (an UNMODIFIABLE one stays). */
    async removeImage(caller: Caller, no: string, propertyId: string): Promise<Asset> {
      return change(caller, no, async (tx, current, definitions) => {
        const property = imageProperty(definitions, propertyId);
        const values = valuesOf(current);
        if (values[propertyId] == null) return;
        if (property.updateMethod === 'UNMODIFIABLE') {
          throw validationError({ 'params.propertyId': UNMODIFIABLE_MESSAGE });
        }
        const { [propertyId]: _removed, ...rest } = values;
        await repo.update(tx, caller.scope, current.asset.id, { properties: rest });
      });
    },

    /** In-scope asset numbers starting with a prefix. */
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

    /** The field logs of one asset within the caller's scope. */
    async fieldLogs(caller: Caller, no: string, page: PageQuery): Promise<{ data: AssetFieldLog[]; count: number }> {
      const row = await visible(db, caller, no);
      return fieldLogsOf(db, 'asset', row.asset.id, page);
    },

    /**
     * Binds a device to an asset of an IoT category, replacing its current one. The device's last readings
     * belong to the old device, so they are cleared; the last known position stays.
     */
    bindIotDevice: (caller: Caller, no: string, input: IotDeviceInput): Promise<Asset> =>
      rebind(caller, no, async (tx, row) => {
        if (!row.category.isIot) {
          throw new DomainError('CategoryNotIot', 422, 'The category of this asset has no IoT devices');
        }
        const owner = await repo.assetOfDevice(tx, caller.scope, input.no);
        if (owner && owner.id !== row.asset.id) throw deviceBound(owner.no ?? undefined);
        const sameDevice = row.asset.iotDeviceNo === input.no;
        await repo.update(tx, caller.scope, row.asset.id, {
          iotDeviceNo: input.no,
          iotVendor: input.vendor,
          iotModel: blankToNull(input.model),
          ...(sameDevice
            ? {}
            : { chargePct: null, iotBatteryVoltageMilli: null, iotLastUpdateTime: null, lockState: null }),
        });
      }),

    /** Unbinds an asset's device and clears the device's last readings. */
    unbindIotDevice: (caller: Caller, no: string): Promise<Asset> =>
      rebind(caller, no, async (tx, row) => {
        if (row.asset.iotDeviceNo === null) return;
        await repo.update(tx, caller.scope, row.asset.id, {
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
