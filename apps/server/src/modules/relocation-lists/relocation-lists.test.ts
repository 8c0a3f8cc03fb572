import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, PASSWORD, type TestContext, type TestUser } from '../../../test/harness.ts';
import { assetCategories, assets, fieldLogs, relocationLists, sites } from '../../db/schema/index.ts';
import { seed } from '../../db/seed/builders.ts';

type Fields = { fields: Record<string, string> };
type ListBody = {
  id: string;
  status: string;
  assetCount: number;
  fromSite: { id: string; name: string };
  toSite: { id: string; name: string } | null;
  staff: { id: string; name: string } | null;
  launchStaff: { id: string; name: string } | null;
  checkoutAt: string;
  checkinAt: string | null;
  assets: { no: string; exists: boolean; turnoverState: string | null; site: { id: string } | null }[];
};

describe('relocation lists API', () => {
  let t: TestContext;
  let categoryId: string;
  let siteA1: string;
  let siteA2: string;
  let siteArchived: string;
  let siteB1: string;
  const nosA = Array.from({ length: 110 }, (_, i) => `RLA${String(i + 1).padStart(4, '0')}`);
  const nosB = ['RLB0001', 'RLB0002', 'RLB0003'];
  let collector: TestUser; // app permissions collect + launch, partner A
  let collectorB: TestUser; // app permissions collect + launch, partner B
  let collectOnly: TestUser; // app permission collect only, partner A
  let readerA: TestUser; // web collection_list.read, partner A
  let readerB: TestUser; // web collection_list.read, partner B
  let webOnly: TestUser; // web collection_list.read, every partner, no app permission

  const collect = (body: Record<string, unknown>, token = collector.token) =>
    call(t.app, 'POST', '/asset/collection-lists/$collect', { token, body });
  const launch = (id: string, body: Record<string, unknown>, token = collector.token) =>
    call(t.app, 'POST', `/asset/collection-lists/${id}/$launch`, { token, body });

  async function collected(nos: string[], fromSiteId = siteA1, token = collector.token): Promise<ListBody> {
    const res = await collect({ fromSiteId, assetNos: nos }, token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  const assetRows = (nos: string[]) => t.database.db.select().from(assets).where(inArray(assets.no, nos));

  async function appUser(appPermissions: string[], scope: string[]): Promise<TestUser> {
    const { db } = t.database;
    const role = await seed.role(db, { title: `app ${randomUUID().slice(0, 6)}`, permissions: [], appPermissions });
    const username = `app-${randomUUID().slice(0, 8)}`;
    const email = `${username}@test.local`;
    const { id } = await seed.user(db, {
      username,
      email,
      password: PASSWORD,
      partnerScope: scope,
      roleIds: [role.id],
    });
    return { id, username, email, token: await t.login(email) };
  }

  beforeAll(async () => {
    t = await createTestContext();
    const db = t.database.db;
    categoryId = randomUUID();
    await db.insert(assetCategories).values({ id: categoryId, name: 'RL bikes', assetType: 'BIKE' });
    siteA1 = randomUUID();
    siteA2 = randomUUID();
    siteArchived = randomUUID();
    siteB1 = randomUUID();
    const site = (id: string, partnerId: string, name: string, isArchived = false) => ({
      id,
      partnerId,
      name,
      type: 'station',
      city: 'Milano',
      isArchived,
    });
    await db
      .insert(sites)
      .values([
        site(siteA1, t.partnerA.id, 'Duomo'),
        site(siteA2, t.partnerA.id, 'Navigli'),
        site(siteArchived, t.partnerA.id, 'Old depot', true),
        site(siteB1, t.partnerB.id, 'Gracia'),
      ]);
    const row = (no: string, partnerId: string, siteId: string | null, extra: Record<string, string> = {}) => ({
      id: randomUUID(),
      no,
      partnerId,
      categoryId,
      siteId,
      lifeCycleState: 'Ready',
      turnoverState: 'InSite',
      usageMode: 'customer-rental',
      ...extra,
    });
    await db
      .insert(assets)
      .values([
        ...nosA.map((no) => row(no, t.partnerA.id, siteA1)),
        ...nosB.map((no) => row(no, t.partnerB.id, siteB1)),
        row('RLAT2', t.partnerA.id, siteA2),
        row('RLARENT', t.partnerA.id, siteA1, { turnoverState: 'RentingOut' }),
        row('RLARET', t.partnerA.id, siteA1, { lifeCycleState: 'Retired' }),
        row('RLAUNK', t.partnerA.id, siteA1, { turnoverState: 'Unknown' }),
        row('RLBATA', t.partnerB.id, siteA1),
      ]);
    collector = await appUser(['collection_list.collect', 'collection_list.launch'], [t.partnerA.id]);
    collectorB = await appUser(['collection_list.collect', 'collection_list.launch'], [t.partnerB.id]);
    collectOnly = await appUser(['collection_list.collect'], [t.partnerA.id]);
    readerA = await t.userWith(['collection_list.read'], [t.partnerA.id]);
    readerB = await t.userWith(['collection_list.read'], [t.partnerB.id]);
    webOnly = await t.userWith(['collection_list.read', 'asset.read'], '*');
  });
  afterAll(() => t.close());

  it('collects assets out of a site: they go Dispatching, leave the site, and the asset field log shows it', async () => {
    const list = await collected(['RLA0001', 'RLA0002', 'RLA0001', 'RLA0003']);
    expect(list).toMatchObject({
      status: 'open',
      assetCount: 3,
      fromSite: { id: siteA1, name: 'Duomo' },
      toSite: null,
      staff: { id: collector.id },
      launchStaff: null,
      checkinAt: null,
    });
    expect(list.assets.map((a) => a.no)).toEqual(['RLA0001', 'RLA0002', 'RLA0003']);
    expect(list.assets.every((a) => a.turnoverState === 'Dispatching' && a.site === null)).toBe(true);

    for (const a of await assetRows(['RLA0001', 'RLA0002', 'RLA0003'])) {
      expect(a).toMatchObject({ turnoverState: 'Dispatching', siteId: null });
    }
    const logs = await call(t.app, 'GET', '/asset/assets/RLA0001/fieldLogs', { token: t.owner.token });
    expect(logs.statusCode, logs.body).toBe(200);
    const changes = logs.json().data as { field: string; before: unknown; after: unknown; user: { id: string } }[];
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'turnoverState', before: 'InSite', after: 'Dispatching' }),
        expect.objectContaining({
          field: 'siteId',
          before: siteA1,
          after: null,
          user: expect.objectContaining({ id: collector.id }),
        }),
      ]),
    );
    const listLogs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, list.id));
    expect(listLogs.map((l) => l.field)).toEqual(expect.arrayContaining(['fromSiteId', 'assetNos']));
  });

  it('launches an open list at another site of the partner: InSite there, check-in time and launcher set', async () => {
    const list = await collected(['RLA0010', 'RLA0011']);
    const res = await launch(list.id, { toSiteId: siteA2 });
    expect(res.statusCode, res.body).toBe(200);
    const launched = res.json().data as ListBody;
    expect(launched).toMatchObject({
      status: 'completed',
      toSite: { id: siteA2, name: 'Navigli' },
      launchStaff: { id: collector.id },
    });
    expect(Date.parse(launched.checkinAt as string)).toBeGreaterThanOrEqual(Date.parse(launched.checkoutAt));
    for (const a of await assetRows(['RLA0010', 'RLA0011'])) {
      expect(a).toMatchObject({ turnoverState: 'InSite', siteId: siteA2 });
    }
    const logs = await call(t.app, 'GET', '/asset/assets/RLA0010/fieldLogs', { token: t.owner.token });
    expect(logs.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'siteId', before: null, after: siteA2 }),
        expect.objectContaining({ field: 'turnoverState', before: 'Dispatching', after: 'InSite' }),
      ]),
    );

    // A launched list is final.
    const again = await launch(list.id, { toSiteId: siteA1 });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'RelocationListCompleted',
      message: 'The relocation list was launched already',
    });
    for (const a of await assetRows(['RLA0010'])) expect(a.siteId).toBe(siteA2);

    // Back at a site and InSite, the assets can be collected again.
    await collected(['RLA0010'], siteA2);
  });

  it('leaves assets staff corrected meanwhile as they are when launching', async () => {
    const list = await collected(['RLA0020', 'RLA0021']);
    await t.database.db.update(assets).set({ turnoverState: 'Unknown' }).where(eq(assets.no, 'RLA0021'));
    const res = await launch(list.id, { toSiteId: siteA2 });
    expect(res.statusCode, res.body).toBe(200);
    const [moved, corrected] = await Promise.all([assetRows(['RLA0020']), assetRows(['RLA0021'])]);
    expect(moved[0]).toMatchObject({ turnoverState: 'InSite', siteId: siteA2 });
    expect(corrected[0]).toMatchObject({ turnoverState: 'Unknown', siteId: null });
  });

  it('refuses unknown and out-of-scope numbers per row, writing nothing', async () => {
    const before = (await t.database.db.select().from(relocationLists)).length;
    const res = await collect({ fromSiteId: siteA1, assetNos: ['RLA0030', 'NOSUCH1', 'RLB0001'] });
    expect(res.statusCode).toBe(400);
    expect((errorOf(res).data as Fields).fields).toEqual({
      'assetNos.1': 'Unknown asset number',
      'assetNos.2': 'Unknown asset number',
    });
    expect((await assetRows(['RLA0030']))[0]?.turnoverState).toBe('InSite');
    expect((await t.database.db.select().from(relocationLists)).length).toBe(before);
  });

  it('refuses assets in the wrong state or place with one reason per row (422), all or nothing', async () => {
    await collected(['RLA0040']);
    const res = await collect({
      fromSiteId: siteA1,
      assetNos: ['RLA0041', 'RLAT2', 'RLA0040', 'RLARENT', 'RLARET', 'RLAUNK'],
    });
    expect(res.statusCode).toBe(422);
    const error = errorOf(res);
    expect(error.code).toBe('AssetsNotCollectable');
    expect(error.message).toBe('5 assets cannot be collected');
    expect((error.data as Fields).fields).toEqual({
      'assetNos.1': 'The asset is not at this site',
      'assetNos.2': 'The asset is already being relocated',
      'assetNos.3': 'The asset is renting out',
      'assetNos.4': 'The asset is Retired',
      'assetNos.5': 'The turnover state of the asset is unknown',
    });
    expect((await assetRows(['RLA0041']))[0]).toMatchObject({ turnoverState: 'InSite', siteId: siteA1 });

    // An asset of another partner standing at the site (account staff see both partners).
    const other = await collect({ fromSiteId: siteA1, assetNos: ['RLBATA'] }, t.owner.token);
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).message).toBe('The asset belongs to another partner than the site');
  });

  it('refuses an unknown site, a site out of scope (as unknown), an empty upload and more than 100 numbers', async () => {
    const unknown = await collect({ fromSiteId: randomUUID(), assetNos: ['RLA0050'] });
    expect(unknown.statusCode).toBe(400);
    expect((errorOf(unknown).data as Fields).fields.fromSiteId).toBe('Unknown site');

    const listsBefore = (await t.database.db.select().from(relocationLists)).length;
    const outOfScope = await collect({ fromSiteId: siteB1, assetNos: ['RLB0001'] });
    expect(outOfScope.statusCode).toBe(400);
    expect((errorOf(outOfScope).data as Fields).fields.fromSiteId).toBe('Unknown site');
    expect((await assetRows(['RLB0001']))[0]).toMatchObject({ turnoverState: 'InSite', siteId: siteB1 });
    expect((await t.database.db.select().from(relocationLists)).length).toBe(listsBefore);

    const empty = await collect({ fromSiteId: siteA1, assetNos: [] });
    expect(empty.statusCode).toBe(400);
    expect((errorOf(empty).data as Fields).fields.assetNos).toBe('Please add at least one asset');

    const tooMany = await collect({ fromSiteId: siteA1, assetNos: nosA.slice(0, 101) });
    expect(tooMany.statusCode).toBe(400);
    expect((errorOf(tooMany).data as Fields).fields.assetNos).toBe('batch operations above 100 refused');

    const badNo = await collect({ fromSiteId: siteA1, assetNos: ['rla0050'] });
    expect(badNo.statusCode).toBe(400);
    expect((errorOf(badNo).data as Fields).fields['assetNos.0']).toBe(
      'Asset number must be capital letters and digits',
    );
    expect((await assetRows(['RLA0050']))[0]?.turnoverState).toBe('InSite');
  });

  it('needs the app permissions: 401 without a token, 403 without collect or launch', async () => {
    const anonymous = await call(t.app, 'POST', '/asset/collection-lists/$collect', {
      body: { fromSiteId: siteA1, assetNos: ['RLA0060'] },
    });
    expect(anonymous.statusCode).toBe(401);
    const web = await collect({ fromSiteId: siteA1, assetNos: ['RLA0060'] }, webOnly.token);
    expect(web.statusCode).toBe(403);
    expect(errorOf(web).code).toBe('Forbidden');

    const list = await collected(['RLA0060'], siteA1, collectOnly.token);
    const noLaunch = await launch(list.id, { toSiteId: siteA2 }, collectOnly.token);
    expect(noLaunch.statusCode).toBe(403);
    expect((await assetRows(['RLA0060']))[0]?.turnoverState).toBe('Dispatching');

    // Reading is the console's web permission; the app permissions alone do not read.
    const read = await call(t.app, 'GET', '/asset/collection-lists', { token: collector.token });
    expect(read.statusCode).toBe(403);

    // An app permission never stands in for the web permission of the same name, nor the other way round.
    const appReader = await appUser(['asset.read'], [t.partnerA.id]);
    const webAsset = await call(t.app, 'GET', '/asset/assets/$findAssetNos?prefix=RLA', { token: appReader.token });
    expect(webAsset.statusCode).toBe(403);
    const webNamed = await t.userWith(['collection_list.read'], [t.partnerA.id]);
    expect((await collect({ fromSiteId: siteA1, assetNos: ['RLA0061'] }, webNamed.token)).statusCode).toBe(403);
  });

  it('refuses a launch site of another partner, an archived one, an unknown one and a list out of scope', async () => {
    const list = await collected(['RLA0070']);
    // Account staff see the other partner's site; partner staff do not (an unknown site to them).
    const otherPartner = await launch(list.id, { toSiteId: siteB1 }, t.owner.token);
    expect(otherPartner.statusCode).toBe(422);
    expect(errorOf(otherPartner)).toMatchObject({
      code: 'SiteOfAnotherPartner',
      data: { fields: { toSiteId: 'The site belongs to another partner than the relocation list' } },
    });
    const archived = await launch(list.id, { toSiteId: siteArchived });
    expect(archived.statusCode).toBe(422);
    expect(errorOf(archived).code).toBe('SiteArchived');
    const unknown = await launch(list.id, { toSiteId: randomUUID() });
    expect(unknown.statusCode).toBe(400);
    expect((errorOf(unknown).data as Fields).fields.toSiteId).toBe('Unknown site');
    const outOfScopeSite = await launch(list.id, { toSiteId: siteB1 });
    expect(outOfScopeSite.statusCode).toBe(400);
    expect((errorOf(outOfScopeSite).data as Fields).fields.toSiteId).toBe('Unknown site');

    // Another partner's list is answered as a missing one, so its id is not confirmed; nothing moves.
    const foreign = await launch(list.id, { toSiteId: siteB1 }, collectorB.token);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe('NotFound');
    const [stillOpen] = await t.database.db.select().from(relocationLists).where(eq(relocationLists.id, list.id));
    expect(stillOpen).toMatchObject({ checkinAt: null, toSiteId: null, launchStaffId: null });
    expect((await assetRows(['RLA0070']))[0]).toMatchObject({ turnoverState: 'Dispatching', siteId: null });
    const missing = await launch(randomUUID(), { toSiteId: siteA2 });
    expect(missing.statusCode).toBe(404);

    const row = (await t.database.db.select().from(relocationLists).where(eq(relocationLists.id, list.id)))[0];
    expect(row?.checkinAt).toBeNull();
    expect((await assetRows(['RLA0070']))[0]).toMatchObject({ turnoverState: 'Dispatching', siteId: null });
  });

  it('lets only one of two simultaneous collects of the same asset win', async () => {
    const [first, second] = await Promise.all([
      collect({ fromSiteId: siteA1, assetNos: ['RLA0080', 'RLA0081'] }),
      collect({ fromSiteId: siteA1, assetNos: ['RLA0081', 'RLA0082'] }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 422]);
    const loser = first.statusCode === 422 ? first : second;
    expect(errorOf(loser).message).toBe('The asset is already being relocated');
    const lists = await t.database.db
      .select()
      .from(relocationLists)
      .where(and(eq(relocationLists.fromSiteId, siteA1)));
    expect(lists.length).toBeGreaterThan(0);
    const untouched = first.statusCode === 201 ? 'RLA0082' : 'RLA0080';
    expect((await assetRows([untouched]))[0]?.turnoverState).toBe('InSite');
  });

  it('lists and reads lists within the partner scope, with filters and sort', async () => {
    const bList = await collected(['RLB0002'], siteB1, collectorB.token);
    const openA = await collected(['RLA0090']);
    const doneA = await collected(['RLA0091', 'RLA0092']);
    expect((await launch(doneA.id, { toSiteId: siteA2 })).statusCode).toBe(200);

    const mine = await call(t.app, 'GET', '/asset/collection-lists?pageSize=100', { token: readerA.token });
    expect(mine.statusCode, mine.body).toBe(200);
    const ids = (mine.json().data as ListBody[]).map((l) => l.id);
    expect(ids).toContain(openA.id);
    expect(ids).not.toContain(bList.id);
    expect(mine.json().count).toBe(ids.length);

    const theirs = await call(t.app, 'GET', '/asset/collection-lists', { token: readerB.token });
    expect(theirs.json()).toMatchObject({ count: 1, data: [{ id: bList.id, partner: { id: t.partnerB.id } }] });

    const get = (id: string, token: string) => call(t.app, 'GET', `/asset/collection-lists/${id}`, { token });
    const detail = await get(doneA.id, readerA.token);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.assets).toEqual([
      expect.objectContaining({
        no: 'RLA0091',
        exists: true,
        turnoverState: 'InSite',
        site: { id: siteA2, name: 'Navigli' },
      }),
      expect.objectContaining({
        no: 'RLA0092',
        exists: true,
        lifeCycleState: 'Ready',
        category: { id: categoryId, name: 'RL bikes' },
      }),
    ]);
    const foreign = await get(doneA.id, readerB.token);
    expect([foreign.statusCode, errorOf(foreign).code]).toEqual([404, 'NotFound']);
    expect((await get(randomUUID(), readerA.token)).statusCode).toBe(404);
    expect((await get('not-an-id', readerA.token)).statusCode).toBe(400);

    const q = (query: string) =>
      call(t.app, 'GET', `/asset/collection-lists?pageSize=100&${query}`, { token: readerA.token });
    const open = (await q('status=open')).json().data as ListBody[];
    expect(open.every((l) => l.status === 'open')).toBe(true);
    expect(open.map((l) => l.id)).toContain(openA.id);
    const completed = (await q(`status=completed&toSiteId=${siteA2}`)).json().data as ListBody[];
    expect(completed.map((l) => l.id)).toContain(doneA.id);
    expect(completed.every((l) => l.toSite?.id === siteA2)).toBe(true);
    expect((await q(`fromSiteId=${siteA2}`)).json().data.every((l: ListBody) => l.fromSite.id === siteA2)).toBe(true);
    const partnerB = await q(`partnerId=${t.partnerB.id}`);
    expect(partnerB.json()).toMatchObject({ count: 0, data: [] });

    const from = encodeURIComponent(openA.checkoutAt);
    const ranged = (await q(`checkoutFrom=${from}&checkoutTo=${from}`)).json().data as ListBody[];
    expect(ranged.map((l) => l.id)).toEqual([openA.id]);
    const future = encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString());
    expect((await q(`checkoutFrom=${future}`)).json().count).toBe(0);
    const backwards = await q(`checkoutFrom=${future}&checkoutTo=${from}`);
    expect(backwards.statusCode).toBe(400);
    expect((errorOf(backwards).data as Fields).fields['query.checkoutTo']).toBe(
      'End time must be later than start time',
    );

    const asc = (await q('sort=checkoutAt:asc')).json().data as ListBody[];
    const times = asc.map((l) => Date.parse(l.checkoutAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const byCheckin = (await q('sort=checkinAt:desc')).json().data as ListBody[];
    expect(byCheckin.at(-1)?.checkinAt).toBeNull();
    expect((await q('sort=name:asc')).statusCode).toBe(400);
    expect((await q('status=closed')).statusCode).toBe(400);

    const options = await call(t.app, 'GET', '/asset/collection-lists/sites', { token: readerA.token });
    expect(options.statusCode).toBe(200);
    expect((options.json().data as { id: string }[]).map((s) => s.id).sort()).toEqual(
      [siteA1, siteA2, siteArchived].sort(),
    );
  });
  it('documents the relocation calls in the OpenAPI document', async () => {
    const res = await call(t.app, 'GET', '/openapi.json');
    const doc = res.json<{
      paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[] }>>;
    }>();
    expect(doc.paths['/asset/collection-lists']?.get?.parameters?.length).toBeGreaterThan(0);
    expect(doc.paths['/asset/collection-lists/{id}']?.get).toBeDefined();
    expect(doc.paths['/asset/collection-lists/$collect']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/asset/collection-lists/{id}/$launch']?.post?.requestBody).toBeDefined();
  });
  // Last: it adds a list the listing test above does not expect.
  it('keeps a site a relocation list names from being deleted (422 SiteInUse, archive it instead)', async () => {
    const { db } = t.database;
    const [history] = await db
      .insert(sites)
      .values({ id: randomUUID(), partnerId: t.partnerA.id, name: 'Old depot', type: 'station', city: 'Milano' })
      .returning();
    await db.insert(relocationLists).values({
      id: randomUUID(),
      partnerId: t.partnerA.id,
      fromSiteId: siteA1,
      toSiteId: history?.id,
      assetCount: 0,
      checkoutAt: new Date(),
      checkinAt: new Date(),
    });
    const removal = await call(t.app, 'DELETE', `/inventory/sites/${history?.id}`, { token: t.owner.token });
    expect(removal.statusCode, removal.body).toBe(422);
    expect(errorOf(removal)).toMatchObject({
      code: 'SiteInUse',
      data: { assets: 0, orders: 0, relocationLists: 1 },
    });
  });
});
