import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError } from '../errors.ts';

type Body = { code: string; message: string; data: unknown };

const where: Record<string, string> = { body: '', querystring: 'query.', params: 'params.', headers: 'headers.' };

/** Turns zod issues into `{ "address.city": "Must be at most 50 characters" }`, unknown keys included. */
function fieldsOf(error: { validation: { instancePath: string; message?: string; params: Record<string, unknown> }[] }, context?: string) {
  const prefix = where[context ?? 'body'] ?? '';
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const base = issue.instancePath.split('/').filter(Boolean).join('.');
    const keys = Array.isArray(issue.params.keys) ? (issue.params.keys as string[]) : null;
    if (keys) {
      for (const key of keys) fields[`${prefix}${base ? `${base}.` : ''}${key}`] = 'Unknown field';
    } else {
      const path = `${prefix}${base}` || (prefix ? prefix.slice(0, -1) : 'body');
      fields[path] ??= issue.message ?? 'Invalid value';
    }
  }
  return fields;
}

/**
 * One error shape for every failure: `{ code, message, data }`. Anything unexpected becomes a 500 with a
 * generic message and is logged with its stack; the stack never reaches the client.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = 500;
    let body: Body = { code: 'InternalServerError', message: 'Unknown problem occurs!', data: null };

    if (error instanceof DomainError) {
      status = error.status;
      body = { code: error.code, message: error.message, data: error.data ?? null };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsOf(error, error.validationContext);
      status = 400;
      body = { code: 'ValidationError', message: Object.values(fields)[0] ?? 'Validation failed', data: { fields } };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
      status = 413;
      body = { code: 'PayloadTooLarge', message: 'The request body is too large', data: null };
    } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
      status = 415;
      body = { code: 'UnsupportedMediaType', message: 'Send the body as application/json', data: null };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { code: 'TooManyRequests', message: 'Too many requests, try again later', data: null };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own refusals: malformed JSON, empty JSON body, bad multipart…
      status = error.statusCode;
      body = { code: 'BadRequest', message: error.message, data: null };
    }

    if (status >= 500) request.log.error({ err: error }, 'request failed');
    reply.code(status).type('application/json').send(body);
  });
}
