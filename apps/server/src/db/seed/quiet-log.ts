import type { FastifyBaseLogger } from 'fastify';

/** A logger that says nothing: the seed's payment services only log a provider that does not answer. */
export const quiet = {
  warn: () => undefined,
  info: () => undefined,
  error: () => undefined,
  debug: () => undefined,
} as unknown as FastifyBaseLogger;
