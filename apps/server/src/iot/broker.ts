import net from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { BRIDGE_PREFIX, type DeviceCredentials, GATEWAY_USERNAME } from './credentials.ts';
import { limitPacketSize, type PacketRefusal } from './packet-limit.ts';
import {
  DEVICE_NO_PATTERN,
  devicePublishChannels,
  deviceSubscribeChannels,
  parseBatchTopic,
  parseTopic,
} from './protocol.ts';

/**
 * The embedded broker (MQTT_URL unset): aedes on MQTT_PORT with the per-device access rules of
 * docs/device-protocol.md. A device publishes only its own telemetry, events, presence and replies and
 * subscribes only to its own command and config topics; the gateway is the only one who sends commands;
 * a vendor bridge relays for many devices, one by one or in batches on its own batch topic. The same rules are written as a Mosquitto ACL in the doc.
 */
type Role = { kind: 'gateway' } | { kind: 'bridge'; name: string } | { kind: 'device'; deviceNo: string };

export interface EmbeddedBroker {
  port: number;
  /** Connections closed for a packet above MQTT_MAX_PACKET_BYTES (or a malformed packet length). */
  stats: { refusedPackets: number };
  close(): Promise<void>;
}

const NOT_AUTHORIZED = 5;
/** At most one warning this often about refused packets: a misbehaving client reconnects and sends again. */
const REFUSAL_WARN_MS = 60_000;

export async function startEmbeddedBroker(opts: {
  host: string;
  port: number;
  topicRoot: string;
  /** The largest packet a client may send (bytes); a larger one closes its connection (packet-limit.ts). */
  maxPacketBytes: number;
  credentials: DeviceCredentials;
  log?: FastifyBaseLogger;
}): Promise<EmbeddedBroker> {
  const { topicRoot, credentials } = opts;
  const roles = new WeakMap<Client, Role>();
  const broker = await Aedes.createBroker({ drainTimeout: 30_000 });

  broker.authenticate = (client, username, password, done) => {
    const refuse = () => {
      const error = new Error('Not authorized') as AuthenticateError;
      error.returnCode = NOT_AUTHORIZED;
      done(error, false);
    };
    if (!username) return refuse();
    if (username === GATEWAY_USERNAME) {
      if (!credentials.matches(password, credentials.gatewayPassword())) return refuse();
      roles.set(client, { kind: 'gateway' });
      return done(null, true);
    }
    if (username.startsWith(BRIDGE_PREFIX)) {
      if (!credentials.matches(password, credentials.bridgePassword(username.slice(BRIDGE_PREFIX.length)))) {
        return refuse();
      }
      roles.set(client, { kind: 'bridge', name: username });
      return done(null, true);
    }
    // A device is its number: client id and user name must agree, so one device cannot take another's session.
    if (!DEVICE_NO_PATTERN.test(username) || client.id !== username) return refuse();
    if (!credentials.matches(password, credentials.devicePassword(username))) return refuse();
    roles.set(client, { kind: 'device', deviceNo: username });
    return done(null, true);
  };

  broker.authorizePublish = (client, packet, done) => {
    const role = client ? roles.get(client) : undefined;
    // A bridge's batch goes on its own topic only, so the gateway can tell who relayed it.
    if (role?.kind === 'bridge' && parseBatchTopic(topicRoot, packet.topic) === role.name) return done(null);
    const topic = parseTopic(topicRoot, packet.topic);
    if (!role || !topic) return done(new Error('Publishing there is not allowed'));
    const allowed =
      role.kind === 'gateway'
        ? topic.channel === 'cmd' || topic.channel === 'config'
        : devicePublishChannels.includes(topic.channel) && (role.kind === 'bridge' || topic.deviceNo === role.deviceNo);
    done(allowed ? null : new Error('Publishing there is not allowed'));
  };

  broker.authorizeSubscribe = (client, subscription, done) => {
    const role = client ? roles.get(client) : undefined;
    const prefix = `${topicRoot}/`;
    const filter = subscription.topic;
    let allowed = false;
    if (role?.kind === 'gateway') {
      allowed = filter.startsWith(prefix);
    } else if (role?.kind === 'bridge') {
      allowed = deviceSubscribeChannels.some((c) => filter === `${prefix}+/${c}`);
    } else if (role?.kind === 'device') {
      allowed = deviceSubscribeChannels.some((c) => filter === `${prefix}${role.deviceNo}/${c}`);
    }
    // Refusing one subscription answers it with a failure code (0x80) and keeps the connection.
    done(null, allowed ? subscription : null);
  };

  const stats = { refusedPackets: 0 };
  let lastWarning = Number.NEGATIVE_INFINITY;
  const refused = (remoteAddress: string | undefined) => (refusal: PacketRefusal) => {
    stats.refusedPackets++;
    const now = Date.now();
    const entry = { remoteAddress, ...refusal, limit: opts.maxPacketBytes, total: stats.refusedPackets };
    if (now - lastWarning < REFUSAL_WARN_MS) return opts.log?.debug(entry, 'MQTT packet refused, connection closed');
    lastWarning = now;
    opts.log?.warn(entry, 'MQTT packet refused, connection closed (warned at most once a minute)');
  };
  const server = net.createServer((socket) =>
    broker.handle(limitPacketSize(socket, opts.maxPacketBytes, refused(socket.remoteAddress))),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : opts.port,
    stats,
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
