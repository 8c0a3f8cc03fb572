import {
  type BodyInputOf,
  type Endpoint,
  type ErrorBody,
  type ParamsOf,
  pathOf,
  type QueryInputOf,
  type ResponseOf,
} from '@fleetdesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { App } from 'antd';
import type { ReactNode } from 'react';
import { i18n } from './i18n/i18n.ts';
import { clearToken, getToken } from './session.ts';
import { translateValidationMessage } from './ui/form-errors.ts';

/**
 * The only place the console talks to the API (ARCHITECTURE.md rule 7): it adds the API origin, the bearer
 * token, JSON, a timeout, turns every failure into an ApiError and shows one notification at a time.
 */

export const REQUEST_TIMEOUT_MS = 30_000;
/** Codes for failures without a response; the API's own codes come from the error body. */
export const NETWORK_ERROR = 'NetworkError';
export const TIMEOUT_ERROR = 'Timeout';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status, or 0 when no response arrived. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: unknown,
    readonly url: string,
    /** The request's method: a failed read and a failed change are described differently. */
    readonly method: string = 'GET',
  ) {
    super(message);
  }

  /** `data.fields` of a 400 ValidationError: dotted path → message. */
  get fieldErrors(): Record<string, string> | null {
    if (this.code !== 'ValidationError' || typeof this.data !== 'object' || this.data === null) return null;
    const fields = (this.data as { fields?: unknown }).fields;
    if (typeof fields !== 'object' || fields === null) return null;
    return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The `data.fields` a refusal names (a ValidationError, or a domain refusal about one field: 409 name taken). */
export function refusalFields(error: unknown): Record<string, string> | null {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return null;
  const fields = (error.data as { fields?: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return null;
  const entries = Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string');
  return entries.length ? Object.fromEntries(entries) : null;
}
/** For `call` in a form: refusals it places on fields (named by the server, or by `fieldOfCode`) are not notified. */
export const formNotify = (fieldOfCode: Record<string, string> = {}) => ({
  notify: (e: ApiError) => refusalFields(e) === null && !(e.code in fieldOfCode),
});

/**
 * A refusal the form can place on a field, as the ValidationError the form pages already map onto fields:
 * the fields the server names, else the field its code is about.
 */
export function asFieldRefusal(error: unknown, fieldOfCode: Record<string, string> = {}): unknown {
  if (!isApiError(error) || error.code === 'ValidationError') return error;
  const named = refusalFields(error);
  const field = fieldOfCode[error.code];
  const fields = named ?? (field ? { [field]: error.message } : null);
  if (!fields) return error;
  return new ApiError(error.status, 'ValidationError', error.message, { ...(error.data as object), fields }, error.url);
}

/** For `notify`: a form shows validation errors on its fields; every other failure gets the notification. */
export const unlessFieldErrors = (error: ApiError) => error.code !== 'ValidationError';

/** For `notify`: the screen shows failures with these statuses itself (a 404 as "The data do not exist!"). */
export const unlessStatus =
  (...statuses: number[]) =>
  (error: ApiError) =>
    !statuses.includes(error.status);

/** The API origin: runtime config from /config.js wins, else `<page origin>/api` (the API never moves with the base path). */
export function apiOrigin(): string {
  const configured = window.__FLEETDESK_CONFIG__?.apiOrigin;
  if (configured) return configured.replace(/\/+$/, '');
  return `${window.location.origin}/api`;
}

/**
 * Whether a body is the API's error body (contracts' `errorBody`), checked by hand: the schema would bring zod
 * into this module, which the login page loads (issue 27).
 */
export function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const { code, message } = body as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string';
}

/** Turns a failed response into an ApiError, whatever the body looks like (a proxy may answer with HTML). */
export function toApiError(status: number, body: unknown, url: string, method = 'GET'): ApiError {
  // The server speaks English; a message the console knows is shown in the user's language wherever it appears.
  if (isErrorBody(body))
    return new ApiError(status, body.code, translateValidationMessage(body.message), body.data ?? null, url, method);
  return new ApiError(status, `Http${status}`, i18n.t(statusKey(status)), null, url, method);
}

/** Statuses described by document 2 §8 "Status notifications"; anything else is an unknown problem. */
const describedStatuses = new Set([200, 201, 202, 204, 400, 401, 403, 404, 406, 410, 422, 500, 502, 503, 504]);

export function statusKey(status: number): string {
  if (status === 0) return 'http.networkAnomaly';
  return describedStatuses.has(status) ? `http.status.${status}` : 'http.status.unknown';
}

/** What the user can do about a failure, by its kind; null when the reason already says it. */
function adviceKey(error: ApiError): string | null {
  if (error.code === NETWORK_ERROR) return 'http.advice.network';
  if (error.code === TIMEOUT_ERROR) return 'http.advice.timeout';
  const { status } = error;
  if (status === 400 || status === 413) return 'http.advice.input';
  if (status === 401) return 'http.advice.signIn';
  if (status === 403) return 'http.advice.forbidden';
  if (status === 404 || status === 410) return 'http.advice.notFound';
  // A business refusal carries the API's own sentence, which names the way out ("narrow the filters", "give
  // another staff member an administrator role first"); "Too many requests, try again later" does too.
  if ((status === 409 || status === 422) && error.code !== `Http${status}`) return null;
  // "The server is busy, try again in a moment" says it too (a shed request, 503 with Retry-After).
  if (status === 429 || error.code === 'ServiceUnavailable') return null;
  if (status >= 500) return 'http.advice.server';
  return 'http.advice.other';
}

/** No response at all: the connection failed or nothing came back in time (document 2 §8, "network anomaly"). */
export const isNetworkFailure = (error: ApiError) => error.code === NETWORK_ERROR || error.code === TIMEOUT_ERROR;

/**
 * What failed, in words (document 2 §8 "Other messages"): "Unstable Internet Connection" when no response came,
 * "Update Failed!" for a PUT or PATCH (a change to an existing record, whatever the status), else the kind of
 * request that was refused. A POST on a record (`$enable`, `$cancel`, a command) is an action, not an update.
 */
function titleKey(error: ApiError): string {
  if (isNetworkFailure(error)) return 'http.failed.network';
  if (error.method === 'PUT' || error.method === 'PATCH') return 'http.failed.update';
  if (error.status >= 500) return 'http.failed.server';
  if (error.method === 'GET') return 'http.failed.load';
  if (error.method === 'DELETE') return 'http.failed.delete';
  return 'http.failed.action';
}

/**
 * The notification shown for a failure, in the user's language: the title says what failed, the
 * description why (the API's own message, translated) and what to do. Never a URL or a bare status code
 * (issue 21): the people reading it cannot act on either.
 */
export function describeFailure(error: ApiError): { title: string; description: string } {
  const reason = error.message || i18n.t(statusKey(error.status));
  const advice = adviceKey(error);
  return {
    title: i18n.t(titleKey(error)),
    description: advice ? `${withStop(reason)} ${i18n.t(advice)}` : reason,
  };
}

/** Joins a reason and its advice as two sentences, whatever script the reason ends in. */
const withStop = (text: string) => (/[.!?。！？]$/.test(text) ? text : `${text}.`);

/**
 * Whether a failure gets the notification when the caller did not decide: a read refused with 403 is left
 * to the screen, which shows its load failure inline (ListPage, DetailPage, FormPage); a toast over an
 * inline "no access" says the same thing twice (issue 21).
 */
export const notifiedByDefault = (error: ApiError) => !(error.status === 403 && error.method === 'GET');

type Notifier = ReturnType<typeof App.useApp>['notification'];
let notifier: Notifier | null = null;
/**
 * What the notification shows now, so the same failure again (a poll, a double click) is not re-announced.
 * Forgotten when it closes, and after antd's 4.5 s in any case, should another notification have evicted it
 * (the network notification stays until it is closed or retried: its Retry must not vanish under the reader).
 */
let shown: { title: string; description: string; at: number; until: number } | null = null;
const NOTIFICATION_SECONDS = 4.5;
/** Draws the Retry button of a notification (providers.tsx, with antd's Button: no UI code in this chunk). */
export type RetryAction = (onClick: () => void, label: string) => ReactNode;
let retryAction: RetryAction | null = null;
/**
 * The antd App context registers its notification API here so notifications follow theme and locale, with the
 * Retry button the network notification offers.
 */
export function registerNotifier(next: Notifier | null, retry: RetryAction | null = null): void {
  notifier = next;
  retryAction = retry;
  shown = null;
}

/** One key for every failure notification: a new one replaces the old (document 1 §7.1). */
export const NOTIFICATION_KEY = 'fleetdesk-http-error';

/** Whether the caller wants this failure notified (see CallOptions.notify, below). */
const wanted = (options: CallOptions, error: ApiError) =>
  typeof options.notify === 'function' ? options.notify(error) : (options.notify ?? notifiedByDefault(error));

/** A DELETE sent again finds nothing when its first try did arrive: what was asked for is done. */
const goneAlready = (error: ApiError) => error.method === 'DELETE' && (error.status === 404 || error.status === 410);

type RetryQueries = Pick<QueryClient, 'refetchQueries' | 'invalidateQueries'>;
let queries: RetryQueries | null = null;
/** The app's query client, whose failed reads the network notification's Retry fetches again. */
export function registerQueryClient(next: RetryQueries | null): void {
  queries = next;
}

/**
 * Whether a change may be sent again as it was, without the person checking first: a PUT or a DELETE leaves the
 * same state however often it arrives (RFC 9110 §9.2.2). A POST that got no answer may have reached the server and
 * would create a second record or send a second command; PATCH is not promised to be idempotent either.
 */
export const isResendable = (method: string) => method === 'PUT' || method === 'DELETE';

/**
 * What Retry on the "Unstable Internet Connection" notification does (docs/decisions.md): it fetches again every
 * shown query whose last fetch failed (reads, GET or a POST `$query`); a failed PUT or DELETE is sent again as it
 * was (`resend`), and then every shown query refreshes so the screens show the change; any other failed change
 * is not re-sent: the shown queries refresh, so the screen tells whether it went through before it is sent again.
 */
export async function retryFailure(error: ApiError, resend?: () => Promise<unknown>): Promise<void> {
  const failedReads = queries?.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });
  if (error.method === 'GET') {
    await failedReads;
    return;
  }
  if (resend && isResendable(error.method)) {
    try {
      await resend();
    } catch (cause) {
      // A failure sent again was notified like any (with Retry again if the network still fails).
      if (!(isApiError(cause) && goneAlready(cause))) return;
    }
    notifier?.success({ key: NOTIFICATION_KEY, title: i18n.t('http.retried'), duration: NOTIFICATION_SECONDS });
  }
  await Promise.all([failedReads, queries?.invalidateQueries()]);
}

function notifyFailure(error: ApiError, resend?: () => Promise<unknown>): void {
  if (!notifier) return;
  const described = describeFailure(error);
  const now = Date.now();
  const open = shown && now < shown.until;
  if (open && shown?.title === described.title && shown.description === described.description) return;
  const retryable = isNetworkFailure(error);
  shown = { ...described, at: now, until: retryable ? Number.POSITIVE_INFINITY : now + NOTIFICATION_SECONDS * 1000 };
  const retry = () => {
    notifier?.destroy(NOTIFICATION_KEY);
    shown = null;
    void retryFailure(error, resend);
  };
  notifier.error({
    key: NOTIFICATION_KEY,
    ...described,
    // Until closed or retried: the way out must not disappear while the connection comes back.
    duration: retryable ? 0 : NOTIFICATION_SECONDS,
    actions: retryable ? retryAction?.(retry, i18n.t('action.retry')) : undefined,
    onClose: () => {
      shown = null;
    },
  });
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign(`${import.meta.env.BASE_URL}auth/login`);
};
/** The router installs a handler that navigates to the login page with a redirect back here. */
export function registerUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

const isOnLoginPage = () => window.location.pathname.startsWith(`${import.meta.env.BASE_URL}auth/login`);

type Slot<K extends string, V> = [V] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: V };
/** What a call needs, derived from the endpoint: `params` for `:id` paths, `query`, `body`. */
export type CallInput<E extends Endpoint> = Slot<'params', ParamsOf<E>> &
  Slot<'query', QueryInputOf<E>> &
  Slot<'body', BodyInputOf<E>>;

export interface CallOptions {
  /**
   * false: the caller shows the error itself; a function decides per error (forms keep field errors inline);
   * absent: every failure but a read refused with 403 (see notifiedByDefault).
   */
  notify?: boolean | ((error: ApiError) => boolean);
  signal?: AbortSignal;
  /** The body of a `multipart: true` endpoint (a file upload); the browser sets its content type. */
  formData?: FormData;
}

/** Query strings drop absent values and empty lists (document 1 §7.9) and repeat keys for lists. */
export function toSearchParams(query: Record<string, unknown> | undefined): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) search.append(key, String(item));
    } else {
      search.append(key, String(value));
    }
  }
  return search;
}

export function urlOf<E extends Endpoint>(endpoint: E, input: { params?: unknown; query?: unknown }): string {
  const path = pathOf(endpoint.path, (input.params ?? {}) as Record<string, string | number>);
  const search = toSearchParams(input.query as Record<string, unknown> | undefined).toString();
  return `${apiOrigin()}${path}${search ? `?${search}` : ''}`;
}

/** A response body as JSON when it is JSON (a proxy may answer with text or HTML); null when empty. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The longest a read waits for a busy server before its one retry: past that the person is better told. */
const SHED_RETRY_MAX_SECONDS = 5;

/**
 * How long to wait before trying a read again that the API shed (503 with Retry-After in seconds), with up to
 * half a second of jitter so the consoles it refused together do not come back together; null: no retry. Only
 * reads: a change is retried by the person, who sees the message.
 */
export function shedRetryDelayMs(method: string, status: number, retryAfter: string | null): number | null {
  if (method !== 'GET' || status !== 503 || retryAfter === null || retryAfter.trim() === '') return null;
  const seconds = Number(retryAfter);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > SHED_RETRY_MAX_SECONDS) return null;
  return seconds * 1000 + Math.random() * 500;
}

/** Waits, or rejects as fetch does when the signal aborts meanwhile. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** Sends one request of an endpoint and returns the successful response; every failure becomes an ApiError. */
async function send<E extends Endpoint>(endpoint: E, input: CallInput<E>, options: CallOptions, accept: string) {
  const url = urlOf(endpoint, input);
  const headers: Record<string, string> = { Accept: accept };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = input.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;

  const attempt = () =>
    fetch(url, {
      method: endpoint.method,
      headers,
      body: options.formData ?? (hasBody ? JSON.stringify(input.body) : undefined),
      signal,
    });
  let response: Response;
  try {
    response = await attempt();
    const delay = shedRetryDelayMs(endpoint.method, response.status, response.headers.get('retry-after'));
    if (delay !== null) {
      await response.body?.cancel();
      await pause(delay, signal);
      response = await attempt();
    }
  } catch (cause) {
    clearTimeout(timer);
    // A caller that cancels (React Query on unmount) expects its own AbortError back, not a notification.
    if (options.signal?.aborted) throw cause;
    const code = timeout.signal.aborted ? TIMEOUT_ERROR : NETWORK_ERROR;
    const key = code === TIMEOUT_ERROR ? 'http.timedOut' : 'http.networkFailed';
    // Retry sends a PUT or DELETE again as it was, outside the caller (which has its answer by then).
    const resend = isResendable(endpoint.method)
      ? () =>
          send(
            endpoint,
            input,
            { ...options, signal: undefined, notify: (e) => !goneAlready(e) && wanted(options, e) },
            accept,
          )
      : undefined;
    throw fail(new ApiError(0, code, i18n.t(key), null, url, endpoint.method), options, resend);
  }
  clearTimeout(timer);
  if (response.ok) return response;

  const error = toApiError(response.status, await readBody(response), url, endpoint.method);
  if (response.status === 401 && endpoint.requires !== 'public' && !isOnLoginPage()) {
    clearToken();
    onUnauthorized();
  }
  throw fail(error, options);
}

/** Calls one endpoint of the contracts and resolves with its typed response body. */
export async function call<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const response = await send(endpoint, input, options, 'application/json');
  // The server serialises with the same zod schema, so the body already has the response's shape.
  return ((await readBody(response)) ?? { data: null }) as ResponseOf<E>;
}

/** Calls an endpoint that answers with a file (an export, a template): its bytes and the name the server gave. */
export async function callFile<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  options: CallOptions = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await send(endpoint, input, options, '*/*');
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(disposition);
  const encoded = match?.[1];
  return { blob: await response.blob(), fileName: encoded ? decodeURIComponent(encoded) : (match?.[2] ?? null) };
}

/**
 * Sends a `multipart: true` endpoint's form data with XMLHttpRequest, the one browser API that reports upload
 * progress (a 100 MB video from a tablet takes a while): `onProgress` gets the fraction sent, 0–1. Token, origin,
 * errors and notifications as `call`; no timeout, since a large file on a slow link is not a hung request.
 */
export function callUpload<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  formData: FormData,
  options: Omit<CallOptions, 'formData'> & { onProgress?: (fraction: number) => void } = {},
): Promise<ResponseOf<E>> {
  const url = urlOf(endpoint, input);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(endpoint.method, url);
    request.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    const parsed = () => {
      try {
        return request.responseText ? (JSON.parse(request.responseText) as unknown) : null;
      } catch {
        return request.responseText;
      }
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(1);
        resolve((parsed() ?? { data: null }) as ResponseOf<E>);
        return;
      }
      const error = toApiError(request.status, parsed(), url, endpoint.method);
      if (request.status === 401 && endpoint.requires !== 'public' && !isOnLoginPage()) {
        clearToken();
        onUnauthorized();
      }
      reject(fail(error, options));
    };
    request.onerror = () =>
      reject(fail(new ApiError(0, NETWORK_ERROR, i18n.t('http.networkFailed'), null, url, endpoint.method), options));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(formData);
  });
}

function fail(error: ApiError, options: CallOptions, resend?: () => Promise<unknown>): ApiError {
  if (wanted(options, error)) notifyFailure(error, resend);
  return error;
}

/** One server-sent event: its `event:` name and its `data:` parsed as JSON (text when it is not JSON). */
export interface ServerEvent {
  type: string;
  data: unknown;
}

/** Splits a server-sent-events text into complete events and the unfinished rest (kept for the next chunk). */
export function parseServerEvents(text: string): { events: ServerEvent[]; rest: string } {
  const events: ServerEvent[] = [];
  const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let type = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      // Lines starting with ':' are comments (keep-alives); `retry:` and `id:` are not used by the console.
      if (line.startsWith('event:')) type = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (data.length === 0) continue;
    const raw = data.join('\n');
    let parsed: unknown = raw;
    try {
      parsed = JSON.parse(raw);
    } catch {
      // A plain-text event stays text.
    }
    events.push({ type, data: parsed });
  }
  return { events, rest };
}

/**
 * Opens a server-sent-events endpoint with fetch rather than EventSource, which cannot send the bearer token,
 * and hands each event to `onEvent` (after `onOpen`, once the server accepted) until the server ends the stream or `signal` aborts. A refusal before the
 * stream starts rejects with an ApiError like any call; a stream cut off midway just resolves.
 */
export async function callEvents<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  handlers: { onEvent: (event: ServerEvent) => void; onOpen?: () => void },
  options: CallOptions = {},
): Promise<void> {
  const response = await send(endpoint, input, options, 'text/event-stream');
  if (!response.body) return;
  handlers.onOpen?.();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const { events, rest } = parseServerEvents(buffer + value);
      buffer = rest;
      for (const event of events) handlers.onEvent(event);
    }
  } catch (cause) {
    if (options.signal?.aborted) return;
    console.warn('event stream:', cause);
  } finally {
    reader.releaseLock();
  }
}
