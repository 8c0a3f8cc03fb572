import { rentingEndpoints } from '@fleetdesk/contracts';
import type { Page } from '@playwright/test';
import { Api } from '../fixtures/api.ts';
import { inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, test } from '../fixtures/test.ts';

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };

/** Nothing but a table's own body scrolls sideways: the page is no wider than the screen. */
async function expectNoPageOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, 'page width').toBeLessThanOrEqual(innerWidth);
}

test.describe('lists on a phone and a tablet', () => {
  test.use({ signedInAs: 'owner' });
  // The demo fleet's simulator keeps two cores busy; the asset query pages thousands of assets.
  test.slow();

  test('the asset list on a phone: cards, the Filters drawer and the bulk-action menu', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/asset/list');
    const main = page.getByRole('main');
    const cards = main.getByTestId('list-card');
    await expect(cards.first()).toBeVisible({ timeout: 30_000 });
    await expect(main.locator('.ant-table')).toHaveCount(0);
    // A card: the asset number as its title link, the lifecycle tag, the key figures by name.
    const first = cards.first();
    await expect(first.locator('a[href*="/asset/detail/"]')).toBeVisible();
    await expect(first.locator('.ant-card-extra')).not.toBeEmpty();
    for (const label of ['Category', 'Site', 'Charge'])
      await expect(first.getByText(label, { exact: true })).toBeVisible();
    await expectNoPageOverflow(page);
    await saveShot(page, 'phone-asset-list.en-US.png');

    // The filters fold into one line: asset numbers, Search and Filters; the rest is in the drawer.
    const bar = main.getByTestId('filter-bar');
    await expect(bar.getByRole('combobox', { name: 'Asset numbers' })).toBeVisible();
    await expect(main.getByRole('combobox', { name: 'Category' })).toBeHidden();
    await bar.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    const category = drawer.getByRole('combobox', { name: 'Category' });
    await category.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('City e-bike', { exact: true }).click();
    await category.press('Escape');
    await saveShot(page, 'phone-asset-filters.en-US.png');
    await drawer.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/[?&]category=/);
    await expect(bar.locator('.ant-badge-count')).toHaveText('1');
    await expect(cards.first().getByText('City e-bike', { exact: true })).toBeVisible({ timeout: 30_000 });
    const categories = await cards.locator('.ant-descriptions-item-content').allInnerTexts();
    expect(categories.filter((text) => text === 'City e-bike').length).toBe(await cards.count());

    // One card's number typed on the line finds that asset alone.
    const no = ((await cards.nth(1).locator('a[href*="/asset/detail/"]').textContent()) ?? '').trim();
    const nos = bar.getByRole('combobox', { name: 'Asset numbers' });
    await nos.fill(no);
    await nos.press('Enter');
    await bar.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]no=${no}`));
    await expect(cards).toHaveCount(1, { timeout: 30_000 });

    // Bulk actions: a card is ticked, the one menu holds the batch buttons and opens their dialog.
    const menuButton = main.getByRole('button', { name: 'Bulk actions' });
    await expect(menuButton).toBeDisabled();
    await cards.first().getByRole('checkbox').check();
    await expect(page.getByTestId('asset-selection')).toHaveText('1 selected');
    await menuButton.click();
    const menu = page.getByTestId('bulk-actions-menu');
    await expect(menu.getByRole('button', { name: 'Delete selected' })).toBeVisible();
    await expect(menu.getByRole('button', { name: /Send command/ })).toBeVisible();
    await saveShot(page, 'phone-asset-bulk.en-US.png');
    await menu.getByRole('button', { name: 'Edit selected' }).click();
    await expect(menu).toBeHidden();
    const dialog = page.getByRole('dialog', { name: 'Edit 1 asset' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the asset list on a tablet: a table with the side menu folded and the asset number pinned', async ({
    page,
  }) => {
    await page.setViewportSize(TABLET);
    await page.goto('/asset/list');
    const main = page.getByRole('main');
    await expect(main.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
    await expect(main.getByTestId('list-card')).toHaveCount(0);
    await expect(page.locator('.ant-layout-sider-collapsed')).toBeVisible();
    await expect(main.getByRole('columnheader', { name: /Asset number/ })).toHaveClass(/ant-table-cell-fix/);
    await expectNoPageOverflow(page);
  });

  test('an order on a phone: the list as cards, the detail without sideways scrolling', async ({
    page,
    request,
    tokens,
  }) => {
    const api = new Api(request, await tokens('owner'));
    const orders = await api.call(rentingEndpoints.listOrders, { query: { pageNo: 1, pageSize: 20 } });
    const order = orders.find((o) => o.fees.paid > 0 && o.assetNo !== null);
    if (!order?.assetNo) throw new Error('the demo data has no paid order of an asset');

    await page.setViewportSize(PHONE);
    await page.goto(`/renting/order/list?search=${order.orderNo}`);
    const card = page.getByRole('main').getByTestId('list-card');
    await expect(card).toHaveCount(1, { timeout: 30_000 });
    await expect(card.getByRole('link', { name: `Open order ${order.orderNo}` })).toBeVisible();
    for (const label of ['Customer', 'Asset', 'Paid / owed'])
      await expect(card.getByText(label, { exact: true })).toBeVisible();
    await expect(card.getByText(order.assetNo, { exact: true })).toBeVisible();
    await expectNoPageOverflow(page);

    await card.getByRole('link', { name: `Open order ${order.orderNo}` }).click();
    await expect(page.getByRole('heading', { level: 4, name: new RegExp(`Order ${order.orderNo}`) })).toBeVisible();
    await expect(page.getByTestId('order-checkout')).toBeVisible();
    await expectNoPageOverflow(page);
    await saveShot(page, 'phone-order-detail.en-US.png', { fullPage: true });
  });

  test('the order list on a desktop keeps its order number pinned while the table scrolls', async ({ page }) => {
    await page.goto('/renting/order/list');
    const main = page.getByRole('main');
    const firstCell = main.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').first();
    await expect(firstCell).toBeVisible({ timeout: 30_000 });
    const before = await firstCell.boundingBox();
    await main
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
      });
    await expect.poll(async () => (await firstCell.boundingBox())?.x).toBe(before?.x);
    await expect(firstCell).toBeInViewport();
    await expect(main.getByRole('columnheader', { name: /Order no/ })).toHaveClass(/ant-table-cell-fix/);
  });

  test('Italian on a phone: cards and filters in Italian', async ({ page }) => {
    await inLocale(page, 'it-IT');
    await page.setViewportSize(PHONE);
    await page.goto('/renting/order/list');
    const main = page.getByRole('main');
    const card = main.getByTestId('list-card').first();
    await expect(card).toBeVisible({ timeout: 30_000 });
    for (const label of ['Cliente', 'Asset', 'Pagato / dovuto'])
      await expect(card.getByText(label, { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: /^Apri ordine / })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Filtri' })).toBeVisible();
    await expect(main.getByRole('textbox', { name: 'Cerca' })).toBeVisible();
    await expectNoPageOverflow(page);
    await saveShot(page, 'phone-order-list.it-IT.png');
  });
});
