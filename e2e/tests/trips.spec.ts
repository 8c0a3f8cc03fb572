import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
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
    const trips = new TripsPage(page);
    // apps/web/src/features/trips/i18n/zh-CN.json and the menu's title in shared/i18n/common/zh-CN.json
    await inLocale(page, 'zh-CN');
    await page.goto('/asset/trip?status=finished', { timeout: 60_000 });
    await expectLocale(page, 'zh-CN');
    await expect(trips.main.getByRole('heading', { level: 4, name: '资产行程' })).toBeVisible({ timeout: 60_000 });
    await expect(trips.main.getByText(/^行程统计可能延迟最多 48 小时/)).toBeVisible();
    for (const column of ['资产编号', '合作伙伴', '类别', '状态', '开始时间', '距离', '时长'])
      await expect(trips.main.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    const open = trips.list
      .rows()
      .first()
      .getByRole('button', { name: /^打开 \S+ 于 .+ 开始的路线$/ });
    await expect(open).toBeVisible({ timeout: 60_000 });
    await expect(trips.list.rows().first()).toContainText('已完成');
    await expect(trips.main.getByRole('button', { name: /导出/ })).toBeVisible();
    await saveShot(page, 'trip-list.zh-CN.png', { fullPage: true, timeout: 60_000 });

    const asset = /^打开 (\S+) 于/.exec((await open.getAttribute('aria-label')) ?? '')?.[1] as string;
    await open.click();
    await expect(trips.panel.getByText(`${asset} 的行程`)).toBeVisible({ timeout: 30_000 });
    await expect(trips.panel.getByRole('region', { name: `${asset} 的路线` })).toBeVisible({ timeout: 30_000 });
    await expect(trips.panel.getByText('距离', { exact: true })).toBeVisible();
    await expect(trips.panel.getByText(/^\d+ 个点$/)).toBeVisible();
    await expect(trips.panel.getByRole('button', { name: '打开轨迹' })).toBeVisible();
    await saveShot(page, 'trip-route-panel.zh-CN.png', { timeout: 60_000 });
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
