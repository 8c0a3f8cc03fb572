import { randomUUID } from 'node:crypto';
import { notifyUsers } from '../src/modules/notifications/notify.ts';
import { type Fixture, NOT_FOUND, type World } from './authorization-matrix.fixtures.ts';
import { call } from './harness.ts';

/**
 * The authorization matrix's fixtures for the notification endpoints. A notification is its recipient's own: any
 * signed-in user reaches these calls, and acts on their own rows only — another user's notification by id is 404
 * like a missing one, and never appears in their list. Column 4's caller is the recipient.
 */
export function notificationFixtures(): Record<string, Fixture> {
  /** A notification of a fresh user of partner A, its title the list's marker. */
  async function notified(w: World) {
    const recipient = await w.freshUser([w.partnerA]);
    const title = w.unique('Notification for the matrix');
    await w.t.database.db.transaction((tx) =>
      notifyUsers(tx, [recipient.id], {
        kind: 'ticketAssigned',
        title,
        link: `/b2c/service/ticket/detail/${randomUUID()}`,
        params: { ticketNo: 'T-MATRIX' },
        partnerId: w.partnerA,
      }),
    );
    const listed = await call(w.t.app, 'GET', '/account/notifications', { token: recipient.token });
    const row = (listed.json().data as { id: string; title: string }[]).find((n) => n.title === title);
    if (!row) throw new Error('the matrix notification was not written');
    return { recipient, title, id: row.id };
  }
  return {
    'GET /account/notifications': {
      class: 'own',
      build: async (w) => {
        const n = await notified(w);
        return { request: {}, marker: n.title, ownUser: async () => n.recipient };
      },
      otherPartner: { listed: false },
      own: { listed: true },
    },
    'GET /account/notifications/$unreadCount': {
      class: 'own',
      build: async () => ({ request: {} }),
      otherPartner: 'success',
    },
    'POST /account/notifications/:id/$read': {
      class: 'own',
      build: async (w) => {
        const n = await notified(w);
        return { request: { params: { id: n.id } }, ownUser: async () => n.recipient };
      },
      otherPartner: NOT_FOUND,
    },
    'POST /account/notifications/$readAll': {
      class: 'own',
      build: async () => ({ request: {} }),
      otherPartner: 'success',
    },
    // A stream stays open: the matrix reads it up to its first event (the caller's own unread count).
    'POST /account/notifications/$live': {
      class: 'own',
      build: async () => ({ request: { stream: true } }),
      otherPartner: 'success',
      noPermission: { status: 200 },
    },
    'GET /account/notification-settings': {
      class: 'own',
      build: async () => ({ request: {} }),
      otherPartner: 'success',
    },
    'PUT /account/notification-settings': {
      class: 'own',
      build: async () => ({
        request: { body: { kinds: { ticketAssigned: { inApp: true, email: true } }, dailyDigest: false } },
      }),
      otherPartner: 'success',
    },
  };
}
