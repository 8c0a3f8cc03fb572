import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { assetCategories, assetProperties, assets, assetUniqueValues, sites } from '../schema/index.ts';
import type { DemoPartners } from './demo.ts';
import { type SeededRandom, seededRandom } from './random.ts';

/** About 2,000 assets in all: enough for paging, filters and summaries to look like a real fleet. */
const ASSETS_PER_PARTNER = 667;
const CHUNK = 250;

const partnerPrefix: Record<keyof DemoPartners, string> = { milano: 'MI', barcelona: 'BC', seoul: 'SE' };
/** One letter per asset type in the asset number (MIE00042 is a Milano e-bike). */
const typeLetter: Record<string, string> = {
  EBIKE: 'E',
  BIKE: 'B',
  ESCOOTER: 'S',
  BATTERY: 'P',
  MOTORBIKE: 'M',
  DEFAULT: 'A',
};
/** How a fleet is made up: mostly e-bikes and scooters, a few mopeds and extras. */
const typeWeight: Record<string, number> = { EBIKE: 35, BIKE: 20, ESCOOTER: 20, BATTERY: 12, MOTORBIKE: 8, DEFAULT: 5 };
const vendorsByType: Record<string, string[]> = {
  EBIKE: ['tbox', 'tbox', 'tbox', 'rybit-box', 'rybit-box'],
  BIKE: ['rybit-tag', 'rybit-tag', 'tbox'],
  ESCOOTER: ['okai', 'okai', 'okai', 'rybit-tag'],
  MOTORBIKE: ['tbox', 'tbox', 'rybit-box'],
};
const modelByVendor: Record<string, string[]> = {
  tbox: ['T3', 'T4 Pro'],
  'rybit-tag': ['RT-1'],
  'rybit-box': ['RB-2', 'RB-3'],
  okai: ['ES200', 'ES400'],
};

type Category = typeof assetCategories.$inferSelect;
type Property = typeof assetProperties.$inferSelect;
type Rng = SeededRandom;

const DAY = 86_400_000;

/** A plausible value for a property, from its name and value type. */
function valueFor(property: Property, category: Category, no: string, rng: Rng, now: number): unknown {
  const name = property.name.toLowerCase();
  switch (property.valueType) {
    case 'TEXT':
      if (property.isUnique) {
        if (name.includes('plate')) return `${no.slice(0, 2)} ${no.slice(3)}`;
        const initials = property.name
          .split(/\s+/)
          .map((w) => w[0]?.toUpperCase() ?? '')
          .join('');
        return `${initials}-${no}`;
      }
      if (name.includes('size')) return rng.pick(['S', 'M', 'L', 'XL']);
      if (name.includes('tyre')) return rng.pick(['Pneumatic', 'Solid', 'Tubeless']);
      return rng.pick(['Standard', 'Comfort', 'Sport']);
    case 'INTEGER':
      if (name.includes('capacity')) return rng.pick([500, 500, 625, 750]);
      if (name.includes('speed')) return rng.pick([20, 25, 25]);
      if (name.includes('cycle')) return rng.int(5, 900);
      return rng.int(1, 100);
    case 'NUMBER':
      if (name.includes('health')) return Math.round((70 + rng.next() * 30) * 10) / 10;
      if (name.includes('odometer')) return Math.round(rng.next() * 8000 * 10) / 10;
      return Math.round(rng.next() * 1000) / 10;
    case 'BOOLEAN':
      return rng.next() < 0.3;
    case 'DATE':
      // Expiries lie ahead, purchases behind.
      return new Date(name.includes('expir') ? now + rng.int(20, 400) * DAY : now - rng.int(30, 1100) * DAY)
        .toISOString()
        .slice(0, 10);
    case 'DATE_TIME':
      return new Date(now - rng.int(1, 120) * DAY - rng.int(0, 86_000) * 1000).toISOString();
    case 'LINK':
      return category.detailUrl ?? `https://fleetdesk.example/docs/${category.assetType.toLowerCase()}`;
    default:
      return undefined;
  }
}

/** The device number a vendor would print on its module; `serial` keeps them unique. */
function deviceNo(vendor: string, serial: number): string {
  const n = String(serial).padStart(6, '0');
  if (vendor === 'tbox')
    return `8630${n}${String(serial * 7919)
      .slice(-5)
      .padStart(5, '0')}`;
  if (vendor === 'okai') return `OK${(0xa00000 + serial).toString(16).toUpperCase()}`;
  return `${vendor === 'rybit-tag' ? 'RT' : 'RB'}${n}`;
}

/** Metres of jitter around a point, in degrees. */
const near = (lat: number, lon: number, metres: number, rng: Rng) => {
  const dLat = ((rng.next() * 2 - 1) * metres) / 111_320;
  const dLon = ((rng.next() * 2 - 1) * metres) / (111_320 * Math.cos((lat * Math.PI) / 180));
  return { latitude: Math.round((lat + dLat) * 1e6) / 1e6, longitude: Math.round((lon + dLon) * 1e6) / 1e6 };
};

/**
 * The demo fleet: about 2,000 assets across the demo partners and their sites, using whichever categories
 * exist (none, none seeded). Rows go in set-based chunks so `npm start` stays fast.
 */
export async function seedDemoAssets(db: DbOrTx, partners: DemoPartners) {
  const categories = await db.select().from(assetCategories).orderBy(asc(assetCategories.createdAt));
  if (categories.length === 0) return;
  const properties = await db.select().from(assetProperties).orderBy(asc(assetProperties.position));
  const propertiesOf = (categoryId: string) => properties.filter((p) => p.categoryId === categoryId);
  const rng = seededRandom(20261123);
  const now = Date.now();
  const weights = Object.fromEntries(categories.map((c) => [c.id, typeWeight[c.assetType] ?? 5])) as Record<
    string,
    number
  >;
  const rows: (typeof assets.$inferInsert)[] = [];
  const uniqueRows: (typeof assetUniqueValues.$inferInsert)[] = [];
  const counters = new Map<string, number>();
  let deviceSerial = 0;

  for (const key of Object.keys(partnerPrefix) as (keyof DemoPartners)[]) {
    const partner = partners[key];
    const partnerSites = await db
      .select({ id: sites.id, latitude: sites.latitude, longitude: sites.longitude })
      .from(sites)
      .where(eq(sites.partnerId, partner.id))
      .orderBy(asc(sites.createdAt));
    for (let i = 0; i < ASSETS_PER_PARTNER; i++) {
      const categoryId = rng.weighted(weights);
      const category = categories.find((c) => c.id === categoryId) as Category;
      const prefix = `${partnerPrefix[key]}${typeLetter[category.assetType] ?? 'A'}`;
      const serial = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, serial);
      const no = `${prefix}${String(serial).padStart(5, '0')}`;
      const id = randomUUID();

      const lifeCycleState = category.isEnabled
        ? rng.weighted({ Ready: 58, NotReady: 12, New: 12, Missing: 5, Retired: 4, Unknown: 1 })
        : 'Removed';
      const turnoverState =
        lifeCycleState === 'Ready'
          ? rng.weighted({ InSite: 60, RentingOut: 34, Dispatching: 5, Unknown: 1 })
          : lifeCycleState === 'NotReady'
            ? rng.weighted({ InSite: 90, Dispatching: 10 })
            : 'InSite';
      const usageMode =
        category.assetType === 'BATTERY' || category.assetType === 'DEFAULT'
          ? rng.weighted({ 'non-leasable': 70, 'customer-rental': 30 })
          : rng.weighted({ 'customer-rental': 72, 'partner-subscription': 20, 'non-leasable': 8 });
      const site = partnerSites.length > 0 && rng.next() < 0.92 ? rng.pick(partnerSites) : null;
      const home = site ?? partnerSites[0] ?? null;

      const values: Record<string, unknown> = {};
      for (const property of propertiesOf(category.id)) {
        if (property.updateMethod === 'AUTOMATIC' && lifeCycleState === 'New') continue;
        const value = valueFor(property, category, no, rng, now);
        if (value === undefined) continue;
        values[property.id] = value;
        if (property.isUnique) uniqueRows.push({ propertyId: property.id, value: JSON.stringify(value), assetId: id });
      }

      const createdAt = new Date(now - rng.int(5, 720) * DAY - rng.int(0, 86_000) * 1000);
      const updatedAt = new Date(Math.min(now, createdAt.getTime() + rng.int(0, 120) * DAY));
      const row: typeof assets.$inferInsert = {
        id,
        no,
        partnerId: partner.id,
        categoryId: category.id,
        siteId: site?.id ?? null,
        lifeCycleState,
        turnoverState,
        usageMode,
        note:
          rng.next() < 0.06 ? rng.pick(['Scratched mudguard', 'Check brakes next service', 'Spare key at desk']) : null,
        properties: values,
        createdAt,
        updatedAt,
      };

      if (category.isIot && lifeCycleState !== 'New' && lifeCycleState !== 'Retired' && rng.next() < 0.93) {
        const vendor = rng.pick(vendorsByType[category.assetType] ?? ['tbox', 'okai']);
        deviceSerial += 1;
        const stale = lifeCycleState === 'Missing' || rng.next() < 0.04;
        const renting = turnoverState === 'RentingOut';
        const position =
          home?.latitude != null && home.longitude != null
            ? near(home.latitude, home.longitude, renting ? 3000 : 150, rng)
            : { latitude: null, longitude: null };
        Object.assign(row, {
          iotDeviceNo: deviceNo(vendor, deviceSerial),
          iotVendor: vendor,
          iotModel: rng.pick(modelByVendor[vendor] ?? ['Generic']),
          chargePct: lifeCycleState === 'Ready' ? rng.int(25, 100) : rng.int(0, 60),
          // The tbox reports the voltage of its own backup cell (3.3 V to 4.2 V).
          iotBatteryVoltageMilli: vendor === 'tbox' ? rng.int(stale ? 3300 : 3650, 4200) : null,
          iotLastUpdateTime: new Date(now - (stale ? rng.int(2, 30) * DAY : rng.int(10, 7200) * 1000)),
          lockState: renting ? 'UNLOCKED' : 'LOCKED',
          ...position,
        });
      }
      rows.push(row);
    }
  }

  for (let i = 0; i < rows.length; i += CHUNK) await db.insert(assets).values(rows.slice(i, i + CHUNK));
  for (let i = 0; i < uniqueRows.length; i += CHUNK * 2)
    await db.insert(assetUniqueValues).values(uniqueRows.slice(i, i + CHUNK * 2));
}
