import { LOCALE_KEY } from '../fixtures/env.ts';
import { expect, test } from '../fixtures/test.ts';
import { TripsPage } from '../pages/trips.page.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => encodeURIComponent(new Date(Date.now() - ms).toISOString());

test.describe('asset trips (Asset → Asset Trip)', () => {
  test.use({ signedInAs: 'owner' });
  // Maps load maplibre on first use; on a busy two-core machine the default minute is tight.
  test.describe.configure({ timeout: 180_000 });

  test('the trip list shows the demo trips with the lag note', async ({ page }) => {
    const trips = new TripsPage(page);
    await trips.goto();
    await trips.loaded();
    await expect(trips.main.getByText(/Trip statistics may lag up to 48 hours/)).toBeVisible();
    await expect(
      trips.list
        .rows()
        .first()
        .getByText(/^(Ongoing|Stopped|Finished)$/),
    ).toBeVisible();
    await expect(trips.main.getByText(/^Total: [\d,]+/)).toBeVisible();
    await expect(trips.main.getByRole('button', { name: /Export/ })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/trip-list.en-US.png`, fullPage: true, timeout: 60_000 });

    await trips.list.table.page().getByRole('textbox', { name: 'Asset No.' }).fill('NOSUCH1');
    await trips.main.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/assetNo=NOSUCH1/);
    await expect(trips.main.getByText('No trips match these filters')).toBeVisible({ timeout: 30_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/trip-list-empty.en-US.png`, fullPage: true, timeout: 60_000 });
  });

  test('opens a route panel with the route on the map and the figures', async ({ page }) => {
    const trips = new TripsPage(page);
    // A finished demo ride (the simulator's live rides are young and short).
    await trips.goto('?status=finished');
    await trips.loaded();
    const asset = await trips.openRoute(0);
    await expect(page).toHaveURL(/[?&]trip=/);
    await expect(trips.panel.getByRole('region', { name: `Route of ${asset}` })).toBeVisible({ timeout: 30_000 });
    await expect(trips.panel.getByText('Distance')).toBeVisible();
    await expect(trips.panel.getByText(/\d+ points?/)).toBeVisible();
    await page.waitForTimeout(1500);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/trip-route-panel.en-US.png`, timeout: 60_000 });

    await trips.panel.getByRole('button', { name: 'Open the trail' }).click();
    await expect(page).toHaveURL(/\/asset\/all-trail\?assetNo=/);
    await expect(page.getByRole('region', { name: `Trail of ${asset}` })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('slider')).toBeVisible();
    await expect(page.getByRole('complementary')).toHaveCount(0);
    await page.waitForTimeout(1500);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/all-trail.en-US.png`, fullPage: true, timeout: 60_000 });
  });

  test('opens the multi-trip map for two selected trips, without the side menu', async ({ page }) => {
    const trips = new TripsPage(page);
    // Two demo rides (started more than an hour ago) of one asset, so both are in one city.
    const demo = `?status=finished&started=${ago(3 * DAY)}&started=${ago(HOUR)}`;
    await trips.goto(demo);
    await trips.loaded();
    const asset = await trips.assetOf(0);
    await trips.goto(`${demo}&assetNo=${asset}`);
    await trips.loaded();
    await trips.select(0);
    await trips.select(1);
    await trips.main.getByRole('button', { name: /Show on map \(2\)/ }).click();
    await expect(page).toHaveURL(/\/asset\/multi-trip\?ids=[^,]+%2C|\/asset\/multi-trip\?ids=[^,]+,/);
    await expect(page.getByRole('heading', { name: 'Multiple trips' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Map of 2 trips' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('complementary')).toHaveCount(0);
    await expect(page.locator('.ant-list-item')).toHaveCount(2);
    await page.waitForTimeout(1500);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/multi-trip.en-US.png`, fullPage: true, timeout: 60_000 });
  });

  test('a multi-trip link to a trip that does not exist shows the error', async ({ page }) => {
    await page.goto('/asset/multi-trip?ids=00000000-0000-4000-8000-000000000000', { timeout: 60_000 });
    await expect(page.getByText('The trips could not be loaded')).toBeVisible({ timeout: 30_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/multi-trip-error.en-US.png`, fullPage: true, timeout: 60_000 });
  });

  test('screenshots in zh-CN', async ({ page }) => {
    test.skip(!SHOTS, 'set E2E_SHOTS_DIR to take screenshots');
    await page.addInitScript(
      ([key, value]) => localStorage.setItem(key as string, value as string),
      [LOCALE_KEY, 'zh-CN'],
    );
    await page.goto('/asset/trip?status=finished', { timeout: 60_000 });
    const first = page.getByRole('main').getByRole('table').locator('tbody button').first();
    await expect(first).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: `${SHOTS}/trip-list.zh-CN.png`, fullPage: true, timeout: 60_000 });
    await first.click();
    await expect(page.getByRole('dialog').getByRole('region')).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${SHOTS}/trip-route-panel.zh-CN.png`, timeout: 60_000 });
  });
});

test.describe('asset trips without the trip permission', () => {
  // A partner viewer: asset.read only.
  test.use({ signedInAs: 'laura' });

  test('the trip list is refused', async ({ page }) => {
    await page.goto('/asset/trip', { timeout: 60_000 });
    await expect(page.getByText(/403|permission/i).first()).toBeVisible({ timeout: 30_000 });
  });
});
