import { TEXT_SUGGESTIONS_MAX_PER_KEY } from '@fleetdesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';

const url = (key: string) => `/account/settings/text-suggestions/${key}`;

describe('text suggestions API', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('starts empty, appends trimmed values without duplicates (case-insensitive) and keeps their order', async () => {
    expect((await call(t.app, 'GET', `${url('pause.reason')}/values`, { token: t.owner.token })).json()).toEqual({
      data: [],
    });
    const first = await call(t.app, 'POST', `${url('pause.reason')}/append-values`, {
      token: t.owner.token,
      body: { values: ['  Waiting for parts ', 'Shop busy', 'shop BUSY'] },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual(['Waiting for parts', 'Shop busy']);
    const second = await call(t.app, 'POST', `${url('pause.reason')}/append-values`, {
      token: t.owner.token,
      body: { values: ['WAITING FOR PARTS', 'End of shift'] },
    });
    expect(second.json().data).toEqual(['Waiting for parts', 'Shop busy', 'End of shift']);
    const read = await call(t.app, 'GET', `${url('pause.reason')}/values`, { token: t.owner.token });
    expect(read.json().data).toEqual(['Waiting for parts', 'Shop busy', 'End of shift']);
  });

  it('keeps keys apart and lets any signed-in staff member read and add', async () => {
    const anyone = await t.userWith([], [t.partnerA.id]);
    const res = await call(t.app, 'POST', `${url('ticket.issue')}/append-values`, {
      token: anyone.token,
      body: { values: ['Flat tyre'] },
    });
    expect(res.json().data).toEqual(['Flat tyre']);
    expect(
      (await call(t.app, 'GET', `${url('pause.reason')}/values`, { token: anyone.token })).json().data,
    ).not.toContain('Flat tyre');
  });

  it('refuses callers without a token', async () => {
    const read = await call(t.app, 'GET', `${url('x')}/values`);
    expect(read.statusCode).toBe(401);
    const write = await call(t.app, 'POST', `${url('x')}/append-values`, { body: { values: ['a'] } });
    expect(errorOf(write).code).toBe('Unauthorized');
  });

  it.each([
    ['a key with a slash-like character', 'bad key!', { values: ['a'] }, 'params.key'],
    ['an empty list', 'ok', { values: [] }, 'values'],
    ['a whitespace-only value', 'ok', { values: ['   '] }, 'values.0'],
    ['a value over 100 characters', 'ok', { values: ['x'.repeat(101)] }, 'values.0'],
    ['more than 50 values at a time', 'ok', { values: Array.from({ length: 51 }, (_, i) => `v${i}`) }, 'values'],
    ['an unknown field', 'ok', { values: ['a'], extra: 1 }, 'extra'],
  ])('refuses %s and writes nothing', async (_label, key, body, field) => {
    const res = await call(t.app, 'POST', `${url(encodeURIComponent(key))}/append-values`, {
      token: t.owner.token,
      body,
    });
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('ValidationError');
    expect(Object.keys((error.data as { fields: Record<string, string> }).fields)).toContain(field);
    expect((await call(t.app, 'GET', `${url('ok')}/values`, { token: t.owner.token })).json().data).toEqual([]);
  });

  it(`refuses to grow a key past ${TEXT_SUGGESTIONS_MAX_PER_KEY} values`, async () => {
    for (let i = 0; i < TEXT_SUGGESTIONS_MAX_PER_KEY / 50; i++) {
      const body = { values: Array.from({ length: 50 }, (_, j) => `value ${i * 50 + j}`) };
      expect(
        (await call(t.app, 'POST', `${url('full')}/append-values`, { token: t.owner.token, body })).statusCode,
      ).toBe(200);
    }
    const res = await call(t.app, 'POST', `${url('full')}/append-values`, {
      token: t.owner.token,
      body: { values: ['one more'] },
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).code).toBe('TooManySuggestions');
    const again = await call(t.app, 'POST', `${url('full')}/append-values`, {
      token: t.owner.token,
      body: { values: ['value 7'] },
    });
    expect(again.statusCode).toBe(200);
  });
});
