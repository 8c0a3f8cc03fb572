import { operationSettingEndpoints as op, smsServiceEndpoints as sms } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { OperationService } from './operations.service.ts';

export function operationRoutes(app: FastifyInstance, operations: OperationService) {
  route(app, op.list, ({ caller, query }) => operations.list(caller, query));
  route(app, op.get, async ({ caller, params }) => ({ data: await operations.get(caller, params.id) }));
  route(app, op.create, async ({ caller, body }) => ({ data: await operations.create(caller, body) }));
  route(app, op.update, async ({ caller, params, body }) => ({
    data: await operations.update(caller, params.id, body),
  }));
  route(app, op.confirm, async ({ caller, params }) => ({ data: await operations.confirm(caller, params.id) }));
  route(app, op.remove, async ({ caller, params }) => {
    await operations.remove(caller, params.id);
    return { data: null };
  });

  route(app, sms.list, ({ caller }) => operations.listSms(caller));
  route(app, sms.get, async ({ caller, params }) => ({ data: await operations.getSms(caller, params.partnerId) }));
  route(app, sms.put, async ({ caller, params, body }) => ({
    data: await operations.putSms(caller, params.partnerId, body),
  }));
  route(app, sms.remove, async ({ caller, params }) => {
    await operations.removeSms(caller, params.partnerId);
    return { data: null };
  });
}
