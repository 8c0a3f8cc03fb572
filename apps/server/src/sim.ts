import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { deviceCredentials } from './iot/credentials.ts';
import { type SimDevice, startSimulator } from './iot/simulator.ts';
import { fleetDevices } from './iot/telemetry.repo.ts';
import { loadSecretsKey } from './lib/secret-box.ts';

/**
 * `npm run sim -- [options]`: simulated devices against a running server's broker.
 *   --from-db            the devices bound in DATABASE_URL (PostgreSQL; PGlite is held by the server)
 *   --devices N          otherwise N synthetic devices <prefix>000001… around Milano, Barcelona and Seoul
 *   --prefix SIM         their device number prefix; --vendor tbox makes them all one vendor (else mixed)
 *   --url mqtt://…       the broker (default: MQTT_URL, else the embedded broker on MQTT_PORT)
 *   --scale 1            report cycle multiplier (0.1 = ten times as often)
 *   --drop 0 --duplicate 0 --delay 0 --offline 0   reply faults and offline share
 *   --tick 1000          how often devices move and report (ms); --riding starts every device unlocked
 *   --pad 6              digits of the synthetic device numbers; --quiet prints only the final statistics
 *   --bridges N          relay all devices through N vendor-bridge connections instead of one connection per
 *                        device (for fleets beyond a process's sockets, up to 100,000 devices); each bridge
 *                        sends its devices' messages in batches, or one packet each with --unbatched
 *   --report-ids         the final statistics list the record ids the devices answered with success, and when
 *                        each record id first reached its device
 * Device passwords come from the same key as the server's (SECRETS_KEY or DATA_DIR/secrets.key).
 */
const { values } = parseArgs({
  options: {
    'from-db': { type: 'boolean', default: false },
    devices: { type: 'string', default: '100' },
    prefix: { type: 'string', default: 'SIM' },
    vendor: { type: 'string' },
    url: { type: 'string' },
    scale: { type: 'string', default: '1' },
    drop: { type: 'string', default: '0' },
    duplicate: { type: 'string', default: '0' },
    delay: { type: 'string', default: '0' },
    offline: { type: 'string', default: '0' },
    tick: { type: 'string', default: '1000' },
    riding: { type: 'boolean', default: false },
    pad: { type: 'string', default: '6' },
    quiet: { type: 'boolean', default: false },
    'report-ids': { type: 'boolean', default: false },
    bridges: { type: 'string', default: '0' },
    unbatched: { type: 'boolean', default: false },
  },
});

const config = loadConfig();
const credentials = deviceCredentials(loadSecretsKey({ secretsKey: config.secretsKey, dataDir: config.dataDir }));
const cities = [
  { lat: 45.4642, lng: 9.19 },
  { lat: 41.3874, lng: 2.1686 },
  { lat: 37.5665, lng: 126.978 },
];
const vendors = ['tbox', 'rybit-tag', 'rybit-box', 'okai'];

async function devices(): Promise<SimDevice[]> {
  if (values['from-db']) {
    const database = await openDatabase(config.database);
    try {
      return (await fleetDevices(database.db, 1_000_000)).map((d) => ({
        ...d,
        lock: d.lock === 'UNLOCKED' ? 'unlocked' : 'locked',
      }));
    } finally {
      await database.close();
    }
  }
  const n = Number(values.devices);
  return Array.from({ length: n }, (_, i) => {
    const city = cities[i % cities.length] as (typeof cities)[number];
    return {
      deviceNo: `${values.prefix}${String(i + 1).padStart(Number(values.pad), '0')}`,
      vendor: values.vendor ?? (vendors[i % vendors.length] as string),
      lat: city.lat + (Math.random() - 0.5) * 0.08,
      lng: city.lng + (Math.random() - 0.5) * 0.12,
      lock: values.riding ? ('unlocked' as const) : ('locked' as const),
    };
  });
}

const list = await devices();
const url = values.url ?? config.mqtt.url ?? `mqtt://${config.host}:${config.mqtt.port}`;
const sim = startSimulator({
  url,
  topicRoot: config.mqtt.topicRoot,
  password: (no) => credentials.devicePassword(no),
  devices: list,
  cycleScale: Number(values.scale),
  faults: {
    dropReplies: Number(values.drop),
    duplicateReplies: Number(values.duplicate),
    replyDelayMs: Number(values.delay),
    offline: Number(values.offline),
  },
  onError: () => undefined,
  tickMs: Number(values.tick),
  rideChancePerMinute: values.riding ? 0 : undefined,
  connectRate: 5000,
  trackIds: values['report-ids'],
  bridges:
    Number(values.bridges) > 0
      ? { count: Number(values.bridges), password: credentials.bridgePassword, unbatched: values.unbatched }
      : undefined,
});
console.log(`Simulating ${list.length} devices against ${url} (topic root ${config.mqtt.topicRoot}); Ctrl+C stops.`);
const report = setInterval(() => {
  const s = sim.stats;
  if (values.quiet) return;
  console.log(
    `connected ${s.connected}  published ${s.published}  commands ${s.commands}  replies ${s.repliesSent} (dropped ${s.repliesDropped})`,
  );
}, 5000);
/** How long a stop waits for the devices' connections to send what they published and close. */
const STOP_WAIT_MS = 60_000;
const stop = async () => {
  clearInterval(report);
  const { successIds, receivedAt, ...totals } = sim.stats;
  // The last line is machine-readable: benchmarks that run the simulator as a child read it.
  // Bounded: a connection that dies while closing can leave its end promise unsettled, and with nothing else
  // left to run the process would exit without the line a benchmark reads (a 100,000-device run did).
  const clean = await Promise.race([
    sim.stop().then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), STOP_WAIT_MS)),
  ]);
  const line = JSON.stringify({
    ...totals,
    stoppedCleanly: clean,
    ...(values['report-ids'] ? { successIds: [...successIds], receivedAt: Object.fromEntries(receivedAt) } : {}),
  });
  // A pipe is written asynchronously: exit only once the (long) line is out.
  process.stdout.write(`${line}\n`, () => process.exit(0));
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
