import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError, MdsParamError } from '../errors.ts';
import { foreignKeyViolation, uniqueViolation } from '../lib/db-errors.ts';

type Body = { code: string; message: string; data: unknown };

const where: Record<string, string> = { body: '', querystring: 'query.', params: 'params.', headers: 'headers.' };

interface Issue {
  path: string[];
  message?: string;
  keys?: unknown;
  errors?: unknown;
}

/**
 * A union (login by email or by phone, scope "*" or a list) fails as one opaque "Invalid input". The
 * branch with the fewest issues is the one the client meant, so its issues are reported instead.
 */
function flatten(issue: Issue): Issue[] {
  const branches = Array.isArray(issue.errors) ? (issue.errors as { path: PropertyKey[] }[][]) : [];
  if (branches.length === 0) return [issue];
  const best = branches.reduce((a, b) => (b.length < a.length ? b : a));
  if (best.length === 0) return [issue];
  return best.flatMap((inner) => flatten({ ...(inner as Issue), path: [...issue.path, ...inner.path.map(String)] }));
}

/** Turns zod issues into `{ "address.city": "Must be at most 50 characters" }`, unknown keys included. */
function fieldsOf(
  error: { validation: { instancePath: string; message?: string; params: Record<string, unknown> }[] },
  context?: string,
) {
  const prefix = where[context ?? 'body'] ?? '';
  const fields: Record<string, string> = {};
  const issues = error.validation.flatMap((v) =>
    flatten({ ...v.params, path: v.instancePath.split('/').filter(Boolean), message: v.message }),
  );
  for (const issue of issues) {
    const base = issue.path.join('.');
    const keys = Array.isArray(issue.keys) ? (issue.keys as string[]) : null;
    if (keys) {
      for (const key of keys) fields[`${prefix}${base ? `${base}.` : ''}${key}`] = 'Unknown field';
    } else {
      const path = `${prefix}${base}` || (prefix ? prefix.slice(0, -1) : 'body');
      fields[path] ??= issue.message ?? 'Invalid value';
    }
  }
  return fields;
}

/** MDS's error body (provider.yaml, models/response/error.yaml). */
const mdsBody = (error: MdsParamError) => ({
  error: error.error,
  error_description: error.message,
  error_details: error.details,
});

/**
 * One error shape for every failure: `{ code, message, data }`. Anything unexpected becomes a 500 with a
 * generic message and is logged with its stack; the stack never reaches the client.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof MdsParamError) return reply.code(400).type('application/json').send(mdsBody(error));
    let status = 500;
    let body: Body = { code: 'InternalServerError', message: 'Unknown problem occurs!', data: null };

    if (error instanceof DomainError) {
      status = error.status;
      body = { code: error.code, message: error.message, data: error.data ?? null };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsOf(error, error.validationContext);
      if (request.routeOptions.config.requires === 'agency') {
        // The MDS Provider API refuses in MDS's shape (a parameter given twice, say).
        const details = Object.entries(fields).map(([field, message]) => `${field}: ${message}`);
        const refusal = new MdsParamError('bad_param', details.length ? details : ['Invalid parameters']);
        return reply.code(400).type('application/json').send(mdsBody(refusal));
      }
      status = 400;
      body = { code: 'ValidationError', message: Object.values(fields)[0] ?? 'Validation failed', data: { fields } };
    } else if (uniqueViolation(error) !== undefined) {
      // A race the service's own uniqueness check could not see; the unique index refused the second write.
      status = 409;
      body = { code: 'Conflict', message: 'This value is already used', data: null };
    } else if (foreignKeyViolation(error) !== undefined) {
      // A concurrent request removed something this one refers to, or referred to what this one removes.
      status = 409;
      body = { code: 'Conflict', message: 'The data changed meanwhile; reload and try again', data: null };
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
