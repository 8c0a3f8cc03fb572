import {
  FEED_CONTACT_REQUIRED_MESSAGE,
  type GbfsSettings,
  type GbfsSettingsInput,
  GEOFENCING_ZONE_POINTS_MAX,
  type GeofencingZoneKind,
  STATION_SITE_MESSAGE,
  ZONE_POLYGON_MESSAGE,
  ZONE_SELF_INTERSECTING_MESSAGE,
} from '@fleetdesk/contracts';
import type { Db } from '../../db/client.ts';
import type { ClusterSignals } from '../../db/cluster-signals.ts';
import { notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toIsoOrNull } from '../../lib/rows.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import type { GbfsFeeds } from './gbfs.service.ts';
import * as repo from './gbfs-settings.repo.ts';
import { cornerCount, isSelfIntersecting, normalizeRing } from './geometry.ts';

/**
 * Settings → Partner → Open data: a partner's GBFS switch, contact, apps, published stations and geofencing zones.
 * Partner-owned: a partner named outside the caller's scope is 403 PartnerOutOfScope before anything is read.
 */
export function createGbfsSettingsService(deps: {
  db: Db;
  feeds: GbfsFeeds;
  /** Every node drops its documents of the partner: a change shows in the feeds at once, on any node. */
  signals: Pick<ClusterSignals, 'send'>;
}) {
  const { db, feeds } = deps;

  async function view(caller: Caller, partnerId: string): Promise<GbfsSettings> {
    const [system, stations, zones] = await Promise.all([
      repo.systemOf(db, caller.scope, partnerId),
      repo.stationSitesOf(db, caller.scope, partnerId),
      repo.zonesOf(db, caller.scope, partnerId),
    ]);
    const apps = (system?.rentalApps ?? {}) as Record<string, { storeUri: string; discoveryUri: string } | undefined>;
    const urls = feeds.urls(partnerId);
    return {
      partnerId,
      systemId: partnerId,
      enabled: system?.enabled ?? false,
      discoveryUrl: urls.discovery,
      manifestUrl: urls.manifest,
      feedContactEmail: system?.feedContactEmail ?? null,
      openingHours: system?.openingHours ?? '24/7',
      rentalApps: { android: apps.android ?? null, ios: apps.ios ?? null },
      stations: stations.map((s) => ({
        siteId: s.id,
        name: s.name,
        hasCoordinates: s.hasCoordinates,
        published: s.gbfsStation,
        capacity: s.gbfsCapacity,
      })),
      zones: zones.map((z) => ({
        id: z.id,
        name: z.name,
        kind: z.kind as GeofencingZoneKind,
        maxSpeedKph: z.maxSpeedKph,
        ring: z.ring,
      })),
      updatedAt: toIsoOrNull(system?.updatedAt ?? null),
    };
  }

  async function partnerIn(caller: Caller, partnerId: string) {
    assertPartnerInScope(caller.scope, partnerId);
    if (!(await repo.partnerOf(db, caller.scope, partnerId))) throw notFound();
  }

  return {
    async get(caller: Caller, partnerId: string) {
      await partnerIn(caller, partnerId);
      return view(caller, partnerId);
    },

    async update(caller: Caller, partnerId: string, input: GbfsSettingsInput) {
      await partnerIn(caller, partnerId);
      const fields: Record<string, string> = {};
      const feedContactEmail = input.feedContactEmail || null;
      if (input.enabled && !feedContactEmail) fields.feedContactEmail = FEED_CONTACT_REQUIRED_MESSAGE;
      const zones = input.zones.map((z, i) => {
        const ring = normalizeRing(z.ring);
        if (cornerCount(ring) < 3 || cornerCount(ring) > GEOFENCING_ZONE_POINTS_MAX) {
          fields[`zones.${i}.ring`] = ZONE_POLYGON_MESSAGE;
        } else if (isSelfIntersecting(ring)) {
          fields[`zones.${i}.ring`] = ZONE_SELF_INTERSECTING_MESSAGE;
        }
        return {
          id: z.id,
          name: z.name,
          kind: z.kind,
          maxSpeedKph: z.kind === 'slow' ? (z.maxSpeedKph ?? null) : null,
          ring,
        };
      });
      // One entry per site: the last one sent wins.
      const stations = [...new Map(input.stations.map((s) => [s.siteId, s])).values()];
      const known = await repo.stationSiteIds(
        db,
        caller.scope,
        partnerId,
        stations.map((s) => s.siteId),
      );
      input.stations.forEach((s, i) => {
        if (!known.has(s.siteId)) fields[`stations.${i}.siteId`] = STATION_SITE_MESSAGE;
      });
      if (Object.keys(fields).length) throw validationError(fields);

      const now = new Date();
      await db.transaction(async (tx) => {
        await repo.saveSystem(
          tx,
          caller.scope,
          {
            partnerId,
            enabled: input.enabled,
            feedContactEmail,
            openingHours: input.openingHours ?? '24/7',
            rentalApps: {
              ...(input.rentalApps?.android ? { android: input.rentalApps.android } : {}),
              ...(input.rentalApps?.ios ? { ios: input.rentalApps.ios } : {}),
            },
            updatedBy: caller.userId,
          },
          now,
        );
        await repo.publishStations(tx, caller.scope, partnerId, stations, now);
        await repo.replaceZones(tx, caller.scope, partnerId, zones, now);
      });
      await deps.signals.send('gbfs-partner', partnerId);
      return view(caller, partnerId);
    },
  };
}
export type GbfsSettingsService = ReturnType<typeof createGbfsSettingsService>;
