import { iotEndpoints as e } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { IotControlService } from './control.service.ts';

/** IoT control (document 1 §7.3): commands, configs, their records, device models and trust agents. */
export function iotRoutes(app: FastifyInstance, iot: IotControlService) {
  route(app, e.batchInvokeCommand, async ({ caller, body }) => ({
    createdCommandRecords: await iot.invokeCommand(caller, body),
  }));
  route(app, e.batchModifyConfig, async ({ caller, body }) => ({
    createdConfigRecords: await iot.modifyConfig(caller, body),
  }));
  route(app, e.commandRecords, ({ caller, query }) => iot.records(caller, 'command', query));
  route(app, e.commandRecord, async ({ caller, params }) => ({ data: await iot.record(caller, params.id) }));
  route(app, e.configRecords, ({ caller, query }) => iot.records(caller, 'config', query));
  route(app, e.sentRecords, async ({ caller, query }) => ({ data: await iot.sentRecords(caller, query.ids) }));
  route(app, e.ongoingUse, async ({ caller, body }) => ({ data: await iot.ongoingUse(caller, body.assetNos) }));
  route(app, e.configsByAssetNo, async ({ caller, body }) => ({
    data: await iot.configsByAssetNo(caller, body.assetNo),
  }));
  route(app, e.iotDeviceModels, async () => ({ data: [...iot.deviceModels()] }));
  route(app, e.assetIotModels, async () => ({ data: [...iot.assetIotModels()] }));
  route(app, e.composeCapability, async ({ body }) => ({ data: iot.composeCapability(body) }));
  route(app, e.trustAgentByDeviceNo, async ({ caller, query }) => ({
    data: await iot.trustAgent(caller, query.iotDeviceNo),
  }));
}
