import {
  ASSET_MAP_MAX_LATITUDE,
  type AssetDisplayStatus,
  type AssetMapAsset,
  type AssetMapCluster,
  type AssetMapData,
  assetDisplayStatuses,
  type MapViewport,
  mercatorOf,
  positionAt,
} from '@fleetdesk/contracts';

/** One colour per display status (document 2 §4), shared by the clusters, the dots, the popup and the legend. */
export const statusColors: Record<AssetDisplayStatus, string> = {
  Active: '#52c41a',
  Inactive: '#8c8c8c',
  New: '#1677ff',
  Alarm: '#fa8c16',
  Error: '#f5222d',
  Missing: '#fadb14',
  Removed: '#434343',
  Retired: '#8b5a2b',
};

const wrap = (lng: number) => ((((lng + 180) % 360) + 360) % 360) - 180;
const clampLat = (lat: number) => Math.max(-ASSET_MAP_MAX_LATITUDE, Math.min(ASSET_MAP_MAX_LATITUDE, lat));
const round = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * The map's visible bounds as the API takes them: longitudes of repeated world copies wrapped into -180..180
 * (west > east when the view crosses the antimeridian), the whole world when more than one world is visible,
 * latitudes within Web Mercator.
 */
export function viewportOf(bounds: { west: number; south: number; east: number; north: number }): MapViewport {
  const whole = bounds.east - bounds.west >= 360;
  const west = whole ? -180 : wrap(bounds.west);
  let east = whole ? 180 : wrap(bounds.east);
  // A view ending exactly on the antimeridian wraps to -180: keep it 180 so it does not read as a crossing.
  if (!whole && east === -180 && west > -180) east = 180;
  return {
    west: round(west),
    south: round(clampLat(bounds.south)),
    east: round(east),
    north: round(clampLat(bounds.north)),
  };
}

/**
 * The viewport a map of `width` × `height` pixels shows around `center` at `zoom` (Web Mercator, 512-px
 * world), as maplibre will report it once loaded: the page asks for its data while the map is still loading.
 */
export function predictViewport(
  center: { lng: number; lat: number },
  zoom: number,
  width: number,
  height: number,
): MapViewport {
  const world = 512 * 2 ** zoom;
  const { x, y } = mercatorOf(center.lng, center.lat);
  const lngAt = (px: number) => positionAt(px / world, 0).lng;
  const latAt = (py: number) => positionAt(0, py / world).lat;
  return viewportOf({
    west: lngAt(x * world - width / 2),
    east: lngAt(x * world + width / 2),
    south: latAt(y * world + height / 2),
    north: latAt(y * world - height / 2),
  });
}

/** Whether two viewports at `zoom` differ by less than a pixel on every side (the same view). */
export function sameViewport(a: MapViewport, b: MapViewport, zoom: number): boolean {
  const pixel = 360 / (512 * 2 ** zoom);
  return (['west', 'south', 'east', 'north'] as const).every((side) => Math.abs(a[side] - b[side]) < pixel);
}

/** The ring of a cluster: one part per status present, in the order of the legend. */
export function segmentsOf(statuses: AssetMapCluster['statuses']): { status: AssetDisplayStatus; value: number }[] {
  return assetDisplayStatuses.flatMap((status) => {
    const value = statuses[status] ?? 0;
    return value > 0 ? [{ status, value }] : [];
  });
}

/** A cluster whose members all share one position: zooming in cannot split it, so it opens as a list. */
export const isSinglePosition = (bounds: AssetMapCluster['bounds']) =>
  bounds[0] === bounds[2] && bounds[1] === bounds[3];

/** Assets at exactly the same position (several scooters parked in one spot) shown as one stack. */
export interface AssetStack {
  id: string;
  lng: number;
  lat: number;
  assets: AssetMapAsset[];
}

/** Splits single assets into those alone at their position and stacks of co-located ones. */
export function stacksOf(assets: readonly AssetMapAsset[]): { alone: AssetMapAsset[]; stacks: AssetStack[] } {
  const byPosition = new Map<string, AssetMapAsset[]>();
  for (const a of assets) {
    const key = `${a.lng},${a.lat}`;
    const group = byPosition.get(key);
    if (group) group.push(a);
    else byPosition.set(key, [a]);
  }
  const alone: AssetMapAsset[] = [];
  const stacks: AssetStack[] = [];
  for (const [key, group] of byPosition) {
    const [first] = group;
    if (!first) continue;
    if (group.length === 1) alone.push(first);
    else stacks.push({ id: key, lng: first.lng, lat: first.lat, assets: group });
  }
  return { alone, stacks };
}

/** The map data after a live `changes` event: changed assets replaced, new ones added, gone ones dropped. */
export function applyChanges(
  data: AssetMapData,
  changes: { upserts: AssetMapAsset[]; removed: string[]; total: number; version: string },
): AssetMapData {
  const gone = new Set([...changes.removed, ...changes.upserts.map((a) => a.no)]);
  const assets = [...data.assets.filter((a) => !gone.has(a.no)), ...changes.upserts].sort((a, b) =>
    a.no < b.no ? -1 : a.no > b.no ? 1 : 0,
  );
  return { ...data, assets, total: changes.total, version: changes.version };
}

/** The camera in the URL: "latitude,longitude,zoom" (a shared link opens the same place). */
export function parseView(text: string | undefined): { center: [number, number]; zoom: number } | null {
  if (!text) return null;
  const [lat, lng, zoom] = text.split(',').map(Number);
  if (lat === undefined || lng === undefined || zoom === undefined) return null;
  if (![lat, lng, zoom].every(Number.isFinite)) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180 || zoom < 0 || zoom > 22) return null;
  return { center: [lng, lat], zoom };
}

export const formatView = (center: { lng: number; lat: number }, zoom: number) =>
  `${center.lat.toFixed(5)},${wrap(center.lng).toFixed(5)},${zoom.toFixed(2)}`;
