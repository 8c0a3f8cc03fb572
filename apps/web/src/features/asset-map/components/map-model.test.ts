import type { AssetMapAsset, AssetMapData } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  formatView,
  parseView,
  predictViewport,
  sameViewport,
  segmentsOf,
  stacksOf,
  viewportOf,
} from './map-model.ts';

const asset = (no: string, lng = 9, lat = 45, chargePct: number | null = null): AssetMapAsset => ({
  no,
  lng,
  lat,
  status: 'Active',
  chargePct,
  lockState: null,
  iotVendor: null,
  iotLastUpdateTime: null,
  categoryId: '00000000-0000-4000-8000-000000000001',
  partnerId: '00000000-0000-4000-8000-000000000002',
});

describe('asset map model', () => {
  it('predicts the viewport maplibre reports for a centre, zoom and size', () => {
    // What the console's map reported for a 1,808 × 910 canvas at Milano, zoom 12 (in Chromium).
    const reported = { west: 9.034818, south: 45.409393, east: 9.345182, north: 45.518953 };
    const predicted = predictViewport({ lng: 9.19, lat: 45.4642 }, 12, 1808, 910);
    expect(sameViewport(predicted, reported, 12)).toBe(true);
    expect(sameViewport(predicted, { ...reported, west: 9.0343 }, 12)).toBe(false);
    // Zoomed out beyond one world: the whole world, latitudes within Web Mercator.
    expect(predictViewport({ lng: 40, lat: 30 }, 1.3, 1856, 910)).toMatchObject({ west: -180, east: 180 });
  });

  it('wraps repeated world copies into -180..180 and keeps a crossing of the antimeridian', () => {
    expect(viewportOf({ west: 190, south: 40, east: 200, north: 41 })).toEqual({
      west: -170,
      south: 40,
      east: -160,
      north: 41,
    });
    expect(viewportOf({ west: 170, south: 0, east: 190, north: 1 })).toMatchObject({ west: 170, east: -170 });
    expect(viewportOf({ west: -300, south: -89, east: 300, north: 89 })).toEqual({
      west: -180,
      south: -85.051129,
      east: 180,
      north: 85.051129,
    });
    expect(viewportOf({ west: 100, south: 0, east: 180, north: 1 })).toMatchObject({ west: 100, east: 180 });
  });

  it('orders the ring of a cluster like the legend and leaves out absent statuses', () => {
    expect(segmentsOf({ Alarm: 2, Active: 5, Removed: 0 })).toEqual([
      { status: 'Active', value: 5 },
      { status: 'Alarm', value: 2 },
    ]);
  });

  it('stacks assets at exactly the same position', () => {
    const { alone, stacks } = stacksOf([asset('A1'), asset('A2'), asset('A3', 9.1), asset('A4')]);
    expect(alone.map((a) => a.no)).toEqual(['A3']);
    expect(stacks).toHaveLength(1);
    expect(stacks[0]?.assets.map((a) => a.no)).toEqual(['A1', 'A2', 'A4']);
  });

  it('applies live changes: replaced, added and removed assets, the new total and version', () => {
    const data: AssetMapData = {
      mode: 'assets',
      clusters: [],
      assets: [asset('A1'), asset('A2'), asset('A3')],
      total: 3,
      version: 'v1',
    };
    const next = applyChanges(data, {
      upserts: [asset('A2', 9, 45, 50), asset('A0')],
      removed: ['A3'],
      total: 3,
      version: 'v2',
    });
    expect(next.assets.map((a) => [a.no, a.chargePct])).toEqual([
      ['A0', null],
      ['A1', null],
      ['A2', 50],
    ]);
    expect(next.version).toBe('v2');
  });

  it('reads and writes the camera of the URL, refusing nonsense', () => {
    expect(parseView(formatView({ lng: 9.19, lat: 45.46 }, 12.5))).toEqual({ center: [9.19, 45.46], zoom: 12.5 });
    expect(parseView('45,9')).toBeNull();
    expect(parseView('95,9,3')).toBeNull();
    expect(parseView('a,b,c')).toBeNull();
  });
});
