import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { DevicePublisher, IotControlService } from '../modules/iot/control.service.ts';
import { coalesceWrites } from './coalesce-writes.ts';
import type { Ingest } from './ingest.ts';
import {
  BATCH_CHANNEL,
  batchMessage,
  check,
  type DeviceChannel,
  eventMessage,
  parseBatchTopic,
  parseJson,
  parseTopic,
  presenceMessage,
  replyMessage,
  telemetryMessage,
  topicOf,
} from './protocol.ts';

/**
 * The device gateway: one MQTT client of the broker (embedded or external) that takes in what devices publish
 * and publishes commands and configs to them. With an external broker it subscribes through a shared
 * subscription, so several API instances split the devices' traffic between them.
 */
export interface GatewayStats {
  malformed: number;
  /** Vendor bridges' batches taken in (their items count as messages of their own). */
  batches: number;
  ignoredReplies: number;
  replies: number;
  published: number;
}

export interface Gateway extends DevicePublisher {
  stats: GatewayStats;
  connected(): boolean;
  close(): Promise<void>;
}

const SUBSCRIBED: DeviceChannel[] = ['telemetry', 'event', 'presence', 'cmd/reply', 'config/reply'];
const LOG_EVERY = 1000;

export async function startGateway(opts: {
  url: string;
  username: string | undefined;
  password: string | undefined;
  topicRoot: string;
  /** `$share/<group>/` prefix with an external broker; none on the embedded one. */
  shareGroup: string | null;
  ingest: Ingest;
  control: IotControlService;
  log: FastifyBaseLogger;
}): Promise<Gateway> {
  const { topicRoot, ingest, control, log } = opts;
  const stats: GatewayStats = { malformed: 0, batches: 0, ignoredReplies: 0, replies: 0, published: 0 };
  const client: MqttClient = await mqtt.connectAsync(opts.url, {
    // MQTT 5 on an external broker: its Receive Maximum lets the broker keep thousands of QoS 1 messages in
    // flight to the gateway; a 3.1.1 session gets Mosquitto's default of 20, which caps ingest at 20 per round
    // trip and overflows the broker's queue (measured: ~240 messages/s). aedes speaks 3.1.1 only.
    ...(opts.shareGroup ? { protocolVersion: 5 as const, properties: { receiveMaximum: 65_535 } } : {}),
    username: opts.username,
    password: opts.password,
    clientId: `fleetdesk-gateway-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    clean: true,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
  });
  coalesceWrites(client);
  const replyQueues = new Map<string, Promise<void>>();
  const share = opts.shareGroup ? `$share/${opts.shareGroup}/` : '';
  await client.subscribeAsync(
    [...SUBSCRIBED, BATCH_CHANNEL].map((c) => `${share}${topicRoot}/+/${c}`),
    { qos: 1 },
  );

  const malformed = (topic: string, why: string) => {
    stats.malformed++;
    // Logged, sampled: a broken device firmware can send thousands a second.
    if (stats.malformed % LOG_EVERY === 1) log.warn({ topic, why, total: stats.malformed }, 'malformed device message');
  };

  /** One device's message, published on its own topic or relayed in a bridge's batch. */
  const handle = (topic: string, deviceNo: string, channel: DeviceChannel, json: unknown) => {
    switch (channel) {
      case 'telemetry': {
        const message = check(telemetryMessage, json);
        if (!message) return malformed(topic, 'payload');
        return ingest.push({ kind: 'telemetry', deviceNo, message });
      }
      case 'event': {
        const message = check(eventMessage, json);
        if (!message) return malformed(topic, 'payload');
        return ingest.push({ kind: 'event', deviceNo, message });
      }
      case 'presence': {
        const message = check(presenceMessage, json);
        if (!message) return malformed(topic, 'payload');
        return ingest.push({ kind: 'presence', deviceNo, message, at: Date.now() });
      }
      case 'cmd/reply':
      case 'config/reply': {
        const message = check(replyMessage, json);
        if (!message) return malformed(topic, 'payload');
        stats.replies++;
        // One device's replies are applied in the order they arrived: the first answer wins, a later
        // contradicting or repeated one finds the record settled.
        const previous = replyQueues.get(deviceNo) ?? Promise.resolve();
        const current = previous
          .then(() => control.applyReply(channel === 'cmd/reply' ? 'command' : 'config', deviceNo, message))
          .then((changed) => {
            if (!changed) {
              stats.ignoredReplies++;
              log.debug({ deviceNo, id: message.id }, 'device reply changed nothing (late, duplicate or unknown)');
            }
          })
          .catch((error: unknown) => log.error({ err: error, topic }, 'could not apply a device reply'));
        replyQueues.set(deviceNo, current);
        void current.finally(() => {
          if (replyQueues.get(deviceNo) === current) replyQueues.delete(deviceNo);
        });
        return;
      }
      default:
        return malformed(topic, 'channel');
    }
  };

  client.on('message', (topic, payload) => {
    const parsed = parseTopic(topicRoot, topic);
    if (parsed) return handle(topic, parsed.deviceNo, parsed.channel, parseJson(payload));
    if (parseBatchTopic(topicRoot, topic) === null) return malformed(topic, 'topic');
    const batch = check(batchMessage, parseJson(payload));
    if (!batch) return malformed(topic, 'payload');
    stats.batches++;
    for (const item of batch.items) {
      handle(topicOf(topicRoot, item.deviceNo, item.channel), item.deviceNo, item.channel, item.message);
    }
  });
  client.on('error', (error) => log.warn({ err: error }, 'MQTT gateway connection error'));

  return {
    stats,
    connected: () => client.connected,
    async publish(deviceNo, channel, payload) {
      if (!client.connected) return false;
      try {
        await client.publishAsync(topicOf(topicRoot, deviceNo, channel), JSON.stringify(payload), { qos: 1 });
        stats.published++;
        return true;
      } catch (error) {
        log.warn({ err: error, deviceNo }, 'could not publish to a device');
        return false;
      }
    },
    async close() {
      await client.endAsync();
      await ingest.flush();
    },
  };
}
