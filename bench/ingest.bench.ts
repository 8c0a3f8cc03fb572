import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rows } from '../apps/server/src/db/sql.ts';
import { benchDatabase, machine, quantile } from './common.ts';
import { BROKER, fleetSimulatorArgs, sleep, spawnSimulator, startBenchServer } from './live-fleet.ts';

/**
 * npm run bench:ingest — telemetry from simulator to PostgreSQL (issue 5 "Performance").
 *
 * BENCH_DEVICES (default 10,000) simulated devices report every BENCH_CYCLE_MS (default 500 ms) — a target of
 * devices × 1000 / cycle messages per second — for BENCH_SECONDS (default 60; the issue's sustained run is
 * 600) through the broker (Mosquitto by default, BENCH_BROKER=embedded for aedes) into the server's gateway and
 * batched ingest on a fresh PostgreSQL database. Measured: messages written per second, messages lost
 * (published by the devices at QoS 1 − written), and the delay from a report's timestamp to the commit that made
 * it visible to the asset query (p50, p99). BENCH_BRIDGES=N relays the devices through N vendor-bridge
 * connections (the way 100,000 devices fit in one simulator process); BENCH_DATABASE=pglite ingests into the
 * embedded database (in memory) instead of PostgreSQL.
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const CYCLE_MS = Number(process.env.BENCH_CYCLE_MS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const BRIDGES = Number(process.env.BENCH_BRIDGES ?? 0);
const PGLITE = process.env.BENCH_DATABASE === 'pglite';
/** BENCH_UNBATCHED=1: bridges send one MQTT packet per message instead of batches (to compare the two). */
const UNBATCHED = process.env.BENCH_UNBATCHED === '1';

const SECRETS_KEY = randomBytes(32).toString('base64');
const server = await startBenchServer({
  databaseUrl: PGLITE ? 'memory://' : (await benchDatabase('fleetdesk_bench_ingest', { fresh: true })).url,
  devices: DEVICES,
  prefix: 'BI',
  // BENCH_TRIP_BUILDER=inline|worker: where trips are built (the server's default: worker on PostgreSQL).
  env: { SECRETS_KEY, ...(process.env.BENCH_TRIP_BUILDER ? { TRIP_BUILDER: process.env.BENCH_TRIP_BUILDER } : {}) },
});
const fleet = server.app.liveFleet;
const delays: number[] = [];
let written = 0;
let measuring = false;
fleet.ingest.onWritten = ({ reportedAt }) => {
  const now = Date.now();
  written += reportedAt.length;
  // A sample is enough for the percentiles and keeps memory flat over a long run.
  if (measuring) for (let i = 0; i < reportedAt.length; i += 10) delays.push(now - (reportedAt[i] as number));
};

const sim = spawnSimulator(
  fleetSimulatorArgs({
    devices: DEVICES,
    prefix: 'BI',
    cycleMs: CYCLE_MS,
    url: fleet.brokerUrl() as string,
    bridges: BRIDGES,
    unbatched: UNBATCHED,
  }),
  { SECRETS_KEY },
);

// Warm-up: the fleet connects and the first reports arrive.
for (let i = 0; i < 1200 && written < DEVICES; i++) await sleep(100);
// BENCH_WARMUP_SECONDS more before measuring: with 100,000 devices the first reports of every device and the trip
// builder's first round over as many new rides are a start-up burst, not the sustained rate the target is about.
await sleep(Number(process.env.BENCH_WARMUP_SECONDS ?? 3) * 1000);
/** Checkpoints so far: each one makes the next change of every hot page a full page in the WAL. */
const checkpoints = async () =>
  PGLITE
    ? 0
    : ((
        await rows<{ n: number }>(
          server.database.db,
          sql`select (checkpoints_timed + checkpoints_req)::int as n from pg_stat_bgwriter`,
        )
      )[0]?.n ?? 0);
const checkpointsBefore = await checkpoints();
console.log(`fleet reporting; measuring for ${SECONDS} s from ${new Date().toISOString()}`);
measuring = true;
// The gateway's and ingest's event loop: what a trip round in it (TRIP_BUILDER=inline) takes from them.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const writtenBefore = written;
const started = Date.now();
const perSecond: number[] = [];
for (let s = 0; s < SECONDS; s++) {
  const w = written;
  await sleep(1000);
  perSecond.push(written - w);
}
const seconds = (Date.now() - started) / 1000;
const windowCheckpoints = (await checkpoints()) - checkpointsBefore;
const windowWritten = written - writtenBefore;
measuring = false;
loopDelay.disable();
const {
  telemetry: telemetryPublished,
  batches,
  stoppedCleanly,
} = await sim.result<{
  telemetry: number;
  batches: number;
  stoppedCleanly: boolean;
}>();
// Let the gateway drain what is in flight before counting losses.
for (let i = 0; i < 150; i++) {
  const w = written;
  await sleep(200);
  if (written === w && i > 5) break;
}
console.log(
  `\nbench:ingest — ${BROKER} broker, ${PGLITE ? 'PGlite' : 'PostgreSQL'}, ${DEVICES} devices every ${CYCLE_MS} ms${BRIDGES ? ` through ${BRIDGES} bridges (${UNBATCHED ? 'a packet per message' : `${batches} batches`})` : ''}, ${SECONDS} s — ${machine()}`,
);
console.log(`written ${windowWritten} in the window: ${(windowWritten / seconds).toFixed(0)} messages/s`);
console.log(
  `written per second: min ${Math.min(...perSecond)}, median ${quantile(perSecond, 0.5)}, max ${Math.max(...perSecond)}`,
);
console.log(
  `published in all ${telemetryPublished}, written in all ${written}: lost ${Math.max(0, telemetryPublished - written)} (malformed ${fleet.gateway()?.stats.malformed ?? 0}, unknown ${fleet.ingest.stats.unknownDevice}, failed batches ${fleet.ingest.stats.failedBatches})`,
);
if (telemetryPublished > written && BROKER === 'mosquitto') {
  // Seen on 2026-11-29: the machine's Mosquitto kept its default queue of 1,000 packets for the gateway and dropped
  // the overflow of the start-up wave (docs/performance.md, "the issue's run on a fast machine").
  console.log(
    "reports were lost: if Mosquitto's log says 'Outgoing messages are being dropped', raise max_queued_messages and max_queued_bytes as docs/deploy/mosquitto.conf does",
  );
}
if (!stoppedCleanly) {
  console.log(
    'the simulator could not close its connections within a minute: some of what it published may never have left it',
  );
}
if (process.env.BENCH_VERBOSE === '1') console.log(`written each second: ${perSecond.join(' ')}`);
console.log(`report → visible: p50 ${quantile(delays, 0.5)} ms, p99 ${quantile(delays, 0.99)} ms`);
console.log(
  `trips built ${server.config.trips.builder}; the server's event loop delay in the window: p50 ${(loopDelay.percentile(50) / 1e6).toFixed(0)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms, max ${(loopDelay.max / 1e6).toFixed(0)} ms`,
);
// The trip job runs alongside ingest all the while (the riding fleet keeps every trip open): what it kept up with.
const [tripFigures] = await rows<{ trips: number; open: number; cursors: number; points: number }>(
  server.database.db,
  sql`select count(*)::int as trips, (count(*) filter (where status <> 'finished'))::int as open,
        (select count(*)::int from trip_cursors) as cursors, coalesce(sum(point_count), 0)::int as points from trips`,
);
console.log(
  `trips: ${tripFigures?.trips} (${tripFigures?.open} open), ${tripFigures?.cursors} cursors, ${tripFigures?.points} fixes counted in trips`,
);
if (!PGLITE) {
  // The database's memory and checkpoint settings decide how much of the trail index stays in memory: print them.
  const [settings] = await rows<{
    sharedBuffers: string;
    maxWalSize: string;
    checkpointTimeout: string;
    walCompression: string;
    jit: string;
  }>(
    server.database.db,
    sql`select current_setting('shared_buffers') as "sharedBuffers", current_setting('max_wal_size') as "maxWalSize",
          current_setting('checkpoint_timeout') as "checkpointTimeout",
          current_setting('wal_compression') as "walCompression", current_setting('jit') as jit`,
  );
  console.log(
    `PostgreSQL: shared_buffers ${settings?.sharedBuffers}, max_wal_size ${settings?.maxWalSize}, checkpoint_timeout ${settings?.checkpointTimeout}, wal_compression ${settings?.walCompression}, jit ${settings?.jit}; ${windowCheckpoints} checkpoint(s) started in the window`,
  );
}
await server.close();
process.exit(0);
