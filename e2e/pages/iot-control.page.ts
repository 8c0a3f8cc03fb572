import { assetQueryEndpoints, type BatchInvokeCommandInput, iotEndpoints } from '@fleetdesk/contracts';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { Api } from '../fixtures/api.ts';
import { TEST_DEVICE_PREFIX } from '../fixtures/device.ts';
import { ListPageObject } from './list.ts';

/**
 * Demo assets with a device of `vendor` that reported within the last hour: the e2e server's simulator runs
 * the demo fleet, and these devices are online, so they answer commands. A test's own devices (a test that
 * failed before deleting them) report too, but answer nothing: they are left out.
 */
export async function onlineDemoAssets(request: APIRequestContext, token: string, vendor: string): Promise<string[]> {
  const assets = await new Api(request, token).call(assetQueryEndpoints.query, {
    body: { pageNo: 1, pageSize: 100, hasIot: true },
  });
  const hourAgo = Date.now() - 60 * 60 * 1000;
  return assets
    .filter(
      (a) =>
        a.iot?.vendor === vendor &&
        !a.iot.deviceNo.startsWith(TEST_DEVICE_PREFIX) &&
        Date.parse(a.iotState.lastUpdateTime ?? '') > hourAgo,
    )
    .map((a) => a.no);
}

/** Sends a command the way the console does, for tests that need records to exist. */
export async function sendCommandByApi(
  request: APIRequestContext,
  token: string,
  assetNos: string[],
  command: BatchInvokeCommandInput['command'],
) {
  await new Api(request, token).call(iotEndpoints.batchInvokeCommand, { body: { assetNos, command } });
}

/** The asset detail's "Device control" card: commands, config changes and the latest records. */
export class AssetControlCard {
  readonly card: Locator;

  constructor(readonly page: Page) {
    this.card = page.locator('.ant-card').filter({ has: page.getByText('Device control', { exact: true }) });
  }

  async open(assetNo: string) {
    await this.page.goto(`/asset/detail/${assetNo}`);
    await expect(this.card).toBeVisible({ timeout: 30_000 });
  }

  /** Opens "Send command" and picks a command by its label (the menu closes on the click). */
  async sendCommand(label: string, from: Locator = this.card) {
    const item = this.page.getByRole('menuitem', { name: label, exact: true });
    // The menu animates in; a click mid-animation can be lost, so opening repeats until the item shows. The item
    // itself is clicked once: a repeated click could send the command twice.
    await expect(async () => {
      if (!(await item.isVisible())) await from.getByRole('button', { name: 'Send command' }).click();
      await expect(item).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await item.click();
  }

  /** Answers the confirmation of a disruptive or batch command; it stays open (spinning) until the server answers. */
  async confirmSend(question: string) {
    const box = this.page.getByRole('dialog').filter({ hasText: question });
    await expect(box).toBeVisible();
    await box.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(box).toBeHidden({ timeout: 30_000 });
  }

  /** The results dialog of a command just sent. */
  results(): Locator {
    return this.page.getByRole('dialog').filter({ has: this.page.getByTestId('control-results') });
  }

  latestRecords(): Locator {
    return this.card.getByTestId('iot-latest-records');
  }
}

/** The "Change config" drawer. */
export class ConfigDrawer {
  readonly drawer: Locator;

  constructor(readonly page: Page) {
    this.drawer = page.getByRole('dialog').filter({ hasText: 'Change config of' });
  }

  /** Ticks an item so it is sent. */
  async tick(item: string) {
    await this.drawer.getByRole('checkbox', { name: item, exact: true }).check();
  }

  itemCard(item: string): Locator {
    return this.drawer
      .locator('.ant-card')
      .filter({ has: this.page.getByRole('checkbox', { name: item, exact: true }) });
  }

  async send() {
    await this.drawer.getByRole('button', { name: 'Send config' }).click();
  }
}

/** Asset → Control record: the command and config records, their filters and the detail drawer. */
export class ControlRecordPage extends ListPageObject {
  async goto(query = '') {
    await this.page.goto(`/asset/control-record${query}`);
    await expect(this.page.getByRole('tab', { name: 'Command records' })).toBeVisible({ timeout: 30_000 });
  }

  async filterByAsset(assetNo: string) {
    await this.page.getByRole('main').getByRole('textbox', { name: 'Asset number' }).fill(assetNo);
    await this.page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(this.page).toHaveURL(new RegExp(`[?&]assetNo=${assetNo}`));
  }

  statusTags(): Locator {
    return this.rows().locator('[data-status]');
  }

  /** The detail drawer's value of one field, by its label. */
  field(label: string): Locator {
    return this.page
      .locator('.ant-drawer .ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) })
      .locator('xpath=following-sibling::*[1]');
  }
}
