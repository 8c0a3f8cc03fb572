import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { webPermissions } from '@fleetdesk/contracts';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, multipartFile, PASSWORD, type TestContext } from '../../../test/harness.ts';
import { fieldLogs } from '../../db/schema/index.ts';
import { seed } from '../../db/seed/builders.ts';

const PROFILE_KEYS = [
  'id',
  'username',
  'name',
  'email',
  'phoneNo',
  'account',
  'partnerScope',
  'legacyPartnerScope',
  'roles',
  'permissions',
  'lastActiveTime',
  'createdAt',
  'updatedAt',
];
const ACCOUNT_KEYS = ['name', 'logoImgUrl', 'timezone', 'isRegistryEnabled', 'currency'];

/** A small image encoded unlike the server would (no compression, top quality), so re-encoding shows. */
const image = (format: 'png' | 'jpeg', width = 64, height = 48) => {
  const canvas = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return (format === 'png' ? canvas.png({ compressionLevel: 0 }) : canvas.jpeg({ quality: 100 })).toBuffer();
};

describe('account API', () => {
  let t: TestContext;
  let configWriter: Awaited<ReturnType<TestContext['userWith']>>;
  let plainUser: Awaited<ReturnType<TestContext['userWith']>>;

  beforeAll(async () => {
    t = await createTestContext();
    configWriter = await t.userWith(['config.write']);
    plainUser = await t.userWith(['user.read']);
  });
  afterAll(() => t.close());

  const upload = async (
    file: { content: Buffer; filename: string; type: string },
    token = t.owner.token,
    field = 'file',
  ) => {
    const { payload, contentType } = await multipartFile(file, field);
    return t.app.inject({
      method: 'PUT',
      url: '/api/account/accounts/me/logo',
      payload,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    });
  };

  describe('GET /account/users/$me/profile', () => {
    it('returns exactly the fields of document 1 §3 for an account user', async () => {
      const res = await call(t.app, 'GET', '/account/users/$me/profile', { token: t.owner.token });
      expect(res.statusCode).toBe(200);
      const profile = res.json().data;
      expect(Object.keys(profile).sort()).toEqual([...PROFILE_KEYS].sort());
      expect(Object.keys(profile.account).sort()).toEqual([...ACCOUNT_KEYS].sort());
      expect(profile).toMatchObject({
        id: t.owner.id,
        username: t.owner.username,
        email: t.owner.email,
        phoneNo: null,
        partnerScope: '*',
        legacyPartnerScope: null,
        roles: [{ title: 'Owner' }],
        permissions: ['base:admin'],
        account: { name: 'Fleetdesk Mobility', timezone: '+01:00', currency: 'EUR', isRegistryEnabled: false },
      });
      expect(new Date(profile.createdAt).toISOString()).toBe(profile.createdAt);
      expect(new Date(profile.updatedAt).toISOString()).toBe(profile.updatedAt);
    });

    it('gives a partner user the list of their partner ids and their flat permissions', async () => {
      const staff = await t.userWith(['partner.read', 'user.read'], [t.partnerA.id, t.partnerB.id]);
      const profile = (await call(t.app, 'GET', '/account/users/$me/profile', { token: staff.token })).json().data;
      expect(Object.keys(profile).sort()).toEqual([...PROFILE_KEYS].sort());
      expect([...profile.partnerScope].sort()).toEqual([t.partnerA.id, t.partnerB.id].sort());
      expect([...profile.permissions].sort()).toEqual(['partner.read', 'user.read']);
      expect(profile.roles).toEqual([{ id: staff.roleId, title: expect.any(String) }]);
    });

    it('merges the permissions of several roles without duplicates', async () => {
      const db = t.database.db;
      const a = await seed.role(db, { title: 'A', permissions: ['user.read', 'role.read'] });
      const b = await seed.role(db, { title: 'B', permissions: ['role.read', 'partner.read'] });
      await seed.user(db, {
        username: 'two-roles',
        email: 'two-roles@test.local',
        password: PASSWORD,
        roleIds: [a.id, b.id],
      });
      const token = await t.login('two-roles@test.local');
      const profile = (await call(t.app, 'GET', '/account/users/$me/profile', { token })).json().data;
      expect([...profile.permissions].sort()).toEqual(['partner.read', 'role.read', 'user.read']);
      expect(profile.roles.map((r: { title: string }) => r.title)).toEqual(['A', 'B']);
    });

    it('still answers for a partner user whose partners were all taken away', async () => {
      const db = t.database.db;
      await seed.user(db, {
        username: 'no-partners',
        email: 'no-partners@test.local',
        password: PASSWORD,
        partnerScope: [],
      });
      const token = await t.login('no-partners@test.local');
      const res = await call(t.app, 'GET', '/account/users/$me/profile', { token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.partnerScope).toEqual([]);
    });

    it('refuses a caller without a token', async () => {
      const res = await call(t.app, 'GET', '/account/users/$me/profile');
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('Unauthorized');
    });
  });

  describe('GET /account/permissions', () => {
    it('serves the catalogue to any signed-in user, web and app side, grouped by family', async () => {
      const res = await call(t.app, 'GET', '/account/permissions', { token: plainUser.token });
      expect(res.statusCode).toBe(200);
      const families: { family: string; platform: string; labelKey: string; actions: string[] }[] = res.json().data;
      expect(families).toContainEqual({
        family: 'user',
        platform: 'web',
        labelKey: 'permission.user',
        actions: ['read', 'create', 'update', 'delete'],
      });
      expect(families.some((f) => f.platform === 'app')).toBe(true);
      const strings = families
        .filter((f) => f.platform === 'web')
        .flatMap((f) => f.actions.map((a) => `${f.family}.${a}`));
      expect(strings.sort()).toEqual([...webPermissions].sort());
      for (const p of [
        'asset.read',
        'asset.trip.export_data',
        'iot_control.command.turn_on',
        'customer.payment.delete',
        'role.update',
        'partner.write',
      ]) {
        expect(strings).toContain(p);
      }
    });

    it('refuses a caller without a token', async () => {
      expect(errorOf(await call(t.app, 'GET', '/account/permissions')).code).toBe('Unauthorized');
    });
  });

  describe('GET and PATCH /account/accounts/me', () => {
    it('shows the account to any signed-in user', async () => {
      const res = await call(t.app, 'GET', '/account/accounts/me', { token: plainUser.token });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json().data).sort()).toEqual([...ACCOUNT_KEYS].sort());
      expect(errorOf(await call(t.app, 'GET', '/account/accounts/me')).code).toBe('Unauthorized');
    });

    it('changes name, timezone, currency and the registry flag, logs each field, and the profile shows it', async () => {
      const body = { name: 'Ride Co', timezone: '-12:00', currency: 'USD', isRegistryEnabled: true };
      const res = await call(t.app, 'PATCH', '/account/accounts/me', { token: configWriter.token, body });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject(body);
      const profile = (await call(t.app, 'GET', '/account/users/$me/profile', { token: plainUser.token })).json().data;
      expect(profile.account).toMatchObject(body);
      const logs = await t.database.db
        .select()
        .from(fieldLogs)
        .where(and(eq(fieldLogs.entityType, 'account'), eq(fieldLogs.userId, configWriter.id)));
      expect(logs.map((l) => l.field).sort()).toEqual(['currency', 'isRegistryEnabled', 'name', 'timezone']);
      expect(logs.find((l) => l.field === 'timezone')).toMatchObject({ before: '+01:00', after: '-12:00' });
    });

    it('changes only the fields sent', async () => {
      const before = (await call(t.app, 'GET', '/account/accounts/me', { token: t.owner.token })).json().data;
      const res = await call(t.app, 'PATCH', '/account/accounts/me', {
        token: t.owner.token,
        body: { timezone: '+12:00' },
      });
      expect(res.json().data).toEqual({ ...before, timezone: '+12:00' });
    });

    it.each([
      ['a timezone offset over 12:00', { timezone: '+12:30' }, 'timezone'],
      ['a timezone offset of 13 hours', { timezone: '-13:00' }, 'timezone'],
      ['a timezone without its sign', { timezone: '01:00' }, 'timezone'],
      ['a lower-case currency', { currency: 'eur' }, 'currency'],
      ['a currency that is not three letters', { currency: 'EURO' }, 'currency'],
      ['a whitespace-only name', { name: '  ' }, 'name'],
      ['a wrong type', { isRegistryEnabled: 'yes' }, 'isRegistryEnabled'],
      ['an unknown field', { logoImgUrl: 'https://evil.example/logo.png' }, 'logoImgUrl'],
    ])('refuses %s with 400 and changes nothing', async (_label, body, field) => {
      const before = (await call(t.app, 'GET', '/account/accounts/me', { token: t.owner.token })).json().data;
      const res = await call(t.app, 'PATCH', '/account/accounts/me', { token: t.owner.token, body });
      expect(res.statusCode).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe('ValidationError');
      expect(Object.keys((error.data as { fields: Record<string, string> }).fields)).toContain(field);
      expect((await call(t.app, 'GET', '/account/accounts/me', { token: t.owner.token })).json().data).toEqual(before);
    });

    it('refuses a caller without config.write with 403 Forbidden', async () => {
      const res = await call(t.app, 'PATCH', '/account/accounts/me', {
        token: plainUser.token,
        body: { name: 'Mine' },
      });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('Forbidden');
      expect(errorOf(await call(t.app, 'PATCH', '/account/accounts/me', { body: { name: 'Mine' } })).code).toBe(
        'Unauthorized',
      );
    });

    it('refuses a partner user: account settings reach every partner', async () => {
      const partnerConfig = await t.userWith(['config.write'], [t.partnerA.id]);
      const before = (await call(t.app, 'GET', '/account/accounts/me', { token: t.owner.token })).json();
      const logsBefore = (await t.database.db.select().from(fieldLogs)).length;
      const res = await call(t.app, 'PATCH', '/account/accounts/me', {
        token: partnerConfig.token,
        body: { name: 'Mine' },
      });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: 'PartnerOutOfScope',
        message: 'your partner scope must be set to all',
      });
      const logo = await upload(
        { content: await image('png'), filename: 'logo.png', type: 'image/png' },
        partnerConfig.token,
      );
      expect(errorOf(logo).code).toBe('PartnerOutOfScope');
      expect((await call(t.app, 'GET', '/account/accounts/me', { token: t.owner.token })).json()).toEqual(before);
      expect((await t.database.db.select().from(fieldLogs)).length).toBe(logsBefore);
    });
  });

  describe('PUT /account/accounts/me/logo', () => {
    const fetchLogo = (url: string) => t.app.inject({ method: 'GET', url });

    it.each([
      ['a PNG', 'png', 'logo.png', 'image/png', 'image/png'],
      ['a JPEG', 'jpeg', 'logo.jpg', 'image/jpeg', 'image/jpeg'],
      ['a PNG named .jpg and declared as JPEG', 'png', 'logo.jpg', 'image/jpeg', 'image/png'],
      ['a JPEG declared as a text file', 'jpeg', 'logo.txt', 'text/plain', 'image/jpeg'],
    ] as const)(
      'accepts %s, re-encodes it and serves it with nosniff',
      async (_label, format, filename, declared, served) => {
        const content = await image(format);
        const res = await upload({ content, filename, type: declared }, configWriter.token);
        expect(res.statusCode).toBe(200);
        const account = res.json().data;
        expect(account.logoImgUrl).toMatch(/^\/api\/files\/logos\/[0-9a-f-]+\.(png|jpg)$/);

        const file = await fetchLogo(account.logoImgUrl);
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe(served);
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        expect(file.rawPayload.equals(content)).toBe(false);
        const meta = await sharp(file.rawPayload).metadata();
        expect(meta.format).toBe(format);
        expect([meta.width, meta.height]).toEqual([64, 48]);

        const me = (await call(t.app, 'GET', '/account/accounts/me', { token: t.owner.token })).json().data;
        expect(me.logoImgUrl).toBe(account.logoImgUrl);
      },
    );

    it('strips metadata and anything appended to the image', async () => {
      const tagged = await sharp(await image('jpeg'))
        .withExif({ IFD0: { Copyright: 'secret-owner', ImageDescription: 'GPS here' } })
        .jpeg()
        .toBuffer();
      const content = Buffer.concat([tagged, Buffer.from('<script>alert(1)</script>')]);
      const res = await upload({ content, filename: 'logo.jpg', type: 'image/jpeg' });
      expect(res.statusCode).toBe(200);
      const stored = (await fetchLogo(res.json().data.logoImgUrl)).rawPayload;
      expect((await sharp(stored).metadata()).exif).toBeUndefined();
      expect(stored.includes('secret-owner')).toBe(false);
      expect(stored.includes('<script>')).toBe(false);
    });

    it('scales a huge logo down', async () => {
      const content = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#336699' } })
        .png()
        .toBuffer();
      const res = await upload({ content, filename: 'big.png', type: 'image/png' });
      expect(res.statusCode).toBe(200);
      const stored = (await fetchLogo(res.json().data.logoImgUrl)).rawPayload;
      const meta = await sharp(stored).metadata();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1024);
    });

    it.each([
      ['a text file named logo.png', Buffer.from('hello, I am not an image'), 'logo.png', 'image/png'],
      [
        'a GIF',
        Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
        'logo.gif',
        'image/gif',
      ],
      [
        'an SVG',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'logo.png',
        'image/png',
      ],
      [
        'a truncated PNG',
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
        'logo.png',
        'image/png',
      ],
    ])('refuses %s with 400 and keeps the old logo', async (_label, content, filename, type) => {
      const before = (await call(t.app, 'GET', '/account/accounts/me', { token: t.owner.token })).json().data
        .logoImgUrl;
      const res = await upload({ content, filename, type });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).not.toBe('InternalServerError');
      expect((await call(t.app, 'GET', '/account/accounts/me', { token: t.owner.token })).json().data.logoImgUrl).toBe(
        before,
      );
    });

    it('refuses a file over 5 MB with 413 "image too large"', async () => {
      const content = Buffer.concat([await image('png'), Buffer.alloc(5 * 1024 * 1024)]);
      const res = await upload({ content, filename: 'logo.png', type: 'image/png' });
      expect(res.statusCode).toBe(413);
      expect(errorOf(res)).toMatchObject({ code: 'PayloadTooLarge', message: 'image too large' });
    });

    it('accepts an image of 4 MB: the 1 MB JSON limit does not apply to uploads', async () => {
      // Noise compresses badly, so this PNG really is several megabytes.
      const noise = Buffer.alloc(1200 * 1100 * 3);
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
      const content = await sharp(noise, { raw: { width: 1200, height: 1100, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(content.length).toBeGreaterThan(1024 * 1024);
      expect(content.length).toBeLessThan(5 * 1024 * 1024);
      const res = await upload({ content, filename: 'logo.png', type: 'image/png' });
      expect(res.statusCode).toBe(200);
    });

    it('refuses a body that is not multipart, and a form without the file field, with 400', async () => {
      const json = await call(t.app, 'PUT', '/account/accounts/me/logo', { token: t.owner.token, body: { file: 'x' } });
      expect(json.statusCode).toBe(400);
      expect(errorOf(json).code).toBe('BadRequest');
      const { payload, contentType } = await (async () => {
        const form = new FormData();
        form.append('note', 'no file here');
        const encoded = new Response(form);
        return {
          payload: Buffer.from(await encoded.arrayBuffer()),
          contentType: encoded.headers.get('content-type') ?? '',
        };
      })();
      const empty = await t.app.inject({
        method: 'PUT',
        url: '/api/account/accounts/me/logo',
        payload,
        headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': contentType },
      });
      expect(empty.statusCode).toBe(400);
      expect(errorOf(empty).code).not.toBe('InternalServerError');
    });

    it.each([
      [
        'a body cut short',
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      ],
      ['a multipart type without boundary', 'multipart/form-data', 'whatever'],
    ])('refuses %s with 400, never a 500', async (_label, contentType, payload) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/account/accounts/me/logo',
        payload,
        headers: { authorization: `Bearer ${t.owner.token}`, 'content-type': contentType },
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('BadRequest');
    });

    it('refuses a caller without config.write, or without a token', async () => {
      const content = await image('png');
      const forbidden = await upload({ content, filename: 'logo.png', type: 'image/png' }, plainUser.token);
      expect(forbidden.statusCode).toBe(403);
      expect(errorOf(forbidden).code).toBe('Forbidden');
      const { payload, contentType } = await multipartFile({ content, filename: 'logo.png', type: 'image/png' });
      const anonymous = await t.app.inject({
        method: 'PUT',
        url: '/api/account/accounts/me/logo',
        payload,
        headers: { 'content-type': contentType },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('serves only stored logos: other names are 404 or 400, never a file outside the store', async () => {
      expect((await fetchLogo('/api/files/logos/00000000-0000-0000-0000-000000000000.png')).statusCode).toBe(404);
      for (const url of [
        '/api/files/logos/..%2F..%2Fetc%2Fpasswd',
        '/api/files/secrets/a.png',
        '/api/files/logos/a.svg',
      ]) {
        const res = await fetchLogo(url);
        expect([400, 404], url).toContain(res.statusCode);
        expect(res.headers['content-type']).toMatch(/json/);
      }
    });

    it('writes the re-encoded file, not the upload, to the store', async () => {
      const content = await image('png');
      const res = await upload({ content, filename: 'logo.png', type: 'image/png' });
      const name = path.basename(res.json().data.logoImgUrl);
      const dir = path.join(t.dataDir, 'files', 'logos');
      expect(await readdir(dir)).toContain(name);
      const stored = await readFile(path.join(dir, name));
      expect(stored.equals(content)).toBe(false);
      expect(stored.equals((await fetchLogo(res.json().data.logoImgUrl)).rawPayload)).toBe(true);
    });
  });
});
