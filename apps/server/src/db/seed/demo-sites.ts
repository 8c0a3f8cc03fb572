import { randomUUID } from 'node:crypto';
import type { SiteType } from '@fleetdesk/contracts';
import * as sitesRepo from '../../modules/sites/sites.repo.ts';
import type { DbOrTx } from '../client.ts';

type DemoCountry = 'IT' | 'ES' | 'KR';

interface DemoSite {
  name: string;
  type: SiteType;
  region: string;
  city: string;
  zip: string;
  address: string;
  /** Real positions, so the map and fences show the sites where they are. */
  latitude: number;
  longitude: number;
  phone?: string;
  openingHoursNote?: string;
  fenceRadius: number;
}

const demoSites: Record<'milano' | 'barcelona' | 'seoul', { country: DemoCountry; sites: DemoSite[] }> = {
  milano: {
    country: 'IT',
    sites: [
      {
        name: 'Porta Nuova Service Center',
        type: 'service-center',
        region: 'Lombardia',
        city: 'Milano',
        zip: '20121',
        address: 'Via Solferino 12',
        latitude: 45.479,
        longitude: 9.1872,
        phone: '+390212345678',
        openingHoursNote: 'Mon–Sat 8:30–19:00',
        fenceRadius: 60,
      },
      {
        name: 'Duomo Station',
        type: 'station',
        region: 'Lombardia',
        city: 'Milano',
        zip: '20122',
        address: 'Piazza del Duomo',
        latitude: 45.4641,
        longitude: 9.1919,
        fenceRadius: 120,
      },
      {
        name: 'Stazione Centrale Station',
        type: 'station',
        region: 'Lombardia',
        city: 'Milano',
        zip: '20124',
        address: "Piazza Duca d'Aosta",
        latitude: 45.4853,
        longitude: 9.2041,
        fenceRadius: 100,
      },
    ],
  },
  barcelona: {
    country: 'ES',
    sites: [
      {
        name: 'El Born Workshop',
        type: 'service-center',
        region: 'Catalunya',
        city: 'Barcelona',
        zip: '08003',
        address: 'Carrer de la Princesa 25',
        latitude: 41.3846,
        longitude: 2.18,
        phone: '+34931234567',
        openingHoursNote: 'Mon–Fri 9:00–20:00, Sat 10:00–14:00',
        fenceRadius: 50,
      },
      {
        name: 'Plaça de Catalunya Station',
        type: 'station',
        region: 'Catalunya',
        city: 'Barcelona',
        zip: '08002',
        address: 'Plaça de Catalunya',
        latitude: 41.387,
        longitude: 2.1701,
        fenceRadius: 150,
      },
      {
        name: 'Sagrada Família Station',
        type: 'station',
        region: 'Catalunya',
        city: 'Barcelona',
        zip: '08013',
        address: 'Carrer de Mallorca 401',
        latitude: 41.4036,
        longitude: 2.1744,
        fenceRadius: 100,
      },
    ],
  },
  seoul: {
    country: 'KR',
    sites: [
      {
        name: 'Jung-gu Service Center',
        type: 'service-center',
        region: 'Seoul',
        city: 'Seoul',
        zip: '04524',
        address: '110 Sejong-daero, Jung-gu',
        latitude: 37.5663,
        longitude: 126.9779,
        phone: '+82221234567',
        openingHoursNote: 'Daily 9:00–21:00',
        fenceRadius: 60,
      },
      {
        name: 'Gwanghwamun Square Station',
        type: 'station',
        region: 'Seoul',
        city: 'Seoul',
        zip: '03154',
        address: '172 Sejong-daero, Jongno-gu',
        latitude: 37.572,
        longitude: 126.9769,
        fenceRadius: 150,
      },
      {
        name: 'Gangnam Station',
        type: 'station',
        region: 'Seoul',
        city: 'Seoul',
        zip: '06232',
        address: '396 Gangnam-daero, Gangnam-gu',
        latitude: 37.4979,
        longitude: 127.0276,
        fenceRadius: 120,
      },
    ],
  },
};

/**
 * Service centers and stations of the demo partners at real places, through the sites repo. Each site takes
 * the tax group of its country when the demo has one.
 */
export async function seedDemoSites(
  db: DbOrTx,
  partners: Record<keyof typeof demoSites, { id: string }>,
  taxGroups: Partial<Record<DemoCountry, string>> = {},
): Promise<string[]> {
  const rows = (Object.keys(demoSites) as (keyof typeof demoSites)[]).flatMap((key) => {
    const { country, sites } = demoSites[key];
    return sites.map((site) => ({
      id: randomUUID(),
      values: {
        ...site,
        partnerId: partners[key].id,
        taxGroupId: taxGroups[country] ?? null,
        country,
        isArchived: false,
      },
    }));
  });
  await sitesRepo.insert(db, '*', rows);
  return rows.map((r) => r.id);
}
