import { randomUUID } from 'node:crypto';
import { ASSET_BATCH_DUPLICATE_MESSAGE, ASSET_BATCH_MESSAGE, ASSET_IMPORT_MAX_BYTES } from '@fleetdesk/contracts';
import { parse } from 'csv-parse/sync';
import { count, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, errorOf, multipartFile, type TestContext } from '../../../test/harness.ts';
import { zip } from '../../../test/zip.ts';
import {
  assetCategories,
  assetProperties,
  assets,
  assetUniqueValues,
  fieldLogs,
  sites,
} from '../../db/schema/index.ts';

type Fields = { fields: Record<string, string> };
type TestUser = Awaited<ReturnType<TestContext['userWith']>>;
type Report = {
  columns: string[];
  rows: { line: number; values: Record<string, string>; errors: Record<string, string> }[];
  valid: number;
  invalid: number;
  created: number;
};

async function xlsxOf(rows: unknown[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function readXlsx(content: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('asset batch API', () => {
  let t: TestContext;
  let categoryId: string;
  let otherCategoryId: string;
  let siteA: string;
  let siteB: string;
  let scopedA: TestUser;
  let readerOnly: TestUser;
  let exporter: TestUser;
  const prop: Record<string, string> = {};
  let counter = 0;
  const nextNo = (base = 'B') => `${base}${String(++counter).padStart(5, '0')}`;

  async function addProperty(
    category: string,
    name: string,
    valueType: string,
    updateMethod = 'MANUAL',
    isUnique = false,
  ) {
    const id = randomUUID();
    await t.database.db.insert(assetProperties).values({
      id,
      categoryId: category,
      name,
      valueType,
      updateMethod,
      isUnique,
      position: Object.keys(prop).length,
    });
    return id;
  }

  const row = (overrides: Record<string, unknown> = {}) => ({
    no: nextNo(),
    partnerId: t.partnerA.id,
    usageMode: 'customer-rental',
    ...overrides,
  });
  const batchCreate = (rows: unknown[], token = t.owner.token, category = categoryId) =>
    call(t.app, 'POST', `/asset/categories/${category}/assets/$batchCreate`, { token, body: { assets: rows } });
  const batchUpdate = (rows: unknown[], token = t.owner.token) =>
    call(t.app, 'POST', '/asset/assets/$batchUpdate', { token, body: { assets: rows } });
  const batchDelete = (nos: string[], token = t.owner.token) =>
    call(t.app, 'POST', '/asset/assets/$batchDelete', { token, body: { nos } });
  const importFile = async (
    content: Buffer,
    opts: { dryRun?: boolean; token?: string; filename?: string; category?: string } = {},
  ) => {
    const { payload, contentType } = await multipartFile({
      content,
      filename: opts.filename ?? 'assets.csv',
      type: 'text/csv',
    });
    return t.app.inject({
      method: 'POST',
      url: `/api/asset/categories/${opts.category ?? categoryId}/assets/$import?dryRun=${opts.dryRun ?? false}`,
      headers: { authorization: `Bearer ${opts.token ?? t.owner.token}`, 'content-type': contentType },
      payload,
    });
  };
  const exportAssets = (body: Record<string, unknown>, token = t.owner.token) =>
    call(t.app, 'POST', '/asset/assets/$export', { token, body });
  const assetCount = async () => (await t.database.db.select({ n: count() }).from(assets))[0]?.n ?? 0;
  const fieldsOf = (res: { json: () => unknown }) => (errorOf(res as never).data as Fields).fields;

  async function created(rows: Record<string, unknown>[]) {
    const res = await batchCreate(rows);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; no: string }[];
  }

  beforeAll(async () => {
    t = await createTestContext();
    const db = t.database.db;
    categoryId = randomUUID();
    otherCategoryId = randomUUID();
    await db.insert(assetCategories).values([
      { id: categoryId, name: 'Cargo bike', assetType: 'BIKE' },
      { id: otherCategoryId, name: 'Scooter', assetType: 'ESCOOTER' },
    ]);
    prop.serial = await addProperty(categoryId, 'Serial', 'TEXT', 'MANUAL', true);
    prop.gears = await addProperty(categoryId, 'Gears', 'INTEGER');
    prop.weight = await addProperty(categoryId, 'Weight kg', 'NUMBER');
    prop.helmet = await addProperty(categoryId, 'Helmet box', 'BOOLEAN');
    prop.bought = await addProperty(categoryId, 'Bought on', 'DATE');
    prop.photo = await addProperty(categoryId, 'Photo', 'IMAGE');
    prop.odometer = await addProperty(categoryId, 'Odometer', 'INTEGER', 'AUTOMATIC');
    siteA = randomUUID();
    siteB = randomUUID();
    await db.insert(sites).values([
      { id: siteA, partnerId: t.partnerA.id, name: 'Navigli', type: 'station', city: 'Milano' },
      { id: siteB, partnerId: t.partnerB.id, name: 'Born', type: 'station', city: 'Barcelona' },
    ]);
    scopedA = await t.userWith(
      ['asset.read', 'asset.create', 'asset.update', 'asset.delete', 'asset.export_data'],
      [t.partnerA.id],
    );
    readerOnly = await t.userWith(['asset.read']);
    exporter = await t.userWith(['asset.read', 'asset.export_data']);
  });
  afterAll(() => t.close());

  describe('batch create', () => {
    it('creates every row with its values, unique values and field logs', async () => {
      const data = await created([
        row({
          siteId: siteA,
          note: 'Front box',
          properties: { [prop.serial as string]: 'S-1', [prop.gears as string]: 3 },
        }),
        row({ lifeCycleState: 'Ready', properties: { [prop.serial as string]: 'S-2' } }),
        row({ partnerId: t.partnerB.id, siteId: siteB }),
      ]);
      expect(data).toHaveLength(3);
      expect(data[0]).toMatchObject({ site: { id: siteA, name: 'Navigli' }, note: 'Front box', lifeCycleState: 'New' });
      expect(data[1]).toMatchObject({ lifeCycleState: 'Ready' });
      const ids = data.map((a) => a.id);
      const unique = await t.database.db
        .select()
        .from(assetUniqueValues)
        .where(inArray(assetUniqueValues.assetId, ids));
      expect(unique.map((u) => u.value).sort()).toEqual(['"S-1"', '"S-2"']);
      const logs = await t.database.db.select().from(fieldLogs).where(inArray(fieldLogs.entityId, ids));
      for (const id of ids) {
        expect(logs.filter((l) => l.entityId === id && l.field === 'no' && l.before === null)).toHaveLength(1);
      }
    });

    it('refuses above 100 rows and an empty batch', async () => {
      const rows = Array.from({ length: 101 }, () => row());
      const before = await assetCount();
      const res = await batchCreate(rows);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(ASSET_BATCH_MESSAGE);
      expect(fieldsOf(res).assets).toBe(ASSET_BATCH_MESSAGE);
      expect((await batchCreate([])).statusCode).toBe(400);
      expect(await assetCount()).toBe(before);
    });

    it('collects the refusals of every row and writes nothing', async () => {
      const [existing] = await created([row({ properties: { [prop.serial as string]: 'TAKEN' } })]);
      const dup = nextNo();
      const before = await assetCount();
      const logsBefore = (await t.database.db.select({ n: count() }).from(fieldLogs))[0]?.n;
      const res = await batchCreate([
        row(),
        row({ no: dup }),
        row({ no: dup }),
        row({ no: existing?.no }),
        row({ properties: { [prop.gears as string]: 'seven', [prop.odometer as string]: 5 } }),
        row({ properties: { [prop.serial as string]: 'TAKEN' } }),
        row({ properties: { [prop.serial as string]: 'TWICE' } }),
        row({ properties: { [prop.serial as string]: 'TWICE' } }),
        row({ siteId: siteB }),
        row({ siteId: randomUUID() }),
        row({ partnerId: randomUUID() }),
      ]);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).code).toBe('ValidationError');
      expect(fieldsOf(res)).toEqual({
        'assets.1.no': ASSET_BATCH_DUPLICATE_MESSAGE,
        'assets.2.no': ASSET_BATCH_DUPLICATE_MESSAGE,
        'assets.3.no': 'Asset number already exists',
        [`assets.4.properties.${prop.gears}`]: 'Must be a whole number',
        [`assets.4.properties.${prop.odometer}`]: 'This property is updated automatically and cannot be set by staff',
        [`assets.5.properties.${prop.serial}`]: 'This value is already used by another asset',
        [`assets.6.properties.${prop.serial}`]: 'This value is already used by another asset',
        [`assets.7.properties.${prop.serial}`]: 'This value is already used by another asset',
        'assets.8.siteId': 'The site belongs to another partner than the asset',
        'assets.9.siteId': 'Unknown site',
        'assets.10.partnerId': 'Unknown partner',
      });
      expect(await assetCount()).toBe(before);
      expect((await t.database.db.select({ n: count() }).from(fieldLogs))[0]?.n).toBe(logsBefore);
      // Shape errors (the contract's schema) answer first, keyed the same way.
      const shape = await batchCreate([row(), row({ no: 'lower-case' }), row({ usageMode: 'rent' })]);
      expect(fieldsOf(shape)).toEqual({
        'assets.1.no': 'Asset number must be capital letters and digits',
        'assets.2.usageMode': 'Usage mode must be selected',
      });
      expect(await assetCount()).toBe(before);
      expect((await t.database.db.select({ n: count() }).from(fieldLogs))[0]?.n).toBe(logsBefore);
    });

    it('refuses a disabled or unknown category for the whole batch', async () => {
      const disabled = randomUUID();
      await t.database.db
        .insert(assetCategories)
        .values({ id: disabled, name: 'Retired fleet', assetType: 'BIKE', isEnabled: false });
      expect(errorOf(await batchCreate([row()], t.owner.token, disabled)).code).toBe('CategoryDisabled');
      expect((await batchCreate([row()], t.owner.token, randomUUID())).statusCode).toBe(404);
    });

    it('lets a partner-scoped user create only for their partners', async () => {
      const before = await assetCount();
      const res = await batchCreate([row(), row({ partnerId: t.partnerB.id })], scopedA.token);
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual({ 'assets.1.partnerId': 'This partner is outside your partner scope' });
      expect(await assetCount()).toBe(before);
      expect((await batchCreate([row()], scopedA.token)).statusCode).toBe(201);
    });

    it('answers a race on the same number with a 4xx, never a 500', async () => {
      const no = nextNo();
      const results = await Promise.all([batchCreate([row({ no })]), batchCreate([row({ no })])]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes[0]).toBe(201);
      expect([400, 409]).toContain(codes[1]);
    });
  });

  describe('batch update', () => {
    it('changes every row with field logs, and lets two assets swap a unique value', async () => {
      const [a, b] = await created([
        row({ properties: { [prop.serial as string]: 'SWAP-A' } }),
        row({ properties: { [prop.serial as string]: 'SWAP-B' } }),
      ]);
      const res = await batchUpdate([
        { no: a?.no, note: 'checked', lifeCycleState: 'Ready', properties: { [prop.serial as string]: 'SWAP-B' } },
        { no: b?.no, siteId: siteA, properties: { [prop.serial as string]: 'SWAP-A', [prop.helmet as string]: true } },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const [ua, ub] = res.json().data;
      expect(ua).toMatchObject({ no: a?.no, note: 'checked', lifeCycleState: 'Ready' });
      expect(ub).toMatchObject({ no: b?.no, site: { id: siteA } });
      const serialOf = (x: { properties: { property: { id: string }; value: unknown }[] }) =>
        x.properties.find((p) => p.property.id === prop.serial)?.value;
      expect([serialOf(ua), serialOf(ub)]).toEqual(['SWAP-B', 'SWAP-A']);
      const logs = await t.database.db
        .select()
        .from(fieldLogs)
        .where(eq(fieldLogs.entityId, a?.id as string));
      expect(logs.find((l) => l.field === 'note')).toMatchObject({ before: null, after: 'checked' });
      expect(logs.find((l) => l.field === 'lifeCycleState' && l.before !== null)).toMatchObject({
        before: 'New',
        after: 'Ready',
      });
    });

    it('collects every row refusal (lifecycle, unknown, duplicates, values) and changes nothing', async () => {
      const [a, b, c] = await created([
        row({ lifeCycleState: 'Retired' }),
        row({ properties: { [prop.serial as string]: 'KEEP' } }),
        row(),
      ]);
      const res = await batchUpdate([
        { no: a?.no, lifeCycleState: 'Ready' },
        { no: 'NOSUCH1' },
        { no: c?.no, note: 'x' },
        { no: c?.no, note: 'y' },
        { no: b?.no, siteId: siteB, properties: { [prop.weight as string]: 'heavy' } },
        { no: (await created([row()]))[0]?.no, properties: { [prop.serial as string]: 'KEEP' } },
      ]);
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldsOf(res)).toEqual({
        'assets.0.lifeCycleState': 'The lifecycle state cannot change from Retired to Ready',
        'assets.1.no': 'Asset deleted or not found',
        'assets.2.no': ASSET_BATCH_DUPLICATE_MESSAGE,
        'assets.3.no': ASSET_BATCH_DUPLICATE_MESSAGE,
        'assets.4.siteId': 'The site belongs to another partner than the asset',
        [`assets.4.properties.${prop.weight}`]: 'Must be a number',
        [`assets.5.properties.${prop.serial}`]: 'This value is already used by another asset',
      });
      const read = await call(t.app, 'GET', `/asset/assets/${c?.no}`, { token: t.owner.token });
      expect(read.json().data.note).toBeNull();
    });

    it("treats another partner's asset as not found for a partner-scoped user", async () => {
      const [ofB] = await created([row({ partnerId: t.partnerB.id })]);
      const res = await batchUpdate([{ no: ofB?.no, note: 'mine now' }], scopedA.token);
      expect(fieldsOf(res)).toEqual({ 'assets.0.no': 'Asset deleted or not found' });
    });

    it('refuses above 100 rows', async () => {
      const res = await batchUpdate(Array.from({ length: 101 }, () => ({ no: nextNo(), note: 'x' })));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(ASSET_BATCH_MESSAGE);
    });
  });

  describe('batch delete', () => {
    it('deletes every number with a field log, or none when one is in use or unknown', async () => {
      const list = await created([row(), row(), row()]);
      const [a, b, c] = list;
      await t.database.db
        .update(assets)
        .set({ turnoverState: 'RentingOut' })
        .where(eq(assets.id, c?.id as string));
      const [ofB] = await created([row({ partnerId: t.partnerB.id })]);
      const refused = await batchDelete([a?.no as string, c?.no as string, 'NOSUCH2', a?.no as string]);
      expect(refused.statusCode).toBe(400);
      expect(fieldsOf(refused)).toEqual({
        'nos.0': ASSET_BATCH_DUPLICATE_MESSAGE,
        'nos.1': 'The asset is renting out and cannot be deleted',
        'nos.2': 'Asset deleted or not found',
        'nos.3': ASSET_BATCH_DUPLICATE_MESSAGE,
      });
      const scoped = await batchDelete([a?.no as string, ofB?.no as string], scopedA.token);
      expect(fieldsOf(scoped)).toEqual({ 'nos.1': 'Asset deleted or not found' });
      const still = await t.database.db
        .select({ n: count() })
        .from(assets)
        .where(
          inArray(
            assets.id,
            list.map((x) => x.id),
          ),
        );
      expect(still[0]?.n).toBe(3);

      const ok = await batchDelete([a?.no as string, b?.no as string]);
      expect(ok.statusCode, ok.body).toBe(200);
      const left = await t.database.db
        .select()
        .from(assets)
        .where(inArray(assets.id, [a?.id as string, b?.id as string]));
      expect(left).toEqual([]);
      const logs = await t.database.db
        .select()
        .from(fieldLogs)
        .where(eq(fieldLogs.entityId, a?.id as string));
      expect(logs.find((l) => l.field === 'no' && l.after === null)).toMatchObject({ before: a?.no });
    });

    it('refuses above 100 numbers', async () => {
      const res = await batchDelete(Array.from({ length: 101 }, () => nextNo()));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(ASSET_BATCH_MESSAGE);
    });
  });

  it('refuses each call without its permission', async () => {
    const [a] = await created([row()]);
    const refusals = [
      await batchCreate([row()], readerOnly.token),
      await batchUpdate([{ no: a?.no, note: 'x' }], readerOnly.token),
      await batchDelete([a?.no as string], readerOnly.token),
      await importFile(Buffer.from('no,partner,usageMode\n'), { token: readerOnly.token }),
      await call(t.app, 'GET', `/asset/categories/${categoryId}/assets/$importTemplate`, { token: readerOnly.token }),
      await exportAssets({}, readerOnly.token),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res).code).toBe('Forbidden');
    }
    expect((await call(t.app, 'POST', '/asset/assets/$batchDelete', { body: { nos: ['A1'] } })).statusCode).toBe(401);
  });

  describe('import', () => {
    const header =
      'no,partner,site,usageMode,lifeCycleState,turnoverState,note,Serial,Gears,Weight kg,Helmet box,Bought on';

    it('downloads the template as CSV and XLSX: fixed columns, then importable properties in order', async () => {
      const csv = await call(t.app, 'GET', `/asset/categories/${categoryId}/assets/$importTemplate?format=csv`, {
        token: t.owner.token,
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.headers['content-disposition']).toContain('attachment');
      expect(csv.body.replace(/^\uFEFF/, '').trim()).toBe(header);
      const xlsx = await call(t.app, 'GET', `/asset/categories/${categoryId}/assets/$importTemplate?format=xlsx`, {
        token: t.owner.token,
      });
      expect(xlsx.statusCode).toBe(200);
      expect(await readXlsx(xlsx.rawPayload)).toEqual([header.split(',')]);
      const bad = await call(t.app, 'GET', `/asset/categories/${categoryId}/assets/$importTemplate?format=pdf`, {
        token: t.owner.token,
      });
      expect(bad.statusCode).toBe(400);
    });

    it('writes a formula-like property name into the template with an apostrophe, and the filled template imports', async () => {
      const formulaCategory = randomUUID();
      const formulaName = '=HYPERLINK("http://x")';
      await t.database.db
        .insert(assetCategories)
        .values({ id: formulaCategory, name: 'Formula bike', assetType: 'BIKE' });
      const formulaProperty = randomUUID();
      await t.database.db.insert(assetProperties).values({
        id: formulaProperty,
        categoryId: formulaCategory,
        name: formulaName,
        valueType: 'TEXT',
        updateMethod: 'MANUAL',
        isUnique: false,
        position: 0,
      });
      const template = (format: string) =>
        call(t.app, 'GET', `/asset/categories/${formulaCategory}/assets/$importTemplate?format=${format}`, {
          token: t.owner.token,
        });
      const storedValue = async (no: string) => {
        const a = (await call(t.app, 'GET', `/asset/assets/${no}`, { token: t.owner.token })).json().data;
        return a.properties.find((p: { property: { id: string } }) => p.property.id === formulaProperty)?.value;
      };

      const csv = await template('csv');
      expect(csv.statusCode).toBe(200);
      const [csvHeader] = parse(csv.body, { bom: true }) as string[][];
      expect(csvHeader?.at(-1)).toBe(`'${formulaName}`);
      // Both escapes: CSV's quotes around the cell, the apostrophe inside it.
      expect(csv.body).toContain(`"'=HYPERLINK(""http://x"")"`);
      const csvNo = nextNo('F');
      const filled = `${csv.body.trimEnd()}\r\n${csvNo},Partner A,,customer-rental,,,,plain text\r\n`;
      const csvImport = await importFile(Buffer.from(filled), { category: formulaCategory });
      expect(csvImport.statusCode, csvImport.body).toBe(201);
      expect((csvImport.json().data as Report).columns.at(-1)).toBe(formulaName);
      expect(await storedValue(csvNo)).toBe('plain text');

      const xlsx = await template('xlsx');
      expect(xlsx.statusCode).toBe(200);
      const [xlsxHeader] = await readXlsx(xlsx.rawPayload);
      expect(xlsxHeader?.at(-1)).toBe(`'${formulaName}`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const xlsxNo = nextNo('F');
      workbook.worksheets[0]?.addRow([xlsxNo, 'Partner A', null, 'customer-rental', null, null, null, 'from xlsx']);
      const xlsxImport = await importFile(Buffer.from(await workbook.xlsx.writeBuffer()), {
        category: formulaCategory,
        filename: 'assets.xlsx',
      });
      expect(xlsxImport.statusCode, xlsxImport.body).toBe(201);
      expect(await storedValue(xlsxNo)).toBe('from xlsx');

      // The export of that category has the property as a column too: quoted in CSV and XLSX alike.
      const csvExport = await exportAssets({ categoryIdIn: [formulaCategory], format: 'csv' });
      const exported = parse(csvExport.body, { bom: true }) as string[][];
      expect(exported[0]?.at(-1)).toBe(`'${formulaName}`);
      expect(
        exported
          .slice(1)
          .map((r) => r.at(-1))
          .sort(),
      ).toEqual(['from xlsx', 'plain text']);
      const xlsxExport = await exportAssets({ categoryIdIn: [formulaCategory], format: 'xlsx' });
      expect((await readXlsx(xlsxExport.rawPayload))[0]?.at(-1)).toBe(`'${formulaName}`);
    });

    it('previews a file with one bad row, then refuses to import it (422 with the report, nothing written)', async () => {
      const [n1, n2, n3] = [nextNo(), nextNo(), nextNo()];
      const csv = [
        header,
        `${n1},partner a,navigli,customer-rental,Ready,,"Note, with comma",IMP-1,7,"23.5",yes,2025-03-01`,
        `${n2},Partner B,Navigli,bogus-mode,,,,IMP-2,seven,,maybe,2025-02-30`,
        '',
        `${n3},Partner A,,non-leasable,,,,,,,,`,
      ].join('\n');
      const before = await assetCount();
      const preview = await importFile(Buffer.from(csv), { dryRun: true });
      expect(preview.statusCode, preview.body).toBe(200);
      const report = preview.json().data as Report;
      expect(report).toMatchObject({ valid: 2, invalid: 1, created: 0 });
      expect(report.columns).toEqual(header.split(','));
      expect(report.rows.map((r) => r.line)).toEqual([2, 3, 5]);
      expect(report.rows[0]?.errors).toEqual({});
      expect(report.rows[0]?.values.note).toBe('Note, with comma');
      expect(report.rows[1]?.errors).toEqual({
        site: 'No site of this name at this partner',
        usageMode: 'Must be one of customer-rental, partner-subscription, non-leasable',
        Gears: 'Must be a whole number',
        'Helmet box': 'Must be true or false',
        'Bought on': 'Must be a date as YYYY-MM-DD',
      });
      const commit = await importFile(Buffer.from(csv));
      expect(commit.statusCode).toBe(422);
      expect(errorOf(commit).code).toBe('ImportHasErrors');
      expect((errorOf(commit).data as Report).invalid).toBe(1);
      expect(await assetCount()).toBe(before);
    });

    it('imports a semicolon CSV with a BOM and a decimal comma', async () => {
      const [n1, n2] = [nextNo(), nextNo()];
      const csv = `\uFEFF${header.replaceAll(',', ';')}\r\n${n1};Partner A;Navigli;customer-rental;NotReady;Unknown;;IMP-10;21;12,5;no;2024-12-31\r\n${n2};Partner B;born;partner-subscription;;;;;;;;\r\n`;
      const res = await importFile(Buffer.from(csv));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ valid: 2, invalid: 0, created: 2 });
      const got = await call(t.app, 'GET', `/asset/assets/${n1}`, { token: t.owner.token });
      const a = got.json().data;
      expect(a).toMatchObject({ lifeCycleState: 'NotReady', turnoverState: 'Unknown', site: { name: 'Navigli' } });
      const values = Object.fromEntries(
        a.properties.map((p: { property: { name: string }; value: unknown }) => [p.property.name, p.value]),
      );
      expect(values).toMatchObject({
        Serial: 'IMP-10',
        Gears: 21,
        'Weight kg': 12.5,
        'Helmet box': false,
        'Bought on': '2024-12-31',
      });
      const logs = await t.database.db.select().from(fieldLogs).where(eq(fieldLogs.entityId, a.id));
      expect(logs.length).toBeGreaterThan(0);
    });

    it('imports an XLSX workbook with numbers, booleans and dates as cells', async () => {
      const no = nextNo();
      const content = await xlsxOf([
        ['no', 'partner', 'usageMode', 'Gears', 'Helmet box', 'Bought on', 'Weight kg'],
        [no, 'Partner A', 'customer-rental', 5, true, new Date(Date.UTC(2025, 5, 15)), 9.75],
      ]);
      const res = await importFile(content, { filename: 'assets.xlsx' });
      expect(res.statusCode, res.body).toBe(201);
      const a = (await call(t.app, 'GET', `/asset/assets/${no}`, { token: t.owner.token })).json().data;
      const values = Object.fromEntries(
        a.properties.map((p: { property: { name: string }; value: unknown }) => [p.property.name, p.value]),
      );
      expect(values).toMatchObject({ Gears: 5, 'Helmet box': true, 'Bought on': '2025-06-15', 'Weight kg': 9.75 });
    });

    it('refuses a workbook that would unpack into more than 32 MB, before reading it', async () => {
      const bomb = zip([
        { name: '[Content_Types].xml', content: Buffer.from('<Types/>') },
        { name: 'xl/worksheets/sheet1.xml', content: Buffer.alloc(40 * 1024 * 1024, 32) },
      ]);
      expect(bomb.length).toBeLessThan(ASSET_IMPORT_MAX_BYTES);
      const res = await importFile(bomb, { filename: 'assets.xlsx', dryRun: true });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).data).toEqual({ fields: { file: 'The workbook is too large once unpacked (over 32 MB)' } });
    });

    it('reports rows that duplicate numbers or unique values, and numbers that exist', async () => {
      const [existing] = await created([row()]);
      const n = nextNo();
      const csv = `no,partner,usageMode,Serial\n${n},Partner A,customer-rental,DUP-S\n${n},Partner A,customer-rental,DUP-S\n${existing?.no},Partner A,customer-rental,\n`;
      const report = (await importFile(Buffer.from(csv), { dryRun: true })).json().data as Report;
      expect(report.rows.map((r) => r.errors)).toEqual([
        { no: ASSET_BATCH_DUPLICATE_MESSAGE, Serial: 'This value is already used by another asset' },
        { no: ASSET_BATCH_DUPLICATE_MESSAGE, Serial: 'This value is already used by another asset' },
        { no: 'Asset number already exists' },
      ]);
    });

    it("refuses rows naming a partner outside the caller's scope", async () => {
      const csv = `no,partner,usageMode\n${nextNo()},Partner B,customer-rental\n${nextNo()},Partner A,customer-rental\n`;
      const before = await assetCount();
      const res = await importFile(Buffer.from(csv), { token: scopedA.token });
      expect(res.statusCode).toBe(422);
      expect((errorOf(res).data as Report).rows[0]?.errors).toEqual({
        partner: 'No partner of this name in your partner scope',
      });
      expect(await assetCount()).toBe(before);
    });

    it('refuses unreadable files and headers it cannot map with a 400 naming the problem', async () => {
      const cases: [Buffer, string][] = [
        [
          Buffer.from(`no,partner,usageMode,Colour\n${nextNo()},Partner A,customer-rental,red\n`),
          'Unknown column "Colour"',
        ],
        [
          Buffer.from(`partner,usageMode\nPartner A,customer-rental\n`),
          'The file has no "no" column (the asset number)',
        ],
        [
          Buffer.from(`no,partner,Photo\n${nextNo()},Partner A,x\n`),
          'The column "Photo" holds images, which cannot be imported',
        ],
        [
          Buffer.from(`no,Odometer\n${nextNo()},4\n`),
          'The column "Odometer" is updated automatically and cannot be imported',
        ],
        [Buffer.from(`no,NO\nA1,A2\n`), 'The column "NO" appears twice'],
        [Buffer.from(`no,usageMode\nA1,non-leasable\n`), 'The file has no "partner" column'],
        [Buffer.from(''), 'The file is empty'],
        [Buffer.from('\n\n'), 'The file is empty'],
        [Buffer.from('no,partner,usageMode\n'), 'Please add at least one asset'],
        [
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe]),
          'The file is neither a CSV file (UTF-8) nor an XLSX workbook',
        ],
        [
          Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]),
          'The file is neither a CSV file (UTF-8) nor an XLSX workbook',
        ],
        [Buffer.from('no,partner\n"A1,Partner A\n'), 'The CSV file cannot be read'],
      ];
      for (const [content, message] of cases) {
        const res = await importFile(content);
        expect(res.statusCode, `${message}: ${res.body}`).toBe(400);
        expect(errorOf(res).message).toContain(message);
        expect(fieldsOf(res).file).toContain(message);
      }
      const huge = await importFile(Buffer.alloc(2 * 1024 * 1024 + 1, 'a'));
      expect(huge.statusCode).toBe(413);
      expect(errorOf(huge).code).toBe('PayloadTooLarge');
      const many = [
        'no,partner,usageMode',
        ...Array.from({ length: 101 }, () => `${nextNo()},Partner A,customer-rental`),
      ];
      const tooMany = await importFile(Buffer.from(many.join('\n')));
      expect(tooMany.statusCode).toBe(400);
      expect(errorOf(tooMany).message).toBe(ASSET_BATCH_MESSAGE);
    });
  });

  describe('export', () => {
    const BULK = 2500;

    beforeAll(async () => {
      const rows = Array.from({ length: BULK }, (_, i) => ({
        id: randomUUID(),
        no: `EXP${String(i).padStart(6, '0')}`,
        partnerId: i % 5 === 0 ? t.partnerB.id : t.partnerA.id,
        categoryId: otherCategoryId,
        usageMode: 'customer-rental',
        note: i === 7 ? 'Basket, "big"\nsecond line' : i === 8 ? '=HYPERLINK("http://x.test")' : null,
      }));
      for (let i = 0; i < rows.length; i += 500) await t.database.db.insert(assets).values(rows.slice(i, i + 500));
    });

    it('streams every matching asset as CSV, escaping commas, quotes and newlines', async () => {
      const res = await exportAssets({ categoryIdIn: [otherCategoryId], format: 'csv' });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="assets-\d{8}-\d{4}\.csv"/);
      const records = parse(res.body, { bom: true }) as string[][];
      expect(records[0]).toEqual([
        'no',
        'partner',
        'category',
        'site',
        'lifeCycleState',
        'turnoverState',
        'usageMode',
        'note',
        'iotDevice',
        'chargePct',
        'lastIotUpdate',
        'createdAt',
        'updatedAt',
      ]);
      expect(records).toHaveLength(BULK + 1);
      expect(new Set(records.slice(1).map((r) => r[0])).size).toBe(BULK);
      const noted = records.find((r) => r[0] === 'EXP000007');
      expect(noted?.[7]).toBe('Basket, "big"\nsecond line');
      expect(res.body).toContain('"Basket, ""big""\nsecond line"');
      // A note a spreadsheet would run as a formula is written as text.
      expect(records.find((r) => r[0] === 'EXP000008')?.[7]).toBe(`'=HYPERLINK("http://x.test")`);
    });

    it('streams XLSX that reads back with every row', async () => {
      const res = await exportAssets({ categoryIdIn: [otherCategoryId], format: 'xlsx' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/filename="assets-\d{8}-\d{4}\.xlsx"/);
      const rows = await readXlsx(res.rawPayload);
      expect(rows).toHaveLength(BULK + 1);
      expect(rows.find((r) => r[0] === 'EXP000007')?.[7]).toBe('Basket, "big"\nsecond line');
      // Typed text cells, quoted all the same: an edit of the cell in Excel, or a copy saved as CSV, would run it.
      expect(rows.find((r) => r[0] === 'EXP000008')?.[7]).toBe(`'=HYPERLINK("http://x.test")`);
    });

    it("exports only the caller's partners, and the property values of a single category", async () => {
      const res = await exportAssets({ categoryIdIn: [otherCategoryId] }, scopedA.token);
      const records = parse(res.body, { bom: true }) as string[][];
      expect(records).toHaveLength(BULK - BULK / 5 + 1);
      expect(records.slice(1).every((r) => r[1] === 'Partner A')).toBe(true);
      const withProps = await exportAssets({ categoryIdIn: [categoryId] });
      const header = (parse(withProps.body, { bom: true }) as string[][])[0];
      expect(header?.slice(13)).toEqual([
        'Serial',
        'Gears',
        'Weight kg',
        'Helmet box',
        'Bought on',
        'Photo',
        'Odometer',
      ]);
    });

    it('answers bad filters and missing permissions with JSON errors before streaming', async () => {
      const outOfScope = await exportAssets({ partnerIdIn: [t.partnerB.id] }, scopedA.token);
      expect(outOfScope.statusCode).toBe(403);
      expect(errorOf(outOfScope).code).toBe('PartnerOutOfScope');
      const bad = await exportAssets({ format: 'pdf' });
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).code).toBe('ValidationError');
      const badProperty = await exportAssets({ properties: [{ propertyId: randomUUID(), op: 'eq', value: 1 }] });
      expect(badProperty.statusCode).toBe(400);
      expect((await exportAssets({}, readerOnly.token)).statusCode).toBe(403);
      expect((await exportAssets({}, exporter.token)).statusCode).toBe(200);
    });
  });
});
