import { alarmEndpoints, rentingEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { reportEvent, reportTelemetry, TEST_DEVICE_PREFIX } from '../fixtures/device.ts';
import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, test } from '../fixtures/test.ts';
import { AssetListPage } from '../pages/asset-list.page.ts';

test.describe('alarms an operator can act on (Dashboard → Asset list → Asset detail → Asset → Alarms)', () => {
  test.use({ signedInAs: 'owner' });

  test('a device alarm: dashboard figure → filtered asset list → asset detail → acknowledged with a note', async ({
    page,
    request,
    tokens,
  }) => {
    // A device, the dashboard, three screens and a language: more than the default minute on two busy cores.
    test.setTimeout(150_000);
    const api = new Api(request, await tokens('owner'));
    const [partnerId, categoryId] = await Promise.all([
      api.partnerId('Milano Bike Hub'),
      api.categoryId('City e-bike'),
    ]);
    const no = `ALRM${Date.now().toString(36).toUpperCase()}`;
    const device = `${TEST_DEVICE_PREFIX}${no}`;
    const spot = { lat: 45.46421, lng: 9.19034 };
    const note = `Stood it up again, no damage (${no})`;
    await api.createAsset(categoryId, { no, partnerId, usageMode: 'customer-rental', lifeCycleState: 'Ready' });
    try {
      await api.bindDevice(no, { no: device, vendor: 'tbox' });
      await reportTelemetry(device, { pos: spot, chargePct: 64, lock: 'locked' });
      await reportEvent(device, { type: 'alarm', code: 'tilt', pos: spot });
      await expect
        .poll(async () => (await api.call(alarmEndpoints.assetState, { params: { no } })).displayStatus, {
          timeout: 20_000,
        })
        .toBe('Alarm');

      // The dashboard's figure is a link to the assets it counts.
      await page.goto('/dashboard/asset');
      const inAlarm = page.getByRole('group', { name: 'Assets in Alarm now' });
      await expect(inAlarm).not.toContainText('–', { timeout: 30_000 });
      await inAlarm.click();
      await expect(page).toHaveURL(/\/asset\/list\?.*status=Alarm/);
      const list = new AssetListPage(page);
      await expect(list.field('Status')).toBeVisible();
      await expect(list.search).toContainText('Alarm');
      await expect(list.row(no)).toBeVisible({ timeout: 30_000 });
      await list.row(no).getByRole('link', { name: no, exact: true }).click();

      // The asset detail shows the status with the alarm behind it, charge and lock, and its latest alarms.
      const status = page.getByTestId('asset-status');
      await expect(status).toContainText('Alarm', { timeout: 20_000 });
      await expect(status.locator('.ant-descriptions-item').filter({ hasText: 'Active alarm' })).toContainText('Tilt');
      await expect(status.locator('.ant-descriptions-item').filter({ hasText: 'Battery' })).toContainText('64 %');
      await expect(status.locator('.ant-descriptions-item').filter({ hasText: 'Lock' })).toContainText('Locked');
      await expect(status.locator('tbody tr.ant-table-row').filter({ hasText: 'Tilt' })).toContainText('Open');
      await expect(status.getByRole('region', { name: 'Position' })).toBeVisible();

      // Acknowledged in the inbox with a note, which then stays with the alarm.
      await status.getByRole('link', { name: 'Open in the alarm inbox' }).click();
      await expect(page).toHaveURL(new RegExp(`/asset/alarm/list\\?.*assetNo=${no}`));
      const rows = page.locator('tbody tr.ant-table-row');
      const row = rows.filter({ hasText: no });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Tilt');
      await expect(row).toContainText('Milano Bike Hub');
      await expect(row).toContainText('45.46421, 9.19034');
      await row.getByRole('button', { name: new RegExp(`^Acknowledge the alarm of ${no}`) }).click();
      const dialog = page.getByRole('dialog', { name: 'Acknowledge alarm' });
      await dialog.getByRole('button', { name: 'Acknowledge' }).click();
      await expect(dialog).toContainText('Please write what was done about the alarm');
      await dialog.getByLabel('Note').fill(note);
      await dialog.getByRole('button', { name: 'Acknowledge' }).click();
      await expect(page.getByText(`Alarm of ${no} acknowledged`)).toBeVisible();
      await expect(page.getByText('No open alarms in this period.')).toBeVisible();
      await page.getByRole('combobox', { name: /^Show/ }).click();
      await page.locator('.ant-select-dropdown').filter({ visible: true }).getByTitle('Acknowledged').click();
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(row).toContainText(note);

      // The same in Italian.
      await inLocale(page, 'it-IT');
      await page.reload();
      await expectLocale(page, 'it-IT');
      const italian = rows.filter({ hasText: no });
      await expect(italian).toContainText('Inclinazione');
      await expect(italian).toContainText(note);
      await expect(page.getByRole('columnheader', { name: 'Preso in carico' })).toBeVisible();
      await saveShot(page, 'alarms-inbox.it-IT.png', { fullPage: true });
      await page.goto(`/asset/detail/${no}`);
      await expect(page.getByTestId('asset-status')).toContainText('Allarme attivo');
      await expect(page.getByTestId('asset-status')).toContainText(note);
      await saveShot(page, 'alarms-asset-detail.it-IT.png', { fullPage: true });
    } finally {
      await api.deleteAsset(no);
    }
  });

  test("the asset detail's Orders card lists the asset's real orders, each a link to its order", async ({
    page,
    request,
    tokens,
  }) => {
    const api = new Api(request, await tokens('owner'));
    const [order] = await api.call(rentingEndpoints.listOrders, {
      query: { status: 'Open', leaseStatus: 'InUse', pageSize: 1 },
    });
    if (!order?.assetNo) throw new Error('the demo data has no open order with an asset');
    await page.goto(`/asset/detail/${order.assetNo}`);
    const card = page.getByTestId('asset-orders');
    const link = card.getByRole('link', { name: order.orderNo, exact: true });
    await expect(link).toBeVisible({ timeout: 30_000 });
    await expect(card.getByRole('row').filter({ hasText: order.orderNo })).toContainText(order.customer.name);
    // The status card links the ongoing order too.
    await expect(
      page.getByTestId('asset-status').locator('.ant-descriptions-item').filter({ hasText: 'Ongoing order' }),
    ).toContainText(order.orderNo);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/renting/order/detail/${order.id}`));
  });
});
