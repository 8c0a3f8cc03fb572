import { z } from 'zod';
import { assetIotVendor, assetNo } from './assets.ts';
import { dataOf, id, isoDateTime, listOf, pageQuery } from './common.ts';
import { endpoint } from './endpoint.ts';
import { type IotCommand, iotCommandPermission, iotCommands, iotSmsCommands, smsAction } from './iot-commands.ts';
import { type Requirement, requires } from './permissions.ts';

/** Document 2 §9: batch operations take at most 100 assets. */
export const IOT_BATCH_MAX = 100;
export const IOT_BATCH_MESSAGE = 'batch operations above 100 refused';
export const AT_LEAST_ONE_ASSET_MESSAGE = 'Please select at least one item';

export {
  type IotCommand,
  iotCommandActions,
  iotCommandPermission,
  iotCommands,
  iotSmsCommands,
} from './iot-commands.ts';
export const iotCommand = z.enum(iotCommands, { message: 'Command must be selected' });

export const iotChannels = ['default', 'mqtt', 'sms', 'ble'] as const;
export type IotChannel = (typeof iotChannels)[number];
export const iotInitiators = ['system', 'app', 'ops-app', 'ops-web', 'customer-app'] as const;
export type IotInitiator = (typeof iotInitiators)[number];

/** The permission one command over one channel needs, as a requirement. */
export function iotCommandRequirement(command: IotCommand, channel: IotChannel): Requirement {
  const action = iotCommandPermission[command];
  return requires(`iot_control.command.${channel === 'sms' ? smsAction(action) : action}`);
}
/** Any command permission: what the batch endpoint asks before the body says which one. */
export const anyIotCommandRequirement: Requirement = [
  ...new Set(
    iotCommands.flatMap((c) => [
      ...iotCommandRequirement(c, 'default'),
      ...(iotSmsCommands.includes(c) ? iotCommandRequirement(c, 'sms') : []),
    ]),
  ),
];

/** Document 2 §4 "Control record result" and its reply status variants. */
export const iotControlStatuses = ['pending', 'successful', 'failed', 'timeout', 'skipped', 'unknown'] as const;
export type IotControlStatus = (typeof iotControlStatuses)[number];
export const iotReplyStatuses = ['success', 'failure', 'expiry', 'unsent'] as const;
export type IotReplyStatus = (typeof iotReplyStatuses)[number];
export const iotSyncStatuses = ['pending', 'synced'] as const;

/** Document 2 §8 "IoT failure reasons". */
export const iotFailedReasons = [
  'unknown-error',
  'time-out',
  'same-request-in-progress',
  'unsupported',
  'device-unavailable',
  'invalid-config-payload',
  'hardware-failure',
] as const;
export type IotFailedReason = (typeof iotFailedReasons)[number];

// ---- Config items (document 2 §3 and §5) -------------------------------------------------------------------

export const IOT_TIME_MESSAGE = 'Time must be HH:mm';
export const IOT_TIME_RANGE_REQUIRED_MESSAGE = 'Time range is required';
export const IOT_TIME_RANGE_SAME_MESSAGE = 'End must differ from start';
export const IOT_REPORT_TIME_REQUIRED_MESSAGE = 'Report time is required';
export const IOT_RIDING_GPS_MAX_MESSAGE = 'The riding GPS report cycle is at most 18 h';
export const IOT_PERIODIC_REPORT_MAX_MESSAGE = 'The periodic report cycle is at most 24 h';
export const IOT_SPEED_REQUIRED_MESSAGE = 'Speed is required';
export const IOT_SPEED_MAX_MESSAGE = 'Speed is at most 100 km/h';
export const IOT_VOLUME_REQUIRED_MESSAGE = 'Volume is required';
export const IOT_CONFIG_EMPTY_MESSAGE = 'Please select at least one item';

export const IOT_RIDING_GPS_MAX_SECONDS = 18 * 3600;
export const IOT_PERIODIC_REPORT_MAX_SECONDS = 24 * 3600;
export const IOT_SPEED_MAX_KMH = 100;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: IOT_TIME_MESSAGE });
export const iotSwitches = ['off', 'on'] as const;
export const iotQuietModes = ['never', 'always', 'time-range'] as const;
export const iotIntervalUnits = ['s', 'm', 'h'] as const;
const unitSeconds = { s: 1, m: 60, h: 3600 } as const;

/** A daily window; it may cross midnight (22:00–06:00), so only equal ends are refused. */
const timeRange = z.strictObject({ startTime: hhmm, endTime: hhmm }).refine((r) => r.startTime !== r.endTime, {
  message: IOT_TIME_RANGE_SAME_MESSAGE,
  path: ['endTime'],
});

/** Light or anti-theft timing: the time range is required when the switch is on. */
const timedSwitch = z
  .strictObject({ switch: z.enum(iotSwitches), timeRange: timeRange.optional() })
  .superRefine((v, ctx) => {
    if (v.switch === 'on' && !v.timeRange) {
      ctx.addIssue({ code: 'custom', message: IOT_TIME_RANGE_REQUIRED_MESSAGE, path: ['timeRange'] });
    }
  });

const interval = z.strictObject({
  value: z.number({ message: IOT_REPORT_TIME_REQUIRED_MESSAGE }).int().min(1, { message: 'Must be at least 1' }),
  unit: z.enum(iotIntervalUnits),
});
export const intervalSeconds = (i: { value: number; unit: (typeof iotIntervalUnits)[number] }) =>
  i.value * unitSeconds[i.unit];

/** A reporting cycle: "needs report time", and a ceiling. */
const reportCycle = (maxSeconds: number, message: string) =>
  z.strictObject({ switch: z.enum(iotSwitches), interval: interval.optional() }).superRefine((v, ctx) => {
    if (v.switch === 'off') return;
    if (!v.interval) {
      ctx.addIssue({ code: 'custom', message: IOT_REPORT_TIME_REQUIRED_MESSAGE, path: ['interval'] });
    } else if (intervalSeconds(v.interval) > maxSeconds) {
      ctx.addIssue({ code: 'custom', message, path: ['interval', 'value'] });
    }
  });

/** Speed limit or alert: a value is needed when on, at most 100 km/h. */
const speedSetting = z
  .strictObject({
    switch: z.enum(iotSwitches),
    speedKmh: z
      .number({ message: IOT_SPEED_REQUIRED_MESSAGE })
      .positive({ message: 'Must be above 0' })
      .max(IOT_SPEED_MAX_KMH, { message: IOT_SPEED_MAX_MESSAGE })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.switch === 'on' && v.speedKmh === undefined) {
      ctx.addIssue({ code: 'custom', message: IOT_SPEED_REQUIRED_MESSAGE, path: ['speedKmh'] });
    }
  });

/** Two volume levels, and when the device stays quiet. */
const volumeSetting = z.strictObject({
  level: z.union([z.literal(1), z.literal(2)], { message: IOT_VOLUME_REQUIRED_MESSAGE }),
  quietTime: z
    .strictObject({ mode: z.enum(iotQuietModes), timeRange: timeRange.optional() })
    .superRefine((v, ctx) => {
      if (v.mode === 'time-range' && !v.timeRange) {
        ctx.addIssue({ code: 'custom', message: IOT_TIME_RANGE_REQUIRED_MESSAGE, path: ['timeRange'] });
      }
    })
    .optional(),
});

export const iotConfig = z
  .strictObject({
    tboxAutoLightOnTiming: timedSwitch.optional(),
    tboxRidingGpsReport: reportCycle(IOT_RIDING_GPS_MAX_SECONDS, IOT_RIDING_GPS_MAX_MESSAGE).optional(),
    motorControlSpeedLimit: speedSetting.optional(),
    motorControlSpeedAlert: speedSetting.optional(),
    tboxVolume: volumeSetting.optional(),
    tboxPeriodicReport: reportCycle(IOT_PERIODIC_REPORT_MAX_SECONDS, IOT_PERIODIC_REPORT_MAX_MESSAGE).optional(),
    tboxAntiTheftAlarmTiming: timedSwitch.optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), { message: IOT_CONFIG_EMPTY_MESSAGE });
export type IotConfig = z.infer<typeof iotConfig>;
export const iotConfigItems = [
  'tboxAutoLightOnTiming',
  'tboxRidingGpsReport',
  'motorControlSpeedLimit',
  'motorControlSpeedAlert',
  'tboxVolume',
  'tboxPeriodicReport',
  'tboxAntiTheftAlarmTiming',
] as const;
export type IotConfigItem = (typeof iotConfigItems)[number];

// ---- Device models and capabilities ------------------------------------------------------------------------

/** What a vendor's device can do: the console offers only these, the server refuses the rest ("unsupported"). */
export const iotDeviceModel = z.object({
  vendor: assetIotVendor,
  name: z.string(),
  commands: z.array(iotCommand),
  configItems: z.array(z.enum(iotConfigItems)),
  /**
   * Whether `device.turn_on` / `device.turn_off` open and close the asset's lock (a bike's lock controller): the
   * console then says Unlock / Lock, the bike's own words, instead of Turn on / Turn off.
   */
  switchIsLock: z.boolean(),
  /** Telemetry cycle when riding and when parked, in seconds (document 2 §9 GPS cycles). */
  ridingReportSeconds: z.number().int(),
  parkedReportSeconds: z.number().int(),
});
export type IotDeviceModel = z.infer<typeof iotDeviceModel>;

export const assetIotModel = z.object({
  /** `<assetType>:<vendor>`, e.g. EBIKE:tbox. */
  modelType: z.string(),
  assetType: z.string(),
  vendor: assetIotVendor,
  name: z.string(),
});
export type AssetIotModel = z.infer<typeof assetIotModel>;

export const composeCapabilityInput = z.strictObject({
  modelType: z.string().min(1).max(60),
  iotDeviceType: assetIotVendor,
});
export const iotCapability = z.object({
  modelType: z.string(),
  iotDeviceType: assetIotVendor,
  commands: z.array(iotCommand),
  configItems: z.array(z.enum(iotConfigItems)),
});

export const trustAgent = z.object({
  iotDeviceNo: z.string(),
  vendor: assetIotVendor.nullable(),
  assetNo: z.string().nullable(),
  /** The MQTT identity the device connects with (client id and user name are the device number). */
  mqttUsername: z.string(),
  presence: z.enum(['online', 'offline']),
  presenceChangedAt: isoDateTime.nullable(),
  lastSeenAt: isoDateTime.nullable(),
  firmware: z.string().nullable(),
});
export type TrustAgent = z.infer<typeof trustAgent>;

// ---- Control records ---------------------------------------------------------------------------------------

export const iotControlRecord = z.object({
  id,
  kind: z.enum(['command', 'config']),
  assetNo: z.string(),
  deviceNo: z.string().nullable(),
  command: z.string(),
  config: z.record(z.string(), z.unknown()).nullable(),
  channel: z.enum(iotChannels),
  initiator: z.enum(iotInitiators),
  staff: z.object({ id, name: z.string() }).nullable(),
  customerId: id.nullable(),
  rentingOrderId: id.nullable(),
  requestedAt: isoDateTime,
  expiresAt: isoDateTime,
  respondedTime: isoDateTime.nullable(),
  status: z.enum(iotControlStatuses),
  replyStatus: z.enum(iotReplyStatuses).nullable(),
  failedReason: z.enum(iotFailedReasons).nullable(),
  syncStatus: z.enum(iotSyncStatuses),
  attempts: z.number().int(),
});
export type IotControlRecord = z.infer<typeof iotControlRecord>;

const batchAssetNos = z
  .array(assetNo)
  .min(1, { message: AT_LEAST_ONE_ASSET_MESSAGE })
  .max(IOT_BATCH_MAX, { message: IOT_BATCH_MESSAGE });

export const batchInvokeCommandInput = z.strictObject({
  assetNos: batchAssetNos,
  command: iotCommand,
  channel: z.enum(iotChannels).default('default'),
});
export type BatchInvokeCommandInput = z.input<typeof batchInvokeCommandInput>;

export const batchModifyConfigInput = z.strictObject({
  assetNos: batchAssetNos,
  config: iotConfig,
});
export type BatchModifyConfigInput = z.input<typeof batchModifyConfigInput>;

const commaIds = z
  .string()
  .transform((v) => v.split(',').filter(Boolean))
  .pipe(z.array(id).max(IOT_BATCH_MAX, { message: IOT_BATCH_MESSAGE }));

export const controlRecordQuery = pageQuery.extend({
  assetNo: z.string().trim().max(40).optional(),
  command: z.string().max(60).optional(),
  status: z.enum(iotControlStatuses).optional(),
  channel: z.enum(iotChannels).optional(),
  initiator: z.enum(iotInitiators).optional(),
  requestedFrom: isoDateTime.optional(),
  requestedTo: isoDateTime.optional(),
  /** Comma-separated record ids: the console follows the records a batch created until they settle. */
  ids: commaIds.optional(),
  sort: z.enum(['requestedAt:desc', 'requestedAt:asc']).default('requestedAt:desc'),
});
export type ControlRecordQuery = z.input<typeof controlRecordQuery>;

/** The records a batch just created, asked for by their sender: comma-separated ids, 1 to 100. */
export const sentRecordsQuery = z.strictObject({
  ids: commaIds.pipe(z.array(id).min(1, { message: AT_LEAST_ONE_ASSET_MESSAGE })),
});
export type SentRecordsQuery = z.input<typeof sentRecordsQuery>;

/**
 * What an asset is doing for a customer right now: the open order whose lease holds it, and the trip it is on.
 * A command that locks or turns it off would stop that customer, so the console says so before sending.
 */
export const assetOngoingUse = z.object({
  assetNo: z.string(),
  order: z
    .object({
      id,
      orderNo: z.string(),
      customer: z.object({ id, name: z.string() }),
      startTime: isoDateTime.nullable(),
    })
    .nullable(),
  trip: z.object({ id, startedAt: isoDateTime }).nullable(),
});
export type AssetOngoingUse = z.infer<typeof assetOngoingUse>;

export const assetConfigs = z.object({
  assetNo: z.string(),
  iotDeviceNo: z.string().nullable(),
  vendor: assetIotVendor.nullable(),
  /** The items the device confirmed. */
  config: z.record(z.string(), z.unknown()),
  /** Config records not settled yet. */
  pending: z.array(iotControlRecord),
});
export type AssetConfigs = z.infer<typeof assetConfigs>;

const readRecords = requires('iot_control.record.read');
/** Whoever may send a command or a config: they may follow what they sent. */
export const iotSenderRequirement: Requirement = [...anyIotCommandRequirement, ...requires('iot_control.config.basic')];

export const iotEndpoints = {
  batchInvokeCommand: endpoint({
    method: 'POST',
    path: '/asset-iot/control/batch-invoke-command',
    summary:
      'Send one command to up to 100 assets; a record per asset (failed at once without a device, skipped when the same command is in flight)',
    tag: 'iot',
    // The command in the body names the one permission that counts; the service checks it.
    requires: anyIotCommandRequirement,
    body: batchInvokeCommandInput,
    response: z.object({ createdCommandRecords: z.array(iotControlRecord) }),
  }),
  batchModifyConfig: endpoint({
    method: 'POST',
    path: '/asset-iot/control/batch-modify-config',
    summary: 'Change config items on up to 100 assets; a record per asset',
    tag: 'iot',
    requires: requires('iot_control.config.basic'),
    body: batchModifyConfigInput,
    response: z.object({ createdConfigRecords: z.array(iotControlRecord) }),
  }),
  commandRecords: endpoint({
    method: 'GET',
    path: '/asset-iot/control/commandRecords',
    summary: 'Command records, newest first',
    tag: 'iot',
    requires: readRecords,
    query: controlRecordQuery,
    response: listOf(iotControlRecord),
  }),
  commandRecord: endpoint({
    method: 'GET',
    path: '/asset-iot/control/commandRecords/:id',
    summary: 'One command record',
    tag: 'iot',
    requires: readRecords,
    params: z.strictObject({ id }),
    response: dataOf(iotControlRecord),
  }),
  configRecords: endpoint({
    method: 'GET',
    path: '/asset-iot/control/configRecords',
    summary: 'Config records, newest first',
    tag: 'iot',
    requires: readRecords,
    query: controlRecordQuery,
    response: listOf(iotControlRecord),
  }),
  sentRecords: endpoint({
    method: 'GET',
    path: '/asset-iot/control/sentRecords',
    summary:
      'The records a batch created, for the staff member who sent it (no record permission needed); 404 when any id is not a record of theirs in scope',
    tag: 'iot',
    requires: iotSenderRequirement,
    query: sentRecordsQuery,
    response: z.object({ data: z.array(iotControlRecord) }),
  }),
  ongoingUse: endpoint({
    method: 'POST',
    path: '/asset-iot/control/$findOngoingUse',
    summary:
      'The assets among these (up to 100, in scope) that are on an open order or an unfinished trip, with the customer and order: asked before a command that would stop them',
    tag: 'iot',
    requires: anyIotCommandRequirement,
    body: z.strictObject({ assetNos: batchAssetNos }),
    response: z.object({ data: z.array(assetOngoingUse) }),
  }),
  configsByAssetNo: endpoint({
    method: 'POST',
    path: '/asset-iot/experimental/get-configs-by-asset-no',
    summary: "The config an asset's device confirmed, and the changes still pending",
    tag: 'iot',
    requires: requires('iot_control.config.basic', 'iot_control.record.read'),
    body: z.strictObject({ assetNo }),
    response: dataOf(assetConfigs),
  }),
  iotDeviceModels: endpoint({
    method: 'GET',
    path: '/asset-iot/def/iotDeviceModels',
    summary: 'The IoT device models (one per vendor) with their commands and config items',
    tag: 'iot',
    requires: requires('asset.read'),
    response: z.object({ data: z.array(iotDeviceModel) }),
  }),
  assetIotModels: endpoint({
    method: 'GET',
    path: '/asset-iot/def/assetIotModels',
    summary: 'Asset IoT models: each asset type with each vendor',
    tag: 'iot',
    requires: requires('asset.read'),
    response: z.object({ data: z.array(assetIotModel) }),
  }),
  composeCapability: endpoint({
    method: 'POST',
    path: '/asset-iot/capability/$composeCapability',
    summary: 'What an asset model with a device type can do',
    tag: 'iot',
    requires: requires('asset.read'),
    body: composeCapabilityInput,
    response: dataOf(iotCapability),
  }),
  trustAgentByDeviceNo: endpoint({
    method: 'GET',
    path: '/iot-trust-agent/trustAgents/$findByIotDeviceNo',
    summary: "A device's identity and presence",
    tag: 'iot',
    requires: requires('asset.read'),
    query: z.strictObject({ iotDeviceNo: z.string().min(1).max(64) }),
    response: dataOf(trustAgent),
  }),
};

// ---- Asset display status (document 2 §4) ------------------------------------------------------------------

export const assetDisplayStatuses = [
  'Active',
  'Inactive',
  'New',
  'Alarm',
  'Missing',
  'Removed',
  'Retired',
  'Error',
] as const;
export type AssetDisplayStatus = (typeof assetDisplayStatuses)[number];
export const assetDisplayStatus = z.enum(assetDisplayStatuses);
/** Document 2 §9: a device is online when it reported within the last hour. */
export const IOT_ONLINE_WINDOW_MS = 60 * 60 * 1000;
/** An alarm or error keeps the asset's display status for this long after the device raised it. */
export const IOT_ALARM_WINDOW_MS = 24 * 60 * 60 * 1000;
