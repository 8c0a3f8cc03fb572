import { customerInfoEndpoints, settingsConfigEndpoints } from '@fleetdesk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import type { SettingsConfigService } from './settings-config.service.ts';

export function settingsConfigRoutes(app: FastifyInstance, settings: SettingsConfigService) {
  route(app, settingsConfigEndpoints.get, async () => ({ data: await settings.getConfig() }));
  route(app, settingsConfigEndpoints.create, async ({ caller, body }) => ({
    data: await settings.createConfig(caller, body),
  }));
  route(app, settingsConfigEndpoints.update, async ({ caller, body }) => ({
    data: await settings.updateConfig(caller, body),
  }));
  route(app, customerInfoEndpoints.get, async () => ({ data: await settings.getCustomerInfo() }));
  route(app, customerInfoEndpoints.put, async ({ caller, body }) => ({
    data: await settings.putCustomerInfo(caller, body),
  }));
}
