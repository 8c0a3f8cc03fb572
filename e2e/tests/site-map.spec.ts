import { type Site, siteEndpoints } from '@fleetdesk/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { Api } from '../fixtures/api.ts';
import { BASE_URL } from '../fixtures/env.ts';
import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, networkQuiet, test, unique } from '../fixtures/test.ts';
import { SiteEditPage } from '../pages/sites.page.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;

/** Metres between two [lat, lng] points (haversine), enough to judge "about where I clicked". */
function metres(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b[0] - a[0]) * rad) / 2) ** 2 +
    Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(((b[1] - a[1]) * rad) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

async function findSite(request: APIRequestContext, token: string, name: string): Promise<Site> {
  const sites = await new Api(request, token).call(siteEndpoints.query, { body: { name, isArchived: null } });
  const site = sites.find((s) => s.name === name);
  if (!site) throw new Error(`demo site ${name} missing`);
  return site;
}

/** Every request the page and its workers make: the map must never leave the console's own origin. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.context().on('request', (request) => urls.push(request.url()));
  return urls;
}

const foreign = (urls: string[]) =>
  urls.filter((url) => !/^(data:|blob:)/.test(url) && !url.startsWith(`${BASE_URL}/`));

test.describe('site map (Settings → Partner → Sites → edit)', () => {
  test.use({ signedInAs: 'owner' });

  test('shows the fence, picks the position by click and by drag, follows the radius, saves', async ({
    page,
    request,
    tokens,
  }) => {
    const requests = recordRequests(page);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const token = await tokens('owner');
    const site = await findSite(request, token, 'Sagrada Família Station');
    const origin: [number, number] = [site.latitude as number, site.longitude as number];
    const edit = new SiteEditPage(page);

    await edit.goto(site.id, 'Edit site: Sagrada Família Station');
    await edit.waitForMap();
    await expect(page.getByText('Click the map or drag the pin to set the coordinates')).toBeVisible();
    // Zoomed to the fence: the pin stands at the map's centre and the scale bar reads in metres, not km.
    const centre = await edit.mapCentre();
    const near = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
    expect(near(await edit.pinTip(), centre)).toBeLessThan(3);
    expect(await edit.scaleMetres()).toBeLessThan(200);

    // A click up and right moves the position north-east, by tens of metres at this zoom.
    await edit.clickMap(120, -80);
    await expect(edit.coordinates).not.toHaveValue(site.coordinates as string);
    await expect(edit.coordinates).toHaveValue(/^\d+\.\d{1,6}, \d+\.\d{1,6}$/);
    const clicked = await edit.coordinateValues();
    const clickedText = await edit.coordinates.inputValue();
    expect(clicked[0]).toBeGreaterThan(origin[0]);
    expect(clicked[1]).toBeGreaterThan(origin[1]);
    const away = metres(clicked, origin);
    expect(away).toBeGreaterThan(20);
    expect(away).toBeLessThan(600);
    // The pin followed the click (its tip is where the mouse was).
    expect(near(await edit.pinTip(), { x: centre.x + 120, y: centre.y - 80 })).toBeLessThan(3);
    // A pick does not move the camera, so a click at the centre is the site's stored position again (to 2 m).
    await edit.clickMap(0, 0);
    await expect.poll(async () => metres(await edit.coordinateValues(), origin)).toBeLessThan(2);
    await edit.clickMap(120, -80);
    await expect(edit.coordinates).toHaveValue(clickedText);

    // Dragging the pin down and left moves the position south-west of the clicked point.
    await edit.dragMarker(-60, 40);
    await expect.poll(async () => (await edit.coordinateValues())[0]).toBeLessThan(clicked[0]);
    const dragged = await edit.coordinateValues();
    expect(dragged[1]).toBeLessThan(clicked[1]);

    // Typed coordinates move the pin too (keyboard users need no map); the camera follows to the new place.
    await edit.coordinates.fill('41.40363, 2.17436');
    await expect(edit.coordinates).not.toHaveAttribute('aria-invalid', 'true');
    await expect.poll(async () => Math.round(near(await edit.pinTip(), centre))).toBeLessThan(3);

    // A much larger fence: the camera zooms out to show it whole, nothing breaks.
    const scaleBefore = await edit.scaleMetres();
    await edit.fenceRadius.fill('2500');
    await expect.poll(() => edit.scaleMetres()).toBeGreaterThan(scaleBefore * 4);
    await expect(edit.mapCanvas).toBeVisible();

    // Dragging the map pans it and is no pick: the position stays, the pin travels with the map.
    const pinBefore = await edit.pinTip();
    await edit.dragMap({ dx: -150, dy: 60 }, { dx: 90, dy: -30 });
    await expect(edit.coordinates).toHaveValue('41.40363, 2.17436');
    await expect
      .poll(async () => Math.round(near(await edit.pinTip(), { x: pinBefore.x + 90, y: pinBefore.y - 30 })))
      .toBeLessThan(3);

    // A final pick on the map, then save: the API stores exactly what the field shows.
    await edit.clickMap(-40, 30);
    const saved = await edit.coordinates.inputValue();
    expect(saved).not.toBe('41.40363, 2.17436');
    await edit.save();
    await expect(page).toHaveURL(/\/setting\/partner\/site\/list/);
    const stored = await findSite(request, token, 'Sagrada Família Station');
    expect(stored.coordinates).toBe(saved);
    expect(stored.fenceRadius).toBe(2500);
    const [lat, lng] = saved.split(',').map(Number);
    expect(stored.latitude).toBeCloseTo(lat as number, 6);
    expect(stored.longitude).toBeCloseTo(lng as number, 6);

    expect(errors).toEqual([]);
    expect(foreign(requests)).toEqual([]);
    // The base map came from the console itself: the atlas chunk and maplibre's worker.
    expect(requests.some((url) => /countries-50m[^/]*\.js/.test(url))).toBe(true);
    expect(requests.some((url) => /maplibre-gl-worker[^/]*\.mjs/.test(url))).toBe(true);
  });

  test('a site without coordinates: world view, a click places the pin, the form becomes dirty', async ({
    page,
    request,
    tokens,
  }) => {
    const api = new Api(request, await tokens('owner'));
    const partnerId = await api.partnerId('Milano Bike Hub');
    const name = unique('Unplaced');
    const site = await api.call(siteEndpoints.create, {
      body: { partnerId, name, type: 'station', city: 'Milano', fenceRadius: 80 },
    });
    const edit = new SiteEditPage(page);
    await edit.goto(site.id);
    await edit.waitForMap();
    // The whole world: no pin, no fence, a hint to click, the scale bar in thousands of kilometres.
    await expect(edit.marker).toHaveCount(0);
    await expect(page.getByText('No coordinates yet: click the map where the site is')).toBeVisible();
    expect(await edit.scaleMetres()).toBeGreaterThan(500_000);

    await edit.clickMap(0, 0);
    await expect(edit.coordinates).toHaveValue(/^-?\d+(\.\d+)?, -?\d+(\.\d+)?$/);
    await expect(edit.marker).toHaveCount(1);
    await expect(page.getByText('Click the map or drag the pin to set the coordinates')).toBeVisible();
    // Leaving now asks first: the pick counts as an unsaved change.
    await page.getByRole('main').getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(page.getByRole('dialog').filter({ hasText: 'leave without saving' })).toBeVisible();
  });

  test('without WebGL the map area says so and the form still saves typed coordinates', async ({
    page,
    request,
    tokens,
  }) => {
    await page.addInitScript(() => {
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
        if (type === 'webgl2' || type === 'webgl') return null;
        return (original as (...args: unknown[]) => RenderingContext | null).call(this, type, ...rest);
      } as typeof original;
    });
    const token = await tokens('owner');
    const site = await findSite(request, token, 'Plaça de Catalunya Station');
    const edit = new SiteEditPage(page);
    await edit.goto(site.id);
    const region = page.getByRole('region', { name: 'Site position and fence' });
    await expect(region).toContainText('The map cannot be shown');
    await expect(edit.mapCanvas).toHaveCount(0);
    if (SHOTS) await region.screenshot({ path: `${SHOTS}/site-map-no-webgl.en-US.png` });

    await edit.coordinates.fill('41.387, 2.17');
    await edit.save();
    await expect(page).toHaveURL(/\/setting\/partner\/site\/list/);
    expect((await findSite(request, token, 'Plaça de Catalunya Station')).coordinates).toBe('41.387, 2.17');
  });

  test('screenshots in two locales', async ({ page, request, tokens }) => {
    const token = await tokens('owner');
    // apps/web/src/features/sites/i18n and apps/web/src/map/i18n, in each language.
    const screens = {
      'en-US': {
        site: 'Duomo Station',
        title: 'Edit site: Duomo Station',
        mapLabel: 'Site position and fence',
        labels: ['Site name', 'Partner', 'Type', 'Tax group', 'Address', 'City', 'Coordinates', 'Fence radius (m)'],
        location: 'Location',
        zoomIn: 'Zoom in',
        fenceRadius: 'Fence radius (m)',
        wideScale: /^\d+\s?km$/,
      },
      'zh-CN': {
        site: 'Gwanghwamun Square Station',
        title: '编辑站点：Gwanghwamun Square Station',
        mapLabel: '站点位置与围栏',
        labels: ['站点名称', '合作伙伴', '类型', '税组', '地址', '城市', '坐标', '围栏半径（米）'],
        location: '位置',
        zoomIn: '放大',
        fenceRadius: '围栏半径（米）',
        wideScale: /^\d+\s?公里$/,
      },
    } as const;
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const text = screens[locale];
      const site = await findSite(request, token, text.site);
      await inLocale(page, locale);
      const edit = new SiteEditPage(page, text.mapLabel);
      await edit.goto(site.id, text.title);
      await expectLocale(page, locale);
      const form = page.getByRole('main').locator('form');
      for (const label of text.labels) await expect(form.getByText(label, { exact: true })).toBeVisible();
      await expect(form.getByText(text.location, { exact: true })).toBeVisible();
      await edit.waitForMap();
      await expect(page.getByRole('button', { name: text.zoomIn })).toBeVisible();
      // The atlas is converted and tiled in the worker after its chunk arrives.
      await networkQuiet(page);
      await page.waitForTimeout(2500);
      await edit.mapCanvas.scrollIntoViewIfNeeded();
      await saveShot(page, `site-map.${locale}.png`);
      await page.getByRole('spinbutton', { name: text.fenceRadius }).fill('60000');
      await expect(edit.scale).toHaveText(text.wideScale);
      await page.waitForTimeout(1500);
      await saveShot(page.getByRole('main').locator('.maplibregl-map'), `site-map-wide.${locale}.png`);
    }
  });
});
