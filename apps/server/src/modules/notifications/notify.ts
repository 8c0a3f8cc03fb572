import type { NotificationKind } from '@fleetdesk/contracts';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './notifications.repo.ts';

/**
 * What a module says happened. `title` and `body` are English (the e-mail's subject and text); `params` carries what
 * the console needs to word it in the reader's language (a ticket number, an order number…); `link` is a console path.
 */
export interface NotificationInput {
  kind: NotificationKind;
  title: string;
  body?: string | undefined;
  link?: string | undefined;
  params?: Record<string, unknown> | undefined;
  partnerId?: string | null | undefined;
}

function toRow(n: NotificationInput): repo.NewNotification {
  const body = n.body ?? null;
  return {
    kind: n.kind,
    title: n.title,
    body,
    link: n.link ?? null,
    params: n.params ?? {},
    partnerId: n.partnerId ?? null,
    mailBody: body ?? n.title,
  };
}

/**
 * Notifies these users (deleted ones are skipped) in the caller's transaction, so the notification exists exactly
 * when the event does. Each user's settings decide: the in-app row, an e-mail now, or a line in the daily digest.
 * Answers how many users it reached.
 */
export function notifyUsers(tx: DbOrTx, userIds: string[], n: NotificationInput): Promise<number> {
  return repo.deliverToUsers(tx, userIds, toRow(n));
}

/**
 * Notifies every live user holding `permission` (or base:admin) whose partner scope reaches `partnerId` (every
 * holder when null), in one statement inside the caller's transaction. Answers how many users it reached.
 */
export function notifyByPermission(
  tx: DbOrTx,
  to: { permission: string; partnerId: string | null },
  n: NotificationInput,
): Promise<number> {
  return repo.deliverByPermission(tx, to, toRow({ partnerId: to.partnerId, ...n }));
}
