import type { FastifyInstance } from 'fastify';
import type { SettingsConfigService } from './settings-config.service.ts';

/** Placeholder wired into app.ts before the module is written (issue 3). */
export function settingsConfigRoutes(_app: FastifyInstance, _service: SettingsConfigService) {}
