import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, PASSWORD, type TestContext } from '../../../test/harness.ts';
import { latestMessage } from '../../adapters/outbox.repo.ts';
import { fieldLogs, users } from '../../db/schema/index.ts';
import { seed } from '../../db/seed/builders.ts';

let n = 0;
const uniqueName = (prefix: string) => `${prefix}${++n}`;
const fieldsOf = (res: { json: () => unknown }) =>
  (errorOf(res as never).data as { fields: Record<string, string> }).fields;

describe('users API', () => {
  let t: TestContext;
  let mechanicRole: { id: string };
  let adminRoleId: string;
  const body = (over: Record<string, unknown> = {}) => {
    const username = uniqueName('mario');
    return {
      username,
      name: 'Mario Rossi',
      email: `${username}@test.local`,
      phoneNo: '',
      password: 'a-good-password',
      partnerScope: [t.partnerA.id] as string[] | '*',
      roleIds: [mechanicRole.id],
      ...over,
    };
  };
  const update = (u: { partnerScope?: string[] | '*'; roleIds?: string[]; name?: string }) => ({
    name: u.name ?? 'Mario Rossi',
    partnerScope: u.partnerScope ?? [t.partnerA.id],
    roleIds: u.roleIds ?? [mechanicRole.id],
  });

  beforeAll(async () => {
    t = await createTestContext();
    mechanicRole = await seed.role(t.database.db, { title: 'Mechanic', permissions: ['asset.read'] });
    adminRoleId = (await call(t.app, 'GET', '/account/users/$me/profile', { token: t.owner.token })).json().data
      .roles[0].id;
  });
  afterAll(() => t.close());

  const create = async (over: Record<string, unknown> = {}, token = t.owner.token) => {
    const res = await call(t.app, 'POST', '/account/users', { token, body: body(over) });
    if (res.statusCode !== 201) throw new Error(`user not created: ${res.body}`);
    return res.json().data as { id: string; username: string; email: string };
  };

  /** What a refused call must leave as it was: the user as the owner reads them, their field logs, their password. */
  const snapshot = async (id: string) => {
    const [row] = await t.database.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
    return {
      user: (await call(t.app, 'GET', `/account/users/${id}`, { token: t.owner.token })).json().data,
      logs: (await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, id))).length,
      passwordHash: row?.passwordHash,
    };
  };
  const userCount = async () => (await call(t.app, 'GET', '/account/users', { token: t.owner.token })).json().count;

  /** A signed-in staff member whose one role carries these web and operation-app permissions. */
  const staffWith = async (permissions: string[], appPermissions: string[], partnerScope: '*' | string[] = '*') => {
    const role = await seed.role(t.database.db, {
      title: uniqueName(`app ${appPermissions.join(' ')}`).slice(0, 60),
      permissions,
      appPermissions,
    });
    const username = uniqueName('app-staff');
    const email = `${username}@test.local`;
    const { id } = await seed.user(t.database.db, {
      username,
      email,
      password: PASSWORD,
      partnerScope,
      roleIds: [role.id],
    });
    return { id, email, roleId: role.id, token: await t.login(email) };
  };

  it('creates, reads, lists, updates and deletes a staff member, logging each change', async () => {
    const input = body({ phoneNo: '+393471112233' });
    const created = await call(t.app, 'POST', '/account/users', { token: t.owner.token, body: input });
    expect(created.statusCode).toBe(201);
    const user = created.json().data;
    expect(user).toEqual({
      id: expect.any(String),
      username: input.username,
      name: 'Mario Rossi',
      email: input.email,
      phoneNo: '+393471112233',
      partnerScope: [t.partnerA.id],
      partners: [{ id: t.partnerA.id, name: 'Partner A' }],
      roles: [{ id: mechanicRole.id, title: 'Mechanic' }],
      lastActiveTime: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(user)).not.toContain('password');

    expect((await call(t.app, 'GET', `/account/users/${user.id}`, { token: t.owner.token })).json().data).toEqual(user);
    const list = await call(t.app, 'GET', `/account/users?search=${input.username}`, { token: t.owner.token });
    expect(list.json()).toMatchObject({ count: 1, data: [{ id: user.id }] });

    // The new user can sign in with the password set at creation.
    const token = await t.login(input.email, 'a-good-password');
    expect((await call(t.app, 'GET', '/account/users/$me/profile', { token })).json().data.permissions).toEqual([
      'asset.read',
    ]);

    const updated = await call(t.app, 'PUT', `/account/users/${user.id}`, {
      token: t.owner.token,
      body: { name: 'Mario B. Rossi', email: '', phoneNo: '', partnerScope: '*', roleIds: [] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      username: input.username,
      name: 'Mario B. Rossi',
      email: null,
      phoneNo: null,
      partnerScope: '*',
      partners: [],
      roles: [],
    });

    const removed = await call(t.app, 'DELETE', `/account/users/${user.id}`, { token: t.owner.token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: null });
    const gone = await call(t.app, 'GET', `/account/users/${user.id}`, { token: t.owner.token });
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).code).toBe('NotFound');
    expect(
      (await call(t.app, 'GET', `/account/users?search=${input.username}`, { token: t.owner.token })).json().count,
    ).toBe(0);

    const logs = await t.database.db
      .select()
      .from(fieldLogs)
      .where(and(eq(fieldLogs.entityType, 'user'), eq(fieldLogs.entityId, user.id)));
    const fields = logs.map((l) => l.field);
    expect(fields).toEqual(expect.arrayContaining(['username', 'name', 'partnerScope', 'roleIds', 'deleted']));
    expect(logs.every((l) => l.userId === t.owner.id)).toBe(true);
  });

  it('creates a user without a password, who cannot sign in until it is reset', async () => {
    const user = await create({ password: undefined });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/auth/login',
      payload: { email: user.email, password: 'anything-at-all' },
      remoteAddress: '10.9.9.1',
    });
    expect(errorOf(res).code).toBe('IncorrectCredentials');
  });

  it('searches, filters by role and partner, sorts and pages', async () => {
    const tag = uniqueName('zeta');
    const first = await create({
      username: `${tag}-a`,
      email: `${tag}-a@test.local`,
      name: 'Aldo Zeta',
      partnerScope: [t.partnerB.id],
    });
    const second = await create({ username: `${tag}-b`, email: `${tag}-b@test.local`, name: 'Bice Zeta', roleIds: [] });
    const byName = await call(t.app, 'GET', `/account/users?search=${tag}&sort=name:desc`, { token: t.owner.token });
    expect(byName.json().data.map((u: { id: string }) => u.id)).toEqual([second.id, first.id]);
    const page2 = await call(t.app, 'GET', `/account/users?search=${tag}&sort=name:asc&pageSize=1&pageNo=2`, {
      token: t.owner.token,
    });
    expect(page2.json()).toMatchObject({ count: 2, data: [{ id: second.id }] });
    const byRole = await call(t.app, 'GET', `/account/users?search=${tag}&roleId=${mechanicRole.id}`, {
      token: t.owner.token,
    });
    expect(byRole.json().data.map((u: { id: string }) => u.id)).toEqual([first.id]);
    const byPartner = await call(t.app, 'GET', `/account/users?search=${tag}&partnerId=${t.partnerB.id}`, {
      token: t.owner.token,
    });
    expect(byPartner.json().data.map((u: { id: string }) => u.id)).toEqual([first.id]);
    const bad = await call(t.app, 'GET', '/account/users?sort=password:asc', { token: t.owner.token });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(bad))).toEqual(['query.sort']);
    const badSize = await call(t.app, 'GET', '/account/users?pageSize=1000', { token: t.owner.token });
    expect(badSize.statusCode).toBe(400);
  });

  describe('refusals', () => {
    const someId = '2b3c4d5e-6f70-4812-9a3b-4c5d6e7f8091';
    const endpoints = [
      ['GET', '/account/users', undefined, 'user.read'],
      ['GET', `/account/users/${someId}`, undefined, 'user.read'],
      ['POST', '/account/users', {}, 'user.create'],
      ['PUT', `/account/users/${someId}`, {}, 'user.update'],
      ['DELETE', `/account/users/${someId}`, undefined, 'user.delete'],
      ['POST', `/account/users/${someId}/reset-password`, undefined, 'user.update'],
    ] as const;

    it.each(endpoints)('%s %s answers 401 without a token', async (method, url, b) => {
      const res = await call(t.app, method, url, { body: b });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('Unauthorized');
    });

    it.each(endpoints)('%s %s answers 403 Forbidden without %s', async (method, url, b, permission) => {
      const others = ['user.read', 'user.create', 'user.update', 'user.delete', 'role.read'].filter(
        (p) => p !== permission,
      );
      const caller = await t.userWith(others);
      const res = await call(t.app, method, url, { token: caller.token, body: b });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('Forbidden');
    });

    it('answers 404 for a user that does not exist and 400 for an id of the wrong shape', async () => {
      const calls = [
        ['GET', undefined],
        ['PUT', update({})],
        ['DELETE', undefined],
      ] as const;
      for (const [method, b] of calls) {
        const res = await call(t.app, method, `/account/users/${someId}`, { token: t.owner.token, body: b });
        expect(res.statusCode, method).toBe(404);
        expect(errorOf(res).code).toBe('NotFound');
      }
      expect(
        (await call(t.app, 'POST', `/account/users/${someId}/reset-password`, { token: t.owner.token })).statusCode,
      ).toBe(404);
      const bad = await call(t.app, 'DELETE', '/account/users/not-a-uuid', { token: t.owner.token });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(fieldsOf(bad))).toEqual(['params.id']);
    });

    it.each([
      ['a whitespace-only name', { name: '   ' }, 'name', undefined],
      ['a missing name', { name: undefined }, 'name', undefined],
      ['a username with spaces', { username: 'mario rossi' }, 'username', undefined],
      ['a username shorter than 3', { username: 'mr' }, 'username', undefined],
      [
        'a password shorter than 8 characters',
        { password: 'short' },
        'password',
        'Password must be at least 8 characters',
      ],
      ['a malformed email', { email: 'mario@' }, 'email', 'Incorrect email format!'],
      ['a phone number without its region code', { phoneNo: '3471112233' }, 'phoneNo', 'Phone number is invalid!'],
      ['an empty partner selection', { partnerScope: [] }, 'partnerScope', 'Please select at least one item'],
      // No default partner scope, least of all "*": the creator chooses (issue 21).
      ['a missing partner scope', { partnerScope: undefined }, 'partnerScope', undefined],
      ['a partner scope that is neither "*" nor a list', { partnerScope: 'all' }, 'partnerScope', undefined],
      ['a partner id of the wrong shape', { partnerScope: ['p-1'] }, 'partnerScope.0', undefined],
      [
        'an unknown partner',
        { partnerScope: ['0f0f0f0f-0000-4000-8000-000000000001'] },
        'partnerScope',
        'Unknown partner',
      ],
      ['an unknown role', { roleIds: ['0f0f0f0f-0000-4000-8000-000000000002'] }, 'roleIds', 'Unknown role'],
      ['roles that are not a list', { roleIds: 'Mechanic' }, 'roleIds', undefined],
      ['an unknown field', { isAdmin: true }, 'isAdmin', 'Unknown field'],
    ])('refuses %s with 400 naming the field, and writes nothing', async (_label, over, field, message) => {
      const before = (await call(t.app, 'GET', '/account/users', { token: t.owner.token })).json().count;
      const res = await call(t.app, 'POST', '/account/users', { token: t.owner.token, body: body(over) });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('ValidationError');
      const fields = fieldsOf(res);
      expect(Object.keys(fields)).toContain(field);
      expect(fields[field]).toEqual(message ?? expect.any(String));
      expect((await call(t.app, 'GET', '/account/users', { token: t.owner.token })).json().count).toBe(before);
    });

    it('refuses a username already used, whatever its case, with 409 UsernameAlreadyUsed', async () => {
      const user = await create();
      const res = await call(t.app, 'POST', '/account/users', {
        token: t.owner.token,
        body: body({ username: user.username.toUpperCase() }),
      });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toMatchObject({ code: 'UsernameAlreadyUsed' });
    });

    it('keeps a deleted user’s username taken', async () => {
      const user = await create();
      expect((await call(t.app, 'DELETE', `/account/users/${user.id}`, { token: t.owner.token })).statusCode).toBe(200);
      const res = await call(t.app, 'POST', '/account/users', {
        token: t.owner.token,
        body: body({ username: user.username }),
      });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('UsernameAlreadyUsed');
      // Their email, though, is free again.
      expect(
        (await call(t.app, 'POST', '/account/users', { token: t.owner.token, body: body({ email: user.email }) }))
          .statusCode,
      ).toBe(201);
    });

    it('refuses an email or phone number another live staff member uses, with 409', async () => {
      const user = await create({ phoneNo: '+393470000001' });
      const email = await call(t.app, 'POST', '/account/users', {
        token: t.owner.token,
        body: body({ email: user.email.toUpperCase() }),
      });
      expect(email.statusCode).toBe(409);
      expect(errorOf(email).data).toEqual({ field: 'email' });
      const phone = await call(t.app, 'POST', '/account/users', {
        token: t.owner.token,
        body: body({ phoneNo: '+393470000001' }),
      });
      expect(phone.statusCode).toBe(409);
      expect(errorOf(phone).data).toEqual({ field: 'phoneNo' });
      // A user keeps their own email on update.
      const same = await call(t.app, 'PUT', `/account/users/${user.id}`, {
        token: t.owner.token,
        body: { ...update({}), email: user.email, phoneNo: '+393470000001' },
      });
      expect(same.statusCode).toBe(200);
    });

    it('answers concurrent creates of one username or email with one 201 and 409s, never a 500', async () => {
      const username = uniqueName('racer');
      const same = await Promise.all(
        [1, 2, 3].map(() => call(t.app, 'POST', '/account/users', { token: t.owner.token, body: body({ username }) })),
      );
      expect(same.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      for (const r of same.filter((x) => x.statusCode === 409)) expect(errorOf(r).code).toBe('UsernameAlreadyUsed');

      const email = `${uniqueName('race')}@test.local`;
      const mails = await Promise.all(
        [1, 2].map(() => call(t.app, 'POST', '/account/users', { token: t.owner.token, body: body({ email }) })),
      );
      expect(mails.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(errorOf(mails.find((r) => r.statusCode === 409)!).data).toEqual({ field: 'email' });
    });

    it('keeps the username fixed: an update naming it is refused as an unknown field', async () => {
      const user = await create();
      const res = await call(t.app, 'PUT', `/account/users/${user.id}`, {
        token: t.owner.token,
        body: { ...update({}), username: 'renamed' },
      });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual({ username: 'Unknown field' });
      expect(
        (await call(t.app, 'GET', `/account/users/${user.id}`, { token: t.owner.token })).json().data.username,
      ).toBe(user.username);
    });

    it('refuses an invalid body on update too, naming the field', async () => {
      const user = await create();
      for (const [over, field] of [
        [{ partnerScope: [] }, 'partnerScope'],
        [{ roleIds: ['0f0f0f0f-0000-4000-8000-000000000003'] }, 'roleIds'],
        [{ name: '' }, 'name'],
      ] as const) {
        const res = await call(t.app, 'PUT', `/account/users/${user.id}`, {
          token: t.owner.token,
          body: { ...update({}), ...over },
        });
        expect(res.statusCode, field).toBe(400);
        expect(Object.keys(fieldsOf(res))).toContain(field);
      }
    });

    it('refuses to delete yourself', async () => {
      const deleter = await t.userWith(['user.delete', 'user.read']);
      const res = await call(t.app, 'DELETE', `/account/users/${deleter.id}`, { token: deleter.token });
      expect(res.statusCode).toBe(422);
      expect(errorOf(res).code).toBe('DeleteFailed');
      expect((await call(t.app, 'GET', '/account/users/$me/profile', { token: deleter.token })).statusCode).toBe(200);
    });
  });

  describe('partner scope', () => {
    let scoped: Awaited<ReturnType<TestContext['userWith']>>;
    let inA: { id: string };
    let inB: { id: string };
    let inAB: { id: string };
    let accountUser: { id: string };

    beforeAll(async () => {
      scoped = await t.userWith(
        ['user.read', 'user.create', 'user.update', 'user.delete', 'asset.read'],
        [t.partnerA.id],
      );
      const db = t.database.db;
      inA = await seed.user(db, {
        username: 'scope-a',
        email: 'scope-a@test.local',
        partnerScope: [t.partnerA.id],
        roleIds: [mechanicRole.id],
      });
      inB = await seed.user(db, {
        username: 'scope-b',
        email: 'scope-b@test.local',
        partnerScope: [t.partnerB.id],
        roleIds: [mechanicRole.id],
      });
      inAB = await seed.user(db, {
        username: 'scope-ab',
        partnerScope: [t.partnerA.id, t.partnerB.id],
        roleIds: [mechanicRole.id],
      });
      accountUser = await seed.user(db, { username: 'scope-all', partnerScope: '*', roleIds: [mechanicRole.id] });
    });

    it('lists only staff whose whole scope lies inside the caller’s', async () => {
      const res = await call(t.app, 'GET', '/account/users?pageSize=100', { token: scoped.token });
      const ids = res.json().data.map((u: { id: string }) => u.id);
      expect(ids).toContain(inA.id);
      expect(ids).toContain(scoped.id);
      for (const hidden of [inB.id, inAB.id, accountUser.id, t.owner.id]) expect(ids).not.toContain(hidden);
      expect(res.json().count).toBe(ids.length);
    });

    it.each([
      ['a user of another partner', () => inB.id],
      ['a user who also works for another partner', () => inAB.id],
      ['an account user', () => accountUser.id],
    ])(
      'answers 404, as for a missing user, to reading, editing, resetting or deleting %s, and writes nothing',
      async (_label, target) => {
        const id = target();
        const before = await snapshot(id);
        for (const [method, url, b] of [
          ['GET', `/account/users/${id}`, undefined],
          ['PUT', `/account/users/${id}`, update({ name: 'Taken over' })],
          ['POST', `/account/users/${id}/reset-password`, undefined],
          ['DELETE', `/account/users/${id}`, undefined],
        ] as const) {
          const res = await call(t.app, method, url, { token: scoped.token, body: b });
          expect(res.statusCode, `${method} ${url}`).toBe(404);
          expect(errorOf(res).code).toBe('NotFound');
        }
        expect(await snapshot(id)).toEqual(before);
      },
    );

    it('lets a partner user manage staff of their own partner', async () => {
      expect((await call(t.app, 'GET', `/account/users/${inA.id}`, { token: scoped.token })).statusCode).toBe(200);
      const put = await call(t.app, 'PUT', `/account/users/${inA.id}`, {
        token: scoped.token,
        body: update({ name: 'Renamed A' }),
      });
      expect(put.statusCode).toBe(200);
      const created = await call(t.app, 'POST', '/account/users', { token: scoped.token, body: body() });
      expect(created.statusCode).toBe(201);
      expect(created.json().data.partnerScope).toEqual([t.partnerA.id]);
    });

    it.each([
      ['all partners', '*'],
      ['another partner', () => [t.partnerB.id]],
      ['their partner and another', () => [t.partnerA.id, t.partnerB.id]],
    ])('refuses to create a user with %s with 403 PartnerOutOfScope', async (_label, scope) => {
      const partnerScope = typeof scope === 'function' ? scope() : scope;
      const res = await call(t.app, 'POST', '/account/users', { token: scoped.token, body: body({ partnerScope }) });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('PartnerOutOfScope');
    });

    it('refuses to move one of their staff to another partner', async () => {
      const res = await call(t.app, 'PUT', `/account/users/${inA.id}`, {
        token: scoped.token,
        body: update({ partnerScope: [t.partnerB.id] }),
      });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('PartnerOutOfScope');
      expect(
        (await call(t.app, 'GET', `/account/users/${inA.id}`, { token: t.owner.token })).json().data.partnerScope,
      ).toEqual([t.partnerA.id]);
    });
  });

  describe('privilege escalation', () => {
    it('lets a user creator assign only roles within their own permissions', async () => {
      const creator = await t.userWith(['user.create', 'user.read', 'asset.read']);
      const ok = await call(t.app, 'POST', '/account/users', { token: creator.token, body: body() });
      expect(ok.statusCode).toBe(201);
      const power = await seed.role(t.database.db, { title: 'Power', permissions: ['asset.read', 'asset.delete'] });
      for (const roleIds of [[power.id], [adminRoleId], [mechanicRole.id, power.id]]) {
        const res = await call(t.app, 'POST', '/account/users', { token: creator.token, body: body({ roleIds }) });
        expect(res.statusCode).toBe(403);
        expect(errorOf(res).code).toBe('Forbidden');
      }
      const res = await call(t.app, 'POST', '/account/users', {
        token: creator.token,
        body: body({ roleIds: [power.id] }),
      });
      expect(errorOf(res).data).toEqual({ permissions: ['asset.delete'], appPermissions: [] });
    });

    it('refuses a user creator who assigns a role carrying app permissions they lack, and writes nothing', async () => {
      const creator = await t.userWith(['user.create', 'user.read', 'asset.read']);
      const appRole = await seed.role(t.database.db, {
        title: 'App unlocker',
        permissions: ['asset.read'],
        appPermissions: ['iot_control.command.power_battery_unlock'],
      });
      const before = await userCount();
      const res = await call(t.app, 'POST', '/account/users', {
        token: creator.token,
        body: body({ roleIds: [appRole.id] }),
      });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: 'Forbidden',
        data: { permissions: [], appPermissions: ['iot_control.command.power_battery_unlock'] },
      });
      expect(await userCount()).toBe(before);
    });

    it('refuses an editor who gives themselves a role with app permissions they lack (the finding), and writes nothing', async () => {
      const editor = await t.userWith(['role.create', 'user.update', 'user.read']);
      const appRole = await seed.role(t.database.db, {
        title: 'All of the app',
        permissions: [],
        appPermissions: ['asset.read', 'asset.update', 'collection_list.launch'],
      });
      const before = await snapshot(editor.id);
      const res = await call(t.app, 'PUT', `/account/users/${editor.id}`, {
        token: editor.token,
        body: update({ partnerScope: '*', roleIds: [editor.roleId, appRole.id] }),
      });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).data).toEqual({
        permissions: [],
        appPermissions: ['asset.read', 'asset.update', 'collection_list.launch'],
      });
      expect(await snapshot(editor.id)).toEqual(before);
      expect(
        (await call(t.app, 'GET', '/account/users/$me/profile', { token: editor.token })).json().data.roles,
      ).toEqual([{ id: editor.roleId, title: expect.any(String) }]);
    });

    it('lets a user editor assign a role carrying only app permissions they hold', async () => {
      const editor = await staffWith(['user.create', 'user.read'], ['asset.read', 'asset.update']);
      const appRole = await seed.role(t.database.db, {
        title: 'App reader',
        permissions: [],
        appPermissions: ['asset.read'],
      });
      const res = await call(t.app, 'POST', '/account/users', {
        token: editor.token,
        body: body({ partnerScope: '*', roleIds: [appRole.id] }),
      });
      expect(res.statusCode).toBe(201);
    });

    it('refuses to reset the password of, edit or delete a user holding app permissions the caller lacks', async () => {
      const manager = await t.userWith(['user.read', 'user.update', 'user.delete', 'asset.read']);
      const fieldWorker = await staffWith(['asset.read'], ['iot_control.command.power_battery_unlock']);
      const before = await snapshot(fieldWorker.id);

      const reset = await call(t.app, 'POST', `/account/users/${fieldWorker.id}/reset-password`, {
        token: manager.token,
      });
      expect(reset.statusCode).toBe(403);
      expect(errorOf(reset)).toMatchObject({
        code: 'Forbidden',
        data: { permissions: [], appPermissions: ['iot_control.command.power_battery_unlock'] },
      });
      expect(reset.body).not.toMatch(/"password"/);
      const edit = await call(t.app, 'PUT', `/account/users/${fieldWorker.id}`, {
        token: manager.token,
        body: update({ name: 'Renamed', partnerScope: '*', roleIds: [] }),
      });
      expect(edit.statusCode).toBe(403);
      expect(errorOf(edit).code).toBe('Forbidden');
      const remove = await call(t.app, 'DELETE', `/account/users/${fieldWorker.id}`, { token: manager.token });
      expect(remove.statusCode).toBe(403);
      expect(errorOf(remove).code).toBe('Forbidden');

      expect(await snapshot(fieldWorker.id)).toEqual(before);
      // Their session was not revoked by a reset that did not happen.
      expect((await call(t.app, 'GET', '/account/users/$me/profile', { token: fieldWorker.token })).statusCode).toBe(
        200,
      );
      expect(await latestMessage(t.database.db, 'mail', fieldWorker.email)).toBeUndefined();
    });

    it('refuses an editor who gives a user, or themselves, a role with more than they hold', async () => {
      const editor = await t.userWith(['user.update', 'user.read', 'asset.read']);
      const target = await create();
      const res = await call(t.app, 'PUT', `/account/users/${target.id}`, { token: t.owner.token, body: update({}) });
      expect(res.statusCode).toBe(200);
      const up = await call(t.app, 'PUT', `/account/users/${target.id}`, {
        token: editor.token,
        body: update({ roleIds: [adminRoleId] }),
      });
      expect(up.statusCode).toBe(403);
      const self = await call(t.app, 'PUT', `/account/users/${editor.id}`, {
        token: editor.token,
        body: update({ partnerScope: '*', roleIds: [editor.roleId, adminRoleId] }),
      });
      expect(self.statusCode).toBe(403);
      expect(
        (await call(t.app, 'GET', '/account/users/$me/profile', { token: editor.token })).json().data.permissions,
      ).not.toContain('base:admin');
    });

    it('refuses to reset the password of, edit or delete someone holding more (no owner take-over)', async () => {
      const manager = await t.userWith(['user.read', 'user.update', 'user.delete', 'asset.read']);
      const reset = await call(t.app, 'POST', `/account/users/${t.owner.id}/reset-password`, { token: manager.token });
      expect(reset.statusCode).toBe(403);
      expect(errorOf(reset).code).toBe('Forbidden');
      expect(JSON.stringify(reset.json())).not.toMatch(/"password"/);
      const demote = await call(t.app, 'PUT', `/account/users/${t.owner.id}`, {
        token: manager.token,
        body: { name: 'Owner', partnerScope: '*', roleIds: [] },
      });
      expect(demote.statusCode).toBe(403);
      expect((await call(t.app, 'DELETE', `/account/users/${t.owner.id}`, { token: manager.token })).statusCode).toBe(
        403,
      );
      // The owner is untouched and still signed in.
      const me = await call(t.app, 'GET', '/account/users/$me/profile', { token: t.owner.token });
      expect(me.json().data.permissions).toEqual(['base:admin']);
      // A peer holding no more than the manager can be managed.
      const peer = await create({ roleIds: [mechanicRole.id], partnerScope: '*' });
      expect(
        (await call(t.app, 'POST', `/account/users/${peer.id}/reset-password`, { token: manager.token })).statusCode,
      ).toBe(200);
      expect((await call(t.app, 'DELETE', `/account/users/${peer.id}`, { token: manager.token })).statusCode).toBe(200);
    });
  });

  describe('password reset', () => {
    it('returns a one-time password that signs in, mails it, revokes sessions and retires the old one', async () => {
      const user = await create();
      const oldToken = await t.login(user.email, 'a-good-password');
      const res = await call(t.app, 'POST', `/account/users/${user.id}/reset-password`, { token: t.owner.token });
      expect(res.statusCode).toBe(200);
      const { password } = res.json().data;
      expect(password.length).toBeGreaterThanOrEqual(8);

      const mail = await latestMessage(t.database.db, 'mail', user.email);
      expect(mail?.body).toContain(password);

      expect(errorOf(await call(t.app, 'GET', '/account/users/$me/profile', { token: oldToken })).code).toBe(
        'Unauthorized',
      );
      const oldLogin = await t.app.inject({
        method: 'POST',
        url: '/api/account/auth/login',
        payload: { email: user.email, password: 'a-good-password' },
        remoteAddress: '10.9.9.2',
      });
      expect(errorOf(oldLogin).code).toBe('IncorrectCredentials');
      const token = await t.login(user.email, password);
      expect((await call(t.app, 'GET', '/account/users/$me/profile', { token })).json().data.id).toBe(user.id);

      const logs = await t.database.db
        .select()
        .from(fieldLogs)
        .where(and(eq(fieldLogs.entityId, user.id), eq(fieldLogs.field, 'password')));
      expect(logs).toHaveLength(1);
      expect(JSON.stringify(logs)).not.toContain(password);
    });

    it('still resets a user without an email, who then has nothing mailed', async () => {
      const db = t.database.db;
      const user = await seed.user(db, { username: 'no-mail', password: PASSWORD, roleIds: [mechanicRole.id] });
      const res = await call(t.app, 'POST', `/account/users/${user.id}/reset-password`, { token: t.owner.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.password).toEqual(expect.any(String));
    });
  });
});
