import * as repo from '../../modules/open-data/gbfs-settings.repo.ts';
import { normalizeRing } from '../../modules/open-data/geometry.ts';
import type { DbOrTx } from '../client.ts';

type Partners = Record<'milano' | 'barcelona' | 'seoul', { id: string; name: string }>;

/** A rectangle around a centre, half-sizes in degrees, as a closed counter-clockwise ring. */
const box = (lon: number, lat: number, dLon: number, dLat: number) =>
  normalizeRing([
    [lon - dLon, lat - dLat],
    [lon + dLon, lat - dLat],
    [lon + dLon, lat + dLat],
    [lon - dLon, lat + dLat],
  ]);

/**
 * Open data of the demo (issue 25): Milano and Barcelona publish their GBFS systems with their stations and a drawn
 * operating area, a no-parking and a slow zone; Seoul keeps its feed switched off, as every partner starts.
 */
export async function seedDemoOpenData(db: DbOrTx, partners: Partners) {
  const now = new Date();
  const publish = async (
    partnerId: string,
    contact: string,
    zones: { name: string; kind: string; maxSpeedKph: number | null; ring: [number, number][] }[],
    capacity: number,
  ) => {
    await repo.saveSystem(
      db,
      '*',
      { partnerId, enabled: true, feedContactEmail: contact, openingHours: 'Mo-Su 06:00-24:00', rentalApps: {} },
      now,
    );
    const stations = await repo.stationSitesOf(db, '*', partnerId);
    await repo.publishStations(
      db,
      '*',
      partnerId,
      stations.map((s, i) => ({ siteId: s.id, capacity: i === 0 ? capacity : null })),
      now,
    );
    await repo.replaceZones(db, '*', partnerId, zones, now);
  };
  await publish(
    partners.milano.id,
    'opendata@milanobikehub.it',
    [
      { name: 'Milano centre', kind: 'operating-area', maxSpeedKph: null, ring: box(9.19, 45.47, 0.07, 0.045) },
      { name: 'Piazza del Duomo', kind: 'no-parking', maxSpeedKph: null, ring: box(9.1919, 45.4641, 0.002, 0.0012) },
      { name: 'Brera pedestrian streets', kind: 'slow', maxSpeedKph: 10, ring: box(9.1875, 45.4719, 0.004, 0.003) },
    ],
    20,
  );
  await publish(
    partners.barcelona.id,
    'opendata@bcnemotion.es',
    [
      { name: 'Barcelona', kind: 'operating-area', maxSpeedKph: null, ring: box(2.17, 41.395, 0.07, 0.04) },
      { name: 'Park Güell', kind: 'no-parking', maxSpeedKph: null, ring: box(2.1527, 41.4145, 0.004, 0.003) },
      { name: 'Barri Gòtic', kind: 'slow', maxSpeedKph: 10, ring: box(2.1768, 41.3833, 0.004, 0.003) },
    ],
    30,
  );
}
