import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, type TestContext } from '../../../test/harness.ts';
import { assets, fieldLogs, relocationListAssets, relocationLists } from '../../db/schema/index.ts';
import { seedDemoData } from '../../db/seed/demo.ts';
import { secretBoxFor } from '../../lib/secret-box.ts';

describe('demo relocation lists', () => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestContext();
    const secrets = secretBoxFor({ secretsKey: undefined, dataDir: t.dataDir });
    await t.database.db.transaction((tx) => seedDemoData(tx, { password: 'demo-password-1', secrets }));
  }, 120_000);
  afterAll(() => t.close());

  it('seeds open and completed lists whose assets agree with them', async () => {
    const { db } = t.database;
    const lists = await db.select().from(relocationLists);
    const open = lists.filter((l) => l.checkinAt === null);
    const completed = lists.filter((l) => l.checkinAt !== null);
    expect(open.length).toBeGreaterThanOrEqual(1);
    expect(completed.length).toBeGreaterThanOrEqual(2);
    expect(new Set(lists.map((l) => l.partnerId)).size).toBe(3);

    for (const list of completed) {
      expect(list.checkinAt?.getTime()).toBeGreaterThan(list.checkoutAt.getTime());
    }
    for (const list of lists) {
      expect(list.checkoutAt.getTime()).toBeLessThan(Date.now());
      const items = await db.select().from(relocationListAssets).where(eq(relocationListAssets.listId, list.id));
      expect(items).toHaveLength(list.assetCount);
      const rows = await db
        .select()
        .from(assets)
        .where(
          inArray(
            assets.id,
            items.map((i) => i.assetId as string),
          ),
        );
      expect(rows).toHaveLength(list.assetCount);
      const placed = list.checkinAt
        ? { turnoverState: 'InSite', siteId: list.toSiteId }
        : { turnoverState: 'Dispatching', siteId: null };
      for (const a of rows) expect(a).toMatchObject(placed);
      const logs = await db
        .select()
        .from(fieldLogs)
        .where(inArray(fieldLogs.entityId, [rows[0]?.id as string]));
      expect(logs.some((l) => l.field === 'turnoverState' && l.after === 'Dispatching')).toBe(true);
    }

    const res = await call(t.app, 'GET', '/asset/collection-lists?status=open', { token: t.owner.token });
    expect(res.json().count).toBe(open.length);
  });
});
