import { LOCALE_KEY } from '../fixtures/env.ts';
import { expect, test } from '../fixtures/test.ts';
import { DashboardPage } from '../pages/dashboard.page.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;
/** A calendar day relative to today, as the range picker types it (YYYY-MM-DD). */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe('asset dashboard (Dashboard → Asset Dashboard)', () => {
  test.use({ signedInAs: 'owner' });
  // Charts load their library on first use; on a busy two-core machine the default minute is tight.
  test.describe.configure({ timeout: 120_000 });

  test('shows the fleet by status now', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    // The demo fleet: about 2,000 assets, most of them with a device.
    expect(await dashboard.figure('Assets')).toBeGreaterThan(1000);
    await expect(page.getByTestId('chart-status')).toContainText('Active', { timeout: 30_000 });
    await expect(page.getByTestId('chart-alarms-errors')).toContainText('Alarms and errors per hour');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-overview.en-US.png`, fullPage: true });
  });

  test('switching the period changes the alarm figures, and a reload keeps tab and period', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.goto();
    await dashboard.tab('Alarm');
    await expect(page).toHaveURL(/tab=alarm/);
    await expect(page.getByTestId('chart-alarm-per-bucket')).toContainText('Alarms per hour', { timeout: 30_000 });
    const today = await dashboard.figure('Alarms in period');

    await dashboard.period('Month');
    await expect(page).toHaveURL(/period=month/);
    await expect(page.getByTestId('chart-alarm-per-bucket')).toContainText('Alarms per day', { timeout: 30_000 });
    await dashboard.settled();
    // Thirty days of demo alarms outnumber today's.
    const month = await dashboard.figure('Alarms in period');
    expect(month).toBeGreaterThan(Math.max(today, 300));
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(11);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-alarm-month.en-US.png`, fullPage: true });

    await dashboard.period('Week');
    await dashboard.settled();
    await expect.poll(() => dashboard.figure('Alarms in period'), { timeout: 30_000 }).toBeLessThan(month);

    await page.reload();
    await expect(page.getByRole('tab', { name: 'Alarm', exact: true })).toHaveAttribute('aria-selected', 'true', {
      timeout: 30_000,
    });
    await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
  });

  test('refuses a custom range over 31 days with the message, and takes a shorter one', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    await dashboard.goto('?tab=error');
    await dashboard.period('Custom');
    await expect(page.getByTestId('period-help')).toHaveText('Pick the first and last day (at most 31 days)');

    await dashboard.customRange(day(-41), day(-1));
    await expect(page.getByTestId('period-problem')).toHaveText('maximum selectable is 31 days');
    await expect(page).not.toHaveURL(/start=/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-custom-refused.en-US.png`, fullPage: true });

    await dashboard.customRange(day(-10), day(-1));
    await expect(page.getByTestId('period-problem')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`start=${day(-10)}&end=${day(-1)}`));
    await dashboard.settled();
    expect(await dashboard.figure('Errors in period')).toBeGreaterThan(0);
    await expect(page.getByTestId('chart-error-per-bucket')).toContainText('Errors per day');
  });

  test('shows the empty period, the definitions, and a failure with a retry', async ({ page }) => {
    const dashboard = new DashboardPage(page);
    // Long before the demo history: nothing happened.
    await dashboard.goto('?tab=alarm&period=custom&start=2025-01-01&end=2025-01-10');
    await expect(page.getByText('No alarms in this period.').first()).toBeVisible({ timeout: 30_000 });
    expect(await dashboard.figure('Alarms in period')).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-empty.en-US.png`, fullPage: true });

    await page.getByRole('button', { name: 'Definitions' }).click();
    const drawer = page.getByRole('dialog', { name: 'Definitions' });
    await expect(drawer.getByText('Illegal move')).toBeVisible();
    await expect(drawer.getByText('The device raised an alarm in the last 24 hours.')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-definitions.en-US.png` });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    let fail = true;
    await page.route('**/api/dashboard/asset/overview?*', (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"code":"InternalServerError","message":"Unknown problem occurs!","data":null}',
          })
        : route.fallback(),
    );
    await dashboard.goto('?period=week');
    await expect(page.getByText('The dashboard could not be loaded.')).toBeVisible({ timeout: 20_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-error.en-US.png`, fullPage: true });
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    expect(await dashboard.figure('Assets')).toBeGreaterThan(1000);
  });

  test('speaks Italian', async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, 'it-IT'), LOCALE_KEY);
    await new DashboardPage(page, 'Dashboard asset').goto('?tab=alarm&period=month');
    await expect(page.getByRole('tab', { name: 'Allarmi', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('group', { name: 'Allarmi nel periodo' })).toBeVisible();
    await expect(page.getByTestId('chart-alarm-per-bucket')).toContainText('Allarmi per giorno', { timeout: 30_000 });
    await expect(page.getByTestId('chart-alarm-per-bucket')).toContainText('Batteria scarica', { timeout: 30_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-alarm-month.it-IT.png`, fullPage: true });
    await page.goto('/dashboard/asset');
    await expect(page.getByRole('group', { name: 'Dispositivi online' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('chart-status')).toContainText('Attivo', { timeout: 60_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-overview.it-IT.png`, fullPage: true });
  });
});
