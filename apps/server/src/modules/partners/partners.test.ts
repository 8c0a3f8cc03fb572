import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { insertPackage } from '../../../test/subscriptions.ts';
import { insertCategory } from '../../../test/workshop.ts';

const valid = {
  name: 'Torino Ride',
  email: 'info@torinoride.it',
  note: 'Opens in spring',
  address: { country: 'IT', city: 'Torino', zip: '10121', line1: 'Via Roma 1', line2: '', state: 'TO' },
  contactPerson: { name: 'Anna Neri', phone: '+390111234567', workEmail: 'anna@torinoride.it' },
  attachments: [{ url: 'https://torinoride.it/contract.pdf', name: 'Contract' }],
};

describe('partners API', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('creates, reads, lists, updates and deletes a partner', async () => {
    const created = await call(t.app, 'POST', '/account/partners', { token: t.owner.token, body: valid });
    expect(created.statusCode).toBe(201);
    const partner = created.json().data;
    expect(partner).toMatchObject({
      name: 'Torino Ride',
      address: { city: 'Torino', line2: null },
      attachments: valid.attachments,
    });

    const got = await call(t.app, 'GET', `/account/partners/${partner.id}`, { token: t.owner.token });
    expect(got.json().data.contactPerson).toEqual(valid.contactPerson);

    const list = await call(t.app, 'GET', '/account/partners?search=torino&pageSize=5', { token: t.owner.token });
    expect(list.json()).toMatchObject({ count: 1, data: [{ id: partner.id }] });

    const updated = await call(t.app, 'PUT', `/account/partners/${partner.id}`, {
      token: t.owner.token,
      body: { ...valid, name: 'Torino Ride S.r.l.' },
    });
    expect(updated.json().data.name).toBe('Torino Ride S.r.l.');

    const removed = await call(t.app, 'DELETE', `/account/partners/${partner.id}`, { token: t.owner.token });
    expect(removed.statusCode).toBe(200);
    const gone = await call(t.app, 'GET', `/account/partners/${partner.id}`, { token: t.owner.token });
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).code).toBe('NotFound');
  });

  it('pages and sorts by name', async () => {
    const res = await call(t.app, 'GET', '/account/partners?sort=name:desc&pageSize=1&pageNo=2', {
      token: t.owner.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 2, data: [{ name: 'Partner A' }] });
    const bad = await call(t.app, 'GET', '/account/partners?sort=password:asc', { token: t.owner.token });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses callers without a token', async () => {
    const res = await call(t.app, 'GET', '/account/partners');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('Unauthorized');
  });

  it('refuses callers without partner.read or partner.write', async () => {
    const nobody = await t.userWith(['user.read']);
    expect(errorOf(await call(t.app, 'GET', '/account/partners', { token: nobody.token })).code).toBe('Forbidden');
    const reader = await t.userWith(['partner.read']);
    const res = await call(t.app, 'POST', '/account/partners', { token: reader.token, body: valid });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('Forbidden');
  });

  it('shows a partner user only the partners in scope', async () => {
    const scoped = await t.userWith(['partner.read', 'partner.write'], [t.partnerA.id]);
    const list = await call(t.app, 'GET', '/account/partners', { token: scoped.token });
    expect(list.json()).toMatchObject({ count: 1, data: [{ id: t.partnerA.id }] });
    const all = await call(t.app, 'GET', '/account/partners/$all', { token: scoped.token });
    expect(all.json().data).toEqual([{ id: t.partnerA.id, name: 'Partner A' }]);
  });

  it('answers 404, as for a missing partner, to reading, changing or deleting one outside the scope, and writes nothing', async () => {
    const scoped = await t.userWith(['partner.read', 'partner.write'], [t.partnerA.id]);
    const read = () => call(t.app, 'GET', `/account/partners/${t.partnerB.id}`, { token: t.owner.token });
    const before = (await read()).json().data;
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { ...valid, name: 'Taken over' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(t.app, method, `/account/partners/${t.partnerB.id}`, { token: scoped.token, body });
      expect(res.statusCode, method).toBe(404);
      expect(errorOf(res).code).toBe('NotFound');
    }
    expect((await read()).json().data).toEqual(before);
  });

  it('refuses a partner user who creates a partner with 403 PartnerOutOfScope, and writes nothing', async () => {
    const scoped = await t.userWith(['partner.read', 'partner.write'], [t.partnerA.id]);
    const count = async () => (await call(t.app, 'GET', '/account/partners', { token: t.owner.token })).json().count;
    const before = await count();
    const create = await call(t.app, 'POST', '/account/partners', { token: scoped.token, body: valid });
    expect(create.statusCode).toBe(403);
    expect(errorOf(create)).toMatchObject({
      code: 'PartnerOutOfScope',
      message: 'your partner scope must be set to all',
    });
    expect(await count()).toBe(before);
  });

  it.each([
    ['a missing name', { ...valid, name: undefined }, 'name'],
    ['a whitespace-only name', { ...valid, name: '   ' }, 'name'],
    ['a malformed email', { ...valid, email: 'not-an-email' }, 'email'],
    [
      'a city longer than 50 characters',
      { ...valid, address: { ...valid.address, city: 'x'.repeat(51) } },
      'address.city',
    ],
    ['a zip longer than 10 characters', { ...valid, address: { ...valid.address, zip: '12345678901' } }, 'address.zip'],
    ['an unknown field', { ...valid, isVip: true }, 'isVip'],
    ['a wrong type', { ...valid, attachments: 'none' }, 'attachments'],
  ])('refuses %s and writes nothing', async (_label, body, field) => {
    const before = (await call(t.app, 'GET', '/account/partners', { token: t.owner.token })).json().count;
    const res = await call(t.app, 'POST', '/account/partners', { token: t.owner.token, body });
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('ValidationError');
    expect(Object.keys((error.data as { fields: Record<string, string> }).fields)).toContain(field);
    expect((await call(t.app, 'GET', '/account/partners', { token: t.owner.token })).json().count).toBe(before);
  });

  it('refuses ids of the wrong shape with 400', async () => {
    const res = await call(t.app, 'GET', '/account/partners/123', { token: t.owner.token });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('ValidationError');
  });

  it('refuses to delete a partner that staff are scoped to, and lists them', async () => {
    const scoped = await t.userWith(['partner.read'], [t.partnerB.id]);
    const res = await call(t.app, 'DELETE', `/account/partners/${t.partnerB.id}`, { token: t.owner.token });
    expect(res.statusCode).toBe(422);
    const error = errorOf(res);
    expect(error.code).toBe('ReferencedByOthers');
    expect((error.data as { users: { id: string }[] }).users.map((u) => u.id)).toContain(scoped.id);
  });

  it('refuses to delete a partner that still has a subscription package, naming it, and deletes nothing', async () => {
    const created = await call(t.app, 'POST', '/account/partners', { token: t.owner.token, body: valid });
    expect(created.statusCode, created.body).toBe(201);
    const partnerId = created.json().data.id as string;
    const category = await insertCategory(t.database.db);
    await insertPackage(t.database.db, partnerId, category.id, [{}]);
    const res = await call(t.app, 'DELETE', `/account/partners/${partnerId}`, { token: t.owner.token });
    expect([res.statusCode, errorOf(res).code, errorOf(res).message]).toEqual([
      422,
      'ReferencedByOthers',
      'The partner still has 1 subscription package(s); delete them first',
    ]);
    expect((await call(t.app, 'GET', `/account/partners/${partnerId}`, { token: t.owner.token })).statusCode).toBe(200);
  });
});
