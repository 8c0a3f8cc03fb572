import { startSimulator } from '../apps/server/src/iot/simulator.ts';
import { BROKER, freshPg, machine, percentile, sleep, startBenchServer, TOPIC_ROOT } from './live-fleet.ts';

/**
 * npm run bench:ingest — telemetry from simulator to PostgreSQL (issue 5 "Performance").
 *
 * BENCH_DEVICES (default 10,000) simulated devices report every BENCH_CYCLE_MS (default 500 ms) — a target of
 * devices × 1000 / cycle messages per second — for BENCH_SECONDS (default 60; the sustained run is
 * 600) through the broker (Mosquitto by default, BENCH_BROKER=embedded for aedes) into the server's gateway and
 * batched ingest on a fresh PostgreSQL database. Measured: messages written per second, messages lost
 * (published by the devices at QoS 1 − written), and the delay from a report's timestamp to the commit that made
 * it visible to the asset query (p50, p99).
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const CYCLE_MS = Number(process.env.BENCH_CYCLE_MS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);

const server = await startBenchServer({
  databaseUrl: await freshPg('fleetdesk_bench_ingest'),
  devices: DEVICES,
  prefix: 'BI',
});
const fleet = server.app.liveFleet;
const delays: number[] = [];
let written = 0;
fleet.ingest.onWritten = ({ reportedAt }) => {
  const now = Date.now();
  written += reportedAt.length;
  // A sample is enough for the percentiles and keeps memory flat over a long run.
  for (let i = 0; i < reportedAt.length; i += 10) delays.push(now - (reportedAt[i] as number));
};

const sim = startSimulator({
  url: fleet.brokerUrl() as string,
  topicRoot: TOPIC_ROOT,
  password: (no) => fleet.credentials.devicePassword(no),
  devices: server.deviceNos.map((deviceNo, i) => ({
    deviceNo,
    vendor: 'tbox',
    lat: 45.4 + (i % 100) * 0.001,
    lng: 9.1 + Math.floor(i / 100) * 0.001,
    // Riding: tbox reports every 10 s while riding, scaled down to the bench's cycle.
    lock: 'unlocked',
  })),
  cycleScale: CYCLE_MS / 10_000,
  rideChancePerMinute: 0,
  connectRate: 5000,
  tickMs: 100,
});
for (let i = 0; i < 1200 && sim.stats.connected < DEVICES; i++) await sleep(100);
console.log(`${sim.stats.connected} of ${DEVICES} devices connected; measuring for ${SECONDS} s`);
await sleep(3000);
const publishedBefore = sim.stats.published;
const writtenBefore = written;
delays.length = 0;
const started = Date.now();
const perSecond: number[] = [];
for (let s = 0; s < SECONDS; s++) {
  const w = written;
  await sleep(1000);
  perSecond.push(written - w);
}
const seconds = (Date.now() - started) / 1000;
const published = sim.stats.published - publishedBefore;
// Stop the devices, then let the gateway drain what is in flight before counting losses.
await sim.stop();
for (let i = 0; i < 100; i++) {
  const w = written;
  await sleep(200);
  if (written === w) break;
}
const writtenTotal = written - writtenBefore;
console.log(`\nbench:ingest — ${BROKER} broker, ${DEVICES} devices every ${CYCLE_MS} ms, ${SECONDS} s — ${machine()}`);
console.log(
  `published ${published} (${(published / seconds).toFixed(0)}/s), written ${writtenTotal} (${(writtenTotal / seconds).toFixed(0)}/s)`,
);
console.log(
  `written per second: min ${Math.min(...perSecond)}, median ${percentile(perSecond, 50)}, max ${Math.max(...perSecond)}`,
);
console.log(
  `lost: ${Math.max(0, published - writtenTotal)} (malformed ${fleet.gateway()?.stats.malformed ?? 0}, unknown ${fleet.ingest.stats.unknownDevice}, failed batches ${fleet.ingest.stats.failedBatches})`,
);
console.log(`report → visible: p50 ${percentile(delays, 50)} ms, p99 ${percentile(delays, 99)} ms`);
await server.close();
process.exit(0);
