import { readFile } from 'node:fs/promises';
import { categoryEndpoints, siteEndpoints, subscriptionEndpoints, tripEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { reportTelemetry, TEST_DEVICE_PREFIX } from '../fixtures/device.ts';
import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, test, unique } from '../fixtures/test.ts';
import { pickOption } from '../pages/asset-list.page.ts';
import { uniqueAssetNo } from '../pages/customer-tickets.page.ts';
import { answerConfirm, pickOptions } from '../pages/list.ts';
import { SubscriptionOrdersPage } from '../pages/subscription-orders.page.ts';

const DAY = 86_400_000;

/** A package of Milano's city e-bikes with a first plan and a plan to change to, made through the API. */
async function setUp(api: Api) {
  const partners = await api.partners();
  const partner = partners.find((p) => /milano/i.test(p.name));
  if (!partner) throw new Error('No demo partner of Milano');
  const categories = await api.call(categoryEndpoints.list, { query: { pageNo: 1, pageSize: 100 } });
  const category = categories.find((c) => c.name === 'City e-bike');
  if (!category) throw new Error('No demo category City e-bike');
  const site = (await api.call(siteEndpoints.all)).find((s) => s.partnerId === partner.id);
  if (!site) throw new Error(`No site of ${partner.name}`);
  const plan = {
    basicFee: 100,
    usageFee: 2,
    usageFeeUpperLimit: 50,
    initialAvailability: 3,
    deductible: 10,
    durationUnit: 'months' as const,
    durationQuantity: 1,
    validSince: new Date(Date.now() - DAY).toISOString(),
    validUntil: new Date(Date.now() + 365 * DAY).toISOString(),
    cannotBeFirstPlan: false,
  };
  const pkg = await api.call(subscriptionEndpoints.createPackage, {
    body: {
      name: unique('E2E fleet'),
      description: '',
      partnerId: partner.id,
      categoryId: category.id,
      plans: [
        { ...plan, name: 'E2E Monthly' },
        { ...plan, name: 'E2E Plus', basicFee: 150, cannotBeFirstPlan: true },
      ],
    },
  });
  const assets = await api.call(subscriptionEndpoints.subscribableAssets, {
    query: { pageNo: 1, pageSize: 10, partnerId: partner.id, categoryId: category.id },
  });
  expect(assets.length, 'Ready city e-bikes of Milano to subscribe').toBeGreaterThanOrEqual(3);
  return { partner, category, site, pkg, nos: assets.slice(0, 3).map((a) => a.no) };
}

test.describe('subscription orders (B2B Subscription → Management, Order)', () => {
  test.use({ signedInAs: 'owner' });

  test('subscribe a partner in three steps, change the plan, read the trades, unsubscribe; Italian screens', async ({
    page,
    request,
    tokens,
  }) => {
    const api = new Api(request, await tokens('owner'));
    const { partner, site, pkg, nos } = await setUp(api);
    const so = new SubscriptionOrdersPage(page);
    const main = page.getByRole('main');
    const shots = (name: string) => `subscription-${name}.png`;

    // New subscription: plan, payment, asset.
    await page.goto('/subscription/management/list');
    await main.getByRole('link', { name: 'New subscription' }).click();
    await expect(main.getByRole('heading', { name: 'New subscription' })).toBeVisible();
    await so.fillPlanStep({
      partner: partner.name,
      packageName: pkg.name,
      planName: 'E2E Monthly',
      site: site.name,
    });
    await expect(so.field('spinbutton', 'Asset quota')).toHaveValue('3');
    await so.next();

    // The payment method is required and must be a provider id; the hint fills a test id.
    await so.next();
    await expect(main.getByText('Payment method must be a provider payment method id (pm_…)')).toBeVisible();
    await main.getByTestId('payment-method-hint').getByText('pm_card_visa').click();
    await so.next();

    await so.pickAssets(nos.slice(0, 2));
    // A pasted number the partner does not have is refused by the server, on the assets field.
    await main.getByRole('button', { name: /Paste asset numbers/ }).click();
    await main.getByRole('textbox', { name: 'Paste asset numbers' }).fill('nosuch1');
    await main.getByRole('button', { name: 'Add 1 number' }).click();
    await expect(main.getByTestId('asset-picked-count')).toHaveText('3 / 3 assets');
    await main.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(main.getByText("This asset number does not exist or is not the partner's: NOSUCH1")).toBeVisible();
    await saveShot(page, shots('new-assets.en-US'), { fullPage: true });
    await main.getByRole('button', { name: 'Remove NOSUCH1' }).click();
    await expect(main.getByTestId('asset-picked-count')).toHaveText('2 / 3 assets');
    await main.getByRole('button', { name: 'Subscribe', exact: true }).click();

    // The detail, titled with the order no; the first period is fixed with its basic trade.
    await expect(page).toHaveURL(/\/subscription\/management\/detail\//);
    const no = await so.orderNo();
    await expect(main.getByTestId('current-period')).toContainText('E2E Monthly');
    await expect(main.getByTestId('fee-total')).toContainText('100');
    await saveShot(page, shots('detail.en-US'), { fullPage: true });

    // On the Subscribed tab of the order list.
    await page.goto('/subscription/order/list');
    const row = main.getByRole('row').filter({ hasText: no });
    await expect(row).toContainText(`${pkg.name} / E2E Monthly`);
    await expect(row).toContainText('2 / 3');
    await row.getByRole('link', { name: `Open subscription order ${no}` }).click();
    await expect(page).toHaveURL(/\/subscription\/order\/detail\//);

    // Change the plan for the next period: the current period keeps its plan.
    await main.getByRole('button', { name: /Change plan$/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: `Change the plan of ${no}` });
    await expect(dialog.getByTestId('change-plan-from')).toContainText('first period not yet fixed');
    await pickOption(page, dialog.getByRole('combobox', { name: 'Plan' }), 'E2E Plus');
    await dialog.getByRole('button', { name: 'Change plan', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(main.getByTestId('terms-next-plan')).toHaveText('E2E Plus');
    await expect(main.getByTestId('current-period')).toContainText('E2E Monthly');

    // The trades, filtered by fee type: the title says which.
    await main.getByRole('link', { name: 'Trades' }).click();
    await expect(main.getByRole('heading', { name: `${no} · All fees` })).toBeVisible();
    await pickOptions(page, main.getByRole('combobox', { name: 'Fee type' }), ['Basic fee']);
    await main.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/feeTypeIn=basic/);
    await expect(main.getByRole('heading', { name: `${no} · Basic fee` })).toBeVisible();
    const trade = main.getByRole('row').filter({ hasText: 'Basic fee' });
    await expect(trade).toHaveCount(1);
    await expect(trade).toContainText('#1');
    // The export is the server's CSV of the same filters: the basic trade only.
    const download = page.waitForEvent('download');
    await main.getByRole('button', { name: /Export$/ }).click();
    const csv = await download;
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const lines = (await readFile((await csv.path()) as string, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('basic');
    await saveShot(page, shots('trades.en-US'), { fullPage: true });

    // Unsubscribe: it ends with the current period.
    await main.getByRole('link', { name: 'Order' }).click();
    await so.confirmAction('Unsubscribe', `Unsubscribe ${no}?`, 'Unsubscribe');
    await expect(main.locator('[data-status="unsubscribing"]')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Change plan' })).toHaveCount(0);

    // 1024 px wide: the detail still reads.
    await page.setViewportSize({ width: 1024, height: 800 });
    await saveShot(page, shots('detail-1024.en-US'), { fullPage: true });

    // Italian.
    await inLocale(page, 'it-IT');
    await page.reload();
    await expectLocale(page, 'it-IT');
    await expect(main.locator('[data-status="unsubscribing"]')).toHaveText('In disdetta');
    await expect(main.getByText('Condizioni', { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Chiusura forzata' })).toBeVisible();
    await saveShot(page, shots('detail-1024.it-IT'), { fullPage: true });
    await page.setViewportSize({ width: 1366, height: 860 });
    await page.goto('/subscription/order/list');
    await expect(main.getByRole('tab', { name: 'Attivi' })).toHaveAttribute('aria-selected', 'true');
    await expect(main.getByRole('row').filter({ hasText: no })).toContainText('In disdetta');
    await saveShot(page, shots('list.it-IT'), { fullPage: true });
  });

  test('edit the terms and the next assets, refund part of a trade, force close', async ({ page, request, tokens }) => {
    const api = new Api(request, await tokens('owner'));
    const { partner, site, pkg, nos } = await setUp(api);
    const plan = pkg.plans.find((p) => p.name === 'E2E Monthly');
    if (!plan) throw new Error('No first plan');
    const order = await api.call(subscriptionEndpoints.createOrder, {
      body: {
        partnerId: partner.id,
        packageId: pkg.id,
        planId: plan.id,
        usagePeriodMode: 'rolling',
        billingCycleFixedPattern: null,
        assetQuota: 2,
        assetTransferSiteId: site.id,
        renewStrategy: 'auto-renew',
        terminateTime: null,
        note: '',
        payment: { type: 'credit-card', paymentMethod: 'pm_card_visa' },
        assetNos: nos.slice(0, 2),
      },
    });
    const so = new SubscriptionOrdersPage(page);
    const main = page.getByRole('main');

    // Edit: plan and package are shown, not chosen; a quota below the assets listed is refused on the field.
    await page.goto(`/subscription/management/detail/${order.id}`);
    await main.getByRole('link', { name: 'Edit' }).click();
    await expect(main.getByRole('heading', { name: `Edit ${order.no}` })).toBeVisible();
    await expect(main.getByText('E2E Monthly')).toBeVisible();
    const quota = so.field('spinbutton', 'Asset quota');
    await quota.fill('1');
    await so.next();
    await expect(main.getByText('The asset quota cannot be below the assets already listed')).toBeVisible();

    // Leaving with unsaved changes asks first.
    await main.getByRole('button', { name: 'Cancel', exact: true }).click();
    await answerConfirm(page, 'Are you sure you want to leave without saving?', 'Stay');

    await quota.fill('3');
    await so.next();
    await so.next();
    await so.pickAssets([nos[2] as string]);
    await expect(main.getByTestId('asset-picked-count')).toHaveText('3 / 3 assets');
    await main.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/subscription/management/detail/${order.id}$`));
    await expect(main.getByText('2 / 3', { exact: true })).toBeVisible();
    await main.getByText('From the next change').click();
    for (const no of nos) await expect(main.getByTestId('order-assets').getByRole('cell', { name: no })).toBeVisible();

    // Refund part of the paid basic trade.
    await main.getByRole('button', { name: /Exempt \/ refund$/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: `Exempt or refund a trade of ${order.no}` });
    await dialog.getByRole('combobox', { name: 'Trade' }).click();
    await page
      .locator('.ant-select-dropdown')
      .filter({ visible: true })
      .getByText(/#1 · Basic fee · Succeeded/)
      .click();
    await expect(dialog.getByTestId('exempt-refund-max')).toContainText('100.00');
    await dialog.getByRole('spinbutton', { name: 'Amount to refund' }).fill('150');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Goodwill');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog.getByText('At most €100.00', { exact: true })).toBeVisible();
    await dialog.getByRole('spinbutton', { name: 'Amount to refund' }).fill('10');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(main.getByTestId('fee-refunded')).toContainText('10.00');
    await saveShot(page, 'subscription-detail-refunded.en-US.png', { fullPage: true });

    // Force close: it ends now.
    await so.confirmAction('Force close', `Force close ${order.no} now?`, 'Force close');
    await expect(main.locator('[data-status="finished"]')).toBeVisible();
    await expect(main.getByRole('button', { name: /Force close$/ })).toHaveCount(0);
    await page.goto('/subscription/order/list?tab=finished');
    await expect(main.getByRole('row').filter({ hasText: order.no })).toContainText('Finished');
  });

  test('a ride is billed as usage: the force close makes the final usage trade from the trip', async ({
    page,
    request,
    tokens,
  }) => {
    // A ride replayed after it happened and a trip job round (every 30 s) on two busy cores.
    test.setTimeout(180_000);
    const api = new Api(request, await tokens('owner'));
    const { partner, category, site } = await setUp(api);
    // No free hours and 360 an hour: 0.10 a ridden second, so even a short ride is a visible fee.
    const pkg = await api.call(subscriptionEndpoints.createPackage, {
      body: {
        name: unique('E2E rides'),
        description: '',
        partnerId: partner.id,
        categoryId: category.id,
        plans: [
          {
            name: 'E2E per ride',
            basicFee: 1,
            usageFee: 360,
            usageFeeUpperLimit: 1000,
            initialAvailability: 1,
            deductible: 0,
            durationUnit: 'days',
            durationQuantity: 1,
            validSince: new Date(Date.now() - DAY).toISOString(),
            validUntil: new Date(Date.now() + 365 * DAY).toISOString(),
            cannotBeFirstPlan: false,
          },
        ],
      },
    });
    const no = uniqueAssetNo('SUB');
    await api.createAsset(category.id, {
      no,
      partnerId: partner.id,
      usageMode: 'customer-rental',
      lifeCycleState: 'Ready',
    });
    const deviceNo = `${TEST_DEVICE_PREFIX}${no}`;
    await api.bindDevice(no, { no: deviceNo, vendor: 'tbox' });
    const order = await api.call(subscriptionEndpoints.createOrder, {
      body: {
        partnerId: partner.id,
        packageId: pkg.id,
        planId: pkg.plans[0]?.id as string,
        usagePeriodMode: 'rolling',
        billingCycleFixedPattern: null,
        assetQuota: 1,
        assetTransferSiteId: site.id,
        renewStrategy: 'auto-renew',
        terminateTime: null,
        note: '',
        payment: { type: 'credit-card', paymentMethod: 'pm_card_visa' },
        assetNos: [no],
      },
    });
    const so = new SubscriptionOrdersPage(page);
    const main = page.getByRole('main');
    await page.goto(`/subscription/management/detail/${order.id}`);
    await expect(main.getByTestId('subscription-order-no')).toHaveText(order.no);

    // A 20-second ride inside the period, reported once it has happened (fixes carry the device's times).
    const start = Date.parse(order.startTime) + 2_000;
    const wait = start + 24_000 - Date.now();
    if (wait > 0) await page.waitForTimeout(wait);
    const north = (m: number) => ({ lat: 45.47 + m / 111_195, lng: 9.18 });
    await reportTelemetry(deviceNo, { pos: north(0), vel: 0, lock: 'unlocked', ts: start });
    for (let i = 1; i <= 5; i++)
      await reportTelemetry(deviceNo, { pos: north(i * 20), vel: 18, lock: 'unlocked', ts: start + i * 4_000 });
    await reportTelemetry(deviceNo, { pos: north(100), vel: 0, lock: 'locked', ts: start + 21_000 });
    const finished = async () =>
      (await api.call(tripEndpoints.list, { query: { assetNo: no, status: 'finished' } })).length;
    await expect.poll(finished, { timeout: 120_000, intervals: [2_000] }).toBeGreaterThan(0);

    // Closing now makes the period's usage final at once: the ride's seconds at 0.10 each.
    await so.confirmAction('Force close', `Force close ${order.no} now?`, 'Force close');
    await expect(main.locator('[data-status="finished"]')).toBeVisible();
    await page.goto(`/subscription/management/trade/${order.id}?feeTypeIn=usage`);
    const usage = main.getByRole('row').filter({ hasText: 'Usage fee' });
    await expect(usage).toHaveCount(1);
    await expect(usage).toContainText('Succeeded');
    const trades = await api.call(subscriptionEndpoints.trades, {
      params: { id: order.id },
      query: { feeTypeIn: ['usage'] },
    });
    const [trade] = trades;
    if (!trade) throw new Error('No usage trade');
    expect(trade.usageHours).toBeGreaterThan(0);
    expect(trade.amount).toBeGreaterThan(1);
    await expect(usage).toContainText(trade.amount.toFixed(2));
  });
});
