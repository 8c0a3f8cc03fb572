import type { Db } from '../../db/client.ts';
import type { JobHandler, JobInput } from '../../jobs/queue.ts';
import { saveWatermark } from './trips.repo.ts';
import { buildTouchedTrips } from './trips.service.ts';

/** The one recurring trip builder: a fixed key, so every instance shares it and it never runs twice at once. */
export const TRIP_BUILD_JOB = 'trips.build';
/** How often trips follow the positions. */
export const TRIP_BUILD_EVERY_MS = 30_000;
/** A first run (no watermark yet) looks back this far. */
const FIRST_LOOKBACK_MS = 24 * 3_600_000;

/** Trip building's background jobs: handlers by kind, and the jobs to make sure exist at start-up. */
export function tripJobs({ db }: { db: Db }): { handlers: Record<string, JobHandler>; initial: JobInput[] } {
  const build: JobHandler = async (job) => {
    const startedAt = new Date();
    const since =
      typeof job.payload.since === 'string'
        ? new Date(job.payload.since)
        : new Date(startedAt.getTime() - FIRST_LOOKBACK_MS);
    await buildTouchedTrips(db, since, startedAt);
    await saveWatermark(db, job.id, startedAt);
    // A round that took long (a large fleet riding) is followed by a rest twice as long: trip building never takes
    // more than a third of the database's time from ingest and the API. Trips may lag (document 2 §9: up to 48 h).
    const took = Date.now() - startedAt.getTime();
    return { runAt: new Date(Date.now() + Math.max(TRIP_BUILD_EVERY_MS, 2 * took)) };
  };
  return {
    handlers: { [TRIP_BUILD_JOB]: build },
    initial: [{ kind: TRIP_BUILD_JOB, key: TRIP_BUILD_JOB }],
  };
}
