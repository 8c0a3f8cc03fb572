import { TEXT_SUGGESTIONS_MAX_PER_KEY, UNKNOWN_SUGGESTION_KEY_MESSAGE } from '@fleetdesk/contracts';
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
    expect(
      (await call(t.app, 'GET', `${url('customer-ticket.pause-reason')}/values`, { token: t.owner.token })).json(),
    ).toEqual({
      data: [],
    });
    const first = await call(t.app, 'POST', `${url('customer-ticket.pause-reason')}/append-values`, {
      token: t.owner.token,
      body: { values: ['  Waiting for parts ', 'Shop busy', 'shop BUSY'] },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual(['Waiting for parts', 'Shop busy']);
    const second = await call(t.app, 'POST', `${url('customer-ticket.pause-reason')}/append-values`, {
      token: t.owner.token,
      body: { values: ['WAITING FOR PARTS', 'End of shift'] },
    });
    expect(second.json().data).toEqual(['Waiting for parts', 'Shop busy', 'End of shift']);
    const read = await call(t.app, 'GET', `${url('customer-ticket.pause-reason')}/values`, { token: t.owner.token });
    expect(read.json().data).toEqual(['Waiting for parts', 'Shop busy', 'End of shift']);
  });

  it("keeps keys apart and lets a holder of the key screen's permission add to it", async () => {
    const ticketDesk = await t.userWith(['support.ticket.create']);
    const res = await call(t.app, 'POST', `${url('ticket.issue')}/append-values`, {
      token: ticketDesk.token,
      body: { values: ['Flat tyre'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(['Flat tyre']);
    const other = await call(t.app, 'GET', `${url('customer-ticket.pause-reason')}/values`, {
      token: ticketDesk.token,
    });
    expect(other.json().data).not.toContain('Flat tyre');
  });

  it("refuses to add without the permission of the key's screen (Forbidden) and writes nothing", async () => {
    const key = 'customer-ticket.check-in-note';
    const viewer = await t.userWith(['asset.read']);
    const otherScreen = await t.userWith(['order.end', 'support.ticket.create']);
    for (const caller of [viewer, otherScreen]) {
      const res = await call(t.app, 'POST', `${url(key)}/append-values`, {
        token: caller.token,
        body: { values: ['Scratched frame'] },
      });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('Forbidden');
    }
    const read = await call(t.app, 'GET', `${url(key)}/values`, { token: viewer.token });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual([]);
  });

  it('refuses a partner-scoped caller with the permission (PartnerOutOfScope): the list reaches every partner', async () => {
    const key = 'order.end-reason';
    const seeded = await call(t.app, 'POST', `${url(key)}/append-values`, {
      token: t.owner.token,
      body: { values: ['Stolen'] },
    });
    expect(seeded.statusCode).toBe(200);
    const scoped = await t.userWith(['order.end'], [t.partnerA.id]);
    const res = await call(t.app, 'POST', `${url(key)}/append-values`, {
      token: scoped.token,
      body: { values: ['Partner A only'] },
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'PartnerOutOfScope', message: 'your partner scope must be set to all' });
    const read = await call(t.app, 'GET', `${url(key)}/values`, { token: scoped.token });
    expect(read.json().data).toEqual(['Stolen']);
  });

  it('refuses an unknown key, naming the known ones, for reading and adding', async () => {
    for (const [method, path, body] of [
      ['GET', `${url('pause.reason')}/values`, undefined],
      ['POST', `${url('pause.reason')}/append-values`, { values: ['a'] }],
    ] as const) {
      const res = await call(t.app, method, path, { token: t.owner.token, body });
      expect(res.statusCode).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe('ValidationError');
      expect((error.data as { fields: Record<string, string> }).fields['params.key']).toBe(
        UNKNOWN_SUGGESTION_KEY_MESSAGE,
      );
    }
  });

  it('refuses callers without a token', async () => {
    const read = await call(t.app, 'GET', `${url('ticket.issue')}/values`);
    expect(read.statusCode).toBe(401);
    const write = await call(t.app, 'POST', `${url('ticket.issue')}/append-values`, { body: { values: ['a'] } });
    expect(errorOf(write).code).toBe('Unauthorized');
  });

  it.each([
    ['a key with a slash-like character', 'bad key!', { values: ['a'] }, 'params.key'],
    ['an empty list', 'order.exempt-refund-reason', { values: [] }, 'values'],
    ['a whitespace-only value', 'order.exempt-refund-reason', { values: ['   '] }, 'values.0'],
    ['a value over 100 characters', 'order.exempt-refund-reason', { values: ['x'.repeat(101)] }, 'values.0'],
    [
      'more than 50 values at a time',
      'order.exempt-refund-reason',
      { values: Array.from({ length: 51 }, (_, i) => `v${i}`) },
      'values',
    ],
    ['an unknown field', 'order.exempt-refund-reason', { values: ['a'], extra: 1 }, 'extra'],
  ])('refuses %s and writes nothing', async (_label, key, body, field) => {
    const res = await call(t.app, 'POST', `${url(encodeURIComponent(key))}/append-values`, {
      token: t.owner.token,
      body,
    });
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('ValidationError');
    expect(Object.keys((error.data as { fields: Record<string, string> }).fields)).toContain(field);
    expect(
      (await call(t.app, 'GET', `${url('order.exempt-refund-reason')}/values`, { token: t.owner.token })).json().data,
    ).toEqual([]);
  });

  it(`refuses to grow a key past ${TEXT_SUGGESTIONS_MAX_PER_KEY} values`, async () => {
    for (let i = 0; i < TEXT_SUGGESTIONS_MAX_PER_KEY / 50; i++) {
      const body = { values: Array.from({ length: 50 }, (_, j) => `value ${i * 50 + j}`) };
      expect(
        (
          await call(t.app, 'POST', `${url('renting-intent.cancel-reason')}/append-values`, {
            token: t.owner.token,
            body,
          })
        ).statusCode,
      ).toBe(200);
    }
    const res = await call(t.app, 'POST', `${url('renting-intent.cancel-reason')}/append-values`, {
      token: t.owner.token,
      body: { values: ['one more'] },
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).code).toBe('TooManySuggestions');
    const again = await call(t.app, 'POST', `${url('renting-intent.cancel-reason')}/append-values`, {
      token: t.owner.token,
      body: { values: ['value 7'] },
    });
    expect(again.statusCode).toBe(200);
  });
});
