import { iotCommands, iotFailedReasons } from '@fleetdesk/contracts';
import { z } from 'zod';
import { BRIDGE_PREFIX } from './credentials.ts';

/**
 * The device protocol (docs/device-protocol.md): topics `<root>/<deviceNo>/<channel>` and their JSON payloads.
 * Both the gateway and the simulator parse and build messages here, so the two can never drift apart.
 */
export const deviceChannels = ['telemetry', 'event', 'presence', 'cmd', 'cmd/reply', 'config', 'config/reply'] as const;
export type DeviceChannel = (typeof deviceChannels)[number];
/** What a device may publish; it may subscribe only to the other two (cmd, config). */
export const devicePublishChannels: readonly DeviceChannel[] = [
  'telemetry',
  'event',
  'presence',
  'cmd/reply',
  'config/reply',
];
export const deviceSubscribeChannels: readonly DeviceChannel[] = ['cmd', 'config'];

/** Device numbers as vendors print them: letters, digits, dash and underscore (no MQTT wildcards or slashes). */
export const DEVICE_NO_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const topicOf = (root: string, deviceNo: string, channel: DeviceChannel) => `${root}/${deviceNo}/${channel}`;

/** `<root>/<deviceNo>/<channel>` → its parts, or null for anything else. */
export function parseTopic(root: string, topic: string): { deviceNo: string; channel: DeviceChannel } | null {
  if (!topic.startsWith(`${root}/`)) return null;
  const rest = topic.slice(root.length + 1);
  const slash = rest.indexOf('/');
  if (slash <= 0) return null;
  const deviceNo = rest.slice(0, slash);
  const channel = rest.slice(slash + 1) as DeviceChannel;
  if (!DEVICE_NO_PATTERN.test(deviceNo) || !deviceChannels.includes(channel)) return null;
  return { deviceNo, channel };
}

/**
 * A vendor bridge's batch: `<root>/bridge-<name>/batch`, the messages of many devices in one MQTT packet. Each
 * item is handled as if its device had published `message` on `<root>/<deviceNo>/<channel>`. One packet per
 * message costs every hop (the bridge's client, the broker's per-packet socket writes and acknowledgements, the
 * gateway's parser) as much as the message itself; a bridge relaying thousands of devices sends a few packets a
 * second instead of thousands.
 */
export const BATCH_CHANNEL = 'batch';
/** Items per batch; a bridge splits more into several packets. */
export const BATCH_MAX = 1000;
export const batchTopicOf = (root: string, bridgeName: string) =>
  `${root}/${BRIDGE_PREFIX}${bridgeName}/${BATCH_CHANNEL}`;

/** `<root>/bridge-<name>/batch` → the bridge's client name (`bridge-<name>`), or null for anything else. */
export function parseBatchTopic(root: string, topic: string): string | null {
  const prefix = `${root}/${BRIDGE_PREFIX}`;
  const suffix = `/${BATCH_CHANNEL}`;
  if (!topic.startsWith(prefix) || !topic.endsWith(suffix)) return null;
  const client = topic.slice(root.length + 1, topic.length - suffix.length);
  return DEVICE_NO_PATTERN.test(client) ? client : null;
}

export const batchMessage = z.object({
  items: z
    .array(
      z.object({
        deviceNo: z.string().regex(DEVICE_NO_PATTERN),
        channel: z.enum(devicePublishChannels as [DeviceChannel, ...DeviceChannel[]]),
        message: z.unknown(),
      }),
    )
    .max(BATCH_MAX),
});
export type BatchMessage = z.infer<typeof batchMessage>;

/** Milliseconds since the epoch, within a sane window (a device with a dead RTC sends 1970). */
const timestamp = z
  .number()
  .int()
  .min(Date.UTC(2020, 0, 1))
  .max(Date.UTC(2100, 0, 1));

const position = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  alt: z.number().min(-1000).max(20000).optional(),
});

export const telemetryMessage = z.object({
  ts: timestamp,
  pos: position.optional(),
  /** km/h */
  vel: z.number().min(0).max(400).optional(),
  chargePct: z.number().int().min(0).max(100).optional(),
  battMv: z.number().int().min(0).max(200_000).optional(),
  lock: z.enum(['locked', 'unlocked']).optional(),
  light: z.enum(['on', 'off']).optional(),
  /** Signal quality (tbox.csq, 0–31). */
  csq: z.number().int().min(0).max(99).optional(),
  riding: z.boolean().optional(),
});
export type TelemetryMessage = z.infer<typeof telemetryMessage>;

export const eventMessage = z.object({
  ts: timestamp,
  type: z.enum(['alarm', 'error', 'report']),
  code: z.string().regex(/^[a-z0-9-]{1,40}$/),
  pos: position.optional(),
  data: z.record(z.string(), z.union([z.string().max(200), z.number(), z.boolean()])).optional(),
});
export type EventMessage = z.infer<typeof eventMessage>;

export const presenceMessage = z.object({
  state: z.enum(['online', 'offline']),
  firmware: z.string().max(40).optional(),
  vendor: z.string().max(20).optional(),
});
export type PresenceMessage = z.infer<typeof presenceMessage>;

/** Server → device. `attempt` counts re-sends of the same record; a device answers each with the same id. */
export const commandMessage = z.object({
  id: z.uuid(),
  command: z.enum(iotCommands),
  attempt: z.number().int().min(1),
  expiresAt: timestamp,
});
export type CommandMessage = z.infer<typeof commandMessage>;

export const configMessage = z.object({
  id: z.uuid(),
  config: z.record(z.string(), z.unknown()),
  attempt: z.number().int().min(1),
  expiresAt: timestamp,
});
export type ConfigMessage = z.infer<typeof configMessage>;

/** Device → server, for a command or a config record. */
export const replyMessage = z.object({
  id: z.uuid(),
  status: z.enum(['success', 'failure']),
  reason: z.enum(iotFailedReasons).optional(),
  ts: timestamp.optional(),
});
export type ReplyMessage = z.infer<typeof replyMessage>;

/**
 * A failure the device may get over on its own (busy, a flaky actuator): the record stays pending and the
 * command is sent again until its time-to-live ends. Any other failure is final.
 */
export const retryableFailures: ReadonlySet<string> = new Set(['unknown-error', 'hardware-failure']);

/** Parses a payload as JSON; undefined when it is not. */
export function parseJson(payload: Buffer | string): unknown {
  try {
    return JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Checks parsed JSON against a schema; null when it does not fit. */
export function check<T>(schema: z.ZodType<T>, json: unknown): T | null {
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** Parses a payload as JSON and then with a schema; null when either fails. */
export function decode<T>(schema: z.ZodType<T>, payload: Buffer | string): T | null {
  return check(schema, parseJson(payload));
}
