import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import { openDatabase } from '../../db/client.ts';
import { TRIP_WORKER_APPLICATION, TRIP_WORKER_STOP, type TripWorkerData, tripJobRunner } from './trips.jobs.ts';

/**
 * The trip builder's thread (TRIP_BUILDER=worker): the trips lane of the job queue with a pool of its own. It claims
 * `trips.build` like any instance would, so several nodes still build each round once. On TRIP_WORKER_STOP it ends
 * its round, closes its pool and lets the thread end.
 */
const { databaseUrl, logLevel } = workerData as TripWorkerData;
const log = pino({ level: logLevel, base: { thread: 'trips' } });
// Two connections: the claim and the round's statements, one after the other. Named by the process, so an operator
// (or a test) can tell each node's thread in pg_stat_activity.
const database = await openDatabase(
  { kind: 'postgres', url: databaseUrl },
  { poolSize: 2, applicationName: `${TRIP_WORKER_APPLICATION}-${process.pid}` },
);
const runner = tripJobRunner({ db: database.db, log });
runner.start();
log.info('trip builder started in its own thread');
parentPort?.on('message', (message) => {
  if (message !== TRIP_WORKER_STOP) return;
  void runner
    .stop()
    .then(() => database.close())
    .finally(() => parentPort?.close());
});
