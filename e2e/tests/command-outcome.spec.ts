import { assetEndpoints, rentingEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { answeringDevice, TEST_DEVICE_PREFIX } from '../fixtures/device.ts';
import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, pageWithRole, test } from '../fixtures/test.ts';
import { AssetControlCard } from '../pages/iot-control.page.ts';

/**
 * Issue 21, "Commands", as an operator does it: a staff member whose role may send commands but not read control
 * records sends one and sees what the device did, and is not offered the control-record page; locking a bike
 * that a customer has rented names the customer and the order before it goes out.
 */
test.describe('the outcome of a command, for a sender who cannot read control records', () => {
  test.use({ signedInAs: 'owner' });
  test.slow();

  test('sees the device answer, no control-record link; locking a rented bike names customer and order (en, it)', async ({
    browser,
    request,
    tokens,
  }) => {
    const owner = new Api(request, await tokens('owner'));
    const [partnerId, categoryId] = await Promise.all([
      owner.partnerId('Milano Bike Hub'),
      owner.categoryId('City e-bike'),
    ]);
    // A bike of the test's own with a tracker that answers, so the outcome comes through broker and gateway.
    const no = `CMD${Date.now().toString(36).toUpperCase()}`;
    const deviceNo = `${TEST_DEVICE_PREFIX}${no}`;
    await owner.createAsset(categoryId, { no, partnerId, usageMode: 'customer-rental', lifeCycleState: 'Ready' });
    await owner.bindDevice(no, { no: deviceNo, vendor: 'tbox' });
    const device = await answeringDevice(deviceNo);

    // A demo city e-bike on an open order (its T-Box or Rybit box drives the lock).
    const rentals = await owner.call(rentingEndpoints.listOrders, {
      query: { pageNo: 1, pageSize: 100, leaseStatus: 'InUse' },
    });
    const rental = rentals.find((o) => o.assetCategory.name === 'City e-bike' && o.assetNo);
    expect(rental, 'a demo city e-bike on an open order').toBeTruthy();
    const rented = rental as NonNullable<typeof rental>;

    const page = await pageWithRole(browser, request, {
      title: 'Command sender',
      permissions: ['asset.read', 'iot_control.command.beep', 'iot_control.command.turn_off'],
    });
    try {
      const card = new AssetControlCard(page);
      await card.open(no);
      // No record permission: the card lists no records.
      await expect(card.latestRecords()).toHaveCount(0);
      await card.sendCommand('Beep');
      const results = card.results();
      await expect(results.getByRole('row').filter({ hasText: no })).toBeVisible();
      await expect(results.locator('[data-status]')).toHaveText('Successful', { timeout: 30_000 });
      await expect(results.getByTestId('control-results-summary')).toHaveText('The record is settled.');
      await expect(results.getByRole('link', { name: 'Open control records' })).toHaveCount(0);
      await saveShot(page, 'command-outcome.en-US.png');
      await results.getByRole('button', { name: 'Done' }).click();
      await expect(results).toBeHidden();

      // Lock, the bike's own word for turning its tracker off, names who would be stopped.
      await card.open(rented.assetNo as string);
      await card.sendCommand('Lock');
      const confirm = page.getByRole('dialog').filter({ hasText: 'Send "Lock" to this asset?' });
      await expect(confirm.getByRole('alert')).toContainText(
        `${rented.assetNo} is rented: order ${rented.orderNo}, customer ${rented.customer.name}.`,
      );
      await expect(confirm.getByRole('alert')).toContainText('"Lock" will stop a customer who is using this asset.');
      await saveShot(page, 'command-lock-rented.en-US.png');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();

      await inLocale(page, 'it-IT');
      await page.reload();
      await expectLocale(page, 'it-IT');
      const scheda = page
        .locator('.ant-card')
        .filter({ has: page.getByText('Controllo del dispositivo', { exact: true }) });
      await expect(scheda).toBeVisible({ timeout: 30_000 });
      const blocca = page.getByRole('menuitem', { name: 'Blocca', exact: true });
      await expect(async () => {
        if (!(await blocca.isVisible())) await scheda.getByRole('button', { name: 'Invia comando' }).click();
        await expect(blocca).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await blocca.click();
      const conferma = page.getByRole('dialog').filter({ hasText: 'Inviare "Blocca" a questo asset?' });
      await expect(conferma.getByRole('alert')).toContainText(
        `${rented.assetNo} è a noleggio: ordine ${rented.orderNo}, cliente ${rented.customer.name}.`,
      );
      await saveShot(page, 'command-lock-rented.it-IT.png');
      await conferma.getByRole('button', { name: 'Annulla' }).click();
      await expect(conferma).toBeHidden();
    } finally {
      await device.close();
      await page.context().close();
      // Test data outlives a test on the shared e2e server; a refusal here must not hide the test's own outcome.
      await owner.fetch(assetEndpoints.remove, { params: { no } });
    }
  });

  test('the role editor lists every command the menu offers, wake-up and the geolocation report included', async ({
    page,
  }) => {
    await page.goto('/team/role/new');
    // The web platform's row comes first; the operation app has its own, smaller one.
    const iot = page.getByRole('group', { name: 'IoT command', exact: true }).first();
    await expect(iot.getByRole('checkbox', { name: 'Status report (Status report, Wake up)' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      iot.getByRole('checkbox', { name: 'Position report (Position report, Report geolocation)', exact: true }),
    ).toBeVisible();
    await saveShot(iot, 'role-editor-iot-commands.en-US.png');
  });
});
