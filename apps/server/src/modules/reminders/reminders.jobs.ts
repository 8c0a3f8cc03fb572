import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createJobRunner, type JobHandler, type JobInput, type JobRunner } from '../../jobs/queue.ts';
import { saveWatermark } from '../trips/trips.repo.ts';
import { evaluateReminders } from './evaluation.ts';

/** The one recurring evaluation: a fixed key, so every instance shares it and one round runs at a time. */
export const REMINDER_EVALUATE_JOB = 'reminders.evaluate';
/**
 * Usage timers are read again when their odometer or cycle moved since the previous round's start less this: a
 * trip write or reset whose transaction began before that start but committed after it still has its rows read.
 */
const SINCE_MARGIN_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The reminder evaluation's lane: main.ts starts it and enqueues `initial`. */
    reminders: { jobs: JobRunner; initial: JobInput[] };
  }
}

/** The evaluation job: a handler by kind and the job to make sure exists at start-up. */
export function reminderJobs({ db, everyMs }: { db: Db; everyMs: number }): {
  handlers: Record<string, JobHandler>;
  initial: JobInput[];
} {
  const evaluate: JobHandler = async (job) => {
    const startedAt = new Date();
    const previous = typeof job.payload.since === 'string' ? new Date(job.payload.since) : null;
    await evaluateReminders(db, startedAt, {
      since: previous ? new Date(previous.getTime() - SINCE_MARGIN_MS) : null,
    });
    await saveWatermark(db, job.id, startedAt);
    return { runAt: new Date(startedAt.getTime() + everyMs) };
  };
  return {
    handlers: { [REMINDER_EVALUATE_JOB]: evaluate },
    initial: [{ kind: REMINDER_EVALUATE_JOB, key: REMINDER_EVALUATE_JOB }],
  };
}

/** Its own lane (a round over a large fleet may take seconds): decorated as `app.reminders`, stopped on close. */
export function registerReminderJobs(app: FastifyInstance, deps: { db: Db; everyMs: number }) {
  const { handlers, initial } = reminderJobs(deps);
  const jobs = createJobRunner({ db: deps.db, log: app.log, handlers, pollMs: Math.min(1000, deps.everyMs) });
  app.decorate('reminders', { jobs, initial });
  app.addHook('onClose', () => jobs.stop());
}
