import type { BodyOf, Endpoint, ParamsOf, QueryOf, Requirement } from '@fleetdesk/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Caller } from './caller.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every /api route declares who may call it; the auth plugin refuses routes that do not. */
    requires?: Requirement | 'public' | 'agency';
  }
}

export interface RouteContext<E extends Endpoint> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  caller: E['requires'] extends 'public' | 'agency' ? Caller | undefined : Caller;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers one contract endpoint: schemas for validation, serialisation and OpenAPI, the permission
 * requirement for the guard, and a handler that calls one service method.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: (ctx: RouteContext<E>) => Promise<z.input<E['response']>>,
) {
  const status = e.status ?? 200;
  app.route({
    method: e.method,
    url: e.path,
    config: { requires: e.requires },
    schema: {
      summary: e.summary,
      tags: [e.tag],
      ...(e.requires === 'public' ? {} : { security: [{ [e.requires === 'agency' ? 'agency' : 'bearer']: [] }] }),
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      response: { [status]: e.response },
    },
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as ParamsOf<E>,
        query: request.query as QueryOf<E>,
        body: request.body as BodyOf<E>,
        caller: request.caller as RouteContext<E>['caller'],
        request,
        reply,
      });
      // A handler may answer another success status itself (an import answers 201, its preview 200).
      if (reply.statusCode === 200) reply.code(status);
      return result;
    },
  });
}
