import { appPermissions as allAppPermissions } from '@fleetdesk/contracts';
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

  /** A signed-in staff member whose one role carries these web and operation-app permissions. */
  const staffWith = async (permissions: string[], appPermissions: string[], scope: '*' | string[] = '*') => {
    const db = t.database.db;
    const role = await seed.role(db, {
      title: `holder of ${appPermissions.join(' ')}`.slice(0, 60),
      permissions,
      appPermissions,
    });
    const username = `app-staff-${Math.random().toString(36).slice(2, 8)}`;
    const email = `${username}@test.local`;
    const { id } = await seed.user(db, {
      username,
      email,
      password: PASSWORD,
      partnerScope: scope,
      roleIds: [role.id],
    });
    return { id, roleId: role.id, token: await t.login(email) };
  };

  /** What a refused call must leave as it was: the role as the owner reads it and its field logs. */
  const snapshot = async (id: string) => ({
    role: (await call(t.app, 'GET', `/account/roles/${id}`, { token: t.owner.token })).json().data,
    logs: (
      await t.database.db
        .select()
        .from(fieldLogs)
        .where(and(eq(fieldLogs.entityType, 'role'), eq(fieldLogs.entityId, id)))
    ).length,
  });
  const roleCount = async () => (await call(t.app, 'GET', '/account/roles', { token: t.owner.token })).json().count;

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
      holdersOutsideScope: 0,
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
      expect(errorOf(res).data).toEqual({ permissions: ['asset.delete'], appPermissions: [] });
    });

    it('refuses a role creator who puts app permissions they lack into a new role, and writes nothing', async () => {
      // The finding: role.create and user.update but no app permission were enough to mint an all-app role.
      const creator = await t.userWith(['role.create', 'role.read', 'user.update', 'user.read']);
      const before = await roleCount();
      const res = await call(t.app, 'POST', '/account/roles', {
        token: creator.token,
        body: { title: 'Every app permission', permissions: [], appPermissions: [...allAppPermissions] },
      });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: 'Forbidden',
        data: { permissions: [], appPermissions: [...allAppPermissions].sort() },
      });
      expect(await roleCount()).toBe(before);
    });

    it('lets a role creator hand out the app permissions they hold, and no other', async () => {
      const creator = await staffWith(['role.create', 'role.read'], ['asset.read']);
      const ok = await call(t.app, 'POST', '/account/roles', {
        token: creator.token,
        body: { title: 'App reader', permissions: [], appPermissions: ['asset.read'] },
      });
      expect(ok.statusCode).toBe(201);
      const before = await roleCount();
      const res = await call(t.app, 'POST', '/account/roles', {
        token: creator.token,
        body: { title: 'App writer', permissions: [], appPermissions: ['asset.read', 'asset.update'] },
      });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).data).toEqual({ permissions: [], appPermissions: ['asset.update'] });
      expect(await roleCount()).toBe(before);
    });

    it('refuses an editor who adds app permissions they lack, even to a role they hold, and writes nothing', async () => {
      const editor = await t.userWith(['role.update', 'role.read']);
      const before = await snapshot(editor.roleId);
      const res = await call(t.app, 'PUT', `/account/roles/${editor.roleId}`, {
        token: editor.token,
        body: {
          title: 'Me',
          permissions: ['role.update', 'role.read'],
          appPermissions: ['iot_control.command.beep'],
        },
      });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toMatchObject({
        code: 'Forbidden',
        data: { appPermissions: ['iot_control.command.beep'] },
      });
      expect(await snapshot(editor.roleId)).toEqual(before);
    });

    it('refuses to rewrite or delete a role carrying app permissions the caller lacks, and writes nothing', async () => {
      const editor = await t.userWith(['role.update', 'role.delete', 'role.read', 'asset.read']);
      const appRole = await createRole({
        title: 'App mechanic',
        permissions: ['asset.read'],
        appPermissions: ['asset.update'],
      });
      const before = await snapshot(appRole.id);
      const rewrite = await call(t.app, 'PUT', `/account/roles/${appRole.id}`, {
        token: editor.token,
        body: { title: 'App mechanic', permissions: ['asset.read'], appPermissions: [] },
      });
      expect(rewrite.statusCode).toBe(403);
      expect(errorOf(rewrite)).toMatchObject({
        code: 'Forbidden',
        data: { permissions: [], appPermissions: ['asset.update'] },
      });
      const remove = await call(t.app, 'DELETE', `/account/roles/${appRole.id}`, { token: editor.token });
      expect(remove.statusCode).toBe(403);
      expect(errorOf(remove).code).toBe('Forbidden');
      expect(await snapshot(appRole.id)).toEqual(before);
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
      // The two it does not show are still counted, so nobody mistakes the list for everyone affected.
      expect(res.json()).toEqual({
        data: [{ id: inA.id, username: 'crew-a', name: 'Crew A' }],
        holdersOutsideScope: 2,
      });
      const everyone = (await call(t.app, 'GET', `/account/roles/${role.id}/users`, { token: t.owner.token })).json();
      expect(everyone.data).toHaveLength(3);
      expect(everyone.holdersOutsideScope).toBe(0);
      expect(
        (await call(t.app, 'GET', `/account/roles/${role.id}`, { token: scoped.token })).json().data,
      ).toMatchObject({
        userCount: 3,
        holdersOutsideScope: 2,
      });
      const listed = await call(t.app, 'GET', '/account/roles?search=Field%20crew', { token: scoped.token });
      expect(listed.json().data).toEqual([expect.objectContaining({ id: role.id, holdersOutsideScope: 2 })]);
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

  describe('holders outside the caller’s scope', () => {
    let editor: Awaited<ReturnType<TestContext['userWith']>>;
    beforeAll(async () => {
      editor = await t.userWith(
        ['role.read', 'role.create', 'role.update', 'role.delete', 'asset.read'],
        [t.partnerA.id],
      );
    });

    const heldBy = async (title: string, scopes: ('*' | string[])[]) => {
      const role = await createRole({ title, permissions: ['asset.read'] });
      for (const [i, partnerScope] of scopes.entries()) {
        await seed.user(t.database.db, {
          username: `${title.replaceAll(' ', '-')}-${i}`,
          partnerScope,
          roleIds: [role.id],
        });
      }
      return role;
    };
    const expectRefusedAndUnchanged = async (id: string) => {
      const before = await snapshot(id);
      const update = await call(t.app, 'PUT', `/account/roles/${id}`, {
        token: editor.token,
        body: { title: 'Taken over', permissions: [] },
      });
      expect(update.statusCode).toBe(403);
      expect(errorOf(update).code).toBe('PartnerOutOfScope');
      const remove = await call(t.app, 'DELETE', `/account/roles/${id}`, { token: editor.token });
      expect(remove.statusCode).toBe(403);
      expect(errorOf(remove).code).toBe('PartnerOutOfScope');
      const after = await snapshot(id);
      expect(after).toEqual(before);
      expect(after.role.userCount).toBeGreaterThan(0);
    };

    it('refuses a partner user who changes or deletes a role also held by staff of another partner', async () => {
      const role = await heldBy('Shared crew', [[t.partnerA.id], [t.partnerB.id]]);
      await expectRefusedAndUnchanged(role.id);
    });

    it('refuses it for a role held by someone who also works for another partner', async () => {
      const role = await heldBy('Two partner crew', [[t.partnerA.id, t.partnerB.id]]);
      await expectRefusedAndUnchanged(role.id);
    });

    it('refuses it for a role held by an account user, whom only scope "*" covers', async () => {
      const role = await heldBy('Head office', ['*']);
      await expectRefusedAndUnchanged(role.id);
    });

    it('lets a partner user change and delete a role whose every holder lies in their scope', async () => {
      const role = await heldBy('Own crew', [[t.partnerA.id], [t.partnerA.id]]);
      const update = await call(t.app, 'PUT', `/account/roles/${role.id}`, {
        token: editor.token,
        body: { title: 'Own crew renamed', permissions: ['asset.read'] },
      });
      expect(update.statusCode).toBe(200);
      expect(update.json().data).toMatchObject({ title: 'Own crew renamed', userCount: 2, holdersOutsideScope: 0 });
      expect((await call(t.app, 'DELETE', `/account/roles/${role.id}`, { token: editor.token })).statusCode).toBe(200);
    });

    it('lets a partner user create a role (it has no holders yet)', async () => {
      const res = await call(t.app, 'POST', '/account/roles', {
        token: editor.token,
        body: { title: 'New partner role', permissions: ['asset.read'] },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ userCount: 0, holdersOutsideScope: 0 });
    });

    it('lets an account user change a role held across partners', async () => {
      const role = await heldBy('Everywhere crew', [[t.partnerA.id], [t.partnerB.id], '*']);
      const res = await call(t.app, 'PUT', `/account/roles/${role.id}`, {
        token: t.owner.token,
        body: { title: 'Everywhere crew', permissions: [] },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ userCount: 3, holdersOutsideScope: 0 });
    });
  });
});
