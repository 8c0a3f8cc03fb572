import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.ts';
import { partnerOperations, subscriptionPackages, subscriptionPlans } from '../src/db/schema/index.ts';
import { insertAsset, insertCategory, insertSite } from './workshop.ts';

/**
 * Subscription rows written straight into the tables, for tests of orders and billing that need a package, a
 * partner with its currency and Ready assets before (or without) the package API.
 */

export interface PlanSpec {
  name?: string;
  basicFee?: number;
  usageFee?: number;
  usageFeeUpperLimit?: number;
  initialAvailability?: number;
  deductible?: number;
  durationUnit?: 'minutes' | 'hours' | 'days' | 'weeks' | 'months';
  durationQuantity?: number;
  validSince?: Date;
  validUntil?: Date;
  cannotBeFirstPlan?: boolean;
}

/** A package of the partner for the category with these plans (ids in order). */
export async function insertPackage(db: DbOrTx, partnerId: string, categoryId: string, plans: PlanSpec[]) {
  const id = randomUUID();
  await db.insert(subscriptionPackages).values({ id, partnerId, categoryId, name: `Fleet ${id.slice(0, 8)}` });
  const planIds = plans.map(() => randomUUID());
  await db.insert(subscriptionPlans).values(
    plans.map((p, i) => ({
      id: planIds[i] as string,
      packageId: id,
      position: i,
      name: p.name ?? `Plan ${i + 1}`,
      basicFee: p.basicFee ?? 100,
      usageFee: p.usageFee ?? 2,
      usageFeeUpperLimit: p.usageFeeUpperLimit ?? 500,
      initialAvailability: p.initialAvailability ?? 5,
      deductible: p.deductible ?? 0,
      durationUnit: p.durationUnit ?? 'months',
      durationQuantity: p.durationQuantity ?? 1,
      validSince: p.validSince ?? new Date('2020-01-01T00:00:00Z'),
      validUntil: p.validUntil ?? new Date('2100-01-01T00:00:00Z'),
      cannotBeFirstPlan: p.cannotBeFirstPlan ?? false,
    })),
  );
  return { id, planIds };
}

/** The partner's operation currency (and clock) that an order takes. */
export async function partnerCurrency(db: DbOrTx, partnerId: string, timezone = 'Europe/Rome') {
  await db.insert(partnerOperations).values({
    partnerId,
    currency: 'EUR',
    timezone: '+01:00',
    beepPolicy: 'enabled',
    batteryLockPolicy: 'enabled',
    gpsPolicy: 'enabled',
    lightPolicy: 'enabled',
    lockPolicy: 'enabled',
    pushGeolocationCheckpointPolicy: 'enabled',
    customerSelfJoinPolicy: 'open',
  });
  await db.execute(sql`update partners set timezone = ${timezone} where id = ${partnerId}::uuid`);
}

/** A partner ready to subscribe: currency, a transfer site, a category and `count` Ready assets of it. */
export async function subscribablePartner(db: DbOrTx, partnerId: string, count: number) {
  await partnerCurrency(db, partnerId);
  const site = await insertSite(db, partnerId, { type: 'station' });
  const category = await insertCategory(db);
  const assets = [];
  for (let i = 0; i < count; i++)
    assets.push(await insertAsset(db, partnerId, category.id, { lifeCycleState: 'Ready' }));
  return { siteId: site.id, categoryId: category.id, assets };
}

/** A finished trip of the asset between two instants (what the trip builder writes). */
export async function insertTrip(
  db: DbOrTx,
  asset: { id: string; partnerId: string; categoryId: string },
  startedAt: Date,
  endedAt: Date,
) {
  const id = randomUUID();
  await db.execute(sql`
    insert into trips (id, asset_id, partner_id, category_id, status, source, started_at, start_latitude,
      start_longitude, ended_at, end_latitude, end_longitude, distance_m, point_count)
    values (${id}::uuid, ${asset.id}::uuid, ${asset.partnerId}::uuid, ${asset.categoryId}::uuid, 'finished', 'movement',
      ${startedAt.toISOString()}::timestamptz, 45.46, 9.19, ${endedAt.toISOString()}::timestamptz, 45.47, 9.2, 1000, 10)`);
  return id;
}
