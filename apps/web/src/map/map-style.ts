import type { FeatureCollection, LineString } from 'geojson';
import type { AddProtocolAction, GeoJSONSource, StyleSpecification } from 'maplibre-gl';
import { type Atlas, loadAtlas } from './map-atlas.ts';
import { mapColors } from './map-colors.ts';

/**
 * The offline base map (the atlas), built here rather than fetched: the fallback when no street style loads
 * (basemap.ts). A sea background, a graticule, land from world-atlas,
 * country borders and coastline. No glyphs or sprites are referenced, so the style needs no font or icon
 * server either; overlays that need labels should render them as DOM markers.
 */
export const ATLAS_PROTOCOL = 'atlas';
const ATLAS_MAX_ZOOM = 9;
const atlasUrl = (layer: keyof Atlas) => `${ATLAS_PROTOCOL}://${layer}`;
const ATLAS_LAYERS = ['countries', 'borders', 'coast'] as const satisfies readonly (keyof Atlas)[];
const emptyCollection: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * Gives the base map's geography to a map that has loaded with the local style: each atlas source loads
 * atlas://<layer> through the protocol below (maplibre's worker asks the page, the page imports the chunk).
 */
export function fillAtlas(map: { getSource: (id: string) => unknown }) {
  for (const layer of ATLAS_LAYERS) {
    const source = map.getSource(layer) as GeoJSONSource | undefined;
    source?.setData(atlasUrl(layer));
  }
}

/** Lines every `step` degrees, for orientation when zoomed out over an empty ocean. */
export function graticule(step = 10): FeatureCollection<LineString> {
  const features: FeatureCollection<LineString>['features'] = [];
  for (let lng = -180; lng <= 180; lng += step) {
    features.push({
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [lng, -85],
          [lng, 85],
        ],
      },
    });
  }
  for (let lat = -80; lat <= 80; lat += step) {
    features.push({
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [-180, lat],
          [180, lat],
        ],
      },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** The base style; overlays (fences, assets, tracks) are added above it by their layer components. */
export function baseStyle(): StyleSpecification {
  return {
    version: 8,
    name: 'Fleetdesk local',
    sources: {
      graticule: { type: 'geojson', data: graticule() },
      // Empty until the map has loaded (fillAtlas): the map and what a page draws on it come first; ~1 s of
      // importing, converting and tiling the world's coastlines in software follows without holding them up.
      // 1:50m data has no detail past zoom ~9; deeper views overzoom those tiles instead of cutting the
      // whole of Italy into street-sized tiles in the worker.
      ...Object.fromEntries(
        ATLAS_LAYERS.map((layer) => [layer, { type: 'geojson', data: emptyCollection, maxzoom: ATLAS_MAX_ZOOM }]),
      ),
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': mapColors.sea } },
      {
        id: 'graticule',
        type: 'line',
        source: 'graticule',
        maxzoom: 8,
        paint: { 'line-color': mapColors.graticule, 'line-width': 0.6 },
      },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': mapColors.land } },
      {
        id: 'coast',
        type: 'line',
        source: 'coast',
        paint: { 'line-color': mapColors.coast, 'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 10, 1.4] },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: {
          'line-color': mapColors.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 10, 1.6],
          'line-dasharray': [3, 2],
        },
      },
    ],
  };
}

/** Serves atlas://<layer> from the lazily imported world-atlas data; registered once per page. */
export const atlasProtocol: AddProtocolAction = async (params) => {
  const layer = params.url.slice(`${ATLAS_PROTOCOL}://`.length) as keyof Atlas;
  const atlas = await loadAtlas();
  const data = atlas[layer];
  if (!data) throw new Error(`Unknown atlas layer ${layer}`);
  return { data };
};
