import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // Registered inside the /api scope: without it, /api/docs (no trailing slash) linked its files at /docs/static/….
    indexPrefix: '/api',
    // No badge from validator.swagger.io: the page reaches no other server (the CSP allows none).
    uiConfig: { docExpansion: 'list', validatorUrl: null },
  });
}
