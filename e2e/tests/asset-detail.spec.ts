import { type Asset, assetEndpoints } from '@fleetdesk/contracts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { Api } from '../fixtures/api.ts';
import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, test } from '../fixtures/test.ts';
import { answerConfirm } from '../pages/list.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;
/** A 1×1 PNG: the server judges images by their bytes and re-encodes them. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The contract's moves (packages/contracts/src/assets.ts), repeated so the test fails if the screen offers others. */
const moves: Record<string, string[]> = {
  New: ['Ready', 'NotReady', 'Missing', 'Retired'],
  Ready: ['NotReady', 'Missing'],
  NotReady: ['Ready', 'Missing', 'Retired'],
  Missing: ['Ready', 'NotReady', 'Retired'],
  Retired: [],
};
const label: Record<string, string> = {
  New: 'New',
  Ready: 'Ready',
  NotReady: 'Not ready',
  Missing: 'Missing',
  Retired: 'Retired',
};

/** Demo assets by number prefix, read through the API the pickers use. */
async function demoAssets(request: APIRequestContext, token: string, prefix: string): Promise<Asset[]> {
  const api = new Api(request, token);
  const nos = await api.call(assetEndpoints.findNos, { query: { prefix, limit: 50 } });
  expect(nos.length).toBeGreaterThan(5);
  return api.call(assetEndpoints.search, { body: { nos } });
}

async function choose(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.locator('.ant-select-dropdown').filter({ visible: true }).getByTitle(option, { exact: true }).click();
}

test.describe('asset detail and create (Asset → Asset list)', () => {
  test.use({ signedInAs: 'owner' });

  test('edit the lifecycle and note of a demo asset; the field log shows both changes', async ({
    page,
    request,
    tokens,
  }) => {
    const assets = await demoAssets(request, await tokens('owner'), 'MI');
    const asset = assets.find((a) => (moves[a.lifeCycleState] ?? []).length > 0 && a.category.isEnabled);
    if (!asset) throw new Error('no demo asset with a lifecycle move');
    const target = moves[asset.lifeCycleState]?.[0] as string;
    const note = `Checked by e2e ${Date.now().toString(36)}`;

    await page.goto(`/asset/detail/${asset.no}`);
    await expect(page.getByText(asset.no).first()).toBeVisible();
    await expect(page.getByTestId('asset-orders').getByText('Orders', { exact: true })).toBeVisible();
    // The trip builder's view of the asset (document 2 §4 "Trip asset status").
    const tripStatus = page.locator('.ant-descriptions-item').filter({ hasText: 'Trip status' });
    await expect(tripStatus).toHaveText(asset.tripStatus === 'Ongoing' ? /Ongoing/ : /Finished/);
    await page.getByRole('button', { name: 'edit Edit', exact: true }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: `Edit asset ${asset.no}` });
    await expect(drawer.getByText(`Edit asset ${asset.no}`)).toBeVisible();

    // Only the contract's moves (and staying put) are offered. The options render after the dropdown opens, so
    // their count is awaited before they are read; the choice is repeated until the field holds it.
    const lifecycle = drawer.getByRole('combobox', { name: 'Lifecycle state' });
    const expectedOffered = [asset.lifeCycleState, ...(moves[asset.lifeCycleState] ?? [])].map((s) => label[s]).sort();
    const options = page.locator('.ant-select-dropdown').filter({ visible: true }).locator('.ant-select-item-option');
    await lifecycle.click();
    await expect(options).toHaveCount(expectedOffered.length);
    const offered = await options.evaluateAll((items) => items.map((i) => i.getAttribute('title')));
    expect(offered.sort()).toEqual(expectedOffered);
    // The field's own text is the chosen state's label (a tag, not a title attribute).
    const chosen = drawer
      .locator('.ant-select')
      .filter({ has: page.getByRole('combobox', { name: 'Lifecycle state' }) })
      .locator('.ant-select-content');
    await expect(async () => {
      if (!(await options.first().isVisible())) await lifecycle.click();
      await options.and(page.getByTitle(label[target] as string)).click({ timeout: 2_000 });
      await expect(chosen).toHaveText(label[target] as string, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await drawer.getByLabel('Note').fill(note);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-edit.en-US.png`, fullPage: true });
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Asset saved')).toBeVisible();
    await expect(drawer).toBeHidden();

    const log = page.locator('.ant-card').filter({ hasText: 'Field log' });
    await expect(log.getByRole('row').filter({ hasText: 'Lifecycle state' }).first()).toContainText(
      `${label[asset.lifeCycleState]} → ${label[target]}`,
    );
    await expect(log.getByRole('row').filter({ hasText: 'Note' }).first()).toContainText(note);
    // Who made the change is the signed-in user; newest rows come first, so both are on page one.
    await expect(log.getByRole('row').filter({ hasText: 'Lifecycle state' }).first()).toContainText('Account Owner');
    await expect(page.locator('.ant-tag[data-state]').first()).toHaveText(label[target] as string);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-detail.en-US.png`, fullPage: true });
  });

  test('create an asset and land on its detail page; a taken number is refused on its field', async ({
    page,
    request,
    tokens,
  }) => {
    const taken = (await demoAssets(request, await tokens('owner'), 'MI'))[0] as Asset;
    const no = `MIT${Date.now().toString(36).toUpperCase()}`;
    await page.goto('/asset/new');
    const form = page.locator('form');
    await choose(page, form.getByRole('combobox', { name: 'Category' }), taken.category.name);
    await choose(page, form.getByRole('combobox', { name: 'Partner' }), 'Milano Bike Hub');
    await form.getByLabel('Asset number').fill(taken.no.toLowerCase());
    await expect(form.getByLabel('Asset number')).toHaveValue(taken.no);
    await form.getByLabel('Note').fill('Delivered by e2e');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-new.en-US.png`, fullPage: true });
    await page.getByRole('button', { name: 'Create asset' }).click();
    await expect(page.getByText('Asset number already exists')).toBeVisible();
    await expect(page).toHaveURL('/asset/new');

    await form.getByLabel('Asset number').fill(no);
    await page.getByRole('button', { name: 'Create asset' }).click();
    await expect(page).toHaveURL(`/asset/detail/${no}`);
    await expect(page.locator('.ant-tag[data-state]').first()).toHaveText('New');
    await expect(page.getByText('Delivered by e2e', { exact: true })).toBeVisible();
    await expect(page.getByText('Milano Bike Hub', { exact: true })).toBeVisible();
  });

  test('binding an IoT device that another asset holds is refused with the spec message', async ({
    page,
    request,
    tokens,
  }) => {
    const assets = await demoAssets(request, await tokens('owner'), 'MI');
    const holder = assets.find((a) => a.iot !== null);
    const other = assets.find((a) => a.category.isIot && a.no !== holder?.no);
    if (!holder?.iot || !other) throw new Error('demo data lacks IoT assets');

    await page.goto(`/asset/detail/${other.no}`);
    const card = page.locator('.ant-card').filter({ hasText: 'IoT device' });
    await card.getByLabel('IoT device ID').fill(holder.iot.deviceNo);
    await choose(page, card.getByRole('combobox', { name: 'Vendor' }), 'TBox');
    await card.getByRole('button', { name: /^(Bind|Replace device)$/ }).click();
    await expect(card.getByText('Edit failed, IoT device ID already bound')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-iot-refused.en-US.png`, fullPage: true });
  });

  test('delete is confirmed and refused while the asset is renting out', async ({ page, request, tokens }) => {
    const token = await tokens('owner');
    const assets = [...(await demoAssets(request, token, 'MI')), ...(await demoAssets(request, token, 'BC'))];
    const renting = assets.find((a) => a.turnoverState === 'RentingOut');
    if (!renting) throw new Error('demo data lacks a renting asset');
    await page.goto(`/asset/detail/${renting.no}`);
    await page.getByRole('button', { name: 'delete Delete', exact: true }).click();
    const question = page.getByRole('dialog').filter({ hasText: `Delete asset ${renting.no}?` });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('The asset is renting out and cannot be deleted')).toBeVisible();
    // Still there.
    expect((await new Api(request, token).asset(renting.no)).no).toBe(renting.no);
  });

  test('upload and remove an image property value; unbind the IoT device', async ({ page, request, tokens }) => {
    const scooter = (await demoAssets(request, await tokens('owner'), 'MIS')).find(
      (a) => a.category.name === 'Kick e-scooter' && a.iot !== null,
    );
    if (!scooter?.iot) throw new Error('demo data lacks a bound Milano scooter');
    await page.goto(`/asset/detail/${scooter.no}`);
    const photo = page.locator('.ant-list-item').filter({ hasText: 'Damage photo' });
    await photo.locator('input[type=file]').setInputFiles({ name: 'damage.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Image uploaded')).toBeVisible();
    await expect(photo.getByRole('img', { name: 'Property image' })).toBeVisible();
    await photo.getByRole('button', { name: 'delete Remove' }).click();
    await answerConfirm(page, 'Remove this image?', 'Remove');
    await expect(photo.getByRole('img', { name: 'Property image' })).toHaveCount(0);

    const card = page.locator('.ant-card').filter({ hasText: 'IoT device' });
    await expect(card.getByText(scooter.iot.deviceNo, { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Unbind' }).click();
    await answerConfirm(page, `Unbind device ${scooter.iot.deviceNo} from this asset?`, 'Unbind');
    await expect(card.getByText('No device bound')).toBeVisible();
    const log = page.locator('.ant-card').filter({ hasText: 'Field log' });
    await expect(log.getByRole('row').filter({ hasText: 'IoT device ID' }).first()).toContainText(
      `${scooter.iot.deviceNo} → —`,
    );
  });

  test('an unknown number shows the data-missing page', async ({ page }) => {
    await page.goto('/asset/detail/ZZ0000000');
    await expect(page.getByText('The data do not exist!')).toBeVisible();
    await page.goto('/asset/detail/not-a-number');
    await expect(page.getByText('The data do not exist!')).toBeVisible();
  });

  test('screenshots in zh-CN', async ({ page, request, tokens }) => {
    const asset = (await demoAssets(request, await tokens('owner'), 'MI')).find((a) => a.category.isIot) as Asset;
    const main = page.getByRole('main');
    // apps/web/src/features/assets/i18n/zh-CN.json and the menu's titles in shared/i18n/common/zh-CN.json
    await inLocale(page, 'zh-CN');
    await page.goto(`/asset/detail/${asset.no}`);
    await expectLocale(page, 'zh-CN');
    await expect(main.getByRole('heading', { level: 4, name: asset.no })).toBeVisible();
    for (const card of ['状态', '基本信息', '属性值', '物联网设备', '字段日志', '订单'])
      await expect(main.locator('.ant-card-head-title').getByText(card, { exact: true })).toBeVisible();
    await expect(main.getByText('合作伙伴', { exact: true }).first()).toBeVisible();
    await expect(main.getByRole('button', { name: '编辑' })).toBeVisible();
    await expect(main.getByRole('button', { name: '删除' })).toBeVisible();
    await saveShot(page, 'asset-detail.zh-CN.png', { fullPage: true });

    await main.getByRole('button', { name: '编辑' }).click();
    const drawer = page.getByRole('dialog', { name: `编辑资产 ${asset.no}` });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('生命周期状态', { exact: true })).toBeVisible();
    await expect(drawer.getByText('仅显示当前状态允许的变更')).toBeVisible();
    await saveShot(page, 'asset-edit.zh-CN.png', { fullPage: true });

    await page.goto('/asset/new');
    await expect(main.getByRole('heading', { level: 4, name: '新建资产', exact: true })).toBeVisible();
    for (const field of ['类别', '资产编号', '合作伙伴', '站点', '使用方式', '备注'])
      await expect(main.locator('form').getByText(field, { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: '创建资产' })).toBeVisible();
    await saveShot(page, 'asset-new.zh-CN.png', { fullPage: true });
  });
});

test.describe('asset detail for an operations manager', () => {
  test.use({ signedInAs: 'elena' });

  test('may edit but not delete or create', async ({ page, request, tokens }) => {
    const asset = (await demoAssets(request, await tokens('elena'), 'SE'))[0] as Asset;
    await page.goto(`/asset/detail/${asset.no}`);
    await expect(page.getByRole('button', { name: 'edit Edit', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'delete Delete', exact: true })).toHaveCount(0);
    await page.goto('/asset/new');
    await expect(page.getByRole('button', { name: 'Create asset' })).toHaveCount(0);
  });
});
