import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, type TestContext, type TestUser } from '../../../test/harness.ts';
import { assetCategories, assets, fieldLogs, privateListAssets, privateLists, sites } from '../../db/schema/index.ts';

type Fields = { fields: Record<string, string> };

describe('private lists API', () => {
  let t: TestContext;
  let categoryId: string;
  let siteA: string;
  /** Assets of partner A: A0001..A0120; of partner B: B0001..B0005. */
  const nosA = Array.from({ length: 120 }, (_, i) => `PLA${String(i + 1).padStart(4, '0')}`);
  const nosB = Array.from({ length: 5 }, (_, i) => `PLB${String(i + 1).padStart(4, '0')}`);
  let me: TestUser; // private_list.me.* in partner A's scope
  let manager: TestUser; // private_list.read/update/delete, every partner
  let reader: TestUser; // private_list.read only
  let outsider: TestUser; // private_list.me.* without private_list.read

  const post = (body: Record<string, unknown>, token = me.token) =>
    call(t.app, 'POST', '/account/private-lists', { token, body });

  async function createList(nos: string[], token = me.token, name = `List ${randomUUID().slice(0, 8)}`) {
    const res = await post({ name, assetNos: nos }, token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; name: string; assetCount: number };
  }

  beforeAll(async () => {
    t = await createTestContext();
    const db = t.database.db;
    categoryId = randomUUID();
    await db.insert(assetCategories).values({ id: categoryId, name: 'PL bikes', assetType: 'BIKE' });
    siteA = randomUUID();
    await db
      .insert(sites)
      .values({ id: siteA, partnerId: t.partnerA.id, name: 'PL site', type: 'station', city: 'Milano' });
    const row = (no: string, partnerId: string, siteId: string | null) => ({
      id: randomUUID(),
      no,
      partnerId,
      categoryId,
      siteId,
      lifeCycleState: 'Ready',
      usageMode: 'customer-rental',
    });
    await db
      .insert(assets)
      .values([...nosA.map((no) => row(no, t.partnerA.id, siteA)), ...nosB.map((no) => row(no, t.partnerB.id, null))]);
    const mePerms = [
      'private_list.me.read',
      'private_list.me.create',
      'private_list.me.update',
      'private_list.me.delete',
    ];
    me = await t.userWith(mePerms, [t.partnerA.id]);
    outsider = await t.userWith(mePerms, '*');
    manager = await t.userWith(['private_list.read', 'private_list.update', 'private_list.delete'], '*');
    reader = await t.userWith(['private_list.read'], '*');
  });
  afterAll(() => t.close());

  it('creates, reads, renames, extends, lists and deletes a private list, with an audit trail', async () => {
    const res = await post({
      name: 'Morning check',
      comment: 'Front row',
      assetNos: ['PLA0001', 'PLA0002', 'PLA0001'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data: list, notFound } = res.json();
    expect(notFound).toEqual([]);
    expect(list).toMatchObject({ name: 'Morning check', comment: 'Front row', assetCount: 2, owner: { id: me.id } });

    const got = await call(t.app, 'GET', `/account/private-lists/${list.id}`, { token: me.token });
    expect(got.json().data).toEqual(list);

    const items = await call(t.app, 'GET', `/account/private-lists/${list.id}/assets`, { token: me.token });
    expect(items.json().count).toBe(2);
    expect(items.json().data[0]).toMatchObject({
      partner: { id: t.partnerA.id },
      category: { id: categoryId, name: 'PL bikes' },
      site: { id: siteA, name: 'PL site' },
      lifeCycleState: 'Ready',
    });

    const patched = await call(t.app, 'PATCH', `/account/private-lists/${list.id}`, {
      token: me.token,
      body: { name: 'Evening check', comment: '', addAssetNos: ['PLA0002', 'PLA0003'] },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      data: { name: 'Evening check', comment: null, assetCount: 3 },
      notFound: [],
    });

    const mine = await call(t.app, 'GET', '/account/private-lists/mine?name=evening', { token: me.token });
    expect(mine.json()).toMatchObject({ count: 1, data: [{ id: list.id, assetCount: 3 }] });

    const removed = await call(t.app, 'POST', `/account/private-lists/${list.id}/remove-assets`, {
      token: me.token,
      body: ['PLA0001', 'PLA0099'],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ data: { assetCount: 2 }, notFound: ['PLA0099'] });

    const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, list.id));
    expect(logs.map((l) => l.field)).toEqual(expect.arrayContaining(['name', 'comment', 'assetNos']));

    const del = await call(t.app, 'DELETE', `/account/private-lists/${list.id}`, { token: me.token });
    expect(del.statusCode, del.body).toBe(200);
    const gone = await call(t.app, 'GET', `/account/private-lists/${list.id}`, { token: me.token });
    expect(gone.statusCode).toBe(404);
    const links = await t.database.db.select().from(privateListAssets).where(eq(privateListAssets.listId, list.id));
    expect(links).toEqual([]);
  });

  it('refuses an empty upload and more than 100 numbers, writing nothing', async () => {
    const before = (await t.database.db.select().from(privateLists)).length;
    const empty = await post({ name: 'Empty', assetNos: [] });
    expect(empty.statusCode).toBe(400);
    expect((errorOf(empty).data as Fields).fields.assetNos).toBe('Empty upload refused');

    const tooMany = await post({ name: 'Too many', assetNos: nosA.slice(0, 101) });
    expect(tooMany.statusCode).toBe(400);
    expect((errorOf(tooMany).data as Fields).fields.assetNos).toBe('batch operations above 100 refused');

    const hundred = await post({ name: 'Exactly 100', assetNos: nosA.slice(0, 100) });
    expect(hundred.statusCode, hundred.body).toBe(201);
    expect(hundred.json().data.assetCount).toBe(100);
    expect((await t.database.db.select().from(privateLists)).length).toBe(before + 1);
  });

  it('validates name, comment and asset number format', async () => {
    const res = await post({ name: ' padded', comment: 'x'.repeat(201), assetNos: ['pla0001'] });
    expect(res.statusCode).toBe(400);
    const { fields } = errorOf(res).data as Fields;
    expect(fields.name).toBe('Must not start or end with whitespace');
    expect(fields.comment).toBe('Must be at most 200 characters');
    expect(fields['assetNos.0']).toBe('Asset number must be capital letters and digits');

    const long = await post({ name: 'n'.repeat(51), assetNos: ['PLA0001'] });
    expect((errorOf(long).data as Fields).fields.name).toBe('Must be at most 50 characters');
  });

  it('reports unknown and out-of-scope numbers and writes nothing unless asked to skip them', async () => {
    const before = (await t.database.db.select().from(privateLists)).length;
    const res = await post({ name: 'With unknowns', assetNos: ['PLA0010', 'NOSUCH1', 'PLB0001'] });
    expect(res.statusCode).toBe(422);
    const error = errorOf(res);
    expect(error.code).toBe('AssetsNotFound');
    expect(error.data).toEqual({ notFound: ['NOSUCH1', 'PLB0001'] });
    expect((await t.database.db.select().from(privateLists)).length).toBe(before);

    const skipped = await post({
      name: 'With unknowns',
      assetNos: ['PLA0010', 'NOSUCH1', 'PLB0001'],
      skipNotFound: true,
    });
    expect(skipped.statusCode, skipped.body).toBe(201);
    expect(skipped.json()).toMatchObject({ data: { assetCount: 1 }, notFound: ['NOSUCH1', 'PLB0001'] });

    const nothingLeft = await post({ name: 'Only unknowns', assetNos: ['NOSUCH1'], skipNotFound: true });
    expect(nothingLeft.statusCode).toBe(422);
    expect(errorOf(nothingLeft).data).toEqual({ notFound: ['NOSUCH1'] });
  });

  it('keeps the 100 limit across additions and reports unknown additions', async () => {
    const list = await createList(nosA.slice(0, 99));
    const over = await call(t.app, 'PATCH', `/account/private-lists/${list.id}`, {
      token: me.token,
      body: { addAssetNos: ['PLA0099', 'PLA0100', 'PLA0101'] },
    });
    expect(over.statusCode).toBe(400);
    expect((errorOf(over).data as Fields).fields.addAssetNos).toBe('A private list holds up to 100 assets');

    const unknown = await call(t.app, 'PATCH', `/account/private-lists/${list.id}`, {
      token: me.token,
      body: { addAssetNos: ['PLA0100', 'NOSUCH2'], name: 'Renamed' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(errorOf(unknown).data).toEqual({ notFound: ['NOSUCH2'] });
    const unchanged = await call(t.app, 'GET', `/account/private-lists/${list.id}`, { token: me.token });
    expect(unchanged.json().data).toMatchObject({ name: list.name, assetCount: 99 });

    const ok = await call(t.app, 'PATCH', `/account/private-lists/${list.id}`, {
      token: me.token,
      body: { addAssetNos: ['PLA0100', 'NOSUCH2'], skipNotFound: true },
    });
    expect(ok.json()).toMatchObject({ data: { assetCount: 100 }, notFound: ['NOSUCH2'] });
  });

  it('shows the owner only the assets of their list that lie in their scope', async () => {
    const list = await createList(['PLA0050']);
    // The owner's scope no longer covers an asset on the list (it changed partner after it was added).
    const [b] = await t.database.db.select({ id: assets.id }).from(assets).where(eq(assets.no, 'PLB0002'));
    await t.database.db.insert(privateListAssets).values({ listId: list.id, assetId: b?.id as string });
    const res = await call(t.app, 'GET', `/account/private-lists/${list.id}/assets`, { token: me.token });
    expect(res.json()).toMatchObject({ count: 1, data: [{ no: 'PLA0050' }] });
    const got = await call(t.app, 'GET', `/account/private-lists/${list.id}`, { token: me.token });
    expect(got.json().data.assetCount).toBe(2);
    const all = await call(t.app, 'GET', `/account/private-lists/${list.id}/assets?pageSize=1`, {
      token: manager.token,
    });
    expect(all.json().count).toBe(2);
    expect(all.json().data).toHaveLength(1);
  });

  it('answers 404 to private_list.* on a list holding an asset outside the scope, and changes nothing', async () => {
    const shared = await createList(['PLA0060', 'PLB0004'], t.owner.token, 'Shared with B');
    const onlyA = await createList(['PLA0061'], t.owner.token, 'Only A');
    const scopedManager = await t.userWith(
      ['private_list.read', 'private_list.update', 'private_list.delete'],
      [t.partnerA.id],
    );
    const token = scopedManager.token;
    const path = `/account/private-lists/${shared.id}`;
    const logsOf = async (id: string) =>
      (await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, id))).length;
    const logsBefore = await logsOf(shared.id);

    const refused = [
      await call(t.app, 'GET', path, { token }),
      await call(t.app, 'GET', `${path}/assets`, { token }),
      await call(t.app, 'PATCH', path, { token, body: { name: 'Hijacked' } }),
      await call(t.app, 'POST', `${path}/remove-assets`, { token, body: ['PLA0060'] }),
      await call(t.app, 'DELETE', path, { token }),
    ];
    expect(refused.map((r) => [r.statusCode, errorOf(r).code])).toEqual(refused.map(() => [404, 'NotFound']));
    const listed = await call(t.app, 'GET', '/account/private-lists?pageSize=100', { token });
    const ids = listed.json().data.map((l: { id: string }) => l.id);
    expect(ids).toContain(onlyA.id);
    expect(ids).not.toContain(shared.id);

    const unchanged = await call(t.app, 'GET', path, { token: t.owner.token });
    expect(unchanged.json().data).toMatchObject({ name: 'Shared with B', assetCount: 2 });
    expect(await logsOf(shared.id)).toBe(logsBefore);

    const renamed = await call(t.app, 'PATCH', `/account/private-lists/${onlyA.id}`, {
      token,
      body: { name: 'Renamed by A' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Renamed by A', owner: { id: t.owner.id } });
  });

  it('lets only scope "*" reach an empty list of another user', async () => {
    const list = await createList(['PLA0062'], t.owner.token, 'Emptied');
    const emptied = await call(t.app, 'POST', `/account/private-lists/${list.id}/remove-assets`, {
      token: t.owner.token,
      body: ['PLA0062'],
    });
    expect(emptied.json().data.assetCount).toBe(0);
    const scoped = await t.userWith(['private_list.read'], [t.partnerA.id]);
    expect((await call(t.app, 'GET', `/account/private-lists/${list.id}`, { token: scoped.token })).statusCode).toBe(
      404,
    );
    const all = await call(t.app, 'GET', `/account/private-lists/${list.id}`, { token: reader.token });
    expect(all.statusCode).toBe(200);
  });

  it("lets private_list.update in scope remove the last asset of another user's list, logged", async () => {
    const list = await createList(['PLA0063'], t.owner.token, 'Last one out');
    const scoped = await t.userWith(['private_list.read', 'private_list.update'], [t.partnerA.id]);
    const emptied = await call(t.app, 'POST', `/account/private-lists/${list.id}/remove-assets`, {
      token: scoped.token,
      body: ['PLA0063'],
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json()).toMatchObject({ data: { id: list.id, assetCount: 0 }, notFound: [] });
    const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, list.id));
    expect(logs.map((l) => [l.field, l.after])).toContainEqual(['assetNos', []]);
  });

  it('finds for the owner filter only staff the caller may see', async () => {
    const readerA = await t.userWith(['private_list.read'], [t.partnerA.id]);
    const staffA = await t.userWith([], [t.partnerA.id]);
    const staffB = await t.userWith([], [t.partnerB.id]);
    const staffAB = await t.userWith([], [t.partnerA.id, t.partnerB.id]);
    const account = await t.userWith([], '*');
    const search = async (who: TestUser) => {
      const res = await call(t.app, 'GET', `/account/private-lists/users/fuzzy-search?q=${who.username}`, {
        token: readerA.token,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((u: { id: string }) => u.id);
    };
    expect(await search(staffA)).toEqual([staffA.id]);
    expect(await search(staffB)).toEqual([]);
    expect(await search(staffAB)).toEqual([]);
    expect(await search(account)).toEqual([]);
    const everyone = await call(t.app, 'GET', `/account/private-lists/users/fuzzy-search?q=${staffB.username}`, {
      token: reader.token,
    });
    expect(everyone.json().data.map((u: { id: string }) => u.id)).toEqual([staffB.id]);
  });

  it('guards every route: 401 without a token, 403 without the permission', async () => {
    expect((await call(t.app, 'GET', '/account/private-lists/mine')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/account/private-lists', { token: me.token })).statusCode).toBe(403);
    expect((await post({ name: 'x', assetNos: ['PLA0001'] }, reader.token)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/account/private-lists/mine', { token: reader.token })).statusCode).toBe(403);
    const search = await call(t.app, 'GET', '/account/private-lists/users/fuzzy-search?q=a', { token: me.token });
    expect(search.statusCode).toBe(403);
  });

  it("keeps other people's lists apart: 404 without private_list.read, 403 without the change permission", async () => {
    const list = await createList(['PLA0020'], me.token, 'Private one');
    const path = `/account/private-lists/${list.id}`;

    expect((await call(t.app, 'GET', path, { token: outsider.token })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `${path}/assets`, { token: outsider.token })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', path, { token: outsider.token })).statusCode).toBe(404);
    const outsiderMine = await call(t.app, 'GET', '/account/private-lists/mine', { token: outsider.token });
    expect(outsiderMine.json().data.map((l: { id: string }) => l.id)).not.toContain(list.id);

    expect((await call(t.app, 'GET', path, { token: reader.token })).statusCode).toBe(200);
    const readerPatch = await call(t.app, 'PATCH', path, { token: reader.token, body: { name: 'Hijacked' } });
    expect(readerPatch.statusCode).toBe(403);
    const readerRemove = await call(t.app, 'POST', `${path}/remove-assets`, { token: reader.token, body: ['PLA0020'] });
    expect(readerRemove.statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', path, { token: reader.token })).statusCode).toBe(403);

    const all = await call(t.app, 'GET', `/account/private-lists?ownerId=${me.id}&name=private`, {
      token: reader.token,
    });
    expect(all.json()).toMatchObject({ count: 1, data: [{ id: list.id, owner: { id: me.id } }] });

    const renamed = await call(t.app, 'PATCH', path, { token: manager.token, body: { name: 'Managed' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Managed', owner: { id: me.id } });
    expect((await call(t.app, 'DELETE', path, { token: manager.token })).statusCode).toBe(200);
  });

  it('adds only assets in the caller’s scope', async () => {
    const list = await createList(['PLA0030']);
    const res = await call(t.app, 'PATCH', `/account/private-lists/${list.id}`, {
      token: me.token,
      body: { addAssetNos: ['PLB0004'] },
    });
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).data).toEqual({ notFound: ['PLB0004'] });
  });

  it('lists everyone’s lists newest first and finds staff for the owner filter', async () => {
    const first = await createList(['PLA0040'], t.owner.token, 'Owner first');
    const second = await createList(['PLA0041'], t.owner.token, 'Owner second');
    const res = await call(t.app, 'GET', '/account/private-lists?name=owner', { token: reader.token });
    expect(res.json().data.map((l: { id: string }) => l.id)).toEqual([second.id, first.id]);

    const found = await call(
      t.app,
      'GET',
      `/account/private-lists/users/fuzzy-search?q=${encodeURIComponent(me.username.slice(2, 8))}`,
      {
        token: reader.token,
      },
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((u: { id: string }) => u.id)).toContain(me.id);
    const none = await call(t.app, 'GET', '/account/private-lists/users/fuzzy-search?q=%25', { token: reader.token });
    expect(none.json().data).toEqual([]);
    const blank = await call(t.app, 'GET', '/account/private-lists/users/fuzzy-search?q=', { token: reader.token });
    expect(blank.statusCode).toBe(400);
  });
});
