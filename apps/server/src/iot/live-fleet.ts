import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from '../adapters/messaging.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createJobRunner, enqueueJobs } from '../jobs/queue.ts';
import { createIotControlService, DISPATCH_JOB, type IotControlService } from '../modules/iot/control.service.ts';
import { tripJobRunner, tripJobs, tripWorker } from '../modules/trips/trips.jobs.ts';
import { type EmbeddedBroker, startEmbeddedBroker } from './broker.ts';
import { type DeviceCredentials, GATEWAY_USERNAME } from './credentials.ts';
import { type Gateway, startGateway } from './gateway.ts';
import { createIngest, type Ingest } from './ingest.ts';

/**
 * Everything that keeps the fleet live, started after the server listens and stopped before the database
 * closes: the embedded broker (unless MQTT_URL names one), the gateway, telemetry ingest and the job runners
 * (command retries in one lane, trip building in another, in a thread of its own with PostgreSQL). The API part
 * (control service) works without it: records are created and wait in the jobs table until some instance's runner
 * sends them.
 */
export interface LiveFleet {
  control: IotControlService;
  ingest: Ingest;
  credentials: DeviceCredentials;
  /** The broker devices connect to (mqtt://host:port), once started. */
  brokerUrl(): string | undefined;
  gateway(): Gateway | undefined;
  /** The embedded broker, when MQTT_URL is unset and the fleet has started. */
  embeddedBroker(): EmbeddedBroker | undefined;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createLiveFleet(opts: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  sms: SmsSender;
  credentials: DeviceCredentials;
}): LiveFleet {
  const { db, config, log, credentials } = opts;
  let broker: EmbeddedBroker | undefined;
  let gateway: Gateway | undefined;
  let url: string | undefined;
  const ingest = createIngest({ db, log });
  const control = createIotControlService({
    db,
    sms: opts.sms,
    ttlMs: config.iot.commandTtlMs,
    retryBaseMs: config.iot.retryBaseMs,
    // Not connected yet (or any more): the record stays pending and the job sends it on its next run.
    publisher: {
      publish: (deviceNo, channel, payload) => gateway?.publish(deviceNo, channel, payload) ?? Promise.resolve(false),
    },
  });
  const trips = tripJobs({ db });
  // Two lanes: command retries and timeouts are due to the second and must not wait behind a trip-building round,
  // which at a large fleet takes longer than a command's time-to-live.
  const runners = [
    createJobRunner({
      db,
      log,
      // A dispatch round is a few set-based statements whatever its size: large rounds keep up with bursts.
      batch: 500,
      handlers: { [DISPATCH_JOB]: { batch: (jobs) => control.dispatch(jobs) } },
    }),
    config.trips.builder === 'worker' && config.database.kind === 'postgres'
      ? tripWorker({ databaseUrl: config.database.url, logLevel: config.logLevel, log })
      : tripJobRunner({ db, log }),
  ];

  return {
    control,
    ingest,
    credentials,
    brokerUrl: () => url,
    gateway: () => gateway,
    embeddedBroker: () => broker,
    async start() {
      if (config.mqtt.url) {
        url = config.mqtt.url;
      } else {
        broker = await startEmbeddedBroker({
          host: config.host,
          port: config.mqtt.port,
          topicRoot: config.mqtt.topicRoot,
          maxPacketBytes: config.mqtt.maxPacketBytes,
          credentials,
          log,
        });
        url = `mqtt://${config.host}:${broker.port}`;
      }
      const external = config.mqtt.url !== undefined;
      gateway = await startGateway({
        url,
        username: external ? config.mqtt.username : GATEWAY_USERNAME,
        password: external ? config.mqtt.password : credentials.gatewayPassword(),
        topicRoot: config.mqtt.topicRoot,
        shareGroup: external ? 'fleetdesk-gateway' : null,
        clockSkewMs: config.iot.clockSkewMs,
        maxPacketBytes: config.mqtt.maxPacketBytes,
        clientId: external ? config.mqtt.clientId : undefined,
        sessionExpirySeconds: config.mqtt.sessionExpirySeconds,
        maxInFlight: config.mqtt.maxInFlight,
        ingest,
        control,
        log,
      });
      // Recurring jobs have a fixed key: every instance enqueues them, one row results.
      await enqueueJobs(db, trips.initial);
      for (const runner of runners) runner.start();
      log.info({ broker: url, embedded: !external }, 'live fleet started');
    },
    async stop() {
      await Promise.all(runners.map((runner) => runner.stop()));
      await gateway?.close();
      gateway = undefined;
      await broker?.close();
      broker = undefined;
      await ingest.flush();
    },
  };
}
