import { randomUUID } from 'node:crypto';
import type { AssetType, PropertyUpdateMethod, PropertyValueType } from '@fleetdesk/contracts';
import * as repo from '../../modules/categories/categories.repo.ts';
import type { DbOrTx } from '../client.ts';

type DemoProperty = [
  name: string,
  valueType: PropertyValueType,
  updateMethod: PropertyUpdateMethod,
  isUnique?: boolean,
];

interface DemoCategory {
  name: string;
  assetType: AssetType;
  isIot: boolean;
  detailUrl: string | null;
  description: string;
  properties: DemoProperty[];
}

/** One category per asset type, with the properties a fleet team really keeps for such an asset. */
export const demoCategories: DemoCategory[] = [
  {
    name: 'City e-bike',
    assetType: 'EBIKE',
    isIot: true,
    detailUrl: 'https://fleetdesk.example/catalogue/city-ebike',
    description: 'Step-through city e-bike with a 500 Wh removable battery and a tbox tracker.',
    properties: [
      ['Frame number', 'TEXT', 'UNMODIFIABLE', true],
      ['Battery capacity (Wh)', 'INTEGER', 'MANUAL'],
      ['Purchase date', 'DATE', 'MANUAL'],
      ['Owner manual', 'LINK', 'MANUAL'],
      ['Odometer (km)', 'NUMBER', 'AUTOMATIC'],
      ['Child seat fitted', 'BOOLEAN', 'MANUAL'],
    ],
  },
  {
    name: 'Urban bike',
    assetType: 'BIKE',
    isIot: true,
    detailUrl: 'https://fleetdesk.example/catalogue/urban-bike',
    description: 'Seven-speed urban bike with a smart lock.',
    properties: [
      ['Frame number', 'TEXT', 'UNMODIFIABLE', true],
      ['Frame size', 'TEXT', 'MANUAL'],
      ['Purchase date', 'DATE', 'MANUAL'],
      ['Last service', 'DATE_TIME', 'MANUAL'],
    ],
  },
  {
    name: 'Swap battery 48V',
    assetType: 'BATTERY',
    isIot: false,
    detailUrl: null,
    description: '48 V 13 Ah lithium-ion pack shared by the e-bike and e-scooter fleets.',
    properties: [
      ['Serial number', 'TEXT', 'UNMODIFIABLE', true],
      ['Charge cycles', 'INTEGER', 'AUTOMATIC'],
      ['Health (%)', 'NUMBER', 'AUTOMATIC'],
      ['Manufactured on', 'DATE', 'UNMODIFIABLE'],
    ],
  },
  {
    name: 'Kick e-scooter',
    assetType: 'ESCOOTER',
    isIot: true,
    detailUrl: 'https://fleetdesk.example/catalogue/kick-escooter',
    description: 'Stand-up e-scooter limited to 25 km/h, okai IoT module.',
    properties: [
      ['Deck serial', 'TEXT', 'UNMODIFIABLE', true],
      ['Top speed (km/h)', 'INTEGER', 'MANUAL'],
      ['Tyre type', 'TEXT', 'MANUAL'],
      ['Damage photo', 'IMAGE', 'MANUAL'],
    ],
  },
  {
    name: 'Electric moped 50cc',
    assetType: 'MOTORBIKE',
    isIot: true,
    detailUrl: 'https://fleetdesk.example/catalogue/moped-50',
    description: 'Two-seat electric moped (L1e), helmet box included.',
    properties: [
      ['Plate number', 'TEXT', 'MANUAL', true],
      ['VIN', 'TEXT', 'UNMODIFIABLE', true],
      ['Insurance expiry', 'DATE', 'MANUAL'],
      ['Registration document', 'IMAGE', 'MANUAL'],
      ['Odometer (km)', 'NUMBER', 'AUTOMATIC'],
    ],
  },
  {
    name: 'Accessories',
    assetType: 'DEFAULT',
    isIot: false,
    detailUrl: null,
    description: 'Helmets, locks, child seats and other rentable extras.',
    properties: [
      ['Size', 'TEXT', 'MANUAL'],
      ['Purchase date', 'DATE', 'MANUAL'],
    ],
  },
];

/** The demo asset categories with their properties, one per asset type, all enabled. */
export async function seedDemoCategories(db: DbOrTx) {
  for (const c of demoCategories) {
    const id = randomUUID();
    await repo.insertCategory(db, '*', id, {
      name: c.name,
      assetType: c.assetType,
      isIot: c.isIot,
      detailUrl: c.detailUrl,
      description: c.description,
      isEnabled: true,
    });
    await repo.insertProperties(
      db,
      '*',
      c.properties.map(([name, valueType, updateMethod, isUnique = false], position) => ({
        id: randomUUID(),
        categoryId: id,
        name,
        valueType,
        updateMethod,
        isUnique,
        position,
      })),
    );
  }
}
