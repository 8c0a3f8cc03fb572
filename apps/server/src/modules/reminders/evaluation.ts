import type { Db } from '../../db/client.ts';
import { notifyByPermission } from '../notifications/notify.ts';
import { type FiredCounts, fireDue } from './evaluation.repo.ts';

/** Where the log centre lives in the console: the notification links there. */
export const REMINDER_CENTRE_LINK = '/reminder/asset-timer-log-center/list';

function wording(c: FiredCounts): string {
  const parts = [
    c.overdue > 0 ? `${c.overdue} overdue` : null,
    c.due > 0 ? `${c.due} due` : null,
    c.upcoming > 0 ? `${c.upcoming} upcoming` : null,
  ].filter((p): p is string => p !== null);
  return `Maintenance reminders: ${parts.join(', ')}`;
}

/**
 * One evaluation round at `at` (tests pass a fake clock): the reminders that came due fire, and each partner's
 * staff who read the reminder log get one notification for the round with its counts — in the round's
 * transaction, so a fire and its notification exist together or not at all. `since` narrows the usage timers
 * read to those whose odometer or cycle moved since then (null: all). Answers the fires per partner.
 */
export async function evaluateReminders(
  db: Db,
  at: Date = new Date(),
  opts: { since?: Date | null } = {},
): Promise<FiredCounts[]> {
  return db.transaction(async (tx) => {
    const fired = await fireDue(tx, '*', at, opts.since ?? null);
    for (const c of fired) {
      await notifyByPermission(
        tx,
        { permission: 'work_reminder.log.read', partnerId: c.partner_id },
        {
          kind: 'reminder',
          title: wording(c),
          link: REMINDER_CENTRE_LINK,
          params: { due: c.due, overdue: c.overdue, upcoming: c.upcoming },
        },
      );
    }
    return fired;
  });
}
