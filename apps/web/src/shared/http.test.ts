import { accountEndpoints, authEndpoints, partnerEndpoints } from '@fleetdesk/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  call,
  describeFailure,
  NETWORK_ERROR,
  NOTIFICATION_KEY,
  REQUEST_TIMEOUT_MS,
  registerNotifier,
  registerUnauthorizedHandler,
  TIMEOUT_ERROR,
  toApiError,
  toSearchParams,
} from './http.ts';
import { i18n } from './i18n/i18n.ts';
import { getToken, setToken, TOKEN_KEY } from './session.ts';

type Notifier = Parameters<typeof registerNotifier>[0];
const notified: { key?: unknown; title?: unknown; description?: unknown; onClose?: unknown }[] = [];
const notifier = { error: (config: Record<string, unknown>) => void notified.push(config) } as unknown as Notifier;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const api = 'http://localhost:3000/api';
const id = '8a6e0804-2bd0-4672-b79d-d97027f9071b';

beforeEach(() => {
  notified.length = 0;
  registerNotifier(notifier);
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('error mapping', () => {
  it('keeps the API error body as code, message and data', () => {
    const error = toApiError(
      400,
      { code: 'ValidationError', message: 'Invalid', data: { fields: { name: 'Must not be only whitespace' } } },
      'u',
    );
    expect(error).toMatchObject({ status: 400, code: 'ValidationError', message: 'Invalid' });
    expect(error.fieldErrors).toEqual({ name: 'Must not be only whitespace' });
  });

  it("shows a message the console knows in the user's language, and an unknown one as the server wrote it", async () => {
    await i18n.changeLanguage('it-IT');
    try {
      const body = (message: string) => ({ code: 'TripExportTooLarge', message, data: null });
      expect(toApiError(422, body('A trip export holds at most 2,000 trips; narrow the filters'), 'u').message).toBe(
        "Un'esportazione contiene al massimo 2.000 viaggi: restringi i filtri",
      );
      expect(toApiError(422, body('Something new went wrong'), 'u').message).toBe('Something new went wrong');
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it('survives a body that is not the API shape (a proxy page)', () => {
    const error = toApiError(502, '<html>Bad gateway</html>', 'u');
    expect(error).toMatchObject({ status: 502, code: 'Http502', data: null });
    expect(error.fieldErrors).toBeNull();
  });

  it('says what failed, why and what to do, never a URL or a bare status code', () => {
    const url = `${api}/account/partners/1`;
    const described = describeFailure(new ApiError(404, 'NotFound', 'The data do not exist!', null, url, 'PUT'));
    expect(described).toEqual({
      title: 'The action was not completed',
      description: 'The data do not exist! It may have been deleted: refresh the page.',
    });
    expect(JSON.stringify(described)).not.toContain(url);
    expect(JSON.stringify(described)).not.toContain('404');
  });

  it("lets a business refusal's own sentence say what to do", () => {
    const refusal = toApiError(
      422,
      { code: 'ReferencedByOthers', message: 'Partner still has staff: move them first', data: null },
      'u',
      'DELETE',
    );
    expect(describeFailure(refusal)).toEqual({
      title: 'Could not delete',
      description: 'Partner still has staff: move them first',
    });
  });

  it('names a failed read, a failed delete and a server failure apart', () => {
    const refused = (status: number, method: string) =>
      describeFailure(new ApiError(status, 'X', 'Role in use', null, 'u', method)).title;
    expect(refused(422, 'GET')).toBe('Could not load the data');
    expect(refused(422, 'DELETE')).toBe('Could not delete');
    expect(refused(422, 'POST')).toBe('The action was not completed');
    expect(refused(500, 'POST')).toBe('The server had a problem');
  });

  it('describes a 5xx from a proxy (no API body) in words, with what to do', () => {
    expect(describeFailure(toApiError(502, '<html>Bad gateway</html>', 'u', 'POST'))).toEqual({
      title: 'The server had a problem',
      description: 'Gateway error. Try again later. If it keeps happening, tell your administrator.',
    });
  });

  it('describes an undescribed status as an unknown problem', () => {
    expect(describeFailure(toApiError(418, 'teapot', 'u')).description).toBe(
      'Unknown problem occurs! Try again. If it keeps happening, tell your administrator.',
    );
  });

  it("describes a failure in the user's language", async () => {
    await i18n.changeLanguage('it-IT');
    try {
      const refusal = toApiError(
        403,
        { code: 'Forbidden', message: 'You do not have permission to do this', data: null },
        'u',
        'DELETE',
      );
      expect(describeFailure(refusal)).toEqual({
        title: 'Impossibile eliminare',
        description: 'Non hai il permesso di farlo. Se ti serve, chiedi il permesso a un amministratore.',
      });
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it('drops absent values and empty lists from query strings', () => {
    expect(toSearchParams({ a: undefined, b: '', c: [], d: ['x', 'y'], e: 0, f: false }).toString()).toBe(
      'd=x&d=y&e=0&f=false',
    );
  });
});

describe('call', () => {
  it('sends the bearer token, JSON and the filled path to the API origin', async () => {
    setToken('t-1');
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => json(200, { data: null }));
    vi.stubGlobal('fetch', fetch);
    await call(partnerEndpoints.update, { params: { id }, body: { name: 'Acme' } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${api}/account/partners/${id}`);
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"name":"Acme"}');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer t-1', 'Content-Type': 'application/json' });
  });

  it('prefers the runtime API origin from /config.js', async () => {
    window.__FLEETDESK_CONFIG__ = { apiOrigin: 'https://api.example.com/v1/' };
    const fetch = vi.fn(async (_url: string) => json(200, { data: [] }));
    vi.stubGlobal('fetch', fetch);
    await call(partnerEndpoints.all, {});
    expect(fetch.mock.calls[0]![0]).toBe('https://api.example.com/v1/account/partners/$all');
    delete window.__FLEETDESK_CONFIG__;
  });

  it('rejects with an ApiError and shows it under the one fixed key, so a new failure replaces the last', async () => {
    const refusal = (message: string) => json(400, { code: 'BadRequest', message, data: null });
    vi.stubGlobal('fetch', async () => refusal('First'));
    await expect(call(partnerEndpoints.remove, { params: { id } })).rejects.toMatchObject({ status: 400 });
    vi.stubGlobal('fetch', async () => refusal('Second'));
    await expect(call(partnerEndpoints.remove, { params: { id } })).rejects.toBeInstanceOf(ApiError);
    expect(notified.map((n) => [n.key, n.description])).toEqual([
      [NOTIFICATION_KEY, 'First. Check what you entered and try again.'],
      [NOTIFICATION_KEY, 'Second. Check what you entered and try again.'],
    ]);
  });

  it('does not announce the same failure again while it is shown, and does once it was closed or timed out', async () => {
    vi.stubGlobal('fetch', async () => json(503, { code: 'ServiceUnavailable', message: 'Down', data: null }));
    await expect(call(partnerEndpoints.all, {})).rejects.toMatchObject({ status: 503 });
    await expect(call(partnerEndpoints.all, {})).rejects.toMatchObject({ status: 503 });
    expect(notified).toHaveLength(1);
    (notified[0] as { onClose: () => void }).onClose();
    await expect(call(partnerEndpoints.all, {})).rejects.toMatchObject({ status: 503 });
    expect(notified).toHaveLength(2);
    // Evicted by some other notification without a close: after its 4.5 s it is announced again.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5_000);
    await expect(call(partnerEndpoints.all, {})).rejects.toMatchObject({ status: 503 });
    expect(notified).toHaveLength(3);
  });

  it('tries a read the server shed once more after its Retry-After, and tells about a shed change at once', async () => {
    vi.useFakeTimers();
    const busy = () =>
      new Response(
        JSON.stringify({
          code: 'ServiceUnavailable',
          message: 'The server is busy, try again in a moment',
          data: null,
        }),
        { status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': '1' } },
      );
    const answers = [busy(), json(200, { data: [] })];
    const fetch = vi.fn(async () => answers.shift() ?? busy());
    vi.stubGlobal('fetch', fetch);
    const read = call(partnerEndpoints.all, {});
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(501);
    await expect(read).resolves.toEqual({ data: [] });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(notified).toEqual([]);

    await expect(call(partnerEndpoints.remove, { params: { id } })).rejects.toMatchObject({
      status: 503,
      code: 'ServiceUnavailable',
    });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(notified[0]).toMatchObject({ description: 'The server is busy, try again in a moment' });
  });

  it('leaves a read refused with 403 to the screen, which shows "no access" inline', async () => {
    vi.stubGlobal('fetch', async () => json(403, { code: 'Forbidden', message: 'Forbidden', data: null }));
    await expect(call(partnerEndpoints.all, {})).rejects.toMatchObject({ status: 403, method: 'GET' });
    expect(notified).toEqual([]);
    await expect(call(partnerEndpoints.remove, { params: { id } })).rejects.toMatchObject({ status: 403 });
    expect(notified).toHaveLength(1);
    await expect(call(partnerEndpoints.all, {}, { notify: true })).rejects.toMatchObject({ status: 403 });
    expect(notified).toHaveLength(2);
  });

  it('lets a caller keep field errors for itself', async () => {
    vi.stubGlobal('fetch', async () =>
      json(400, { code: 'ValidationError', message: 'Invalid', data: { fields: {} } }),
    );
    await expect(
      call(partnerEndpoints.create, { body: { name: ' ' } }, { notify: (e) => e.code !== 'ValidationError' }),
    ).rejects.toMatchObject({ code: 'ValidationError' });
    expect(notified).toEqual([]);
  });

  it('reports a network failure as "Network request failed"', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call(partnerEndpoints.all, {})).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR });
    expect(notified[0]).toMatchObject({
      title: 'No connection to the server',
      description: 'Network request failed. Check your internet connection, then try again.',
    });
  });

  it('gives up after 30 seconds with "Network request timed out"', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        ),
    );
    const pending = call(partnerEndpoints.all, {});
    const assertion = expect(pending).rejects.toMatchObject({ code: TIMEOUT_ERROR });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await assertion;
    expect(notified[0]).toMatchObject({
      title: 'The server did not answer in time',
      description: 'Network request timed out. Try again in a moment.',
    });
  });

  it('clears the session and leaves for login on a 401', async () => {
    setToken('expired');
    const toLogin = vi.fn();
    registerUnauthorizedHandler(toLogin);
    vi.stubGlobal('fetch', async () => json(401, { code: 'Unauthorized', message: 'Unauthorized', data: null }));
    await expect(call(accountEndpoints.profile, {}, { notify: false })).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(toLogin).toHaveBeenCalledOnce();
  });

  it('treats a 401 from the login call as wrong credentials, not as an expired session', async () => {
    setToken('still-valid');
    const toLogin = vi.fn();
    registerUnauthorizedHandler(toLogin);
    vi.stubGlobal('fetch', async () =>
      json(401, { code: 'IncorrectCredentials', message: 'Incorrect email / password', data: null }),
    );
    await expect(
      call(authEndpoints.login, { body: { email: 'a@b.co', password: 'x' } }, { notify: false }),
    ).rejects.toMatchObject({ code: 'IncorrectCredentials', message: 'Incorrect email / password' });
    expect(toLogin).not.toHaveBeenCalled();
    expect(getToken()).toBe('still-valid');
  });
});
