import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Serves the built console under the base path, /config.js with the runtime API origin, and index.html
 * for every other non-API path so client routes survive a reload.
 */
export async function registerConsole(app: FastifyInstance, config: Config) {
  const runtimeConfig = {
    basePath: config.basePath,
    ...(config.publicApiOrigin ? { apiOrigin: config.publicApiOrigin } : {}),
    // The maps' style (document 1 §7.3 "Map style"); absent → the offline atlas (MAP_STYLE_URL=offline).
    ...(config.map.styleUrl ? { mapStyleUrl: config.map.styleUrl } : {}),
  };
  const configJs = `window.__FLEETDESK_CONFIG__ = Object.assign(${JSON.stringify(runtimeConfig)}, window.__FLEETDESK_CONFIG__ || {});\n`;
  app.get(`${config.basePath}config.js`, { config: { requires: 'public' }, schema: { hide: true } }, (_req, reply) => {
    reply.type('application/javascript').header('cache-control', 'no-cache').send(configJs);
  });

  const indexFile = path.join(config.webDist, 'index.html');
  const hasConsole = existsSync(indexFile);
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: config.basePath,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/build/precompress.ts): sent as they are.
      preCompressed: true,
      setHeaders: (res, file) => {
        res.header('x-content-type-options', 'nosniff');
        // Hashed assets never change; index.html must always be revalidated.
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const indexHtml = hasConsole ? readFileSync(indexFile, 'utf8') : null;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // A missing build file is a 404, never the console page: a stale chunk must fail as one (the console reloads on
    // it), and a page under /assets/ would be served without the page's security headers (security-headers.ts).
    const wantsPage =
      request.method === 'GET' &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      !url.startsWith(`${config.basePath}assets/`);
    if (wantsPage && indexHtml && url.startsWith(config.basePath)) {
      reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
      return;
    }
    reply.code(404).send({ code: 'NotFound', message: `No route ${request.method} ${url}`, data: null });
  });
}
