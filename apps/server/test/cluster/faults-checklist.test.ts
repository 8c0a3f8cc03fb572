import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { assets, checklistRecords } from '../../src/db/schema/index.ts';
import { seed } from '../../src/db/seed/builders.ts';
import { insertAsset, insertChecklist, insertTicket, insertWorkItem, insertWorkshop } from '../workshop.ts';
import { diesOn, openClusterDb } from './fixtures.ts';
import { type Cluster, type Node, startCluster } from './nodes.ts';

/**
 * Issue 26: a node killed in the middle of finalizing a checklist record — after the record, its audit log and the
 * asset's life cycle were written, before the asset event — inside the finalize transaction. PostgreSQL rolls the
 * whole of it back: the record is New again, the asset untouched, and another node finalizes it.
 */
describe('checklist finalize: kill -9 mid-way', () => {
  let cluster: Cluster;
  let database: Database;

  beforeAll(async () => {
    cluster = await startCluster(1);
    await cluster.start('node2', { FLEETDESK_FAULT: 'checklist.finalize' });
    database = await openClusterDb(cluster.databaseUrl);
  });
  afterAll(async () => {
    await database?.close();
    await cluster?.close();
  });

  it('leaves the record wholly New, then finalizes it on the other node', async () => {
    const [node1, node2] = cluster.nodes as [Node, Node];
    const { db } = database;
    const partner = await seed.partner(db, { name: 'Workshop partner' });
    const ws = await insertWorkshop(db, partner.id);
    const brakes = await insertWorkItem(db, partner.id, { options: [{ type: 'labour', name: 'Adjust', price: 30 }] });
    const checklist = await insertChecklist(db, partner.id, {
      categoryIds: [ws.category.id],
      basicCostAmount: 10,
      assetLifeCyclePreferTo: 'Ready',
      groups: [{ name: 'Brakes', workItemIds: [brakes.id] }],
    });
    const asset = await insertAsset(db, partner.id, ws.category.id);
    const ticket = await insertTicket(db, {
      assetId: asset.id,
      assetPartnerId: partner.id,
      categoryId: ws.category.id,
      centerSiteId: ws.site.id,
    });
    const token = await node1.login();
    const submitted = await node2.call<{ data: { id: string; status: string } }>(
      'POST',
      `/support/customerTickets/${ticket.id}/checklistRecords/$submitDraft`,
      {
        token,
        body: {
          checklistId: checklist.id,
          groups: [
            {
              groupId: checklist.groupIds[0],
              workItems: [{ workItemId: brakes.id, options: [{ optionId: brakes.optionIds[0] }] }],
            },
          ],
          durationMinutes: 30,
        },
      },
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const recordId = submitted.body.data.id;

    const dying = await diesOn(
      node2,
      node2.call('POST', `/checklist/checklistRecords/${recordId}/$finalize`, { token }),
    );
    const state = async () => {
      const [record] = await db.select().from(checklistRecords).where(eq(checklistRecords.id, recordId));
      const [row] = await db.select().from(assets).where(eq(assets.id, asset.id));
      return { status: record?.status, finalizedAt: record?.finalizedAt ?? null, lifeCycle: row?.lifeCycleState };
    };
    const afterKill = await state();

    const retried = await node1.call<{ data: { status: string } }>(
      'POST',
      `/checklist/checklistRecords/${recordId}/$finalize`,
      { token },
    );
    const afterRetry = await state();
    console.log(
      `faults/checklist: finalize on ${node2.name} killed mid-transaction (${dying}) → record ${afterKill.status}, ` +
        `asset ${afterKill.lifeCycle}; finalized again on ${node1.name} (${retried.status}) → record ` +
        `${afterRetry.status}, asset ${afterRetry.lifeCycle}`,
    );
    expect(dying).toBe('connection lost');
    expect(afterKill).toEqual({ status: 'New', finalizedAt: null, lifeCycle: 'NotReady' });
    expect(retried.status).toBe(200);
    expect(afterRetry).toMatchObject({ status: 'Finish', lifeCycle: 'Ready' });
  });
});
