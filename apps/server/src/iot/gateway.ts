import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { untilReachable } from '../lib/db-errors.ts';
import type { DevicePublisher, IotControlService } from '../modules/iot/control.service.ts';
import { coalesceWrites } from './coalesce-writes.ts';
import { deferAcks } from './deferred-acks.ts';
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
  /** Telemetry and events dated more than the clock skew ahead of their arrival, stored with the arrival time. */
  clockAhead: number;
  /**
   * QoS 1 messages taken in and not yet acknowledged to the broker (waiting for their batch to commit), now and at
   * most since start. The broker sends no more than `maxInFlight` of them (the gateway's Receive Maximum).
   */
  inFlight: number;
  inFlightHighWater: number;
  maxInFlight: number;
  /** Acknowledgements dropped because the connection that delivered their message ended (the broker redelivers). */
  staleAcks: number;
}

export interface Gateway extends DevicePublisher {
  stats: GatewayStats;
  connected(): boolean;
  close(): Promise<void>;
}

const SUBSCRIBED: DeviceChannel[] = ['telemetry', 'event', 'presence', 'cmd/reply', 'config/reply'];
const LOG_EVERY = 1000;
/** A stopping gateway takes in what its session still delivers until the connection is quiet this long… */
const QUIET_MS = 200;
/** …or this long has passed. */
const DRAIN_MS = 5_000;
/** At most one warning this often about device clocks ahead: a fleet with a bad firmware clock reports nonstop. */
const CLOCK_WARN_MS = 60_000;

type Ack = () => void;

export async function startGateway(opts: {
  url: string;
  username: string | undefined;
  password: string | undefined;
  topicRoot: string;
  /** `$share/<group>/` prefix with an external broker; none on the embedded one. */
  shareGroup: string | null;
  /** How far ahead of its arrival a report may be dated (IOT_CLOCK_SKEW_MS). */
  clockSkewMs: number;
  /** MQTT_MAX_PACKET_BYTES: with an external broker, the largest packet the gateway asks to be sent. */
  maxPacketBytes: number;
  /**
   * A stable client id (MQTT_CLIENT_ID, or from NODE_NAME): the broker keeps the gateway's session — its subscription
   * and its unacknowledged messages — for `sessionExpirySeconds` after a crash and hands it to the restarted node.
   * Unset: a fresh id and a clean session each start (what was in flight at a crash is lost).
   */
  clientId: string | undefined;
  sessionExpirySeconds: number;
  /** MQTT_MAX_IN_FLIGHT: unacknowledged messages the broker may send (Receive Maximum); beyond, it keeps them. */
  maxInFlight: number;
  ingest: Ingest;
  control: IotControlService;
  log: FastifyBaseLogger;
}): Promise<Gateway> {
  const { topicRoot, ingest, control, log } = opts;
  const stats: GatewayStats = {
    malformed: 0,
    batches: 0,
    ignoredReplies: 0,
    replies: 0,
    published: 0,
    clockAhead: 0,
    inFlight: 0,
    inFlightHighWater: 0,
    maxInFlight: opts.shareGroup ? opts.maxInFlight : 0,
    staleAcks: 0,
  };
  const persistent = opts.clientId !== undefined;
  // Not connectAsync: a resumed session's unacknowledged messages come right after the CONNACK, and a message
  // emitted before the handler is attached would be acknowledged (and lost) by mqtt.js.
  const client: MqttClient = mqtt.connect(opts.url, {
    // MQTT 5 on an external broker: its Receive Maximum lets the broker keep thousands of QoS 1 messages in
    // flight to the gateway; a 3.1.1 session gets Mosquitto's default of 20, which caps ingest at 20 per round
    // trip and overflows the broker's queue (measured: ~240 messages/s). aedes speaks 3.1.1 only. Since the gateway
    // acknowledges after commit, it is also the bound on what the gateway holds: beyond it the broker keeps the rest.
    // Its Maximum Packet Size makes the broker drop a larger message for the gateway instead of sending it, whatever
    // the broker's own max_packet_size (the embedded broker refuses such packets from the sender already).
    ...(opts.shareGroup
      ? {
          protocolVersion: 5 as const,
          properties: {
            receiveMaximum: opts.maxInFlight,
            maximumPacketSize: opts.maxPacketBytes,
            ...(persistent ? { sessionExpiryInterval: opts.sessionExpirySeconds } : {}),
          },
        }
      : {}),
    username: opts.username,
    password: opts.password,
    clientId: opts.clientId ?? `fleetdesk-gateway-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
    clean: !persistent,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
  });
  coalesceWrites(client);
  const acks = deferAcks(client);
  Object.defineProperties(stats, {
    inFlight: { get: acks.inFlight, enumerable: true },
    inFlightHighWater: { get: acks.highWater, enumerable: true },
    staleAcks: { get: acks.stale, enumerable: true },
  });
  const connecting = new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => {
      client.end(true);
      reject(error);
    };
    client.once('error', failed);
    client.once('connect', () => {
      client.off('error', failed);
      resolve();
    });
  });
  const replyQueues = new Map<string, Promise<void>>();
  const share = opts.shareGroup ? `$share/${opts.shareGroup}/` : '';
  const topics = [...SUBSCRIBED, BATCH_CHANNEL].map((c) => `${share}${topicRoot}/+/${c}`);

  const malformed = (topic: string, why: string, ack: Ack) => {
    ack();
    stats.malformed++;
    // Logged, sampled: a broken device firmware can send thousands a second.
    if (stats.malformed % LOG_EVERY === 1) log.warn({ topic, why, total: stats.malformed }, 'malformed device message');
  };

  let lastClockWarning = Number.NEGATIVE_INFINITY;
  let clockAheadWarned = 0;
  /**
   * A report's time, unless the device's clock is more than the skew ahead of ours: then its arrival time. An
   * asset keeps the state of its newest report, so one report dated next year would otherwise be "newest" until
   * next year, and every true report after it would look older and change nothing (docs/decisions.md "Device
   * clocks and packet sizes"). A clock behind ours is left alone: a device flushing its backlog sends old times.
   */
  const dated = <M extends { ts: number }>(message: M, deviceNo: string, arrivedAt: number): M => {
    const aheadMs = message.ts - arrivedAt;
    if (aheadMs <= opts.clockSkewMs) return message;
    stats.clockAhead++;
    if (arrivedAt - lastClockWarning >= CLOCK_WARN_MS) {
      log.warn(
        { deviceNo, aheadMs, since: stats.clockAhead - clockAheadWarned, total: stats.clockAhead },
        'device clock ahead: report stored with its arrival time (warned at most once a minute)',
      );
      lastClockWarning = arrivedAt;
      clockAheadWarned = stats.clockAhead;
    } else {
      log.debug({ deviceNo, aheadMs }, 'device clock ahead: report stored with its arrival time');
    }
    return { ...message, ts: arrivedAt };
  };

  /**
   * One device's message, published on its own topic or relayed in a bridge's batch. `ack` runs once the message is
   * committed (or known unusable): then the broker may forget it.
   */
  const handle = (
    topic: string,
    deviceNo: string,
    channel: DeviceChannel,
    json: unknown,
    arrivedAt: number,
    ack: Ack,
  ) => {
    switch (channel) {
      case 'telemetry': {
        const message = check(telemetryMessage, json);
        if (!message) return malformed(topic, 'payload', ack);
        return ingest.push({ kind: 'telemetry', deviceNo, message: dated(message, deviceNo, arrivedAt) }, ack);
      }
      case 'event': {
        const message = check(eventMessage, json);
        if (!message) return malformed(topic, 'payload', ack);
        return ingest.push({ kind: 'event', deviceNo, message: dated(message, deviceNo, arrivedAt) }, ack);
      }
      case 'presence': {
        const message = check(presenceMessage, json);
        if (!message) return malformed(topic, 'payload', ack);
        return ingest.push({ kind: 'presence', deviceNo, message, at: arrivedAt }, ack);
      }
      case 'cmd/reply':
      case 'config/reply': {
        const message = check(replyMessage, json);
        if (!message) return malformed(topic, 'payload', ack);
        stats.replies++;
        // One device's replies are applied in the order they arrived: the first answer wins, a later
        // contradicting or repeated one finds the record settled.
        const previous = replyQueues.get(deviceNo) ?? Promise.resolve();
        const current = previous
          .then(() =>
            untilReachable(() => control.applyReply(channel === 'cmd/reply' ? 'command' : 'config', deviceNo, message)),
          )
          .then((changed) => {
            if (!changed) {
              stats.ignoredReplies++;
              log.debug({ deviceNo, id: message.id }, 'device reply changed nothing (late, duplicate or unknown)');
            }
          })
          .catch((error: unknown) => log.error({ err: error, topic }, 'could not apply a device reply'))
          .finally(ack);
        replyQueues.set(deviceNo, current);
        void current.finally(() => {
          if (replyQueues.get(deviceNo) === current) replyQueues.delete(deviceNo);
        });
        return;
      }
      default:
        return malformed(topic, 'channel', ack);
    }
  };

  let lastBoundWarning = Number.NEGATIVE_INFINITY;
  /**
   * At the in-flight bound the broker sends nothing more until something is acknowledged: what is buffered is
   * written now rather than after FLUSH_MS, or a bound below a flush interval's traffic would cap ingest at it.
   */
  const atBound = (arrivedAt: number) => {
    void ingest.flush();
    if (arrivedAt - lastBoundWarning < CLOCK_WARN_MS) return;
    lastBoundWarning = arrivedAt;
    log.warn(
      { inFlight: acks.inFlight(), maxInFlight: stats.maxInFlight },
      'gateway at its in-flight bound: the broker keeps the backlog until batches commit (warned at most once a minute)',
    );
  };

  /** A message from the broker: a device's, or a bridge's batch of them. */
  const receive = (topic: string, payload: Buffer, arrivedAt: number, ack: Ack) => {
    const parsed = parseTopic(topicRoot, topic);
    if (parsed) return handle(topic, parsed.deviceNo, parsed.channel, parseJson(payload), arrivedAt, ack);
    if (parseBatchTopic(topicRoot, topic) === null) return malformed(topic, 'topic', ack);
    const batch = check(batchMessage, parseJson(payload));
    if (!batch) return malformed(topic, 'payload', ack);
    stats.batches++;
    // The bridge's message is acknowledged once every item of it is.
    let pending = batch.items.length;
    const itemAck = () => {
      if (--pending === 0) ack();
    };
    if (pending === 0) ack();
    for (const item of batch.items) {
      const itemTopic = topicOf(topicRoot, item.deviceNo, item.channel);
      handle(itemTopic, item.deviceNo, item.channel, item.message, arrivedAt, itemAck);
    }
  };
  let lastArrival = 0;
  client.on('message', (topic, payload, packet) => {
    const arrivedAt = Date.now();
    lastArrival = arrivedAt;
    receive(topic, payload, arrivedAt, acks.take(packet));
    if (stats.maxInFlight > 0 && acks.inFlight() >= stats.maxInFlight) atBound(arrivedAt);
  });

  client.on('error', (error) => log.warn({ err: error }, 'MQTT gateway connection error'));
  await connecting;
  // A resumed session still has its subscription; subscribing again is harmless and covers an expired one.
  await client.subscribeAsync(topics, { qos: 1 });

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
      // Stop taking messages, commit and acknowledge what was taken, then end the session: a node that stops on
      // purpose leaves nothing for the broker to keep (and the broker stops queueing the group's messages for it).
      // Messages the broker had already queued for this session still come after the unsubscription: taken in until
      // the connection has been quiet a moment (at most DRAIN_MS), as the session's end would discard them.
      if (client.connected) await client.unsubscribeAsync(topics).catch(() => undefined);
      const drainUntil = Date.now() + DRAIN_MS;
      do {
        await ingest.flush();
        await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      } while (client.connected && Date.now() - lastArrival < QUIET_MS && Date.now() < drainUntil);
      await ingest.flush();
      await client.endAsync(false, { properties: { sessionExpiryInterval: 0 } });
    },
  };
}
