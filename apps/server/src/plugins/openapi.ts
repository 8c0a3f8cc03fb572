import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SHED_MESSAGE, SHED_RETRY_AFTER_SECONDS, SHEDS } from './load-shedding.ts';

/**
 * Load shedding (plugins/load-shedding.ts) may answer any API call but the health check with 503 before the route
 * runs: documented here, not in the route's schema, so that the route's serialiser never sees it.
 */
const SHED_RESPONSE = {
  description: `The node is busy (load shedding): "${SHED_MESSAGE}". Try again after Retry-After seconds, on any node.`,
  type: 'object',
  properties: {
    code: { type: 'string', enum: ['ServiceUnavailable'] },
    message: { type: 'string' },
    data: { type: 'null' },
  },
  required: ['code', 'message', 'data'],
  headers: { 'retry-after': { type: 'integer', example: SHED_RETRY_AFTER_SECONDS } },
};

/** The OpenAPI document is generated from the same zod contracts the routes validate with. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Fleetdesk API',
        version,
        description: 'Operations console API. Errors are `{code, message, data}`.',
      },
      servers: [{ url: '/api' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          // An agency client's token (MDS Provider API), not a staff session.
          agency: { type: 'http', scheme: 'bearer', description: 'MDS agency client token' },
        },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      if (!SHEDS(input.url)) return out;
      const schema = out.schema as { response?: Record<string, unknown> };
      return { ...out, schema: { ...schema, response: { ...schema.response, 503: SHED_RESPONSE } } };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // Registered inside the /api scope: without it, /api/docs (no trailing slash) linked its files at /docs/static/….
    indexPrefix: '/api',
    // No badge from validator.swagger.io: the page reaches no other server (the CSP allows none).
    uiConfig: { docExpansion: 'list', validatorUrl: null },
  });
}
