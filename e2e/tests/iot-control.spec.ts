import { assetQueryEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, test } from '../fixtures/test.ts';
import { AssetListPage } from '../pages/asset-list.page.ts';
import {
  AssetControlCard,
  ConfigDrawer,
  ControlRecordPage,
  onlineDemoAssets,
  sendCommandByApi,
} from '../pages/iot-control.page.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;

test.describe('IoT commands and configs (asset detail, asset list, Asset → Control record)', () => {
  test.use({ signedInAs: 'owner' });
  // Each test waits for real devices (the simulator) to answer through the broker and the jobs queue.
  test.slow();

  test('send a command from the asset detail and see the device answer', async ({ page, request, tokens }) => {
    const [assetNo] = await onlineDemoAssets(request, await tokens('owner'), 'tbox');
    expect(assetNo, 'an online T-Box demo asset').toBeTruthy();
    const card = new AssetControlCard(page);
    await card.open(assetNo as string);
    await expect(card.card.getByTestId('iot-presence')).toHaveText('Online');

    await card.sendCommand('Beep');
    const results = card.results();
    await expect(results).toBeVisible();
    await expect(results.getByRole('row').filter({ hasText: assetNo as string })).toBeVisible();
    // The simulator answers within seconds; the table follows the record until it settles.
    await expect(results.locator('[data-status]')).toHaveText('Successful', { timeout: 30_000 });
    await expect(results.getByTestId('control-results-summary')).toHaveText('The record is settled.');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/iot-command-results.en-US.png` });
    await results.getByRole('button', { name: 'Done' }).click();

    // The card's latest records show it too, linking to the record on the control-record screen.
    const latest = card.latestRecords().getByRole('row').filter({ hasText: 'Beep' }).first();
    await expect(latest.locator('[data-status]')).toHaveText('Successful');
    if (SHOTS) await card.card.screenshot({ path: `${SHOTS}/iot-asset-card.en-US.png` });
    await latest.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/asset/control-record\\?.*assetNo=${assetNo}`));
    const records = new ControlRecordPage(page);
    await expect(records.field('Command')).toHaveText('Beep', { timeout: 30_000 });
    await expect(records.field('Status')).toHaveText('Successful');
    await expect(records.field('Initiator')).toHaveText('Console');
    await expect(records.field('Staff')).toHaveText('Account Owner');
    await expect(records.field('Reply status')).toHaveText('Success');
  });

  test('an invalid config is refused with its message; a valid one reaches the device', async ({
    page,
    request,
    tokens,
  }) => {
    const [, assetNo] = await onlineDemoAssets(request, await tokens('owner'), 'tbox');
    const card = new AssetControlCard(page);
    await card.open(assetNo as string);
    await card.card.getByRole('button', { name: 'Change config' }).click();
    const drawer = new ConfigDrawer(page);
    await expect(drawer.drawer).toBeVisible();

    // Nothing ticked: nothing to send.
    await drawer.send();
    await expect(drawer.drawer.getByRole('alert')).toHaveText('Please select at least one item');

    await drawer.tick('Speed limit');
    const speed = drawer.itemCard('Speed limit').getByRole('spinbutton');
    await speed.fill('120');
    await drawer.send();
    await expect(drawer.itemCard('Speed limit').getByText('Speed is at most 100 km/h')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/iot-config-refused.en-US.png` });

    await speed.fill('25');
    await drawer.send();
    await expect(drawer.drawer.getByTestId('control-results')).toBeVisible({ timeout: 30_000 });
    await expect(drawer.drawer.locator('[data-status]')).toHaveText('Successful', { timeout: 30_000 });
    await expect(drawer.drawer.getByRole('cell', { name: 'Speed limit' })).toBeVisible();
    await drawer.drawer.getByRole('button', { name: 'Done' }).click();

    // The device confirmed it: the card shows the confirmed value.
    await expect(card.card.getByText('On · 25 km/h')).toBeVisible();
  });

  test('send a command to the assets selected in the asset list', async ({ page, request, tokens }) => {
    const [first, second] = (await onlineDemoAssets(request, await tokens('owner'), 'tbox')).slice(2);
    const list = new AssetListPage(page);
    await page.goto(`/asset/list?no=${first}&no=${second}`);
    await expect(list.rows()).toHaveCount(2, { timeout: 60_000 });
    await list.select([first, second] as string[]);
    const card = new AssetControlCard(page);
    await card.sendCommand('Status report', list.main);
    await card.confirmSend('Send "Status report" to 2 assets?');
    const results = card.results();
    await expect(results.getByRole('row')).toHaveCount(3);
    await expect(results.locator('[data-status]')).toHaveText(['Successful', 'Successful'], { timeout: 30_000 });
    await expect(results.getByTestId('control-results-summary')).toHaveText('All 2 records are settled.');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/iot-batch-results.en-US.png` });
    await results.getByRole('button', { name: 'Done' }).click();
    await expect(results).toBeHidden();
  });

  test('the control record list shows the records, filters by asset and opens a record', async ({
    page,
    request,
    tokens,
  }) => {
    const token = await tokens('owner');
    const [assetNo, other] = (await onlineDemoAssets(request, token, 'tbox')).slice(4);
    await sendCommandByApi(request, token, [assetNo, other] as string[], 'iot.wake');

    const records = new ControlRecordPage(page);
    await records.goto('?assetNo=ZZ0000000');
    await expect(page.getByText('No control records match these filters')).toBeVisible({ timeout: 30_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/iot-records-empty.en-US.png` });

    await records.goto();
    for (const no of [assetNo, other] as string[])
      await expect(records.rows().filter({ hasText: no }).first()).toBeVisible({ timeout: 30_000 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/iot-records.en-US.png` });

    await records.filterByAsset(assetNo as string);
    await expect(records.rows().filter({ hasNotText: assetNo as string })).toHaveCount(0, { timeout: 30_000 });
    await expect(records.rows().first()).toContainText('Wake up');

    // The row opens its drawer with every field; the URL keeps it open on reload.
    await records
      .rows()
      .first()
      .getByRole('button', { name: /^Open the record of / })
      .click();
    await expect(page).toHaveURL(/[?&]record=/);
    await page.reload();
    await expect(records.field('Asset number')).toHaveText(assetNo as string, { timeout: 30_000 });
    await expect(records.field('Command')).toHaveText('Wake up');
    await expect(records.field('Channel')).toHaveText('Default');
    await expect(records.field('Initiator')).toHaveText('Console');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/iot-record-detail.en-US.png` });
    await page.keyboard.press('Escape');
    await expect(page).not.toHaveURL(/[?&]record=/);

    // The config tab keeps the asset filter; here its list fails, which the page says, offering to try again.
    await page.route('**/api/asset-iot/control/configRecords**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":"Internal","message":"Boom","data":null}',
      }),
    );
    await page.getByRole('tab', { name: 'Config records' }).click();
    await expect(page).toHaveURL(/[?&]tab=config/);
    await expect(page).toHaveURL(new RegExp(`[?&]assetNo=${assetNo}`));
    await expect(page.getByText('The list could not be loaded.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/iot-records-error.en-US.png` });
  });
});

test.describe('IoT controls for a partner viewer (asset.read only)', () => {
  test.use({ signedInAs: 'laura' });

  test('sees the device card without commands, config changes or records', async ({ page, request, tokens }) => {
    const [asset] = await new Api(request, await tokens('laura')).call(assetQueryEndpoints.query, {
      body: { pageNo: 1, pageSize: 20, hasIot: true },
    });
    expect(asset, 'a Barcelona asset with a device').toBeTruthy();
    const assetNo = asset?.no as string;
    await page.goto(`/asset/detail/${assetNo}`);
    await expect(page.getByText('Device control', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('iot-presence')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send command' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Change config' })).toHaveCount(0);
    await expect(page.getByTestId('iot-latest-records')).toHaveCount(0);
    await page.goto('/asset/control-record');
    await expect(page.getByText('You do not have permission to open this page.')).toBeVisible({ timeout: 60_000 });
  });
});

test.describe('IoT screens in Italian', () => {
  test.use({ signedInAs: 'owner' });
  test.slow();

  test('screenshots in it-IT: the device card, a refused config and the record list', async ({
    page,
    request,
    tokens,
  }) => {
    // A device the other tests here leave alone, with a record of its own to list.
    const token = await tokens('owner');
    const assetNo = (await onlineDemoAssets(request, token, 'tbox'))[2];
    expect(assetNo, 'a third online T-Box demo asset').toBeTruthy();
    await sendCommandByApi(request, token, [assetNo as string], 'device.beep');
    await inLocale(page, 'it-IT');

    // apps/web/src/features/iot/i18n/it-IT.json
    await page.goto(`/asset/detail/${assetNo}`);
    await expectLocale(page, 'it-IT');
    const card = page
      .locator('.ant-card')
      .filter({ has: page.getByText('Controllo del dispositivo', { exact: true }) });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText('Ultimi record', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Invia comando' })).toBeVisible();
    const beep = card.getByRole('row').filter({ hasText: 'Segnale acustico' }).first();
    await expect(beep).toBeVisible({ timeout: 30_000 });
    await expect(beep.locator('[data-status]')).toHaveText(/^(In attesa|Riuscito)$/);
    await saveShot(card, 'iot-asset-card.it-IT.png');

    await card.getByRole('button', { name: 'Modifica configurazione' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: `Modifica configurazione di ${assetNo}` });
    await expect(
      drawer.getByText('Seleziona le voci da modificare; le altre restano come sul dispositivo.'),
    ).toBeVisible();
    await drawer.getByRole('checkbox', { name: 'Limite di velocità', exact: true }).check();
    await drawer.getByRole('spinbutton').first().fill('120');
    await drawer.getByRole('button', { name: 'Invia configurazione' }).click();
    await expect(drawer.getByText('La velocità è al massimo 100 km/h')).toBeVisible();
    await saveShot(page, 'iot-config-refused.it-IT.png');

    await page.goto(`/asset/control-record?assetNo=${assetNo}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 4, name: 'Registro controlli asset' })).toBeVisible();
    await expect(main.getByRole('tab', { name: 'Record dei comandi' })).toHaveAttribute('aria-selected', 'true');
    await expect(main.getByRole('tab', { name: 'Record di configurazione' })).toBeVisible();
    for (const name of ['Numero asset', 'Comando', 'Stato'])
      await expect(main.getByRole('columnheader', { name, exact: true })).toBeVisible();
    const records = new ControlRecordPage(page);
    await expect(records.rows().first()).toContainText('Segnale acustico', { timeout: 30_000 });
    await saveShot(page, 'iot-records.it-IT.png');

    await records
      .rows()
      .first()
      .getByRole('button', { name: new RegExp(`^Apri il record di ${assetNo} richiesto il `) })
      .click();
    await expect(page.locator('.ant-drawer').getByText('Record del comando', { exact: true })).toBeVisible();
    await expect(records.field('Comando')).toHaveText('Segnale acustico', { timeout: 30_000 });
    await expect(records.field('Origine')).toHaveText('Console operativa');
    await expect(records.field('Canale')).toHaveText('Predefinito');
    await saveShot(page, 'iot-record-detail.it-IT.png');
  });
});
