import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows } from '../apps/server/src/db/sql.ts';
import { benchDatabase, machine, quantile } from './common.ts';
import { BROKER, sleep, spawnSimulator, startBenchServer } from './live-fleet.ts';

/**
 * npm run bench:commands — commands with a guaranteed outcome (issue 5 "Performance").
 *
 * BENCH_DEVICES (default 2,000) simulated tbox devices connect to the embedded broker of a server on a fresh
 * PostgreSQL database; 1 % stay offline, 15 % of replies are dropped and 15 % duplicated. Five commands go to
 * every device through POST /api/asset-iot/control/batch-invoke-command, 100 assets per request, 8 requests
 * at a time. Measured: records accepted per second (HTTP), records dispatched per second (first arrival at the
 * device, as the simulator saw it), and,
 * polling every 100 ms, when each record reached its final status against its expiresAt. Targets: ≥ 500/s
 * accepted and dispatched; 100 % final within TTL + 1 s; no success the device did not send.
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 2000);
const TTL_MS = Number(process.env.BENCH_TTL_MS ?? 15_000);
const COMMANDS = ['device.beep', 'light.turn_on', 'light.turn_off', 'tbox.status_report', 'iot.wake'] as const;
const CONCURRENCY = 8;

const SECRETS_KEY = randomBytes(32).toString('base64');
const server = await startBenchServer({
  databaseUrl: (await benchDatabase('fleetdesk_bench_commands', { fresh: true })).url,
  devices: DEVICES,
  prefix: 'BC',
  env: { IOT_COMMAND_TTL_MS: String(TTL_MS), IOT_RETRY_BASE_MS: '1000', SECRETS_KEY },
});
// Reports are not what this measures: the devices stay parked (a report every hour).
const sim = spawnSimulator(
  [
    `--devices=${DEVICES}`,
    '--prefix=BC',
    '--pad=7',
    '--vendor=tbox',
    '--scale=12',
    '--offline=0.01',
    '--drop=0.15',
    '--duplicate=0.15',
    '--report-ids',
    `--url=${server.app.liveFleet.brokerUrl()}`,
  ],
  { SECRETS_KEY },
);
const expected = Math.floor(DEVICES * 0.97);
let online = 0;
for (let i = 0; i < 600 && online < expected; i++) {
  await sleep(200);
  online = Number(
    (
      await rows<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from iot_devices where presence = 'online'`,
      )
    )[0]?.n,
  );
}
console.log(`${online} of ${DEVICES} devices online (1 % offline by design)`);

const assetNos = server.deviceNos.map((_, i) => `BCA${String(i + 1).padStart(7, '0')}`);
const batches: { command: string; assetNos: string[] }[] = [];
for (const command of COMMANDS) {
  for (let i = 0; i < assetNos.length; i += 100) batches.push({ command, assetNos: assetNos.slice(i, i + 100) });
}
const total = batches.length * 100;
const started = Date.now();
let next = 0;
let accepted = 0;
let refused = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < batches.length) {
      const batch = batches[next++] as (typeof batches)[number];
      const res = await fetch(`${server.baseUrl}/asset-iot/control/batch-invoke-command`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
        body: JSON.stringify(batch),
      });
      if (res.ok) accepted += ((await res.json()) as { createdCommandRecords: unknown[] }).createdCommandRecords.length;
      else refused++;
    }
  }),
);
const acceptSeconds = (Date.now() - started) / 1000;

// Follow each record to its final status.
const firstFinal = new Map<string, number>();
for (;;) {
  const now = Date.now();
  const states = await rows<{ id: string; status: string; attempts: number }>(
    server.database.db,
    sql`select id, status, attempts from iot_control_records`,
  );
  for (const s of states) if (s.status !== 'pending' && !firstFinal.has(s.id)) firstFinal.set(s.id, now);
  if (states.length >= total && states.every((s) => s.status !== 'pending')) break;
  if (now - started > TTL_MS * 4 + 60_000) break;
  await sleep(100);
}
const records = await rows<{
  id: string;
  status: string;
  expires_at: Date;
  requested_at: Date;
  attempts: number;
}>(server.database.db, sql`select id, status, expires_at, requested_at, attempts from iot_control_records`);
const late = records.filter(
  (r) => (firstFinal.get(r.id) ?? Number.POSITIVE_INFINITY) > new Date(r.expires_at).getTime() + 1000,
);
const simResult = await sim.result<{ successIds: string[]; receivedAt: Record<string, number> }>();
const answered = new Set(simResult.successIds);
// Dispatched, as the devices saw it: when each record first reached its device (offline devices get nothing).
const receivedAt = Object.values(simResult.receivedAt);
const dispatchSeconds = (Math.max(...receivedAt) - started) / 1000;
const firstSendMs = records
  .filter((r) => simResult.receivedAt[r.id] !== undefined)
  .map((r) => (simResult.receivedAt[r.id] as number) - new Date(r.requested_at).getTime());
const falseSuccess = records.filter((r) => r.status === 'successful' && !answered.has(r.id));
const byStatus = Object.fromEntries(
  [...new Set(records.map((r) => r.status))].map((s) => [s, records.filter((r) => r.status === s).length]),
);
const settleMs = records.map((r) => (firstFinal.get(r.id) ?? 0) - new Date(r.requested_at).getTime());

console.log(`\nbench:commands — ${BROKER} broker, ${DEVICES} devices, TTL ${TTL_MS} ms — ${machine()}`);
console.log(
  `records: ${records.length} of ${total} (refused requests: ${refused}); by status ${JSON.stringify(byStatus)}`,
);
console.log(
  `accepted: ${(accepted / acceptSeconds).toFixed(0)} records/s (${accepted} in ${acceptSeconds.toFixed(1)} s)`,
);
console.log(
  `dispatched: ${(receivedAt.length / dispatchSeconds).toFixed(0)} records/s (${receivedAt.length} reached their devices within ${dispatchSeconds.toFixed(1)} s; request to device p50 ${quantile(firstSendMs, 0.5)} ms, p99 ${quantile(firstSendMs, 0.99)} ms)`,
);
console.log(`final within TTL + 1 s: ${records.length - late.length} of ${records.length} (late: ${late.length})`);
console.log(`time to final status p50 ${quantile(settleMs, 0.5)} ms, p99 ${quantile(settleMs, 0.99)} ms`);
console.log(`false successes: ${falseSuccess.length}`);
await server.close();
process.exit(late.length === 0 && falseSuccess.length === 0 && records.length === total ? 0 : 1);
