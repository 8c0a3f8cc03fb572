import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, PASSWORD, type TestContext } from '../../../test/harness.ts';
import { fieldLogs } from '../../db/schema/index.ts';
import { seed } from '../../db/seed/builders.ts';

const LAST_ADMIN = {
  code: 'LastAdministrator',
  message: 'This change would leave no one with base:admin; give another staff member an administrator role first',
  data: null,
};

/**
 * Nobody may take base:admin away from its last live holder (issue 21): not by deleting the role, not by
 * editing base:admin out of it, not by taking the role from the user or deleting the user.
 */
describe('the last holder of base:admin', () => {
  let t: TestContext;
  let ownerRoleId: string;

  beforeAll(async () => {
    t = await createTestContext();
    const me = (await call(t.app, 'GET', '/account/users/$me/profile', { token: t.owner.token })).json().data;
    ownerRoleId = me.roles[0].id;
  });
  afterAll(() => t.close());

  const logsOf = async (entityType: string, id: string) =>
    (
      await t.database.db
        .select()
        .from(fieldLogs)
        .where(and(eq(fieldLogs.entityType, entityType), eq(fieldLogs.entityId, id)))
    ).length;
  const ownerProfile = async () =>
    (await call(t.app, 'GET', '/account/users/$me/profile', { token: t.owner.token })).json().data;

  it('refuses the owner deleting the admin role they hold when nobody else holds base:admin, and writes nothing', async () => {
    const logs = await logsOf('role', ownerRoleId);
    const res = await call(t.app, 'DELETE', `/account/roles/${ownerRoleId}`, { token: t.owner.token });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toEqual(LAST_ADMIN);
    expect((await call(t.app, 'GET', `/account/roles/${ownerRoleId}`, { token: t.owner.token })).statusCode).toBe(200);
    expect((await ownerProfile()).permissions).toContain('base:admin');
    expect(await logsOf('role', ownerRoleId)).toBe(logs);
  });

  it('refuses removing base:admin from the last admin role', async () => {
    const res = await call(t.app, 'PUT', `/account/roles/${ownerRoleId}`, {
      token: t.owner.token,
      body: { title: 'Owner', permissions: ['asset.read'], appPermissions: [] },
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).code).toBe('LastAdministrator');
    const role = (await call(t.app, 'GET', `/account/roles/${ownerRoleId}`, { token: t.owner.token })).json().data;
    expect(role.permissions).toEqual(['base:admin']);
  });

  it('refuses taking the admin role from the last admin user, even from themselves', async () => {
    const res = await call(t.app, 'PUT', `/account/users/${t.owner.id}`, {
      token: t.owner.token,
      body: { name: 'Owner', partnerScope: '*', roleIds: [] },
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).code).toBe('LastAdministrator');
    expect((await ownerProfile()).roles.map((r: { id: string }) => r.id)).toEqual([ownerRoleId]);
  });

  it('counts only live staff: a deleted admin is no one', async () => {
    const other = await seed.user(t.database.db, {
      username: 'second-admin',
      email: 'second-admin@test.local',
      password: PASSWORD,
      roleIds: [ownerRoleId],
    });
    expect((await call(t.app, 'DELETE', `/account/users/${other.id}`, { token: t.owner.token })).statusCode).toBe(200);
    const res = await call(t.app, 'DELETE', `/account/roles/${ownerRoleId}`, { token: t.owner.token });
    expect(errorOf(res).code).toBe('LastAdministrator');
  });

  it('lets the owner delete their admin role once someone else holds base:admin through another role', async () => {
    const deputyRole = await seed.role(t.database.db, { title: 'Deputy owner', permissions: ['base:admin'] });
    const deputy = await seed.user(t.database.db, {
      username: 'deputy',
      email: 'deputy@test.local',
      password: PASSWORD,
      roleIds: [deputyRole.id],
    });
    const res = await call(t.app, 'DELETE', `/account/roles/${ownerRoleId}`, { token: t.owner.token });
    expect(res.statusCode).toBe(200);
    expect((await ownerProfile()).permissions).not.toContain('base:admin');
    const deputyToken = await t.login('deputy@test.local');
    // The deputy is now the last admin: deleting them is refused as well.
    const selfRemoval = await call(t.app, 'PUT', `/account/users/${deputy.id}`, {
      token: deputyToken,
      body: { name: 'Deputy', partnerScope: '*', roleIds: [] },
    });
    expect(errorOf(selfRemoval).code).toBe('LastAdministrator');
  });
});
