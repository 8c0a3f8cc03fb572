import type { FastifyRequest } from 'fastify';

/**
 * What the server's log must never hold (issue 26): bearer tokens, passwords, device and reset tokens, sign-in
 * codes, identity numbers, card data — and the parameters of a failed SQL statement, which are exactly such values
 * (a NUL byte in a password once put the whole statement and its parameters in the log). Request bodies are not
 * logged at all; these paths catch the same names wherever a log call passes an object.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  ...[
    'password',
    'newPassword',
    'currentPassword',
    'token',
    'deviceToken',
    'refreshToken',
    'verificationCode',
    'ssn',
    'socialSecurityNo',
    'cardNumber',
    'cvc',
    'cvv',
  ].flatMap((key) => [key, `*.${key}`]),
];

const SECRET_QUERY_KEYS = /^(token|code|state|password|access_token|id_token|refresh_token)$/i;

/** A request URL with the values of secret query parameters (an OIDC code, a reset token) replaced. */
export function redactedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = decodeURIComponentSafe(eq === -1 ? pair : pair.slice(0, eq));
      return eq !== -1 && SECRET_QUERY_KEYS.test(key) ? `${pair.slice(0, eq)}=[Redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

function decodeURIComponentSafe(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A failed statement's text without its parameters: drizzle writes both into the message and the stack. */
const withoutParams = (text: string | undefined) =>
  text?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [Redacted]');

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * Errors as the log shows them: type, message, stack, code and cause — no other property, so a driver error's
 * `detail` (a unique violation writes the duplicated value there), a query's `params` and whatever else an error
 * carries stay out.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an Error]', stack: '' };
  const withCode = error as Error & { code?: unknown; cause?: unknown };
  return {
    type: error.constructor?.name ?? 'Error',
    message: withoutParams(error.message) ?? '',
    stack: withoutParams(error.stack) ?? '',
    ...(typeof withCode.code === 'string' || typeof withCode.code === 'number' ? { code: withCode.code } : {}),
    ...(withCode.cause !== undefined && depth < 3 ? { cause: serializeError(withCode.cause, depth + 1) } : {}),
  };
}

/** Fastify's request line, with the URL's secret parameters redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
