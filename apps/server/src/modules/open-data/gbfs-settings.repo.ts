import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { gbfsSystems, geofencingZones, partners, sites } from '../../db/schema/index.ts';
import { inScope } from '../../db/sql.ts';
import type { Scope } from '../../lib/scope.ts';

/**
 * A partner's GBFS publication (partner-owned: every read and write takes the caller's scope and applies it in
 * SQL, so another partner's settings are simply not found).
 */
export type GbfsSystemRow = typeof gbfsSystems.$inferSelect;
export type ZoneRow = typeof geofencingZones.$inferSelect;
export type StationSiteRow = {
  id: string;
  name: string;
  hasCoordinates: boolean;
  gbfsStation: boolean;
  gbfsCapacity: number | null;
};

export async function partnerOf(db: DbOrTx, scope: Scope, partnerId: string) {
  const [row] = await db
    .select({ id: partners.id, name: partners.name })
    .from(partners)
    .where(and(eq(partners.id, partnerId), inScope(scope, partners.id)));
  return row;
}

export async function systemOf(db: DbOrTx, scope: Scope, partnerId: string): Promise<GbfsSystemRow | undefined> {
  const [row] = await db
    .select()
    .from(gbfsSystems)
    .where(and(eq(gbfsSystems.partnerId, partnerId), inScope(scope, gbfsSystems.partnerId)));
  return row;
}

/** The partner's live station sites: the ones that may be published as GBFS stations. */
export async function stationSitesOf(db: DbOrTx, scope: Scope, partnerId: string): Promise<StationSiteRow[]> {
  return db
    .select({
      id: sites.id,
      name: sites.name,
      hasCoordinates: sql<boolean>`${sites.latitude} is not null and ${sites.longitude} is not null`,
      gbfsStation: sites.gbfsStation,
      gbfsCapacity: sites.gbfsCapacity,
    })
    .from(sites)
    .where(
      and(
        eq(sites.partnerId, partnerId),
        inScope(scope, sites.partnerId),
        eq(sites.type, 'station'),
        eq(sites.isArchived, false),
      ),
    )
    .orderBy(asc(sql`lower(${sites.name})`), asc(sites.id));
}

export async function zonesOf(db: DbOrTx, scope: Scope, partnerId: string): Promise<ZoneRow[]> {
  return db
    .select()
    .from(geofencingZones)
    .where(and(eq(geofencingZones.partnerId, partnerId), inScope(scope, geofencingZones.partnerId)))
    .orderBy(asc(geofencingZones.position), asc(geofencingZones.createdAt));
}

export async function saveSystem(
  tx: DbOrTx,
  scope: Scope,
  row: Omit<typeof gbfsSystems.$inferInsert, 'createdAt' | 'updatedAt'>,
  now: Date,
) {
  if (!(await partnerOf(tx, scope, row.partnerId))) return;
  await tx
    .insert(gbfsSystems)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: gbfsSystems.partnerId, set: { ...row, updatedAt: now } });
}

/** Publishes exactly these station sites of the partner (with their capacity) and no other. */
export async function publishStations(
  tx: DbOrTx,
  scope: Scope,
  partnerId: string,
  stations: readonly { siteId: string; capacity: number | null }[],
  now: Date,
) {
  const ofPartner = and(eq(sites.partnerId, partnerId), inScope(scope, sites.partnerId));
  const ids = stations.map((s) => s.siteId);
  await tx
    .update(sites)
    .set({ gbfsStation: false, gbfsCapacity: null, updatedAt: now })
    .where(and(ofPartner, eq(sites.gbfsStation, true), ids.length ? notInArray(sites.id, ids) : undefined));
  for (const s of stations) {
    await tx
      .update(sites)
      .set({ gbfsStation: true, gbfsCapacity: s.capacity, updatedAt: now })
      .where(and(ofPartner, eq(sites.id, s.siteId)));
  }
}

/** Replaces the partner's zones by these, in this order; a zone sent back with its id keeps it. */
export async function replaceZones(
  tx: DbOrTx,
  scope: Scope,
  partnerId: string,
  zones: readonly (Omit<ZoneRow, 'id' | 'partnerId' | 'position' | 'createdAt' | 'updatedAt'> & {
    id?: string | undefined;
  })[],
  now: Date,
) {
  const ofPartner = and(eq(geofencingZones.partnerId, partnerId), inScope(scope, geofencingZones.partnerId));
  const existing = new Set(
    (await tx.select({ id: geofencingZones.id }).from(geofencingZones).where(ofPartner)).map((z) => z.id),
  );
  const kept = zones.flatMap((z) => (z.id && existing.has(z.id) ? [z.id] : []));
  await tx
    .delete(geofencingZones)
    .where(and(ofPartner, kept.length ? notInArray(geofencingZones.id, kept) : undefined));
  for (const [position, z] of zones.entries()) {
    const values = { name: z.name, kind: z.kind, maxSpeedKph: z.maxSpeedKph, ring: z.ring, position, updatedAt: now };
    if (z.id && existing.has(z.id)) {
      await tx
        .update(geofencingZones)
        .set(values)
        .where(and(ofPartner, eq(geofencingZones.id, z.id)));
    } else {
      await tx.insert(geofencingZones).values({ ...values, id: randomUUID(), partnerId, createdAt: now });
    }
  }
}

/** Which of these site ids are live station sites of the partner. */
export async function stationSiteIds(tx: DbOrTx, scope: Scope, partnerId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await tx
    .select({ id: sites.id })
    .from(sites)
    .where(
      and(
        inArray(sites.id, [...ids]),
        eq(sites.partnerId, partnerId),
        inScope(scope, sites.partnerId),
        eq(sites.type, 'station'),
        eq(sites.isArchived, false),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
