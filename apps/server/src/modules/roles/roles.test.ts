import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, PASSWORD, type TestContext } from '../../../test/harness.ts';
import { fieldLogs } from '../../db/schema/index.ts';
import { seed } from '../../db/seed/builders.ts';

const valid = {
  title: 'Mechanic',
  permissions: ['asset.read', 'checklist_record.read'],
  appPermissions: ['asset.update'],
};
const fieldsOf = (res: { json: () => unknown }) =>
  Object.keys((errorOf(res as never).data as { fields: object }).fields);

describe('roles API', () => {
  let t: TestContext;
  let reader: Awaited<ReturnType<TestContext['userWith']>>;

  beforeAll(async () => {
    t = await createTestContext();
    reader = await t.userWith(['role.read']);
  });
  afterAll(() => t.close());

  const createRole = async (body: object = valid, token = t.owner.token) => {
    const res = await call(t.app, 'POST', '/account/roles', { token, body });
    if (res.statusCode !== 201) throw new Error(`role not created: ${res.body}`);
    return res.json().data as { id: string; title: string };
  };

  it('creates, reads, lists, updates and deletes a role, logging each change', async () => {
    const created = await call(t.app, 'POST', '/account/roles', {
      token: t.owner.token,
      body: { ...valid, permissions: ['checklist_record.read', 'asset.read', 'asset.read'] },
    });
    expect(created.statusCode).toBe(201);
    const role = created.json().data;
    expect(role).toMatchObject({
      title: 'Mechanic',
      permissions: ['asset.read', 'checklist_record.read'],
      appPermissions: ['asset.update'],
      userCount: 0,
    });

    expect((await call(t.app, 'GET', `/account/roles/${role.id}`, { token: reader.token })).json().data).toEqual(role);

    const list = await call(t.app, 'GET', '/account/roles?search=mechan&pageSize=5', { token: reader.token });
    expect(list.json()).toMatchObject({ count: 1, data: [{ id: role.id }] });

    const updated = await call(t.app, 'PUT', `/account/roles/${role.id}`, {
      token: t.owner.token,
      body: { title: 'Senior mechanic', permissions: ['asset.read'] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      title: 'Senior mechanic',
      permissions: ['asset.read'],
      appPermissions: [],
    });

    const removed = await call(t.app, 'DELETE', `/account/roles/${role.id}`, { token: t.owner.token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: null });
    const gone = await call(t.app, 'GET', `/account/roles/${role.id}`, { token: reader.token });
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).code).toBe('NotFound');

    const logs = await t.database.db
      .select()
      .from(fieldLogs)
      .where(and(eq(fieldLogs.entityType, 'role'), eq(fieldLogs.entityId, role.id)));
    expect(logs.filter((l) => l.field === 'title').map((l) => [l.before, l.after])).toEqual(
      expect.arrayContaining([
        [null, 'Mechanic'],
        ['Mechanic', 'Senior mechanic'],
        ['Senior mechanic', null],
      ]),
    );
  });

  it('pages and sorts by title', async () => {
    await createRole({ ...valid, title: 'aaa first' });
    await createRole({ ...valid, title: 'ZZZ last' });
    const asc = await call(t.app, 'GET', '/account/roles?sort=title:asc&pageSize=1', { token: reader.token });
    expect(asc.json().data[0].title).toBe('aaa first');
    const desc = await call(t.app, 'GET', '/account/roles?sort=title:desc&pageSize=1', { token: reader.token });
    expect(desc.json().data[0].title).toBe('ZZZ last');
    expect(desc.json().count).toBeGreaterThanOrEqual(2);
    const bad = await call(t.app, 'GET', '/account/roles?sort=permissions:asc', { token: reader.token });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('query.sort');
  });

  it('lets staff who create or edit users list roles, to pick them', async () => {
    const creator = await t.userWith(['user.create']);
    expect((await call(t.app, 'GET', '/account/roles', { token: creator.token })).statusCode).toBe(200);
    expect(
      errorOf(await call(t.app, 'GET', '/account/roles/00000000-0000-4000-8000-000000000000', { token: creator.token }))
        .code,
    ).toBe('Forbidden');
  });

  describe('refusals', () => {
    const someId = '7d7f5a8e-3a5c-4f7e-9a53-5d1b2f3c4e5f';
    const endpoints = [
      ['GET', '/account/roles', undefined, 'role.read'],
      ['GET', `/account/roles/${someId}`, undefined, 'role.read'],
      ['GET', `/account/roles/${someId}/users`, undefined, 'role.read'],
      ['POST', '/account/roles', valid, 'role.create'],
      ['PUT', `/account/roles/${someId}`, valid, 'role.update'],
      ['DELETE', `/account/roles/${someId}`, undefined, 'role.delete'],
    ] as const;

    it.each(endpoints)('%s %s answers 401 without a token', async (method, url, body) => {
      const res = await call(t.app, method, url, { body });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('Unauthorized');
    });

    it.each(endpoints)('%s %s answers 403 Forbidden without %s', async (method, url, body, permission) => {
      const holdsEverythingElse = ['role.read', 'role.create', 'role.update', 'role.delete', 'user.read'].filter(
        (p) => p !== permission,
      );
      // Listing roles is also open to user.create and user.update, so those are left out of the "everything else".
      const caller = await t.userWith(holdsEverythingElse);
      const res = await call(t.app, method, url, { token: caller.token, body });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('Forbidden');
    });

    it('answers 404 for a role that does not exist and 400 for an id of the wrong shape', async () => {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await call(t.app, method, `/account/roles/${someId}`, {
          token: t.owner.token,
          body: method === 'PUT' ? valid : undefined,
        });
        expect(res.statusCode, method).toBe(404);
        expect(errorOf(res).code).toBe('NotFound');
      }
      expect((await call(t.app, 'GET', `/account/roles/${someId}/users`, { token: t.owner.token })).statusCode).toBe(
        404,
      );
      const bad = await call(t.app, 'GET', '/account/roles/42', { token: t.owner.token });
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad)).toContain('params.id');
    });

    it.each([
      ['a whitespace-only title', { ...valid, title: '   ' }, 'title'],
      ['a missing title', { ...valid, title: undefined }, 'title'],
      ['a title with leading spaces', { ...valid, title: ' Mechanic' }, 'title'],
      ['a title longer than 60 characters', { ...valid, title: 'x'.repeat(61) }, 'title'],
      ['an unknown permission', { ...valid, permissions: ['asset.read', 'asset.fly'] }, 'permissions.1'],
      ['an app permission among the web ones', { ...valid, permissions: ['support.ticket.mechanic'] }, 'permissions.0'],
      ['an unknown app permission', { ...valid, appPermissions: ['asset.delete'] }, 'appPermissions.0'],
      ['permissions that are not a list', { ...valid, permissions: 'asset.read' }, 'permissions'],
      ['an unknown field', { ...valid, isSystem: true }, 'isSystem'],
    ])('refuses %s with 400 naming the field, and writes nothing', async (_label, body, field) => {
      const before = (await call(t.app, 'GET', '/account/roles', { token: t.owner.token })).json().count;
      const res = await call(t.app, 'POST', '/account/roles', { token: t.owner.token, body });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('ValidationError');
      expect(fieldsOf(res)).toContain(field);
      expect((await call(t.app, 'GET', '/account/roles', { token: t.owner.token })).json().count).toBe(before);
    });

    it('refuses an invalid body on update too', async () => {
      const role = await createRole();
      const res = await call(t.app, 'PUT', `/account/roles/${role.id}`, {
        token: t.owner.token,
        body: { ...valid, title: '\t ' },
      });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['title']);
    });
  });

  describe('privilege escalation', () => {
    it('lets a role creator hand out only permissions they hold', async () => {
      const creator = await t.userWith(['role.create', 'role.read', 'asset.read']);
      const ok = await call(t.app, 'POST', '/account/roles', {
        token: creator.token,
        body: { title: 'Viewer', permissions: ['asset.read'] },
      });
      expect(ok.statusCode).toBe(201);
      for (const permissions of [['asset.read', 'asset.delete'], ['base:admin'], ['role.create', 'user.create']]) {
        const res = await call(t.app, 'POST', '/account/roles', {
          token: creator.token,
          body: { title: 'Power', permissions },
        });
        expect(res.statusCode, permissions.join()).toBe(403);
        expect(errorOf(res).code).toBe('Forbidden');
      }
      const res = await call(t.app, 'POST', '/account/roles', {
        token: creator.token,
        body: { title: 'Power', permissions: ['asset.read', 'asset.delete'] },
      });
      expect(errorOf(res).data).toEqual({ permissions: ['asset.delete'] });
    });

    it('refuses an editor who adds permissions they lack, even to a role they hold', async () => {
      const editor = await t.userWith(['role.update', 'role.read']);
      const res = await call(t.app, 'PUT', `/account/roles/${editor.roleId}`, {
        token: editor.token,
        body: { title: 'Me', permissions: ['role.update', 'role.read', 'user.delete'] },
      });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('Forbidden');
      expect(
        (await call(t.app, 'GET', `/account/roles/${editor.roleId}`, { token: t.owner.token })).json().data.permissions,
      ).toEqual(['role.read', 'role.update']);
    });

    it('refuses to rewrite or delete a role holding permissions the caller lacks (e.g. the owner’s)', async () => {
      const editor = await t.userWith(['role.update', 'role.delete', 'role.read', 'asset.read']);
      const owners = (await call(t.app, 'GET', '/account/users/$me/profile', { token: t.owner.token })).json().data
        .roles[0].id;
      const demote = await call(t.app, 'PUT', `/account/roles/${owners}`, {
        token: editor.token,
        body: { title: 'Owner', permissions: ['asset.read'] },
      });
      expect(demote.statusCode).toBe(403);
      expect(errorOf(demote).code).toBe('Forbidden');
      const remove = await call(t.app, 'DELETE', `/account/roles/${owners}`, { token: editor.token });
      expect(remove.statusCode).toBe(403);
      expect(
        (await call(t.app, 'GET', '/account/users/$me/profile', { token: t.owner.token })).json().data.permissions,
      ).toEqual(['base:admin']);

      const small = await createRole({ title: 'Small', permissions: ['asset.read'] });
      expect(
        (
          await call(t.app, 'PUT', `/account/roles/${small.id}`, {
            token: editor.token,
            body: { title: 'Smaller', permissions: [] },
          })
        ).statusCode,
      ).toBe(200);
      expect((await call(t.app, 'DELETE', `/account/roles/${small.id}`, { token: editor.token })).statusCode).toBe(200);
    });
  });

  describe('staff holding a role', () => {
    it('lists the staff a change would affect, without deleted ones', async () => {
      const role = await createRole({ title: 'Dispatcher', permissions: ['asset.read'] });
      const db = t.database.db;
      const anna = await seed.user(db, { username: 'anna', name: 'Anna', roleIds: [role.id] });
      const bruno = await seed.user(db, { username: 'bruno', name: 'Bruno', roleIds: [role.id] });
      const gone = await seed.user(db, { username: 'gone', name: 'Gone', roleIds: [role.id] });
      expect((await call(t.app, 'DELETE', `/account/users/${gone.id}`, { token: t.owner.token })).statusCode).toBe(200);

      const res = await call(t.app, 'GET', `/account/roles/${role.id}/users`, { token: reader.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        { id: anna.id, username: 'anna', name: 'Anna' },
        { id: bruno.id, username: 'bruno', name: 'Bruno' },
      ]);
      expect(
        (await call(t.app, 'GET', `/account/roles/${role.id}`, { token: reader.token })).json().data.userCount,
      ).toBe(2);
    });

    it('shows a partner user only the affected staff inside their scope', async () => {
      const role = await createRole({ title: 'Field crew', permissions: ['asset.read'] });
      const db = t.database.db;
      const inA = await seed.user(db, {
        username: 'crew-a',
        name: 'Crew A',
        partnerScope: [t.partnerA.id],
        roleIds: [role.id],
      });
      await seed.user(db, { username: 'crew-b', name: 'Crew B', partnerScope: [t.partnerB.id], roleIds: [role.id] });
      await seed.user(db, { username: 'crew-all', name: 'Crew All', partnerScope: '*', roleIds: [role.id] });
      const scoped = await t.userWith(['role.read'], [t.partnerA.id]);
      const res = await call(t.app, 'GET', `/account/roles/${role.id}/users`, { token: scoped.token });
      expect(res.json().data).toEqual([{ id: inA.id, username: 'crew-a', name: 'Crew A' }]);
      expect(
        (await call(t.app, 'GET', `/account/roles/${role.id}/users`, { token: t.owner.token })).json().data,
      ).toHaveLength(3);
    });

    it('deleting a role takes it, and its permissions, from its staff at once', async () => {
      const role = await createRole({ title: 'Temporary', permissions: ['partner.read'] });
      const db = t.database.db;
      const staff = await seed.user(db, {
        username: 'temp-staff',
        email: 'temp@test.local',
        password: PASSWORD,
        roleIds: [role.id],
      });
      const token = await t.login('temp@test.local');
      expect((await call(t.app, 'GET', '/account/partners', { token })).statusCode).toBe(200);

      expect((await call(t.app, 'DELETE', `/account/roles/${role.id}`, { token: t.owner.token })).statusCode).toBe(200);
      expect(errorOf(await call(t.app, 'GET', '/account/partners', { token })).code).toBe('Forbidden');
      const profile = (await call(t.app, 'GET', '/account/users/$me/profile', { token })).json().data;
      expect(profile).toMatchObject({ roles: [], permissions: [] });
      expect(
        (await call(t.app, 'GET', `/account/users/${staff.id}`, { token: t.owner.token })).json().data.roles,
      ).toEqual([]);
    });
  });
});
