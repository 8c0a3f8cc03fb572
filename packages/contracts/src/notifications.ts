import { z } from 'zod';
import { dataOf, id, isoDateTime, listOf, pageQuery } from './common.ts';
import { endpoint } from './endpoint.ts';

/**
 * In-app and e-mail notifications of the signed-in user (issue 23): the bell's list and unread count, marking read,
 * the live stream, and the user's own notification settings (document 1 §2.5 account settings, "notification").
 * Every call acts on the caller's own rows only; another user's notification answers 404 as a missing one.
 */

/** What a notification is about; the console words each kind from its `params` in the reader's language. */
export const notificationKinds = [
  'reminder',
  'ticketAssigned',
  'checkoutUndone',
  'depositRefundWaiting',
  'b2bTicketReported',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export const notificationKind = z.enum(notificationKinds);

export const notification = z.object({
  id,
  kind: notificationKind,
  /** English wording (the e-mail's subject); the console words it from kind and params instead. */
  title: z.string(),
  body: z.string().nullable(),
  /** A console path to the object (`/b2c/service/ticket/detail/…`). */
  link: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  partnerId: id.nullable(),
  readAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type Notification = z.infer<typeof notification>;

const queryBoolean = z
  .enum(['true', 'false'], { message: 'Must be true or false' })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

/** Newest first; `unread=true` keeps the unread ones only. */
export const notificationListQuery = pageQuery.extend({ unread: queryBoolean });
export type NotificationListQuery = z.input<typeof notificationListQuery>;

export const notificationChannels = z.strictObject({ inApp: z.boolean(), email: z.boolean() });
export type NotificationChannels = z.infer<typeof notificationChannels>;

/** No choice made yet: in-app on, e-mail off. */
export const DEFAULT_NOTIFICATION_CHANNELS: NotificationChannels = { inApp: true, email: false };

/**
 * The user's choices. `kinds` carries every kind in answers; a PUT may leave kinds out (they take the defaults).
 * With `dailyDigest` on, e-mails are gathered into one a day instead of one per notification.
 */
export const notificationSettings = z.object({
  kinds: z.record(notificationKind, notificationChannels),
  dailyDigest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const notificationSettingsInput = z.strictObject({
  kinds: z.partialRecord(notificationKind, notificationChannels),
  dailyDigest: z.boolean(),
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInput>;

/** The live stream ends itself after this long; the client opens a new one (any instance, session checked again). */
export const NOTIFICATION_LIVE_MAX_MS = 5 * 60_000;

/**
 * The events of the live stream (text/event-stream, `event:` the type, `data:` the JSON below):
 * - `state`: the unread count and the newest notification that just arrived (null in the first event, sent at once);
 * - `end`: the server closes the stream (time up, shutdown); reconnect.
 */
export const notificationLiveEvents = {
  state: z.object({ unread: z.number().int(), latest: notification.nullable() }),
  end: z.object({ reason: z.string() }),
};
export type NotificationLiveEvent = {
  [K in keyof typeof notificationLiveEvents]: { type: K; data: z.infer<(typeof notificationLiveEvents)[K]> };
}[keyof typeof notificationLiveEvents];

const common = { tag: 'notifications', requires: [] } as const;

export const notificationEndpoints = {
  list: endpoint({
    ...common,
    method: 'GET',
    path: '/account/notifications',
    summary: "The signed-in user's notifications, newest first (unread=true: the unread ones only)",
    query: notificationListQuery,
    response: listOf(notification),
  }),
  unreadCount: endpoint({
    ...common,
    method: 'GET',
    path: '/account/notifications/$unreadCount',
    summary: "How many of the signed-in user's notifications are unread",
    response: dataOf(z.object({ count: z.number().int() })),
  }),
  read: endpoint({
    ...common,
    method: 'POST',
    path: '/account/notifications/:id/$read',
    summary: 'Marks one of your notifications read (another user’s answers 404)',
    params: z.strictObject({ id }),
    response: dataOf(notification),
  }),
  readAll: endpoint({
    ...common,
    method: 'POST',
    path: '/account/notifications/$readAll',
    summary: 'Marks all your notifications read; answers how many were unread',
    response: dataOf(z.object({ updated: z.number().int() })),
  }),
  live: endpoint({
    ...common,
    method: 'POST',
    path: '/account/notifications/$live',
    summary:
      'Server-sent events: the unread count at once, then the count and the newest notification whenever one lands for you',
    /** text/event-stream; the events are notificationLiveEvents. */
    response: z.unknown(),
  }),
  settings: endpoint({
    ...common,
    method: 'GET',
    path: '/account/notification-settings',
    summary: 'Your notification settings: per kind in-app and e-mail, and the daily digest',
    response: dataOf(notificationSettings),
  }),
  updateSettings: endpoint({
    ...common,
    method: 'PUT',
    path: '/account/notification-settings',
    summary: 'Replaces your notification settings (kinds left out take the defaults: in-app on, e-mail off)',
    body: notificationSettingsInput,
    response: dataOf(notificationSettings),
  }),
};
