import type { Db } from '../../db/client.ts';
import type { JobHandler, JobInput } from '../../jobs/queue.ts';
import * as repo from './notifications.repo.ts';

/**
 * The daily digest: shortly after each UTC midnight one e-mail per user with the digest on, listing the previous
 * day's notifications of the kinds they take by e-mail. A recurring job with a fixed key (like billing), so every
 * instance enqueues it and one claims each round; the e-mails are one statement that skips users whose digest of
 * that day is already queued, so a round run twice (a crash before the job was rescheduled) sends nothing twice.
 */
export const DIGEST_JOB = 'notifications.digest';
/** Minutes after midnight: late-committing notifications of the day are in by then. */
const DIGEST_DELAY_MS = 5 * 60_000;
const DAY_MS = 24 * 3_600_000;

const dayStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

export function createNotificationDigest(deps: { db: Db }) {
  /** Sends the digest of the UTC day before `now`; answers how many e-mails went out. */
  function send(now: Date): Promise<number> {
    const to = dayStart(new Date(now.getTime() - DIGEST_DELAY_MS));
    const from = new Date(to.getTime() - DAY_MS);
    const day = from.toISOString().slice(0, 10);
    return repo.sendDigests(
      deps.db,
      { from, to, day },
      `Your Fleetdesk notifications of ${day}`,
      `Your Fleetdesk notifications of ${day} (times in UTC):`,
    );
  }

  /** The next round: DIGEST_DELAY_MS after the coming UTC midnight. */
  const nextRun = (now: Date) =>
    new Date(dayStart(new Date(now.getTime() - DIGEST_DELAY_MS)).getTime() + DAY_MS + DIGEST_DELAY_MS);

  const handlers: Record<string, JobHandler> = {
    [DIGEST_JOB]: async () => {
      const now = new Date();
      await send(now);
      return { runAt: nextRun(now) };
    },
  };
  const initial: JobInput[] = [{ kind: DIGEST_JOB, key: DIGEST_JOB }];
  return { send, nextRun, handlers, initial };
}

export type NotificationDigest = ReturnType<typeof createNotificationDigest>;
