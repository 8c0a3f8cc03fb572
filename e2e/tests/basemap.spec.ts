import type { Page } from '@playwright/test';
import { MAP_STYLE_URL } from '../fixtures/env.ts';
import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, test } from '../fixtures/test.ts';
import { AssetMapPage } from '../pages/asset-map.page.ts';

/** A world view: the whole North Atlantic and the Arctic up to ~84°N on screen. */
const WORLD = { lat: 40, lng: 0, zoom: 1.5 };

/** Where a longitude/latitude is on the page, for a map of 512-px tiles centred on WORLD (Web Mercator). */
async function onScreen(map: AssetMapPage, [lng, lat]: [number, number]): Promise<{ x: number; y: number }> {
  const centre = await map.mapCentre();
  const worldPx = 512 * 2 ** WORLD.zoom;
  const mercatorY = (latitude: number) =>
    (1 - Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360)) / Math.PI) / 2;
  return {
    x: centre.x + ((lng - WORLD.lng) / 360) * worldPx,
    y: centre.y + (mercatorY(lat) - mercatorY(WORLD.lat)) * worldPx,
  };
}

/** The colour the screen shows at a page point: a 1-pixel screenshot decoded by the browser. */
async function pixel(page: Page, point: { x: number; y: number }): Promise<[number, number, number]> {
  const png = await page.screenshot({ clip: { x: Math.round(point.x), y: Math.round(point.y), width: 1, height: 1 } });
  return page.evaluate(async (base64) => {
    // Decoded from bytes, not fetched from a data: URL: the console's CSP allows no connection to data:.
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const context = new OffscreenCanvas(1, 1).getContext('2d') as OffscreenCanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as [number, number, number];
  }, png.toString('base64'));
}

// The atlas's colours (apps/web/src/map/map-colors.ts): sea #dce8f2 is bluer than red, land #f6f3ec redder.
const isSea = ([r, , b]: [number, number, number]) => b - r > 12;
const isLand = ([r, , b]: [number, number, number]) => r - b > 4;

// Away from coasts and from the 10° graticule: the Norwegian Sea (inside the old wedge, 65–69°N), the sea at
// Wrangel Island's latitude (71°N), and Russia west of the Urals (land, to know the atlas has been drawn).
const NORWEGIAN_SEA: [number, number] = [-5, 67];
const ARCTIC_AT_WRANGEL: [number, number] = [3, 71.3];
const RUSSIA: [number, number] = [45, 57];

const worldView = `?at=${WORLD.lat.toFixed(5)},${WORLD.lng.toFixed(5)},${WORLD.zoom.toFixed(2)}`;

test.describe('base map', () => {
  test.use({ signedInAs: 'owner' });
  // maplibre, software WebGL and the atlas's conversion on a busy two-core machine.
  test.setTimeout(120_000);

  test('offline, the street style fails and the atlas is drawn: credited, said so, no wedge over the North Atlantic', async ({
    page,
  }) => {
    const styleRequests: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.url() === MAP_STYLE_URL) styleRequests.push(request.url());
    });
    const map = new AssetMapPage(page);
    await map.goto(worldView);
    const attribution = page.getByRole('main').locator('.maplibregl-ctrl-attrib');
    await expect(attribution).toContainText('Street map unavailable, showing the offline map · Natural Earth');
    // Playwright reports the finished request a moment after the page has read the 404: wait for the report.
    await expect.poll(() => styleRequests).toEqual([MAP_STYLE_URL]);

    // Land appears once the atlas is converted and tiled (after the first frames): then the sea must be sea.
    const russia = await onScreen(map, RUSSIA);
    await expect.poll(async () => isLand(await pixel(page, russia)), { timeout: 40_000 }).toBe(true);
    for (const sea of [NORWEGIAN_SEA, ARCTIC_AT_WRANGEL]) {
      const colour = await pixel(page, await onScreen(map, sea));
      expect({ sea, colour, isSea: isSea(colour) }).toEqual({ sea, colour, isSea: true });
    }
    await saveShot(page, 'basemap-world-atlas.png');
  });

  test('a street style that loads is drawn instead, with its own attribution', async ({ page }) => {
    // What a tile server would answer at MAP_STYLE_URL: a (tiny) MapLibre style crediting OpenStreetMap.
    await page.route(MAP_STYLE_URL, (route) =>
      route.fulfill({
        json: {
          version: 8,
          sources: {
            streets: {
              type: 'geojson',
              data: { type: 'FeatureCollection', features: [] },
              attribution: '© OpenStreetMap contributors',
            },
          },
          layers: [
            { id: 'background', type: 'background', paint: { 'background-color': '#2f6b3a' } },
            { id: 'roads', type: 'line', source: 'streets' },
          ],
        },
      }),
    );
    const map = new AssetMapPage(page);
    await map.goto(worldView);
    const attribution = page.getByRole('main').locator('.maplibregl-ctrl-attrib');
    await expect(attribution).toContainText('© OpenStreetMap contributors');
    await expect(attribution).not.toContainText('Natural Earth');
    const centre = await map.mapCentre();
    await expect
      .poll(async () => (await pixel(page, { x: centre.x + 5, y: centre.y + 5 })).join(','))
      .toBe('47,107,58');
  });

  test('a street style whose tiles cannot be loaded gives way to the atlas', async ({ page }) => {
    // The style comes (as from the browser's cache on a laptop gone offline); its tile server does not answer.
    await page.route(MAP_STYLE_URL, (route) =>
      route.fulfill({
        json: {
          version: 8,
          sources: { streets: { type: 'vector', tiles: ['http://127.0.0.1:1/tiles/{z}/{x}/{y}.pbf'], maxzoom: 14 } },
          layers: [
            { id: 'background', type: 'background', paint: { 'background-color': '#2f6b3a' } },
            { id: 'roads', type: 'line', source: 'streets', 'source-layer': 'transportation' },
          ],
        },
      }),
    );
    const map = new AssetMapPage(page);
    await map.goto(worldView);
    await expect(page.getByRole('main').locator('.maplibregl-ctrl-attrib')).toContainText(
      'Street map unavailable, showing the offline map · Natural Earth',
      { timeout: 20_000 },
    );
    const russia = await onScreen(map, RUSSIA);
    await expect.poll(async () => isLand(await pixel(page, russia)), { timeout: 40_000 }).toBe(true);
  });

  test('says in Italian that the street map is unavailable; at city zoom the atlas still draws the land', async ({
    page,
  }) => {
    await inLocale(page, 'it-IT');
    const map = new AssetMapPage(page, 'Mappa degli asset');
    // Bologna at zoom 12, away from the demo fleet: past the atlas's own detail (zoom 9), overzoomed.
    await map.goto('?at=44.49400,11.34300,12.00');
    await expectLocale(page, 'it-IT');
    await expect(page.getByRole('main').locator('.maplibregl-ctrl-attrib')).toContainText(
      'Mappa stradale non disponibile, si vede la mappa offline · Natural Earth',
    );
    const centre = await map.mapCentre();
    await expect.poll(async () => isLand(await pixel(page, centre)), { timeout: 40_000 }).toBe(true);
    await saveShot(page, 'basemap-city-atlas-it.png');
  });
});
