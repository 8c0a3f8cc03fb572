import {
  DEFAULT_NOTIFICATION_CHANNELS,
  type Notification,
  type NotificationChannels,
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsInput,
  notificationKinds,
} from '@fleetdesk/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { createNotificationLive } from './notifications.live.ts';
import * as repo from './notifications.repo.ts';

export function toNotification(r: repo.NotificationRow): Notification {
  return {
    id: r.id,
    kind: r.kind as NotificationKind,
    title: r.title,
    body: r.body,
    link: r.link,
    params: r.params ?? {},
    partnerId: r.partner_id,
    readAt: toIsoOrNull(r.read_at),
    createdAt: toIso(r.created_at),
  };
}

/** Every kind with the user's choice or the default. */
export function settingsFrom(row: repo.SettingsRow | undefined): NotificationSettings {
  const kinds = Object.fromEntries(
    notificationKinds.map((k) => [k, { ...DEFAULT_NOTIFICATION_CHANNELS, ...row?.kinds?.[k] }]),
  ) as Record<NotificationKind, NotificationChannels>;
  return { kinds, dailyDigest: row?.daily_digest === 'on' };
}

/** The signed-in user's own notifications and settings; nothing here reads or writes another user's rows. */
export function createNotificationService(deps: { db: Db; log: FastifyBaseLogger; pollMs?: number }) {
  const { db } = deps;
  const live = createNotificationLive({ db, log: deps.log, toNotification, pollMs: deps.pollMs });

  return {
    async list(caller: Caller, q: { pageNo: number; pageSize: number; unread?: boolean | undefined }) {
      const { rows, count } = await repo.list(db, caller.userId, {
        unread: q.unread === true,
        limit: q.pageSize,
        offset: (q.pageNo - 1) * q.pageSize,
      });
      return { data: rows.map(toNotification), count };
    },

    async unreadCount(caller: Caller) {
      const counts = await repo.unreadCounts(db, [caller.userId]);
      return { count: counts.get(caller.userId) ?? 0 };
    },

    /** Another user's notification is not found, exactly as a missing one. */
    async read(caller: Caller, id: string) {
      const row = await repo.markRead(db, caller.userId, id);
      if (!row) throw notFound();
      return toNotification(row);
    },

    async readAll(caller: Caller) {
      return { updated: await repo.markAllRead(db, caller.userId) };
    },

    async settings(caller: Caller) {
      return settingsFrom(await repo.settingsOf(db, caller.userId));
    },

    /** Replaces the settings; kinds left out take the defaults, so every kind is stored explicitly. */
    async updateSettings(caller: Caller, input: NotificationSettingsInput) {
      const settings = settingsFrom({ kinds: input.kinds, daily_digest: input.dailyDigest ? 'on' : 'off' });
      await repo.saveSettings(db, caller.userId, {
        kinds: settings.kinds,
        daily_digest: settings.dailyDigest ? 'on' : 'off',
      });
      return settings;
    },

    live: (caller: Caller) => live.open(caller.userId),
    closeAll: () => live.closeAll(),
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
