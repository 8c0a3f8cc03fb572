import type { AssetLifeCycleState, WorkItemOptionType, WorkItemResultMode } from '@fleetdesk/contracts';

/**
 * What the demo workshops work with: the work items every demo provider keeps (each partner its own copy, priced in
 * its currency) and the checklists made of them. Prices are in euros; a blank price is recorded, never charged.
 */
export interface DemoOption {
  type: WorkItemOptionType;
  name: string;
  cost: number;
  /** null: recorded only, not charged. */
  price: number | null;
  sku?: string;
  description?: string;
}
export interface DemoWorkItem {
  name: string;
  description: string;
  resultMode: WorkItemResultMode;
  options: DemoOption[];
}

const labour = (name: string, cost: number, price: number | null, description?: string): DemoOption => ({
  type: 'labour',
  name,
  cost,
  price,
  ...(description ? { description } : {}),
});
const part = (name: string, sku: string, cost: number, price: number | null): DemoOption => ({
  type: 'hardware',
  name,
  cost,
  price,
  sku,
});

export const demoWorkItems: DemoWorkItem[] = [
  {
    name: 'Brake pads',
    description: 'Check pad wear on both wheels; replace below 1.5 mm.',
    resultMode: 'multiple',
    options: [
      labour('Replace brake pads', 8, 15, 'Per wheel'),
      part('Resin disc pads (pair)', 'BRK-PAD-RES', 6.5, 12),
      part('Sintered disc pads (pair)', 'BRK-PAD-SIN', 9, 18),
    ],
  },
  {
    name: 'Brake cable',
    description: 'Cable tension, housing and lever travel.',
    resultMode: 'multiple',
    options: [labour('Adjust brakes', 4, null), part('Brake cable and housing', 'BRK-CBL-01', 2, 5)],
  },
  {
    name: 'Hydraulic brake bleed',
    description: 'Bleed when the lever feels spongy.',
    resultMode: 'single',
    options: [labour('Bleed hydraulic brake', 12, 25), part('Mineral oil 100 ml', 'BRK-OIL-100', 3, 6)],
  },
  {
    name: 'Tyre',
    description: 'Tread depth, sidewall cuts and pressure.',
    resultMode: 'multiple',
    options: [
      labour('Replace tyre', 6, 12),
      part('Puncture-proof tyre 28"', 'TYR-28-PP', 22, 38),
      part('City tyre 26"', 'TYR-26-CT', 12, 24),
    ],
  },
  {
    name: 'Puncture',
    description: 'Find the puncture, check the tyre for glass or thorns.',
    resultMode: 'single',
    options: [labour('Repair puncture', 4, 8), part('Inner tube 28"', 'TUB-28', 3.5, 7)],
  },
  {
    name: 'Chain',
    description: 'Measure stretch; replace above 0.5 %.',
    resultMode: 'multiple',
    options: [
      labour('Clean and lubricate chain', 3, 0, 'Included in every service, shown on the invoice at no charge'),
      labour('Replace chain', 5, 10),
      part('E-bike chain 9-speed', 'DRV-CHN-9', 14, 26),
    ],
  },
  {
    name: 'Gears',
    description: 'Index the derailleur or the hub gear, check the shifter.',
    resultMode: 'multiple',
    options: [
      labour('Index gears', 5, 10),
      part('Rear derailleur 8-speed', 'DRV-DER-8', 21, 39),
      part('Shift cable', 'DRV-SHC', 1.5, 4),
    ],
  },
  {
    name: 'Battery',
    description: 'Capacity test, contacts and lock.',
    resultMode: 'multiple',
    options: [
      labour('Battery diagnostics', 6, null),
      labour('Clean battery contacts', 3, 6),
      part('Battery pack 48 V 13 Ah', 'BAT-48-13', 280, 420),
    ],
  },
  {
    name: 'Motor',
    description: 'Noise, play and the torque sensor reading.',
    resultMode: 'single',
    options: [labour('Motor diagnostics', 10, 20), part('Hub motor 250 W', 'MOT-HUB-250', 160, 260)],
  },
  {
    name: 'Display',
    description: 'Buttons, backlight and error codes.',
    resultMode: 'single',
    options: [labour('Replace display', 6, 12), part('LCD display with remote', 'ELE-LCD-01', 38, 65)],
  },
  {
    name: 'Lights',
    description: 'Front and rear lights, wiring and switch.',
    resultMode: 'multiple',
    options: [
      labour('Repair light wiring', 5, 10),
      part('Front light 40 lux', 'LGT-FRT-40', 9, 18),
      part('Rear light with brake sensor', 'LGT-REA-01', 6, 12),
    ],
  },
  {
    name: 'Controller',
    description: 'Read the controller log and check the connectors.',
    resultMode: 'single',
    options: [labour('Controller diagnostics', 8, null), part('Motor controller 36 V', 'ELE-CTL-36', 45, 79)],
  },
  {
    name: 'Bell',
    description: 'Present and audible.',
    resultMode: 'single',
    options: [labour('Fit bell', 1, null), part('Bell', 'ACC-BEL', 1.5, 4)],
  },
  {
    name: 'Kickstand',
    description: 'Holds the loaded bike upright.',
    resultMode: 'single',
    options: [labour('Fit kickstand', 2, 4), part('Rear kickstand', 'ACC-KST', 7, 14)],
  },
  {
    name: 'Pedals',
    description: 'Bearings and reflectors.',
    resultMode: 'single',
    options: [labour('Replace pedals', 2, 4), part('City pedals with reflectors (pair)', 'ACC-PED', 8, 16)],
  },
  {
    name: 'Wheel truing',
    description: 'Lateral and radial true, spoke tension.',
    resultMode: 'multiple',
    options: [labour('True wheel', 7, 14), part('Spoke with nipple', 'WHL-SPK', 0.6, 1.5)],
  },
  {
    name: 'Frame and fork',
    description: 'Cracks, dents and headset play.',
    resultMode: 'multiple',
    options: [labour('Inspect frame and fork', 5, null), part('Headset bearing set', 'FRM-HSB', 11, 22)],
  },
  {
    name: 'Test ride',
    description: 'Ride 500 m: brakes, gears, assistance and lights.',
    resultMode: 'single',
    options: [labour('Test ride', 3, null), part('Frame sticker "Serviced"', 'ACC-STK', 0.2, null)],
  },
];

/** Archived: the fleet moved to integrated mudguards, so the item is kept for old records only. */
export const retiredWorkItem: DemoWorkItem = {
  name: 'Mudguards',
  description: 'Clip-on mudguards, replaced by integrated ones.',
  resultMode: 'single',
  options: [labour('Fit mudguards', 3, 6), part('Clip-on mudguard set', 'ACC-MDG', 9, 15)],
};

export interface DemoGroup {
  name: string;
  description?: string;
  isRequired: boolean;
  isAllWorkItemsRequired: boolean;
  items: string[];
}
export interface DemoChecklist {
  name: string;
  description: string;
  categories: string[];
  basicCost: number;
  preferTo: AssetLifeCycleState | null;
  groups: DemoGroup[];
  archived?: boolean;
}

export const demoChecklists: DemoChecklist[] = [
  {
    name: 'E-bike full service',
    description: 'The yearly service: everything that wears, every electric part, a test ride.',
    categories: ['City e-bike', 'Electric moped 50cc'],
    basicCost: 25,
    preferTo: 'Ready',
    groups: [
      { name: 'Brakes', isRequired: true, isAllWorkItemsRequired: true, items: ['Brake pads', 'Brake cable'] },
      { name: 'Drivetrain', isRequired: true, isAllWorkItemsRequired: false, items: ['Chain', 'Gears'] },
      { name: 'Wheels', isRequired: true, isAllWorkItemsRequired: false, items: ['Tyre', 'Wheel truing'] },
      {
        name: 'Electrics',
        description: 'Read the error log before anything else.',
        isRequired: true,
        isAllWorkItemsRequired: true,
        items: ['Battery', 'Motor', 'Display', 'Lights'],
      },
      { name: 'Accessories', isRequired: false, isAllWorkItemsRequired: false, items: ['Bell', 'Kickstand', 'Pedals'] },
      { name: 'Final check', isRequired: true, isAllWorkItemsRequired: true, items: ['Frame and fork', 'Test ride'] },
    ],
  },
  {
    name: 'Brake service',
    description: 'Pads, cables or hydraulics, then a test ride.',
    categories: ['City e-bike', 'Urban bike', 'Kick e-scooter', 'Electric moped 50cc'],
    basicCost: 10,
    preferTo: 'Ready',
    groups: [
      {
        name: 'Brakes',
        isRequired: true,
        isAllWorkItemsRequired: false,
        items: ['Brake pads', 'Brake cable', 'Hydraulic brake bleed'],
      },
      { name: 'Test', isRequired: true, isAllWorkItemsRequired: true, items: ['Test ride'] },
    ],
  },
  {
    name: 'Battery check',
    description: 'Capacity, contacts and the controller log; the asset stays as it is.',
    categories: ['City e-bike', 'Kick e-scooter', 'Electric moped 50cc'],
    basicCost: 0,
    preferTo: null,
    groups: [
      { name: 'Battery', isRequired: true, isAllWorkItemsRequired: true, items: ['Battery', 'Controller'] },
      { name: 'Display', isRequired: false, isAllWorkItemsRequired: false, items: ['Display'] },
    ],
  },
  {
    name: 'Flat tyre',
    description: 'Repair or replace, true the wheel when needed.',
    categories: ['City e-bike', 'Urban bike', 'Kick e-scooter'],
    basicCost: 5,
    preferTo: 'Ready',
    groups: [
      { name: 'Tyre', isRequired: true, isAllWorkItemsRequired: false, items: ['Puncture', 'Tyre'] },
      { name: 'Wheel', isRequired: false, isAllWorkItemsRequired: false, items: ['Wheel truing'] },
    ],
  },
  {
    name: 'Urban bike tune-up',
    description: 'Gears, chain, brakes and lights of a bike without assistance.',
    categories: ['Urban bike'],
    basicCost: 15,
    preferTo: 'Ready',
    groups: [
      { name: 'Drivetrain', isRequired: true, isAllWorkItemsRequired: true, items: ['Chain', 'Gears'] },
      { name: 'Brakes', isRequired: true, isAllWorkItemsRequired: false, items: ['Brake pads', 'Brake cable'] },
      { name: 'Lights and bell', isRequired: false, isAllWorkItemsRequired: false, items: ['Lights', 'Bell'] },
    ],
  },
  {
    name: 'Winter service 2025',
    description: 'Last winter’s campaign, replaced by the full service.',
    categories: ['City e-bike'],
    basicCost: 20,
    preferTo: 'Ready',
    archived: true,
    groups: [{ name: 'Winter', isRequired: true, isAllWorkItemsRequired: false, items: ['Tyre', 'Lights'] }],
  },
];
