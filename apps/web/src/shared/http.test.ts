import { accountEndpoints, authEndpoints, partnerEndpoints } from '@fleetdesk/contracts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  call,
  describeFailure,
  NETWORK_ERROR,
  NOTIFICATION_KEY,
  REQUEST_TIMEOUT_MS,
  registerNotifier,
  registerQueryClient,
  registerUnauthorizedHandler,
  TIMEOUT_ERROR,
  toApiError,
  toSearchParams,
} from './http.ts';
import { i18n } from './i18n/i18n.ts';
import { getToken, setToken, TOKEN_KEY } from './session.ts';

type Notifier = Parameters<typeof registerNotifier>[0];
type Notice = { key?: unknown; title?: unknown; description?: unknown; onClose?: unknown; actions?: unknown };
const notified: Notice[] = [];
const succeeded: Notice[] = [];
const destroyed: unknown[] = [];
const notifier = {
  error: (config: Notice) => void notified.push(config),
  success: (config: Notice) => void succeeded.push(config),
  destroy: (key: unknown) => void destroyed.push(key),
} as unknown as Notifier;
/** The Retry button as providers.tsx draws it, reduced to what it does. */
const retryButton = (onClick: () => void, label: string) => ({ onClick, label }) as never;
/** Clicks the Retry button of a notification, as antd would. */
function clickRetry(notice: Notice | undefined): void {
  const button = notice?.actions as { onClick: () => void; label: string } | undefined;
  expect(button?.label).toBe('Retry');
  button?.onClick();
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const api = 'http://localhost:3000/api';
const id = '8a6e0804-2bd0-4672-b79d-d97027f9071b';

beforeEach(() => {
  notified.length = 0;
  succeeded.length = 0;
  destroyed.length = 0;
  registerNotifier(notifier, retryButton);
  registerQueryClient(null);
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
    const described = describeFailure(new ApiError(404, 'NotFound', 'The data do not exist!', null, url, 'POST'));
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

  it('titles a failed update "Update Failed!" (PUT or PATCH, whatever the status), not an action on a record', () => {
    const refused = (status: number, method: string) =>
      describeFailure(new ApiError(status, 'X', 'Name taken', null, 'u', method)).title;
    expect(refused(409, 'PUT')).toBe('Update Failed!');
    expect(refused(400, 'PATCH')).toBe('Update Failed!');
    expect(refused(500, 'PUT')).toBe('Update Failed!');
    // POST /…/:id/$enable is an action on a record, not an update of it.
    expect(refused(409, 'POST')).toBe('The action was not completed');
  });

  it('titles every failure without a response "Unstable Internet Connection", in each language', async () => {
    const lost = (code: string, method: string) => new ApiError(0, code, 'Network request failed', null, 'u', method);
    for (const method of ['GET', 'PUT', 'POST', 'DELETE']) {
      expect(describeFailure(lost(NETWORK_ERROR, method)).title).toBe('Unstable Internet Connection');
      expect(describeFailure(lost(TIMEOUT_ERROR, method)).title).toBe('Unstable Internet Connection');
    }
    await i18n.changeLanguage('it-IT');
    try {
      expect(describeFailure(lost(NETWORK_ERROR, 'GET')).title).toBe('Connessione Internet instabile');
      expect(describeFailure(lost(TIMEOUT_ERROR, 'PUT')).title).toBe('Connessione Internet instabile');
      expect(describeFailure(new ApiError(409, 'X', 'x', null, 'u', 'PUT')).title).toBe('Aggiornamento non riuscito!');
    } finally {
      await i18n.changeLanguage('en-US');
    }
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
      title: 'Unstable Internet Connection',
      description: 'Network request failed. Check your internet connection, then try again.',
      // Stays until closed or retried, with its Retry.
      duration: 0,
    });
    expect(notified[0]?.actions).toBeTruthy();
  });

  it('offers Retry only when no response came', async () => {
    vi.stubGlobal('fetch', async () => json(500, { code: 'Internal', message: 'Boom', data: null }));
    await expect(call(partnerEndpoints.all, {})).rejects.toMatchObject({ status: 500 });
    expect(notified[0]).toMatchObject({ title: 'The server had a problem', duration: 4.5 });
    expect(notified[0]?.actions).toBeUndefined();
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
      title: 'Unstable Internet Connection',
      description: 'Network request timed out. Try again in a moment.',
    });
    expect(notified[0]?.actions).toBeTruthy();
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

describe('Retry after a failure without a response', () => {
  const offline = () => {
    throw new TypeError('Failed to fetch');
  };

  it('fetches the failed reads again: the screen gets its data, and the notification closes', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    registerQueryClient(client);
    const fetch = vi.fn(async (): Promise<Response> => offline());
    vi.stubGlobal('fetch', fetch);
    const observer = new QueryObserver(client, {
      queryKey: ['partners'],
      queryFn: () => call(partnerEndpoints.all, {}),
    });
    const unsubscribe = observer.subscribe(() => {});
    // A query that succeeded is not fetched again by Retry.
    const fine = new QueryObserver(client, { queryKey: ['fine'], queryFn: async () => 'ok' });
    const unsubscribeFine = fine.subscribe(() => {});
    try {
      await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
      await vi.waitFor(() => expect(fine.getCurrentResult().status).toBe('success'));
      expect(notified).toHaveLength(1);
      const fineFetchedAt = fine.getCurrentResult().dataUpdatedAt;

      fetch.mockImplementation(async () => json(200, { data: [{ id, name: 'Acme' }] }));
      clickRetry(notified[0]);
      expect(destroyed).toEqual([NOTIFICATION_KEY]);
      await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('success'));
      expect(observer.getCurrentResult().data).toEqual({ data: [{ id, name: 'Acme' }] });
      expect(fine.getCurrentResult().dataUpdatedAt).toBe(fineFetchedAt);
      expect(fetch).toHaveBeenCalledTimes(2);
    } finally {
      unsubscribe();
      unsubscribeFine();
      client.clear();
    }
  });

  it('is announced again when the read fails again after Retry', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    registerQueryClient(client);
    vi.stubGlobal('fetch', vi.fn(offline));
    const observer = new QueryObserver(client, { queryKey: ['p'], queryFn: () => call(partnerEndpoints.all, {}) });
    const unsubscribe = observer.subscribe(() => {});
    try {
      await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
      expect(notified).toHaveLength(1);
      clickRetry(notified[0]);
      await vi.waitFor(() => expect(notified).toHaveLength(2));
      expect(notified[1]).toMatchObject({ title: 'Unstable Internet Connection' });
    } finally {
      unsubscribe();
      client.clear();
    }
  });

  it('sends a failed PUT again as it was, then refreshes the screens and says it went through', async () => {
    const queries = { refetchQueries: vi.fn(async () => {}), invalidateQueries: vi.fn(async () => {}) };
    registerQueryClient(queries as never);
    const fetch = vi.fn(async (_url: string, _init: RequestInit): Promise<Response> => offline());
    vi.stubGlobal('fetch', fetch);
    await expect(call(partnerEndpoints.update, { params: { id }, body: { name: 'Acme' } })).rejects.toMatchObject({
      code: NETWORK_ERROR,
      method: 'PUT',
    });
    fetch.mockImplementation(async () => json(200, { data: null }));
    clickRetry(notified[0]);
    await vi.waitFor(() => expect(succeeded).toHaveLength(1));
    expect(succeeded[0]).toMatchObject({
      key: NOTIFICATION_KEY,
      title: 'The request was sent again and went through.',
    });
    const [url, init] = fetch.mock.calls[1]!;
    expect([url, init.method, init.body]).toEqual([`${api}/account/partners/${id}`, 'PUT', '{"name":"Acme"}']);
    await vi.waitFor(() => expect(queries.invalidateQueries).toHaveBeenCalled());
  });

  it('counts a DELETE sent again that finds nothing as done (its first try arrived)', async () => {
    registerQueryClient({ refetchQueries: async () => {}, invalidateQueries: async () => {} } as never);
    const fetch = vi.fn(async (): Promise<Response> => offline());
    vi.stubGlobal('fetch', fetch);
    await expect(call(partnerEndpoints.remove, { params: { id } })).rejects.toMatchObject({ code: NETWORK_ERROR });
    fetch.mockImplementation(async () =>
      json(404, { code: 'NotFound', message: 'The data do not exist!', data: null }),
    );
    clickRetry(notified[0]);
    await vi.waitFor(() => expect(succeeded).toHaveLength(1));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(notified).toHaveLength(1);
  });

  it('never sends a failed POST again (it may have arrived): it refreshes the screens instead', async () => {
    const queries = { refetchQueries: vi.fn(async () => {}), invalidateQueries: vi.fn(async () => {}) };
    registerQueryClient(queries as never);
    const fetch = vi.fn(async (): Promise<Response> => offline());
    vi.stubGlobal('fetch', fetch);
    await expect(call(partnerEndpoints.create, { body: { name: 'Acme' } })).rejects.toMatchObject({
      code: NETWORK_ERROR,
      method: 'POST',
    });
    clickRetry(notified[0]);
    await vi.waitFor(() => expect(queries.invalidateQueries).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(succeeded).toEqual([]);
    expect(queries.refetchQueries).toHaveBeenCalledWith(expect.objectContaining({ type: 'active' }));
  });
});
