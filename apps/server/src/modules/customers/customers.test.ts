import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, multipartFile, type TestContext } from '../../../test/harness.ts';
import {
  customerEmailTokens,
  customerIdentities,
  customerMemberships,
  customerPaymentMethods,
  customers,
  fieldLogs,
  outbox,
} from '../../db/schema/index.ts';

type Fields = { fields: Record<string, string> };
type TestUser = Awaited<ReturnType<TestContext['userWith']>>;
interface CustomerBody {
  id: string;
  phoneNo: string;
  email: string | null;
  emailVerified: boolean;
  status: string;
  referralCode: string;
  referrer: { id: string } | null;
  memberships: { partner: { id: string } }[];
  identityVerification: Record<string, unknown> & { status: string; ssnOrItin?: string | null };
  paymentMethods: { id: string }[];
  wholeCustomerInScope: boolean;
}

const png = () =>
  sharp({ create: { width: 40, height: 25, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();

let phoneCounter = 0;
const nextPhone = () => {
  phoneCounter += 1;
  return `+39345${String(1_000_000 + phoneCounter).slice(1)}`;
};

describe('customers API', () => {
  let t: TestContext;
  let scopedA: TestUser;
  let reader: TestUser;
  let detailReader: TestUser;
  let nobody: TestUser;

  beforeAll(async () => {
    t = await createTestContext({ CLIENT_LINK_URL: 'https://ride.example.com/app' });
    scopedA = await t.userWith(
      ['customer.read', 'customer.read_detail', 'customer.update', 'customer.delete', 'customer.payment.delete'],
      [t.partnerA.id],
    );
    reader = await t.userWith(['customer.read']);
    detailReader = await t.userWith(['customer.read', 'customer.read_detail']);
    nobody = await t.userWith(['asset.read']);
  });
  afterAll(() => t.close());

  const base = '/customer/customers';
  async function create(body: Record<string, unknown> = {}, token = t.owner.token) {
    return call(t.app, 'POST', base, {
      token,
      body: {
        partnerId: t.partnerA.id,
        phoneNo: nextPhone(),
        name: { first: 'Marta', last: 'Vidal' },
        password: 'secret1',
        ...body,
      },
    });
  }
  async function created(body: Record<string, unknown> = {}) {
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: CustomerBody }>().data;
  }
  const get = async (id: string, token = t.owner.token) => call(t.app, 'GET', `${base}/${id}`, { token });

  async function upload(id: string, kind: string, content: Buffer, token = t.owner.token) {
    const { payload, contentType } = await multipartFile({ content, filename: 'id.png', type: 'image/png' });
    return t.app.inject({
      method: 'PUT',
      url: `/api${base}/${id}/identityVerification/images/${kind}`,
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    });
  }
  const identity = {
    documentType: 'passport',
    documentNumber: 'YA1234567',
    firstName: 'Marta',
    lastName: 'Vidal',
    dateOfBirth: '1990-04-02',
    expiryDate: '2031-01-01',
  };
  async function pendingCustomer() {
    const c = await created();
    expect((await upload(c.id, 'frontImage', await png())).statusCode).toBe(200);
    const res = await call(t.app, 'PUT', `${base}/${c.id}/identityVerification`, {
      token: t.owner.token,
      body: identity,
    });
    expect(res.statusCode, res.body).toBe(200);
    return c;
  }

  describe('create and read', () => {
    it('creates a customer in a partner with a referral code and a hashed password, and logs it', async () => {
      const c = await created({ email: 'marta@example.es', marketingReportedSource: 'referral' });
      expect(c).toMatchObject({
        email: 'marta@example.es',
        emailVerified: false,
        status: 'active',
        memberships: [{ partner: { id: t.partnerA.id } }],
        identityVerification: { status: 'not-apply' },
        paymentMethods: [],
      });
      expect(c.referralCode).toMatch(/^[A-Z0-9]{6}$/);
      expect(JSON.stringify(c)).not.toContain('secret1');
      const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, c.id));
      expect(logs.map((l) => l.field)).toEqual(expect.arrayContaining(['phoneNo', 'firstName', 'partnerId']));
      expect(JSON.stringify(logs)).not.toContain('secret1');
    });

    it('refuses a password shorter than 6 characters, a bad phone and blank names, writing nothing', async () => {
      const res = await create({ password: 'abc12', phoneNo: '3331234', name: { first: ' ', last: 'X' } });
      expect(res.statusCode).toBe(400);
      const { fields } = errorOf(res).data as Fields;
      expect(fields).toMatchObject({
        password: 'Password must be at least 6 characters',
        phoneNo: 'Phone number is invalid!',
        'name.first': 'Must not be only whitespace',
      });
    });

    it('keeps a phone number unique within a partner, also under concurrent creates, but not across partners', async () => {
      const phoneNo = nextPhone();
      const results = await Promise.all([create({ phoneNo }), create({ phoneNo }), create({ phoneNo })]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      const refused = results.find((r) => r.statusCode === 409);
      expect(errorOf(refused!)).toMatchObject({
        code: 'Conflict',
        message: 'phone number already exists in that partner',
        data: { field: 'phoneNo' },
      });
      expect((await create({ phoneNo, partnerId: t.partnerB.id })).statusCode).toBe(201);
    });

    it('refuses an unknown partner (400) and a partner outside the scope (403)', async () => {
      const unknown = await create({ partnerId: '00000000-0000-4000-8000-000000000000' });
      expect(unknown.statusCode).toBe(400);
      expect((errorOf(unknown).data as Fields).fields.partnerId).toBe('Unknown partner');
      const outside = await create({ partnerId: t.partnerB.id }, scopedA.token);
      expect(errorOf(outside).code).toBe('PartnerOutOfScope');
    });

    it('applies the customer-information-collection setting: required fields and fields not collected', async () => {
      const setting = await call(t.app, 'GET', '/account/settings/customerInfo', { token: t.owner.token });
      const current = setting.json().data;
      const put = (profile: Record<string, string>) =>
        call(t.app, 'PUT', '/account/settings/customerInfo', {
          token: t.owner.token,
          body: { profile: { ...current.profile, ...profile }, identity: current.identity },
        });
      expect((await put({ email: 'required', note: 'disabled' })).statusCode).toBe(200);
      try {
        const res = await create({ note: 'hello' });
        expect(res.statusCode).toBe(400);
        expect((errorOf(res).data as Fields).fields).toEqual({
          email: 'This field is required',
          note: 'This field is not collected',
        });
        const c = await created({ email: 'needed@example.com' });
        const patch = await call(t.app, 'PATCH', `${base}/${c.id}`, { token: t.owner.token, body: { email: '' } });
        expect((errorOf(patch).data as Fields).fields.email).toBe('This field is required');
        // A patch that leaves the required field out is fine.
        const other = await call(t.app, 'PATCH', `${base}/${c.id}`, {
          token: t.owner.token,
          body: { whatsApp: '+393401112223' },
        });
        expect(other.statusCode, other.body).toBe(200);
      } finally {
        await put({ email: 'optional', note: 'optional' });
      }
    });

    it('lists with filters, search and paging; deleted customers come last', async () => {
      const tag = `Zed${Date.now()}`;
      const a = await created({ name: { first: tag, last: 'Alpha' } });
      const b = await created({ name: { first: tag, last: 'Beta' }, email: `${tag.toLowerCase()}@example.com` });
      const c = await created({ name: { first: tag, last: 'Gamma' }, partnerId: t.partnerB.id });
      expect((await call(t.app, 'DELETE', `${base}/${a.id}`, { token: t.owner.token })).statusCode).toBe(200);
      const list = await call(t.app, 'GET', `${base}?search=${tag}&pageSize=10`, { token: t.owner.token });
      expect(list.statusCode).toBe(200);
      const ids = list.json().data.map((r: { id: string }) => r.id);
      expect(ids).toEqual([c.id, b.id, a.id]);
      expect(list.json().count).toBe(3);
      const byName = await call(t.app, 'GET', `${base}?search=${tag}&sort=name:asc`, { token: t.owner.token });
      expect(byName.json().data.map((r: { id: string }) => r.id)).toEqual([b.id, c.id, a.id]);
      const inB = await call(t.app, 'GET', `${base}?search=${tag}&partnerId=${t.partnerB.id}`, {
        token: t.owner.token,
      });
      expect(inB.json().data.map((r: { id: string }) => r.id)).toEqual([c.id]);
      const deleted = await call(t.app, 'GET', `${base}?search=${tag}&status=deleted`, { token: t.owner.token });
      expect(deleted.json().data).toMatchObject([{ id: a.id, status: 'deleted', isArchived: true }]);
      const byCode = await call(t.app, 'GET', `${base}?search=${b.referralCode.toLowerCase()}`, {
        token: t.owner.token,
      });
      expect(byCode.json().data.map((r: { id: string }) => r.id)).toEqual([b.id]);
      const page2 = await call(t.app, 'GET', `${base}?search=${tag}&pageSize=2&pageNo=2`, { token: t.owner.token });
      expect(page2.json()).toMatchObject({ count: 3, data: [{ id: a.id }] });
      const bad = await call(t.app, 'GET', `${base}?sort=password:asc`, { token: t.owner.token });
      expect(bad.statusCode).toBe(400);
    });

    it('shows a partner user only customers of their partners, and only those memberships', async () => {
      const tag = `Scope${Date.now()}`;
      const inA = await created({ name: { first: tag, last: 'A' } });
      const inB = await created({ name: { first: tag, last: 'B' }, partnerId: t.partnerB.id });
      const both = await created({ name: { first: tag, last: 'AB' } });
      await call(t.app, 'POST', `${base}/${both.id}/memberships`, {
        token: t.owner.token,
        body: { partnerId: t.partnerB.id },
      });
      const list = await call(t.app, 'GET', `${base}?search=${tag}`, { token: scopedA.token });
      const rows = list.json().data as CustomerBody[];
      expect(rows.map((r) => r.id).sort()).toEqual([inA.id, both.id].sort());
      expect(rows.find((r) => r.id === both.id)?.memberships.map((m) => m.partner.id)).toEqual([t.partnerA.id]);
      expect(errorOf(await get(inB.id, scopedA.token)).code).toBe('NotFound');
      const filtered = await call(t.app, 'GET', `${base}?partnerId=${t.partnerB.id}`, { token: scopedA.token });
      expect(errorOf(filtered).code).toBe('PartnerOutOfScope');
      expect((await get('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    });

    it('answers 401 without a session and 403 without the permission', async () => {
      expect((await call(t.app, 'GET', base)).statusCode).toBe(401);
      expect(errorOf(await call(t.app, 'GET', base, { token: nobody.token })).code).toBe('Forbidden');
      expect((await create({}, reader.token)).statusCode).toBe(403);
    });
  });

  describe('changes', () => {
    it('patches the fields it carries, resets the e-mail verification on a new address and logs before and after', async () => {
      const c = await created({ email: 'old@example.com' });
      await t.database.db.execute(
        // A verified address, as the customer app would leave it.
        (await import('drizzle-orm')).sql`update customers set email_verified_at = now() where id = ${c.id}`,
      );
      const res = await call(t.app, 'PATCH', `${base}/${c.id}`, {
        token: t.owner.token,
        body: { email: 'new@example.com', contactAddress: { line1: 'Via Roma 1', city: 'Milano' } },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        email: 'new@example.com',
        emailVerified: false,
        contactAddress: { line1: 'Via Roma 1', city: 'Milano' },
        name: { first: 'Marta', last: 'Vidal' },
      });
      const logs = await call(t.app, 'GET', `${base}/${c.id}/fieldLogs?pageSize=50`, { token: t.owner.token });
      expect(logs.json().data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'email', before: 'old@example.com', after: 'new@example.com' }),
        ]),
      );
    });

    it('refuses a phone change to a number already used in one of the customer partners', async () => {
      const first = await created();
      const second = await created();
      const res = await call(t.app, 'PATCH', `${base}/${second.id}`, {
        token: t.owner.token,
        body: { phoneNo: first.phoneNo },
      });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toBe('phone number already exists in that partner');
      expect((await get(second.id)).json().data.phoneNo).toBe(second.phoneNo);
    });

    it('deletes softly, frees the phone number, and restores unless the number was taken meanwhile', async () => {
      const c = await created();
      expect((await call(t.app, 'DELETE', `${base}/${c.id}`, { token: t.owner.token })).statusCode).toBe(200);
      expect((await get(c.id)).json().data.status).toBe('deleted');
      const patch = await call(t.app, 'PATCH', `${base}/${c.id}`, { token: t.owner.token, body: { note: 'x' } });
      expect(errorOf(patch).code).toBe('CustomerDeleted');
      const taker = await created({ phoneNo: c.phoneNo });
      const refused = await call(t.app, 'POST', `${base}/${c.id}/$restore`, { token: t.owner.token });
      expect(refused.statusCode).toBe(409);
      expect((await get(c.id)).json().data.status).toBe('deleted');
      await call(t.app, 'DELETE', `${base}/${taker.id}`, { token: t.owner.token });
      const restored = await call(t.app, 'POST', `${base}/${c.id}/$restore`, { token: t.owner.token });
      expect(restored.json().data.status).toBe('active');
    });

    it('lets only a scope that reaches every partner of the customer delete them or reset their password', async () => {
      const c = await created();
      await call(t.app, 'POST', `${base}/${c.id}/memberships`, {
        token: t.owner.token,
        body: { partnerId: t.partnerB.id },
      });
      expect(errorOf(await call(t.app, 'DELETE', `${base}/${c.id}`, { token: scopedA.token })).code).toBe(
        'PartnerOutOfScope',
      );
      expect(errorOf(await call(t.app, 'POST', `${base}/${c.id}/$resetPassword`, { token: scopedA.token })).code).toBe(
        'PartnerOutOfScope',
      );
      const own = await created();
      expect((await call(t.app, 'DELETE', `${base}/${own.id}`, { token: scopedA.token })).statusCode).toBe(200);
      expect((await call(t.app, 'DELETE', `${base}/${own.id}`, { token: reader.token })).statusCode).toBe(403);
    });

    it('adds a membership once, with the phone unique in the new partner', async () => {
      const inB = await created({ partnerId: t.partnerB.id });
      const c = await created({ phoneNo: inB.phoneNo });
      const clash = await call(t.app, 'POST', `${base}/${c.id}/memberships`, {
        token: t.owner.token,
        body: { partnerId: t.partnerB.id },
      });
      expect(errorOf(clash).message).toBe('phone number already exists in that partner');
      const other = await created();
      const added = await call(t.app, 'POST', `${base}/${other.id}/memberships`, {
        token: t.owner.token,
        body: { partnerId: t.partnerB.id },
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json().data.memberships).toHaveLength(2);
      const again = await call(t.app, 'POST', `${base}/${other.id}/memberships`, {
        token: t.owner.token,
        body: { partnerId: t.partnerB.id },
      });
      expect(errorOf(again)).toMatchObject({ code: 'Conflict', data: { field: 'partnerId' } });
      const outside = await call(t.app, 'POST', `${base}/${other.id}/memberships`, {
        token: scopedA.token,
        body: { partnerId: t.partnerB.id },
      });
      expect(errorOf(outside).code).toBe('PartnerOutOfScope');
    });

    it('resets the password to a one-time password mailed to the customer', async () => {
      const c = await created({ email: 'reset@example.com' });
      const res = await call(t.app, 'POST', `${base}/${c.id}/$resetPassword`, { token: t.owner.token });
      expect(res.statusCode).toBe(200);
      const { password } = res.json().data;
      expect(password.length).toBeGreaterThanOrEqual(6);
      const mails = await t.database.db.select().from(outbox).where(eq(outbox.recipient, 'reset@example.com'));
      expect(mails.at(-1)?.body).toContain(password);
    });
  });

  describe('a customer shared by several partners', () => {
    /** A customer of partners A and B, with a card on file. */
    async function sharedCustomer() {
      const c = await created({ email: `shared${nextPhone().slice(-6)}@example.com`, note: 'met at the desk' });
      const joined = await call(t.app, 'POST', `${base}/${c.id}/memberships`, {
        token: t.owner.token,
        body: { partnerId: t.partnerB.id },
      });
      expect(joined.statusCode, joined.body).toBe(201);
      const [method] = await t.database.db
        .insert(customerPaymentMethods)
        .values({ id: crypto.randomUUID(), customerId: c.id, type: 'credit-card', brand: 'visa', last4: '4242' })
        .returning();
      return { ...c, paymentMethodId: method?.id ?? '' };
    }
    /** Everything a refused change could have written: the row, its membership copies, cards and field logs. */
    async function stateOf(id: string) {
      const db = t.database.db;
      const [row] = await db.select().from(customers).where(eq(customers.id, id));
      return {
        row,
        memberships: await db
          .select()
          .from(customerMemberships)
          .where(eq(customerMemberships.customerId, id))
          .orderBy(customerMemberships.partnerId),
        methods: await db.select().from(customerPaymentMethods).where(eq(customerPaymentMethods.customerId, id)),
        logs: await db.select().from(fieldLogs).where(eq(fieldLogs.entityId, id)).orderBy(fieldLogs.id),
      };
    }
    const patch = (id: string, body: Record<string, unknown>, token = scopedA.token) =>
      call(t.app, 'PATCH', `${base}/${id}`, { token, body });

    it('refuses a partner-scoped change of their phone number, e-mail or name, writing nothing', async () => {
      const c = await sharedCustomer();
      const before = await stateOf(c.id);
      for (const body of [
        { phoneNo: nextPhone() },
        { email: 'taken-over@example.com' },
        { email: '' },
        { name: { first: 'Someone', last: 'Else' } },
        { name: { first: 'Marta', last: 'Else' } },
        { note: 'changed too', phoneNo: nextPhone() },
      ]) {
        const res = await patch(c.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(403);
        expect(errorOf(res).code).toBe('PartnerOutOfScope');
      }
      expect(await stateOf(c.id)).toEqual(before);
    });

    it('refuses a partner-scoped password reset, deletion, restore or card removal, writing nothing', async () => {
      const c = await sharedCustomer();
      const before = await stateOf(c.id);
      const refused = [
        await call(t.app, 'POST', `${base}/${c.id}/$resetPassword`, { token: scopedA.token }),
        await call(t.app, 'DELETE', `${base}/${c.id}`, { token: scopedA.token }),
        await call(t.app, 'DELETE', `${base}/${c.id}/paymentMethods/${c.paymentMethodId}`, { token: scopedA.token }),
      ];
      expect(refused.map((r) => errorOf(r).code)).toEqual([
        'PartnerOutOfScope',
        'PartnerOutOfScope',
        'PartnerOutOfScope',
      ]);
      expect(await stateOf(c.id)).toEqual(before);
      expect((await call(t.app, 'DELETE', `${base}/${c.id}`, { token: t.owner.token })).statusCode).toBe(200);
      const deleted = await stateOf(c.id);
      const restore = await call(t.app, 'POST', `${base}/${c.id}/$restore`, { token: scopedA.token });
      expect(errorOf(restore).code).toBe('PartnerOutOfScope');
      expect(await stateOf(c.id)).toEqual(deleted);
    });

    it('lets each partner change its own fields, and accepts the identifiers and name sent back unchanged', async () => {
      const c = await sharedCustomer();
      const before = await stateOf(c.id);
      const shown = (await get(c.id, scopedA.token)).json<{ data: CustomerBody & { name: object } }>().data;
      expect(shown.wholeCustomerInScope).toBe(false);
      const res = await patch(c.id, {
        phoneNo: shown.phoneNo,
        email: shown.email,
        name: shown.name,
        note: 'prefers the morning',
        whatsApp: '+393409998887',
        contactAddress: { line1: 'Via Dante 3', city: 'Milano' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        phoneNo: c.phoneNo,
        email: c.email,
        note: 'prefers the morning',
        whatsApp: '+393409998887',
        contactAddress: { line1: 'Via Dante 3', city: 'Milano' },
      });
      const earlier = new Set(before.logs.map((l) => l.id));
      const logged = (await stateOf(c.id)).logs.filter((l) => !earlier.has(l.id)).map((l) => l.field);
      expect(logged.sort()).toEqual(['contactAddress', 'note', 'whatsApp']);
    });

    it('lets a user whose scope reaches every partner change the shared account', async () => {
      const c = await sharedCustomer();
      const both = await t.userWith(['customer.read', 'customer.update'], [t.partnerA.id, t.partnerB.id]);
      expect((await get(c.id, both.token)).json().data.wholeCustomerInScope).toBe(true);
      const phoneNo = nextPhone();
      const res = await patch(c.id, { phoneNo, name: { first: 'Marta', last: 'Rius' } }, both.token);
      expect(res.statusCode, res.body).toBe(200);
      expect((await stateOf(c.id)).memberships.map((m) => m.phoneNo)).toEqual([phoneNo, phoneNo]);
      const own = await created();
      expect((await get(own.id, scopedA.token)).json().data.wholeCustomerInScope).toBe(true);
      expect((await patch(own.id, { email: 'own@example.com' })).statusCode).toBe(200);
    });

    it('answers 404 for a customer of another partner, exactly as for a missing one, writing nothing', async () => {
      const inB = await created({ partnerId: t.partnerB.id, email: 'b-only@example.com' });
      const before = await stateOf(inB.id);
      const tokensBefore = await t.database.db
        .select()
        .from(customerEmailTokens)
        .where(eq(customerEmailTokens.customerId, inB.id));
      const url = `${base}/${inB.id}`;
      const attempts = [
        await call(t.app, 'GET', url, { token: scopedA.token }),
        await call(t.app, 'GET', `${url}/fieldLogs`, { token: scopedA.token }),
        await patch(inB.id, { note: 'not yours' }),
        await call(t.app, 'POST', `${url}/$sendMail`, { token: scopedA.token, body: { kind: 'email-verification' } }),
        await call(t.app, 'PUT', `${url}/identityVerification`, { token: scopedA.token, body: identity }),
        await call(t.app, 'GET', `${url}/identityVerification/images/frontImage`, { token: scopedA.token }),
        await upload(inB.id, 'frontImage', await png(), scopedA.token),
        await call(t.app, 'POST', `${url}/$confirmReferrerCode`, {
          token: scopedA.token,
          body: { referralCode: 'ABCDEF' },
        }),
      ];
      expect(attempts.map((r) => r.statusCode)).toEqual(attempts.map(() => 404));
      expect(attempts.map((r) => errorOf(r).code)).toEqual(attempts.map(() => 'NotFound'));
      expect(await stateOf(inB.id)).toEqual(before);
      expect(
        await t.database.db.select().from(customerEmailTokens).where(eq(customerEmailTokens.customerId, inB.id)),
      ).toEqual(tokensBefore);
      const missing = await call(t.app, 'GET', `${base}/00000000-0000-4000-8000-000000000000`, {
        token: scopedA.token,
      });
      expect(errorOf(missing)).toEqual(errorOf(attempts[0]!));
    });
  });

  describe('referrals', () => {
    it('confirms a referrer of the same partner once, with every refusal of document 2 §8', async () => {
      const referrer = await created();
      const c = await created();
      const confirm = (id: string, referralCode: string, token = t.owner.token) =>
        call(t.app, 'POST', `${base}/${id}/$confirmReferrerCode`, { token, body: { referralCode } });

      expect(errorOf(await confirm(c.id, 'AB12')).code).toBe('ReferralCodeFormattedError');
      expect(errorOf(await confirm(c.id, 'AB-123')).code).toBe('ReferralCodeFormattedError');
      expect(errorOf(await confirm(c.id, c.referralCode.toLowerCase())).code).toBe('ReferralCodeBelongsThemselves');
      expect(errorOf(await confirm(c.id, 'ZZZZZZ')).code).toBe('ReferralCodeInvalid');
      const elsewhere = await created({ partnerId: t.partnerB.id });
      expect(errorOf(await confirm(c.id, elsewhere.referralCode)).code).toBe('ReferralCodeInvalid');

      const ok = await confirm(c.id, referrer.referralCode);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.referrer).toMatchObject({ id: referrer.id, referralCode: referrer.referralCode });
      const other = await created();
      expect(errorOf(await confirm(c.id, other.referralCode)).code).toBe('ReferralCodeAlreadyConfirmed');
      expect((await get(c.id)).json().data.referrer.id).toBe(referrer.id);
    });

    it('names the referrer only to users whose scope reaches the referrer', async () => {
      const referrer = await created({ partnerId: t.partnerB.id });
      const c = await created({ partnerId: t.partnerB.id });
      await call(t.app, 'POST', `${base}/${c.id}/memberships`, {
        token: t.owner.token,
        body: { partnerId: t.partnerA.id },
      });
      const confirmed = await call(t.app, 'POST', `${base}/${c.id}/$confirmReferrerCode`, {
        token: t.owner.token,
        body: { referralCode: referrer.referralCode },
      });
      expect(confirmed.json().data.referrer).toMatchObject({ id: referrer.id });
      const forA = (await get(c.id, scopedA.token)).json().data;
      expect(forA.referrer).toBeNull();
      expect(forA.referralConfirmedAt).toEqual(confirmed.json().data.referralConfirmedAt);
    });

    it('confirms exactly one of two concurrent referrer codes', async () => {
      const [r1, r2, c] = [await created(), await created(), await created()];
      const results = await Promise.all(
        [r1, r2].map((r) =>
          call(t.app, 'POST', `${base}/${c.id}/$confirmReferrerCode`, {
            token: t.owner.token,
            body: { referralCode: r.referralCode },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });

    it('looks a referral code up within the scope and, if asked, one partner', async () => {
      const c = await created();
      const lookup = (body: Record<string, unknown>, token = t.owner.token) =>
        call(t.app, 'POST', `${base}/$getByReferralCode`, { token, body });
      const found = await lookup({ referralCode: c.referralCode.toLowerCase() });
      expect(found.json().data).toMatchObject({ id: c.id, referralCode: c.referralCode });
      expect(errorOf(await lookup({ referralCode: c.referralCode, partnerId: t.partnerB.id })).code).toBe(
        'ReferralCodeInvalid',
      );
      const inB = await created({ partnerId: t.partnerB.id });
      expect(errorOf(await lookup({ referralCode: inB.referralCode }, scopedA.token)).code).toBe('ReferralCodeInvalid');
      expect(errorOf(await lookup({ referralCode: '12' })).code).toBe('ReferralCodeFormattedError');
    });
  });

  describe('identity verification', () => {
    it('submits, shows the SSN/ITIN masked only to customer.read_detail, and never stores it in clear', async () => {
      const c = await created();
      await upload(c.id, 'frontImage', await png());
      // SSN/ITIN is not collected by default.
      const refused = await call(t.app, 'PUT', `${base}/${c.id}/identityVerification`, {
        token: t.owner.token,
        body: { ...identity, ssnOrItin: '123-45-6789' },
      });
      expect((errorOf(refused).data as Fields).fields['identity.ssnOrItin']).toBe('This field is not collected');

      const setting = (await call(t.app, 'GET', '/account/settings/customerInfo', { token: t.owner.token })).json()
        .data;
      const put = (mode: string) =>
        call(t.app, 'PUT', '/account/settings/customerInfo', {
          token: t.owner.token,
          body: { profile: setting.profile, identity: { ...setting.identity, ssnOrItin: mode } },
        });
      expect((await put('optional')).statusCode).toBe(200);
      try {
        const res = await call(t.app, 'PUT', `${base}/${c.id}/identityVerification`, {
          token: t.owner.token,
          body: { ...identity, ssnOrItin: '123-45-6789' },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.identityVerification).toMatchObject({
          status: 'pending',
          ssnOrItin: '••••••••6789',
          images: { frontImage: true, backImage: false, selfie: false },
        });
        expect(res.body).not.toContain('123456789');
        const [row] = await t.database.db
          .select()
          .from(customerIdentities)
          .where(eq(customerIdentities.customerId, c.id));
        expect(row?.ssnOrItinSealed).not.toContain('6789');
        expect((await get(c.id, detailReader.token)).json().data.identityVerification.ssnOrItin).toBe('••••••••6789');
        const forReader = (await get(c.id, reader.token)).json().data.identityVerification;
        expect(forReader).not.toHaveProperty('ssnOrItin');
        // Sent back masked, the stored number stays.
        const again = await call(t.app, 'PUT', `${base}/${c.id}/identityVerification`, {
          token: t.owner.token,
          body: { ...identity, ssnOrItin: '••••••••6789' },
        });
        expect(again.json().data.identityVerification.ssnOrItin).toBe('••••••••6789');
      } finally {
        await put('disabled');
      }
    });

    it('requires the images and fields the setting requires', async () => {
      const c = await created();
      const res = await call(t.app, 'PUT', `${base}/${c.id}/identityVerification`, {
        token: t.owner.token,
        body: { documentType: 'passport' },
      });
      expect(res.statusCode).toBe(400);
      expect((errorOf(res).data as Fields).fields).toMatchObject({
        'identity.frontImage': 'This field is required',
        'identity.documentNumber': 'This field is required',
      });
      const dates = await call(t.app, 'PUT', `${base}/${c.id}/identityVerification`, {
        token: t.owner.token,
        body: { ...identity, issueDate: '2030-01-01', expiryDate: '2029-01-01' },
      });
      expect((errorOf(dates).data as Fields).fields.expiryDate).toBe('End must be later than start');
    });

    it('serves identity images only to callers with customer.read_detail', async () => {
      const c = await pendingCustomer();
      const url = `${base}/${c.id}/identityVerification/images/frontImage`;
      const ok = await call(t.app, 'GET', url, { token: detailReader.token });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toBe('image/png');
      expect(ok.headers['cache-control']).toBe('private, no-store');
      expect((await call(t.app, 'GET', url, { token: reader.token })).statusCode).toBe(403);
      expect((await call(t.app, 'GET', url)).statusCode).toBe(401);
      expect(
        (await call(t.app, 'GET', `${base}/${c.id}/identityVerification/images/selfie`, { token: t.owner.token }))
          .statusCode,
      ).toBe(404);
      // Never through the public files route.
      expect((await call(t.app, 'GET', '/files/identity/anything.png')).statusCode).toBe(400);
    });

    it('refuses an upload that is not an image', async () => {
      const c = await created();
      const res = await upload(c.id, 'frontImage', Buffer.from('%PDF-1.4 not an image'));
      expect(errorOf(res).code).toBe('UnsupportedMediaType');
    });

    it('approves or denies a pending verification once, with a reason for a denial', async () => {
      const c = await pendingCustomer();
      const review = (id: string, body: Record<string, unknown>, token = t.owner.token) =>
        call(t.app, 'POST', `${base}/${id}/identityVerification/$review`, { token, body });
      expect((await review(c.id, { decision: 'denied' })).statusCode).toBe(400);
      expect((await review(c.id, { decision: 'approved' }, reader.token)).statusCode).toBe(403);
      const approved = await review(c.id, { decision: 'approved' });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().data.identityVerification).toMatchObject({
        status: 'approved',
        reviewer: { id: t.owner.id },
        denyReason: null,
      });
      expect(errorOf(await review(c.id, { decision: 'denied', reason: 'late' })).code).toBe('Conflict');

      const d = await pendingCustomer();
      const denied = await review(d.id, { decision: 'denied', reason: 'The photo is blurred' });
      expect(denied.json().data.identityVerification).toMatchObject({
        status: 'denied',
        denyReason: 'The photo is blurred',
      });
      // A new image withdraws the decision until the verification is submitted again.
      await upload(d.id, 'frontImage', await png());
      expect((await get(d.id)).json().data.identityVerification.status).toBe('not-apply');
    });
  });

  describe('payment methods and mails', () => {
    it('removes a payment method with customer.payment.delete only', async () => {
      const c = await created();
      const [method] = await t.database.db
        .insert(customerPaymentMethods)
        .values({ id: crypto.randomUUID(), customerId: c.id, type: 'credit-card', brand: 'visa', last4: '4242' })
        .returning();
      const url = `${base}/${c.id}/paymentMethods/${method!.id}`;
      expect((await call(t.app, 'DELETE', url, { token: reader.token })).statusCode).toBe(403);
      expect((await get(c.id)).json().data).toMatchObject({
        paymentMethodBound: true,
        paymentMethods: [{ last4: '4242' }],
      });
      expect((await call(t.app, 'DELETE', url, { token: scopedA.token })).statusCode).toBe(200);
      expect((await get(c.id)).json().data).toMatchObject({ paymentMethodBound: false, paymentMethods: [] });
      expect((await call(t.app, 'DELETE', url, { token: t.owner.token })).statusCode).toBe(404);
    });

    it('mails a single-use verification link and a bind-card link; refuses without an e-mail', async () => {
      const c = await created({ email: 'verify@example.com' });
      const send = (id: string, kind: string) =>
        call(t.app, 'POST', `${base}/${id}/$sendMail`, { token: t.owner.token, body: { kind } });
      expect((await send(c.id, 'email-verification')).statusCode).toBe(200);
      const [mail] = await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, 'verify@example.com'), eq(outbox.subject, 'Verify your e-mail address')));
      const token = /verifyEmailToken=([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
      expect(token).toBeTruthy();
      expect((await call(t.app, 'POST', '/customer/$verifyEmail', { body: { token } })).statusCode).toBe(200);
      expect((await get(c.id)).json().data.emailVerified).toBe(true);
      expect(errorOf(await call(t.app, 'POST', '/customer/$verifyEmail', { body: { token } })).code).toBe('BadRequest');
      expect(errorOf(await send(c.id, 'email-verification')).code).toBe('Conflict');
      expect((await send(c.id, 'bind-card')).statusCode).toBe(200);

      const silent = await created();
      expect(errorOf(await send(silent.id, 'bind-card')).code).toBe('CustomerEmailMissing');
    });

    it('exports the filtered customers as CSV with customer.export_data only', async () => {
      const tag = `Csv${Date.now()}`;
      await created({ name: { first: tag, last: '=HYPERLINK("x")' } });
      const res = await call(t.app, 'GET', `${base}/$export?search=${tag}`, { token: t.owner.token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.body).toContain(tag);
      expect(res.body).toContain(`'=HYPERLINK`);
      expect((await call(t.app, 'GET', `${base}/$export`, { token: reader.token })).statusCode).toBe(403);
    });
  });
});
