import { notificationEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { sendEventStream } from '../../lib/sse.ts';
import type { NotificationService } from './notifications.service.ts';

/** The bell and the notification part of account settings: every call acts on the caller's own rows. */
export function notificationRoutes(app: FastifyInstance, notifications: NotificationService) {
  // Before the server waits for open connections to end: a stream would hold it for minutes.
  app.addHook('preClose', async () => notifications.closeAll());
  route(app, e.list, async ({ caller, query }) => notifications.list(caller, query));
  route(app, e.unreadCount, async ({ caller }) => ({ data: await notifications.unreadCount(caller) }));
  route(app, e.read, async ({ caller, params }) => ({ data: await notifications.read(caller, params.id) }));
  route(app, e.readAll, async ({ caller }) => ({ data: await notifications.readAll(caller) }));
  route(app, e.settings, async ({ caller }) => ({ data: await notifications.settings(caller) }));
  route(app, e.updateSettings, async ({ caller, body }) => ({
    data: await notifications.updateSettings(caller, body),
  }));
  route(app, e.live, async ({ caller, request, reply }) => {
    const stream = await notifications.live(caller);
    request.log.debug({ userId: caller.userId }, 'notification stream opened');
    return sendEventStream(reply, stream);
  });
}
