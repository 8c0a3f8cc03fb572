import { type AssetMapAsset, assetMapEndpoints } from '@fleetdesk/contracts';
import type { APIRequestContext } from '@playwright/test';
import { Api } from '../fixtures/api.ts';
import { reportTelemetry, TEST_DEVICE_PREFIX } from '../fixtures/device.ts';
import { LOCALE_KEY } from '../fixtures/env.ts';
import { expect, test } from '../fixtures/test.ts';
import { pickOption } from '../pages/asset-list.page.ts';
import { AssetMapPage } from '../pages/asset-map.page.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;

/** A demo asset alone at its position (so a click on it cannot hit a neighbour), found through the map API. */
async function loneAsset(request: APIRequestContext, token: string): Promise<AssetMapAsset> {
  const { assets } = await new Api(request, token).call(assetMapEndpoints.map, {
    body: { viewport: { west: 9.1, south: 45.43, east: 9.27, north: 45.5 }, zoom: 14 },
  });
  const positions = new Map<string, number>();
  for (const a of assets) positions.set(`${a.lng},${a.lat}`, (positions.get(`${a.lng},${a.lat}`) ?? 0) + 1);
  // One with a device: its popup offers the device model's commands.
  const lone = assets.find((a) => a.iotVendor !== null && positions.get(`${a.lng},${a.lat}`) === 1);
  if (!lone) throw new Error('no positioned demo asset in Milano');
  return lone;
}

test.describe('asset map', () => {
  test.use({ signedInAs: 'owner' });
  // The demo fleet's simulator keeps the server busy; the map waits for maplibre and software WebGL too.
  test.setTimeout(150_000);

  test('shows the demo fleet clustered by status; a click on a cluster zooms into it', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const map = new AssetMapPage(page);
    await map.goto();
    // No page folds the side menu by itself (issue 21): it stays as the user left it.
    await expect(page.locator('.ant-layout-sider')).toBeVisible();
    await expect(page.locator('.ant-layout-sider-collapsed')).toHaveCount(0);
    await expect(map.clusters.first()).toBeVisible({ timeout: 40_000 });
    await expect(map.total).toHaveText(/\d+ assets in view/);
    // Every cluster names its count and statuses, e.g. "667 assets: 400 Active, 12 Alarm".
    const label = (await map.clusters.first().getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^\d+ assets: \d+ (Active|Inactive|New|Alarm|Missing|Removed|Retired|Error)/);
    await expect(map.legend.getByRole('listitem')).toHaveCount(8);
    await expect(page.getByText('Live', { exact: true })).toBeVisible({ timeout: 15_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-map-world.png` });

    await expect.poll(() => map.zoom()).toBeGreaterThan(0);
    const before = await map.zoom();
    const biggest = map.clusters.first();
    await biggest.click();
    await expect.poll(() => map.zoom(), { timeout: 15_000 }).toBeGreaterThan(before + 2);
    await expect(map.clusters.first()).toBeVisible({ timeout: 40_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-map-city.png` });
    expect(errors).toEqual([]);
  });

  test('dragging pans the map: the drawn frame follows the hand, and the map is drawn where it is let go', async ({
    page,
  }) => {
    const map = new AssetMapPage(page);
    await map.goto('?at=45.46000,9.19000,12.00');
    await expect(map.clusters.first()).toBeVisible({ timeout: 40_000 });
    const at = () => (new URL(page.url()).searchParams.get('at') ?? '').split(',').map(Number);
    const [lat0, lng0] = at() as [number, number];
    const layer = page.getByRole('main').locator('.maplibregl-canvas-container');
    const centre = await map.mapCentre();
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x - 240, centre.y, { steps: 12 });
    // WebGL runs in software here: the drag moves the last frame (frame-pan.ts) instead of redrawing each move.
    await expect(layer).toHaveAttribute('style', /transform: translate\(-240px(, 0px)?\)/);
    await page.mouse.up();
    await expect(layer).not.toHaveAttribute('style', /transform: translate/);
    // 240 px east at zoom 12 (512-px tiles): 240 × 360 / (512 × 2¹²) degrees of longitude; latitude unchanged.
    await expect.poll(() => at()[1], { timeout: 15_000 }).not.toBe(lng0);
    const [lat1, lng1] = at() as [number, number];
    expect(lng1 - lng0).toBeCloseTo((240 * 360) / (512 * 2 ** 12), 3);
    expect(lat1).toBeCloseTo(lat0, 4);
    await expect(map.clusters.first()).toBeVisible({ timeout: 40_000 });
  });

  test('a click on a single asset opens its popup: status, battery, last update, lock, detail link, commands', async ({
    page,
    request,
    tokens,
  }) => {
    const asset = await loneAsset(request, await tokens('owner'));
    const map = new AssetMapPage(page);
    // The camera on the asset: it stands at the map's centre.
    await map.goto(`?at=${asset.lat},${asset.lng},17`);
    await expect(map.total).toHaveText(/asset(s)? in view/, { timeout: 40_000 });
    await expect(async () => {
      await map.clickMap();
      await expect(map.popup).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 40_000 });
    await expect(map.popup.getByRole('heading', { name: asset.no })).toBeVisible();
    for (const label of ['Battery', 'Last update', 'Lock', 'Category', 'Partner']) {
      await expect(map.popup.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(map.popup.getByRole('link', { name: 'Open detail' })).toHaveAttribute(
      'href',
      `/asset/detail/${asset.no}`,
    );
    await expect(map.popup.getByRole('button', { name: /Send command/ })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-map-popup.png` });
    await map.popup.getByRole('link', { name: 'Open detail' }).click();
    await expect(page).toHaveURL(new RegExp(`/asset/detail/${asset.no}$`));
  });

  test('assets parked at one spot: their cluster leads to the highest zoom, where they open as a list', async ({
    page,
    request,
    tokens,
  }) => {
    // Two e-bikes of the test's own, whose trackers report one position through the broker, as a docking
    // station's do. The spot lies outside the demo fleet, so nothing else is near it.
    const api = new Api(request, await tokens('owner'));
    const [partnerId, categoryId] = await Promise.all([
      api.partnerId('Milano Bike Hub'),
      api.categoryId('City e-bike'),
    ]);
    const suffix = Date.now().toString(36).toUpperCase();
    const nos = [`DOCK${suffix}A`, `DOCK${suffix}B`];
    const spot = { lat: 45.61234, lng: 9.40321 };
    // They go again at the end, pass or fail: test data outlives a test on the shared e2e server.
    const created: string[] = [];
    try {
      for (const [i, no] of nos.entries()) {
        await api.createAsset(categoryId, { no, partnerId, usageMode: 'customer-rental', lifeCycleState: 'Ready' });
        created.push(no);
        await api.bindDevice(no, { no: `${TEST_DEVICE_PREFIX}${no}`, vendor: 'tbox' });
        await reportTelemetry(`${TEST_DEVICE_PREFIX}${no}`, { pos: spot, chargePct: 60 + i, lock: 'locked' });
      }
      for (const no of nos)
        await expect.poll(async () => (await api.asset(no)).iotState.latitude, { timeout: 15_000 }).toBe(spot.lat);

      const map = new AssetMapPage(page);
      await map.goto(`?at=${spot.lat},${spot.lng},12.00`);
      // Zooming cannot split them: a click on their cluster goes straight to the zoom where they come as a stack.
      const cluster = page.getByRole('button', { name: /^2 assets: 2 Active/ });
      await expect(cluster).toBeVisible({ timeout: 40_000 });
      await cluster.click();
      const stack = page.getByRole('button', { name: '2 assets at this spot' });
      await expect(stack).toBeVisible({ timeout: 40_000 });
      expect(await map.zoom()).toBeGreaterThanOrEqual(14);
      await stack.click();

      const list = page.getByTestId('asset-map-stack');
      await expect(list.getByText('2 assets at this spot')).toBeVisible();
      await expect(list.getByRole('button')).toHaveCount(2);
      await expect(list.getByRole('button', { name: new RegExp(nos[0] as string) })).toContainText('60 %');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-map-stack.png` });
      await list.getByRole('button', { name: new RegExp(nos[1] as string) }).click();
      await expect(map.popup.getByRole('heading', { name: nos[1] })).toBeVisible();
      await map.popup.getByRole('button', { name: 'Back to the list' }).click();
      await expect(list.getByRole('button', { name: new RegExp(nos[0] as string) })).toBeVisible();
    } finally {
      for (const no of created) await api.deleteAsset(no);
    }
  });

  test('the list filters narrow the map and travel in the URL', async ({ page }) => {
    const map = new AssetMapPage(page);
    await map.goto('?at=45.46,9.19,11');
    await expect(map.total).toHaveText(/\d+ assets in view/, { timeout: 40_000 });
    const all = Number((await map.total.textContent())?.match(/\d+/)?.[0]);
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Asset filters' });
    // Positioned demo assets carry a device (one may have lost it in an earlier test): fewer, if any, without.
    await pickOption(page, drawer.getByLabel('IoT device', { exact: true }), 'No');
    // The button's name carries its icon's label on some renders ("search Search").
    await drawer.getByRole('button', { name: /^(search )?Search$/ }).click();
    await expect(page).toHaveURL(/[?&]iot=false/);
    await expect
      .poll(async () => Number((await map.total.textContent())?.match(/\d+/)?.[0]), { timeout: 15_000 })
      .toBeLessThan(all);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-map-filtered.png` });
  });

  test('asks to zoom in when the viewport holds too many assets, and says when loading fails', async ({ page }) => {
    const map = new AssetMapPage(page);
    await page.route('**/api/asset/assets/$map', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'TooManyMapResults', message: 'Too many results, zoom in', data: { max: 2000 } }),
      }),
    );
    await map.goto('?at=45.46,9.19,15');
    await expect(page.getByRole('alert').filter({ hasText: 'Too many results, zoom in' })).toBeVisible({
      timeout: 40_000,
    });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-map-too-many.png` });
    await page.unroute('**/api/asset/assets/$map');
    await page.route('**/api/asset/assets/$map', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"code":"Unavailable","message":"down","data":null}',
      }),
    );
    await page.mouse.move(10, 10);
    await map.clickMap(0, 0);
    await page.keyboard.press('Minus');
    await expect(page.getByRole('alert').filter({ hasText: 'The assets could not be loaded.' })).toBeVisible({
      timeout: 40_000,
    });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-map-error.png` });
  });

  test('speaks Italian', async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, 'it-IT'), LOCALE_KEY);
    const map = new AssetMapPage(page, 'Mappa degli asset');
    await map.goto('?at=41.39,2.17,12');
    await expect(page.getByRole('heading', { name: 'Mappa asset' })).toBeVisible();
    await expect(map.total).toHaveText(/asset visibil/, { timeout: 40_000 });
    await expect(page.getByRole('list', { name: 'Stato' })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-map-it.png` });
  });
});
