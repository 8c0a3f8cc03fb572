import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext } from '../../../test/harness.ts';
import { fieldLogs, sites, taxRates } from '../../db/schema/index.ts';

const HOUR = 3_600_000;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const valid = {
  name: 'Italy standard VAT',
  displayName: 'IVA 22%',
  country: 'IT',
  note: 'Standard rate',
  rates: [
    { subject: 'rental', rate: 22 },
    { subject: 'service-hardware', rate: 22 },
    { subject: 'service-labour', rate: 22.5 },
  ],
};

type Fields = { fields: Record<string, string> };

describe('tax groups API', () => {
  let t: TestContext;
  let counter = 0;
  const uniqueName = (base: string) => `${base} ${++counter}`;

  async function createGroup(overrides: Record<string, unknown> = {}) {
    const res = await call(t.app, 'POST', '/sale/taxGroups', {
      token: t.owner.token,
      body: { ...valid, name: uniqueName('Group'), ...overrides },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; name: string };
  }

  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('creates, reads, lists, updates and deletes a tax group', async () => {
    const created = await call(t.app, 'POST', '/sale/taxGroups', { token: t.owner.token, body: valid });
    expect(created.statusCode).toBe(201);
    const group = created.json().data;
    expect(group).toMatchObject({
      name: 'Italy standard VAT',
      displayName: 'IVA 22%',
      country: 'IT',
      note: 'Standard rate',
      siteCount: 0,
      currentRates: { rental: { rate: 22 }, 'service-hardware': { rate: 22 }, 'service-labour': { rate: 22.5 } },
    });
    expect(group.rates.map((r: { subject: string; status: string }) => [r.subject, r.status])).toEqual([
      ['rental', 'current'],
      ['service-hardware', 'current'],
      ['service-labour', 'current'],
    ]);

    const got = await call(t.app, 'GET', `/sale/taxGroups/${group.id}`, { token: t.owner.token });
    expect(got.json().data).toEqual(group);

    const list = await call(t.app, 'GET', '/sale/taxGroups?search=italy&pageSize=5', { token: t.owner.token });
    expect(list.json()).toMatchObject({ count: 1, data: [{ id: group.id, currentRates: { rental: { rate: 22 } } }] });

    const effectiveAt = new Date(Date.now() + 24 * HOUR).toISOString();
    const updated = await call(t.app, 'PATCH', `/sale/taxGroups/${group.id}`, {
      token: t.owner.token,
      body: { displayName: 'IVA', note: '', rates: [{ subject: 'rental', rate: 23, effectiveAt }] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Italy standard VAT', displayName: 'IVA', note: null });

    const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, group.id));
    expect(logs.map((l) => l.field).sort()).toEqual(
      expect.arrayContaining(['country', 'displayName', 'name', 'note', 'rates']),
    );

    const removed = await call(t.app, 'DELETE', `/sale/taxGroups/${group.id}`, { token: t.owner.token });
    expect(removed.statusCode).toBe(200);
    const gone = await call(t.app, 'GET', `/sale/taxGroups/${group.id}`, { token: t.owner.token });
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).code).toBe('NotFound');
    const rates = await t.database.db.select().from(taxRates).where(eq(taxRates.taxGroupId, group.id));
    expect(rates).toHaveLength(0);
  });

  it('keeps the old rate in force until a scheduled one starts', async () => {
    const since = '2024-01-01T00:00:00.000Z';
    const group = await createGroup({ rates: valid.rates.map((r) => ({ ...r, effectiveAt: since })) });
    const effectiveAt = new Date(Date.now() + 2 * HOUR).toISOString();
    const res = await call(t.app, 'PATCH', `/sale/taxGroups/${group.id}`, {
      token: t.owner.token,
      body: { rates: [{ subject: 'service-hardware', rate: 10, effectiveAt }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const scheduled = res.json().data;
    expect(scheduled.currentRates['service-hardware'].rate).toBe(22);
    const hardware = scheduled.rates.filter((r: { subject: string }) => r.subject === 'service-hardware');
    expect(hardware.map((r: { rate: number; status: string }) => [r.rate, r.status])).toEqual([
      [10, 'scheduled'],
      [22, 'current'],
    ]);

    // Time passes: the scheduled rate's start moves into the past, and it becomes the one in force.
    await t.database.db
      .update(taxRates)
      .set({ effectiveAt: new Date(Date.now() - 60_000) })
      .where(eq(taxRates.id, hardware[0].id));
    const later = (await call(t.app, 'GET', `/sale/taxGroups/${group.id}`, { token: t.owner.token })).json().data;
    expect(later.currentRates['service-hardware'].rate).toBe(10);
    expect(
      later.rates
        .filter((r: { subject: string }) => r.subject === 'service-hardware')
        .map((r: { rate: number; status: string }) => [r.rate, r.status]),
    ).toEqual([
      [10, 'current'],
      [22, 'past'],
    ]);
  });

  it('pages, sorts and searches', async () => {
    await createGroup({ name: 'Zeta VAT', country: 'ES' });
    const sorted = await call(t.app, 'GET', '/sale/taxGroups?sort=name:desc&pageSize=1', { token: t.owner.token });
    expect(sorted.statusCode).toBe(200);
    expect(sorted.json().data[0].name).toBe('Zeta VAT');
    expect(sorted.json().count).toBeGreaterThan(1);
    const byCountry = await call(t.app, 'GET', '/sale/taxGroups?search=es', { token: t.owner.token });
    expect(byCountry.json().data.map((g: { name: string }) => g.name)).toContain('Zeta VAT');
    const bad = await call(t.app, 'GET', '/sale/taxGroups?sort=note:asc', { token: t.owner.token });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses callers without a token', async () => {
    for (const [method, url] of [
      ['GET', '/sale/taxGroups'],
      ['POST', '/sale/taxGroups'],
      ['GET', `/sale/taxGroups/${randomUUID()}`],
      ['PATCH', `/sale/taxGroups/${randomUUID()}`],
      ['DELETE', `/sale/taxGroups/${randomUUID()}`],
    ] as const) {
      const res = await call(t.app, method, url, { body: method === 'POST' ? valid : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(errorOf(res).code).toBe('Unauthorized');
    }
  });

  it('refuses callers without tax_group permissions', async () => {
    const group = await createGroup();
    const nobody = await t.userWith(['partner.read']);
    for (const [method, url] of [
      ['GET', '/sale/taxGroups'],
      ['GET', `/sale/taxGroups/${group.id}`],
    ] as const) {
      const res = await call(t.app, method, url, { token: nobody.token });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('Forbidden');
    }
    const reader = await t.userWith(['tax_group.read']);
    expect((await call(t.app, 'GET', `/sale/taxGroups/${group.id}`, { token: reader.token })).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/sale/taxGroups', valid],
      ['PATCH', `/sale/taxGroups/${group.id}`, { note: 'x' }],
      ['DELETE', `/sale/taxGroups/${group.id}`, undefined],
    ] as const) {
      const res = await call(t.app, method, url, { token: reader.token, body });
      expect(res.statusCode, method).toBe(403);
      expect(errorOf(res).code).toBe('Forbidden');
    }
  });

  it('refuses every write to a partner-scoped caller holding tax_group.write (PartnerOutOfScope), writes nothing', async () => {
    const group = await createGroup();
    const scoped = await t.userWith(['tax_group.read', 'tax_group.write'], [t.partnerA.id]);
    const read = async () => (await call(t.app, 'GET', `/sale/taxGroups/${group.id}`, { token: t.owner.token })).json();
    const before = await read();
    const total = async () =>
      (await call(t.app, 'GET', '/sale/taxGroups?pageSize=1', { token: t.owner.token })).json().count as number;
    const groupsBefore = await total();
    const logsBefore = (await t.database.db.select().from(fieldLogs)).length;
    for (const [method, url, body] of [
      ['POST', '/sale/taxGroups', { ...valid, name: uniqueName('Scoped') }],
      [
        'PATCH',
        `/sale/taxGroups/${group.id}`,
        { name: uniqueName('Renamed'), rates: [{ subject: 'rental', rate: 5, effectiveAt: inMinutes(60) }] },
      ],
      ['DELETE', `/sale/taxGroups/${group.id}`, undefined],
    ] as const) {
      const res = await call(t.app, method, url, { token: scoped.token, body });
      expect(res.statusCode, method).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: 'PartnerOutOfScope',
        message: 'your partner scope must be set to all',
      });
    }
    expect(await read()).toEqual(before);
    expect(await total()).toBe(groupsBefore);
    expect((await t.database.db.select().from(fieldLogs)).length).toBe(logsBefore);
    const scopedRead = await call(t.app, 'GET', `/sale/taxGroups/${group.id}`, { token: scoped.token });
    expect(scopedRead.json()).toEqual(before);
  });

  it('lets site staff list tax groups for the site form, but not read or change them', async () => {
    const group = await createGroup();
    for (const permission of ['site.read', 'site.write']) {
      const siteStaff = await t.userWith([permission], [t.partnerA.id]);
      const list = await call(t.app, 'GET', '/sale/taxGroups?pageSize=100', { token: siteStaff.token });
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((g: { id: string }) => g.id)).toContain(group.id);
      const one = await call(t.app, 'GET', `/sale/taxGroups/${group.id}`, { token: siteStaff.token });
      expect(errorOf(one).code).toBe('Forbidden');
    }
  });

  it.each([
    ['a missing name', { ...valid, name: undefined }, 'name', 'Invalid input: expected string, received undefined'],
    ['a whitespace-only display name', { ...valid, displayName: '  ' }, 'displayName', 'Must not be only whitespace'],
    ['a lower-case country', { ...valid, country: 'it' }, 'country', 'Country must be a two-letter ISO code'],
    ['a three-letter country', { ...valid, country: 'ITA' }, 'country', 'Country must be a two-letter ISO code'],
    [
      'a rate over 100',
      { ...valid, rates: [{ subject: 'rental', rate: 100.5 }, ...valid.rates.slice(1)] },
      'rates.0.rate',
      'The rate must be between 0 and 100',
    ],
    [
      'a negative rate',
      { ...valid, rates: [{ subject: 'rental', rate: -1 }, ...valid.rates.slice(1)] },
      'rates.0.rate',
      'The rate must be between 0 and 100',
    ],
    [
      'a rate with four decimals',
      { ...valid, rates: [{ subject: 'rental', rate: 22.1234 }, ...valid.rates.slice(1)] },
      'rates.0.rate',
      'The rate has at most 3 decimals',
    ],
    [
      'a subject without a rate',
      { ...valid, rates: [{ subject: 'rental' }, ...valid.rates.slice(1)] },
      'rates.0.rate',
      'This field is required',
    ],
    [
      'a missing subject',
      { ...valid, rates: valid.rates.slice(0, 2) },
      'rates',
      'Each subject (rental, service hardware, service labour) needs exactly one first rate',
    ],
    [
      'an unknown subject',
      { ...valid, rates: [{ subject: 'fuel', rate: 5 }, ...valid.rates.slice(1)] },
      'rates.0.subject',
      'Invalid option: expected one of "rental"|"service-hardware"|"service-labour"',
    ],
    [
      'a first rate that starts in the future',
      { ...valid, rates: [{ subject: 'rental', rate: 22, effectiveAt: inMinutes(60) }, ...valid.rates.slice(1)] },
      'rates.0.effectiveAt',
      'The first rate must already be in force; schedule later changes after creating the group',
    ],
    ['an unknown field', { ...valid, vatNumber: 'IT123' }, 'vatNumber', 'Unknown field'],
  ])('refuses %s on create and writes nothing', async (_label, body, field, message) => {
    const before = (await call(t.app, 'GET', '/sale/taxGroups', { token: t.owner.token })).json().count;
    const res = await call(t.app, 'POST', '/sale/taxGroups', {
      token: t.owner.token,
      body: { ...body, ...(body.name ? { name: uniqueName('Refused') } : {}) },
    });
    expect(res.statusCode, res.body).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('ValidationError');
    const fields = (error.data as Fields).fields;
    expect(Object.keys(fields)).toContain(field);
    expect(fields[field]).toBe(message);
    expect((await call(t.app, 'GET', '/sale/taxGroups', { token: t.owner.token })).json().count).toBe(before);
  });

  it('accepts a first rate back-dated to a known start', async () => {
    const start = '2013-10-01T00:00:00.000Z';
    const group = await createGroup({
      rates: [{ subject: 'rental', rate: 22, effectiveAt: start }, ...valid.rates.slice(1)],
    });
    const got = (await call(t.app, 'GET', `/sale/taxGroups/${group.id}`, { token: t.owner.token })).json().data;
    expect(got.currentRates.rental).toEqual({ rate: 22, effectiveAt: start });
  });

  it.each([
    [
      'a rate effective in 5 minutes',
      { subject: 'rental', rate: 23, effectiveAt: inMinutes(5) },
      'rates.0.effectiveAt',
    ],
    [
      'a rate effective in the past',
      { subject: 'rental', rate: 23, effectiveAt: inMinutes(-60) },
      'rates.0.effectiveAt',
    ],
    ['a rate over 100', { subject: 'rental', rate: 101, effectiveAt: inMinutes(60) }, 'rates.0.rate'],
    ['a negative rate', { subject: 'rental', rate: -0.5, effectiveAt: inMinutes(60) }, 'rates.0.rate'],
    ['a rate without effective time', { subject: 'rental', rate: 23 }, 'rates.0.effectiveAt'],
  ])('refuses %s on update', async (_label, rate, field) => {
    const group = await createGroup();
    const res = await call(t.app, 'PATCH', `/sale/taxGroups/${group.id}`, {
      token: t.owner.token,
      body: { rates: [rate] },
    });
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.code).toBe('ValidationError');
    expect(Object.keys((error.data as Fields).fields)).toContain(field);
    const got = (await call(t.app, 'GET', `/sale/taxGroups/${group.id}`, { token: t.owner.token })).json().data;
    expect(got.rates).toHaveLength(3);
  });

  it('says a too-early effective time with the spec message', async () => {
    const group = await createGroup();
    const res = await call(t.app, 'PATCH', `/sale/taxGroups/${group.id}`, {
      token: t.owner.token,
      body: { rates: [{ subject: 'service-labour', rate: 20, effectiveAt: inMinutes(9) }] },
    });
    expect((errorOf(res).data as Fields).fields['rates.0.effectiveAt']).toBe(
      'The effective time must be more than 10 minutes from now',
    );
  });

  it('refuses a second rate for the same subject and effective time with 409', async () => {
    const group = await createGroup();
    const rate = { subject: 'rental', rate: 21, effectiveAt: inMinutes(120) };
    const first = await call(t.app, 'PATCH', `/sale/taxGroups/${group.id}`, {
      token: t.owner.token,
      body: { rates: [rate] },
    });
    expect(first.statusCode).toBe(200);
    const again = await call(t.app, 'PATCH', `/sale/taxGroups/${group.id}`, {
      token: t.owner.token,
      body: { rates: [{ ...rate, rate: 20 }] },
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('TaxRateAlreadyExists');
    // One instant for both: two calls of inMinutes could fall a millisecond apart and be two valid rates.
    const later = inMinutes(300);
    const twice = await call(t.app, 'PATCH', `/sale/taxGroups/${group.id}`, {
      token: t.owner.token,
      body: {
        rates: [
          { ...rate, effectiveAt: later },
          { ...rate, effectiveAt: later },
        ],
      },
    });
    expect(errorOf(twice).code).toBe('TaxRateAlreadyExists');
  });

  it('refuses a name another group has, whatever its case', async () => {
    const group = await createGroup({ name: 'Spain VAT' });
    const created = await call(t.app, 'POST', '/sale/taxGroups', {
      token: t.owner.token,
      body: { ...valid, name: 'SPAIN vat' },
    });
    expect(created.statusCode).toBe(409);
    expect(errorOf(created).code).toBe('TaxGroupNameAlreadyExists');
    const other = await createGroup();
    const renamed = await call(t.app, 'PATCH', `/sale/taxGroups/${other.id}`, {
      token: t.owner.token,
      body: { name: 'spain VAT' },
    });
    expect(errorOf(renamed).code).toBe('TaxGroupNameAlreadyExists');
    // Its own name, differently cased, is not a clash.
    const same = await call(t.app, 'PATCH', `/sale/taxGroups/${group.id}`, {
      token: t.owner.token,
      body: { name: 'Spain VAT' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await call(t.app, method, `/sale/taxGroups/${randomUUID()}`, {
        token: t.owner.token,
        body: method === 'PATCH' ? { note: 'x' } : undefined,
      });
      expect(res.statusCode, method).toBe(404);
      expect(errorOf(res).code).toBe('NotFound');
    }
    const malformed = await call(t.app, 'GET', '/sale/taxGroups/42', { token: t.owner.token });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).code).toBe('ValidationError');
  });

  it('refuses to delete a group that sites use, archived ones included, and lists them', async () => {
    const group = await createGroup();
    const active = { id: randomUUID(), name: 'Milano Centrale' };
    const archived = { id: randomUUID(), name: 'Milano Garibaldi' };
    for (const site of [
      { ...active, isArchived: false },
      { ...archived, isArchived: true },
    ]) {
      await t.database.db.insert(sites).values({
        ...site,
        partnerId: t.partnerA.id,
        taxGroupId: group.id,
        type: 'station',
        city: 'Milano',
      });
    }
    const listed = (await call(t.app, 'GET', `/sale/taxGroups/${group.id}`, { token: t.owner.token })).json().data;
    expect(listed.siteCount).toBe(2);

    const res = await call(t.app, 'DELETE', `/sale/taxGroups/${group.id}`, { token: t.owner.token });
    expect(res.statusCode).toBe(422);
    const error = errorOf(res);
    expect(error.code).toBe('TaxGroupHasMembers');
    expect((error.data as { sites: { id: string; name: string }[] }).sites).toEqual([active, archived]);
    expect((await call(t.app, 'GET', `/sale/taxGroups/${group.id}`, { token: t.owner.token })).statusCode).toBe(200);

    await t.database.db.delete(sites).where(eq(sites.taxGroupId, group.id));
  });
});
