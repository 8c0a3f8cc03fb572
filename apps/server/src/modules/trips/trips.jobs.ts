import type { Db } from '../../db/client.ts';
import type { JobHandler, JobInput } from '../../jobs/queue.ts';

/** Trip building's background jobs: handlers by kind, and the jobs to make sure exist at start-up. */
export function tripJobs(_deps: { db: Db }): { handlers: Record<string, JobHandler>; initial: JobInput[] } {
  return { handlers: {}, initial: [] };
}
