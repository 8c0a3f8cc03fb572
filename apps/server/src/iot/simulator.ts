import mqtt, { type MqttClient } from 'mqtt';
import { deviceModelOf } from '../modules/iot/device-models.ts';
import { coalesceWrites } from './coalesce-writes.ts';
import { BRIDGE_PREFIX } from './credentials.ts';
import {
  BATCH_MAX,
  type BatchMessage,
  batchTopicOf,
  type CommandMessage,
  commandMessage,
  configMessage,
  type DeviceChannel,
  decode,
  topicOf,
} from './protocol.ts';

/**
 * The device simulator (`npm run sim`, and inside `npm start` for the demo fleet). Each device is its own MQTT
 * client with its own credentials — or, for fleets larger than a process has sockets for (100,000), devices
 * relay through a few `bridge-` connections as a vendor cloud does (`bridges`) — reports at its vendor's cycles
 * (riding or parked), moves while unlocked, raises the odd alarm, obeys commands and configs (unlocking really changes the lock state it reports), and
 * can be told to drop, delay or duplicate replies or to stay offline — what the benchmarks and demos need.
 */
export interface SimDevice {
  deviceNo: string;
  vendor: string;
  lat: number;
  lng: number;
  chargePct?: number | null;
  lock?: 'locked' | 'unlocked' | null;
}

export interface SimFaults {
  /** Share of replies never sent (0–1). */
  dropReplies?: number;
  /** Share of replies sent twice. */
  duplicateReplies?: number;
  /** Delay before each reply, in milliseconds. */
  replyDelayMs?: number;
  /** Share of devices that never connect. */
  offline?: number;
}

export interface SimOptions {
  url: string;
  topicRoot: string;
  password: (deviceNo: string) => string;
  devices: SimDevice[];
  faults?: SimFaults;
  /** Multiplies the report cycles (0.1 = ten times as often); the demo uses 1. */
  cycleScale?: number;
  /** Connections opened per second while starting (a fleet does not reconnect all at once). */
  connectRate?: number;
  /** Chance per device per minute that a parked device starts a ride (a customer unlocks it). */
  rideChancePerMinute?: number;
  onError?: (error: unknown) => void;
  /** How often devices are looked at (movement, due reports); benchmarks with sub-second cycles use 100. */
  tickMs?: number;
  /** Keep the ids of records received and answered (benchmarks check the server against them; the demo would grow). */
  trackIds?: boolean;
  /**
   * Relay every device through this many vendor-bridge connections (`bridge-sim-<i>`) instead of one connection
   * per device: one process then simulates 100,000 devices, which one socket each would not allow. A bridge sends
   * what its devices publish within one turn of the event loop as batches (docs/device-protocol.md), unless
   * `unbatched` (one packet per message, as the devices themselves would).
   */
  bridges?: { count: number; password: (name: string) => string; unbatched?: boolean };
}

export interface SimStats {
  connected: number;
  /** Messages published (a bridge's batch counts each of its items). */
  published: number;
  /** Bridge batches sent (MQTT packets carrying many messages). */
  batches: number;
  /** Of which telemetry reports (what ingest benchmarks count against the rows written). */
  telemetry: number;
  commands: number;
  repliesSent: number;
  repliesDropped: number;
  /** Ids the devices answered "success" to (and did not drop): a success the server reports must be here. */
  successIds: Set<string>;
  /** When a device first received each record id (epoch ms). */
  receivedAt: Map<string, number>;
}

interface State extends Required<Omit<SimDevice, 'chargePct' | 'lock'>> {
  chargePct: number;
  battMv: number;
  lock: 'locked' | 'unlocked';
  light: 'on' | 'off';
  heading: number;
  rideUntil: number;
  nextReportAt: number;
  client?: MqttClient;
  config: Record<string, unknown>;
}

const ALARMS = ['tilt', 'illegal-move', 'low-battery', 'tamper', 'fall'];
/** A ride at 12–20 km/h, in degrees of latitude per second. */
const speedKmh = () => 12 + Math.random() * 8;

export function startSimulator(opts: SimOptions) {
  const faults = opts.faults ?? {};
  const scale = opts.cycleScale ?? 1;
  const rideChance = opts.rideChancePerMinute ?? 0.02;
  const stats: SimStats = {
    connected: 0,
    published: 0,
    batches: 0,
    telemetry: 0,
    commands: 0,
    repliesSent: 0,
    repliesDropped: 0,
    successIds: new Set(),
    receivedAt: new Map(),
  };
  const track = opts.trackIds ?? false;
  const received = (id: string) => {
    if (track && !stats.receivedAt.has(id)) stats.receivedAt.set(id, Date.now());
  };
  const root = opts.topicRoot;
  let stopped = false;
  const states: State[] = opts.devices.map((d) => ({
    deviceNo: d.deviceNo,
    vendor: d.vendor,
    lat: d.lat,
    lng: d.lng,
    chargePct: d.chargePct ?? 40 + Math.floor(Math.random() * 60),
    battMv: 36_000 + Math.floor(Math.random() * 6000),
    lock: d.lock ?? 'locked',
    light: 'off',
    heading: Math.random() * Math.PI * 2,
    rideUntil: 0,
    nextReportAt: Date.now() + Math.random() * 5000,
    config: {},
  }));

  const cycleMs = (s: State) => {
    const model = deviceModelOf(s.vendor);
    const riding = s.lock === 'unlocked';
    return (riding ? (model?.ridingReportSeconds ?? 15) : (model?.parkedReportSeconds ?? 300)) * 1000 * scale;
  };

  const sent = (error?: Error) => {
    if (error) opts.onError?.(error);
  };
  /** Per bridge client: the messages of this event-loop turn, sent as batches when it ends. */
  const batchers = new Map<
    MqttClient,
    { relay: (deviceNo: string, channel: DeviceChannel, message: unknown) => void; flush: () => void }
  >();
  const batcher = (client: MqttClient, name: string) => {
    let items: BatchMessage['items'] = [];
    const flush = () => {
      const out = items;
      items = [];
      for (let i = 0; i < out.length; i += BATCH_MAX) {
        client.publish(
          batchTopicOf(root, name),
          JSON.stringify({ items: out.slice(i, i + BATCH_MAX) }),
          { qos: 1 },
          sent,
        );
        stats.batches++;
      }
    };
    return {
      relay: (deviceNo: string, channel: DeviceChannel, message: unknown) => {
        if (items.length === 0) setImmediate(flush);
        items.push({ deviceNo, channel, message });
      },
      flush,
    };
  };

  const publish = (s: State, channel: DeviceChannel, body: unknown, retain = false): boolean => {
    if (!s.client?.connected) return false;
    const relay = batchers.get(s.client)?.relay;
    // A retained message (presence) keeps its own topic: the broker retains per topic.
    if (relay && !retain) relay(s.deviceNo, channel, body);
    else s.client.publish(topicOf(root, s.deviceNo, channel), JSON.stringify(body), { qos: 1, retain }, sent);
    stats.published++;
    if (channel === 'telemetry') stats.telemetry++;
    return true;
  };

  const report = (s: State) => {
    publish(s, 'telemetry', {
      ts: Date.now(),
      pos: { lat: Math.round(s.lat * 1e6) / 1e6, lng: Math.round(s.lng * 1e6) / 1e6, alt: 120 + Math.random() * 5 },
      vel: s.lock === 'unlocked' ? Math.round(speedKmh() * 10) / 10 : 0,
      chargePct: Math.round(s.chargePct),
      battMv: s.battMv,
      lock: s.lock,
      light: s.light,
      csq: 15 + Math.floor(Math.random() * 16),
      riding: s.lock === 'unlocked',
    });
    s.nextReportAt = Date.now() + cycleMs(s);
  };

  const reply = (s: State, channel: 'cmd/reply' | 'config/reply', body: Record<string, unknown>) => {
    if (Math.random() < (faults.dropReplies ?? 0)) {
      stats.repliesDropped++;
      return;
    }
    const send = () => {
      const sent = publish(s, channel, { ...body, ts: Date.now() });
      if (track && sent && body.status === 'success') stats.successIds.add(String(body.id));
      stats.repliesSent++;
      if (Math.random() < (faults.duplicateReplies ?? 0)) publish(s, channel, { ...body, ts: Date.now() });
    };
    if (faults.replyDelayMs) setTimeout(send, faults.replyDelayMs);
    else send();
  };

  const obey = (s: State, m: CommandMessage) => {
    stats.commands++;
    const model = deviceModelOf(s.vendor);
    if (!model?.commands.includes(m.command)) {
      return reply(s, 'cmd/reply', { id: m.id, status: 'failure', reason: 'unsupported' });
    }
    if (m.command === 'device.turn_on') {
      s.lock = 'unlocked';
      s.rideUntil = Date.now() + 5 * 60_000;
    }
    if (m.command === 'device.turn_off') s.lock = 'locked';
    if (m.command === 'light.turn_on') s.light = 'on';
    if (m.command === 'light.turn_off') s.light = 'off';
    reply(s, 'cmd/reply', { id: m.id, status: 'success' });
    // The new state (or the asked-for report) follows at once, as real devices do.
    report(s);
  };

  const onMessage = (s: State, topic: string, payload: Buffer) => {
    if (topic.endsWith('/cmd')) {
      const m = decode(commandMessage, payload);
      if (!m) return;
      received(m.id);
      obey(s, m);
    } else if (topic.endsWith('/config')) {
      const m = decode(configMessage, payload);
      if (!m) return;
      received(m.id);
      const model = deviceModelOf(s.vendor);
      const unsupported = Object.keys(m.config).some((k) => !model?.configItems.includes(k as never));
      if (!unsupported) Object.assign(s.config, m.config);
      reply(
        s,
        'config/reply',
        unsupported ? { id: m.id, status: 'failure', reason: 'unsupported' } : { id: m.id, status: 'success' },
      );
    }
  };

  /** A device comes online: presence, then a first report. */
  const announce = (s: State) => {
    stats.connected++;
    publish(s, 'presence', { state: 'online', vendor: s.vendor, firmware: '2.4.1' }, true);
    report(s);
  };

  const connect = async (s: State) => {
    const client = await mqtt.connectAsync(opts.url, {
      clientId: s.deviceNo,
      username: s.deviceNo,
      password: opts.password(s.deviceNo),
      clean: true,
      reconnectPeriod: 5000,
      keepalive: 120,
      will: {
        topic: topicOf(root, s.deviceNo, 'presence'),
        payload: Buffer.from(JSON.stringify({ state: 'offline' })),
        qos: 1,
        retain: true,
      },
    });
    if (stopped) {
      await client.endAsync(true);
      return;
    }
    s.client = client;
    client.on('error', (error) => opts.onError?.(error));
    client.on('message', (topic, payload) => onMessage(s, topic, payload));
    await client.subscribeAsync([topicOf(root, s.deviceNo, 'cmd'), topicOf(root, s.deviceNo, 'config')], { qos: 1 });
    announce(s);
  };

  /** One vendor bridge relaying for its share of the devices: it hears every device's commands, keeps its own. */
  const connectBridge = async (index: number, shard: State[]) => {
    const name = `sim-${index}`;
    const client = await mqtt.connectAsync(opts.url, {
      clientId: `${BRIDGE_PREFIX}${name}`,
      username: `${BRIDGE_PREFIX}${name}`,
      password: opts.bridges?.password(name),
      clean: true,
      reconnectPeriod: 5000,
      keepalive: 120,
    });
    // A bridge relays thousands of reports a tick: one socket write each would cost the simulator more than they do.
    coalesceWrites(client);
    if (!opts.bridges?.unbatched) batchers.set(client, batcher(client, name));
    client.on('error', (error) => opts.onError?.(error));
    const byNo = new Map(shard.map((s) => [s.deviceNo, s]));
    client.on('message', (topic, payload) => {
      const s = byNo.get(topic.slice(root.length + 1, topic.indexOf('/', root.length + 1)));
      if (s) onMessage(s, topic, payload);
    });
    await client.subscribeAsync([`${root}/+/cmd`, `${root}/+/config`], { qos: 1 });
    return client;
  };

  const online = states.filter(() => Math.random() >= (faults.offline ?? 0));
  const rate = opts.connectRate ?? 500;
  const pace = Math.max(1, Math.floor(rate / 10));
  const bridgeClients: MqttClient[] = [];
  const connecting = (async () => {
    if (opts.bridges) {
      const count = Math.max(1, opts.bridges.count);
      const shards = Array.from({ length: count }, (_, i) => online.filter((_, j) => j % count === i));
      bridgeClients.push(...(await Promise.all(shards.map((shard, i) => connectBridge(i, shard)))));
      shards.forEach((shard, i) => {
        for (const s of shard) s.client = bridgeClients[i];
      });
    }
    for (let i = 0; i < online.length && !stopped; i += pace) {
      const slice = online.slice(i, i + pace);
      if (opts.bridges) slice.forEach(announce);
      else await Promise.all(slice.map((s) => connect(s).catch((e: unknown) => opts.onError?.(e))));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  let last = Date.now();
  const tick = setInterval(() => {
    const now = Date.now();
    const dt = (now - last) / 1000;
    last = now;
    for (const s of online) {
      if (!s.client?.connected) continue;
      if (s.lock === 'unlocked') {
        // Wander: a gentle turn each second, at city speed; the battery drains while riding.
        s.heading += (Math.random() - 0.5) * 0.4;
        const metres = (speedKmh() / 3.6) * dt;
        s.lat += (Math.cos(s.heading) * metres) / 111_320;
        s.lng += (Math.sin(s.heading) * metres) / (111_320 * Math.cos((s.lat * Math.PI) / 180));
        s.chargePct = Math.max(0, s.chargePct - 0.01 * dt);
        if (s.rideUntil > 0 && now > s.rideUntil) {
          s.lock = 'locked';
          s.rideUntil = 0;
          report(s);
        }
      } else if (Math.random() < (rideChance / 60) * dt) {
        s.lock = 'unlocked';
        s.rideUntil = now + (3 + Math.random() * 12) * 60_000;
        report(s);
      }
      if (Math.random() < (0.002 / 60) * dt) {
        const code = ALARMS[Math.floor(Math.random() * ALARMS.length)] as string;
        publish(s, 'event', { ts: now, type: 'alarm', code, pos: { lat: s.lat, lng: s.lng } });
      }
      if (now >= s.nextReportAt) report(s);
    }
  }, opts.tickMs ?? 1000);

  return {
    stats,
    devices: states,
    async stop() {
      stopped = true;
      clearInterval(tick);
      await connecting.catch(() => undefined);
      // What the bridges gathered in this event-loop turn goes out first: counted as published, it must be sent
      // (a batch flushed after the connection began to close was dropped: 10,208 reports "lost" in bench:ingest).
      for (const { flush } of batchers.values()) flush();
      const clients = new Set([...states.map((s) => s.client), ...bridgeClients]);
      // Not forced: what was published goes out (and is acknowledged) before the connection closes, so a benchmark
      // can count every published message as sent.
      await Promise.all([...clients].map((c) => c?.endAsync(false).catch(() => undefined)));
    },
  };
}

export type Simulator = ReturnType<typeof startSimulator>;
