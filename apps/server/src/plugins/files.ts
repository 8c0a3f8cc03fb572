import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FileStorage } from '../adapters/storage.ts';
import { notFound } from '../errors.ts';

const fileParams = z.strictObject({
  folder: z.enum(['logos', 'sites', 'documents', 'workshop']),
  name: z.string().regex(/^[A-Za-z0-9-]+\.(png|jpg)$/),
});

/** Public images (the account logo, site pictures). Later private files get their own permission-checked routes. */
export function registerFiles(app: FastifyInstance, storage: FileStorage) {
  app.get(
    '/files/:folder/:name',
    { config: { requires: 'public' }, schema: { params: fileParams, hide: true } },
    async (request, reply) => {
      const { folder, name } = request.params as z.infer<typeof fileParams>;
      const stream = await storage.open(`${folder}/${name}`);
      if (!stream) throw notFound();
      reply
        .type(name.endsWith('.png') ? 'image/png' : 'image/jpeg')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=86400');
      return reply.send(stream);
    },
  );
}
