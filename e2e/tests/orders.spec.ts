import type { APIRequestContext } from '@playwright/test';
import { Api } from '../fixtures/api.ts';
import { BASE_URL, type DemoUser, LOCALE_KEY, TOKEN_KEY } from '../fixtures/env.ts';
import { apiLogin, expect, test } from '../fixtures/test.ts';
import { pickOptions } from '../pages/list.ts';
import {
  type DemoRenter,
  demoAssets,
  demoRenters,
  leasableRenter,
  NewOrderPage,
  OrderDetailPage,
  OrderListPage,
  unverifiedDemoCustomer,
} from '../pages/orders.page.ts';
import { typeDateTime } from '../pages/pricing.page.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;
const CITY_EBIKE = 'City e-bike';
const URBAN_BIKE = 'Urban bike';
/** Device vendors whose model unlocks (device.turn_on); a rybit-tag tracker has no lock. */
const UNLOCKING = ['tbox', 'rybit-box'];
/** Stripe's declining test token is the demo's Apple Pay method. */
const DECLINED_LAST4 = '0002';

/** How the new-order flow names a payment method: "Mastercard •••• 4444 · Credit card". */
const kinds: Record<string, string> = {
  'credit-card': 'Credit card',
  'debit-sepa': 'SEPA direct debit',
  'wallet-apple-pay': 'Apple Pay',
  'wallet-google-pay': 'Google Pay',
};
function methodLabel({ method: m }: DemoRenter) {
  const brand = m.brand ? m.brand.charAt(0).toUpperCase() + m.brand.slice(1) : null;
  const card = [brand, m.last4 ? `•••• ${m.last4}` : null].filter(Boolean).join(' ');
  return [card, kinds[m.type] ?? m.type].filter(Boolean).join(' · ');
}

/**
 * The demo data Milano rents city e-bikes (9.50 a day, weekly or monthly, 150 deposit) and urban bikes; its
 * customers' payment methods are Stripe test tokens, and the e2e server's simulator answers the demo devices.
 * Each test takes its own customer and asset, and leaves the asset free again (ended, declined or undone).
 */
async function demoSetUp(tokens: (user: DemoUser) => Promise<string>, request: APIRequestContext) {
  const token = await tokens('owner');
  const renters = await demoRenters(request, token);
  const paying = renters.filter((r) => r.method.last4 !== DECLINED_LAST4);
  const declining = renters.filter((r) => r.method.last4 === DECLINED_LAST4);
  expect(paying.length, 'Milano renters whose card succeeds').toBeGreaterThanOrEqual(3);
  expect(declining.length, 'a Milano renter whose Apple Pay declines').toBeGreaterThanOrEqual(1);
  return { token, paying, declining };
}

test.describe('renting orders', () => {
  test.use({ signedInAs: 'owner' });
  // The checkout waits for the payment provider and for a simulated device through the broker and the jobs queue.
  test.slow();

  test('open an order through the new-order flow, refund part of it and end it', async ({ page, tokens, request }) => {
    const { token, paying } = await demoSetUp(tokens, request);
    const [assetNo] = await demoAssets(request, token, {
      category: CITY_EBIKE,
      vendors: UNLOCKING,
      turnover: 'InSite',
    });
    expect(assetNo, 'a free city e-bike with an online device').toBeTruthy();
    const renter = await leasableRenter(request, token, paying, assetNo as string);
    const list = new OrderListPage(page);
    const flow = new NewOrderPage(page);

    await list.goto();
    await list.newButton.click();
    await expect(page).toHaveURL(/\/renting\/order\/new$/);

    // 1. Customer: found by phone, e-mail verified.
    await expect(flow.next).toBeDisabled();
    await flow.chooseCustomer(renter);
    await expect(flow.main.getByTestId('order-customer')).toContainText('Verified');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-new-1-customer.en-US.png`, fullPage: true });
    await flow.next.click();

    // 2. Asset: inspected for this customer.
    await flow.inspect((assetNo as string).toLowerCase());
    await expect(flow.inspection()).toContainText('The asset can be rented to this customer');
    await expect(flow.main.getByRole('searchbox', { name: 'Asset no.' })).toHaveValue(assetNo as string);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-new-2-asset.en-US.png`, fullPage: true });
    await flow.next.click();

    // 3. Plan, deposit and payment method.
    await expect(flow.main.getByRole('radio', { name: /^Every week/ })).toHaveAccessibleName(
      /€9\.50 \/ day.*First payment €66\.50/,
    );
    await expect(flow.main.getByTestId('offer-deposit')).toHaveText('€150.00');
    await flow.next.click();
    await expect(flow.main.getByText('Choose a payment plan')).toBeVisible();
    await flow.choosePlan('Every week', methodLabel(renter));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-new-3-plan.en-US.png`, fullPage: true });
    await flow.next.click();

    // 4. Checkout: deposit and first rent due now.
    await expect(flow.main.getByTestId('checkout-summary')).toContainText(assetNo as string);
    await expect(flow.main.getByTestId('checkout-total')).toContainText('€216.50');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-new-4-checkout.en-US.png`, fullPage: true });
    await flow.confirm();

    // 5. Payment progress, followed until the device has unlocked.
    await expect(page).toHaveURL(/orderId=/);
    await expect(flow.progress()).toHaveAttribute('data-outcome', 'success', { timeout: 45_000 });
    await expect(flow.progress()).toContainText('The order is open');
    for (const step of ['deposit', 'rent', 'unlock'] as const)
      await expect(flow.step(step)).toHaveAttribute('data-status', 'succeeded');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-new-5-progress.en-US.png`, fullPage: true });
    await flow.main.getByRole('button', { name: 'Open order detail' }).click();

    // The detail: open, in use, paid.
    const detail = new OrderDetailPage(page);
    await expect(detail.status()).toHaveText('Open');
    await expect(detail.leaseStatus()).toHaveText('In use');
    await expect(detail.main.getByTestId('order-summary')).toContainText(renter.name);
    await expect(detail.fee('paid')).toHaveText('€66.50');
    const orderNo = (await detail.main.getByTestId('order-no').getAttribute('data-order-no')) as string;
    expect(orderNo).toMatch(/^R\d{6}/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-detail.en-US.png`, fullPage: true });

    // Refund: more than was paid is refused before sending; part of it goes through.
    await detail.button('Refund / Exempt').click();
    const refund = detail.dialog(`Refund or exempt · ${orderNo}`);
    await expect(refund.getByTestId('refund-max')).toHaveText(
      'At most €66.50 can be refunded (paid and not yet refunded).',
    );
    await refund.getByLabel('Amount').fill('80');
    await refund.getByLabel('Reason').fill('Brakes were faulty on day one');
    await refund.getByRole('button', { name: 'Confirm refund' }).click();
    await expect(refund.getByText('A refund cannot be more than €66.50')).toBeVisible();
    await refund.getByLabel('Amount').fill('16.5');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-refund.en-US.png`, fullPage: true });
    await refund.getByRole('button', { name: 'Confirm refund' }).click();
    await expect(page.getByText('€16.50 refunded.')).toBeVisible();
    await expect(refund).toBeHidden();
    await expect(detail.fee('refunded')).toHaveText('€16.50');
    await expect(detail.fieldLog().filter({ hasText: 'Refund' })).toContainText(
      '€16.50 · Brakes were faulty on day one',
    );

    // End it: the lease is returned and the action is gone.
    await detail.button('End order').click();
    const end = detail.dialog(`End order ${orderNo}`);
    await end.getByLabel('Reason').fill('Returned at the counter');
    await end.getByRole('button', { name: 'End order' }).click();
    await expect(detail.status()).toHaveText('Closed');
    await expect(detail.leaseStatus()).toHaveText('Returned');
    await expect(detail.button('End order')).toHaveCount(0);
    await expect(detail.main.getByTestId('order-summary')).toContainText('Returned at the counter');

    // The assets history: the one asset, unlocked and returned.
    await detail.button('Assets history').click();
    const history = detail.dialog('Assets history');
    await expect(history.getByRole('row').filter({ hasText: assetNo as string })).toContainText('Returned');
    await expect(history.getByRole('row').filter({ hasText: assetNo as string })).toContainText('Successful');
    await history.getByRole('button', { name: 'Close' }).click();

    // The list finds it by its number, closed; the filters are in the URL.
    await list.goto();
    await list.filter(orderNo);
    await expect(list.rows()).toHaveCount(1);
    await expect(list.rows().first().getByTestId('order-status')).toHaveText('Closed');
    await expect(list.open(orderNo)).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-list.en-US.png`, fullPage: true });

    // One customer's orders, as the customer detail links to them; the filter names the customer and can be removed.
    await list.goto(`?customerId=${renter.id}`);
    await expect(page.getByTestId('customer-filter')).toHaveText(renter.name);
    await expect(list.open(orderNo)).toBeVisible();
    await page.getByRole('button', { name: "Show every customer's orders" }).click();
    await expect(page).not.toHaveURL(/customerId=/);
  });

  test('a declined card aborts the checkout and nothing is charged', async ({ page, tokens, request }) => {
    const { token, declining } = await demoSetUp(tokens, request);
    const assets = await demoAssets(request, token, { category: CITY_EBIKE, vendors: UNLOCKING, turnover: 'InSite' });
    const assetNo = assets[1] as string;
    const renter = await leasableRenter(request, token, declining, assetNo);
    const flow = new NewOrderPage(page);

    await flow.placeOrder({ customer: renter, assetNo, plan: 'Every month', method: methodLabel(renter) });

    await expect(flow.progress()).toHaveAttribute('data-outcome', 'failed', { timeout: 30_000 });
    await expect(flow.progress()).toContainText('The checkout failed');
    await expect(flow.progress().getByTestId('checkout-failure')).toContainText('The deposit payment failed');
    await expect(flow.progress().getByTestId('checkout-failure')).toContainText('Your card was declined.');
    await expect(flow.step('deposit')).toHaveAttribute('data-status', 'failed');
    await expect(flow.step('unlock')).toHaveAttribute('data-status', 'waiting');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-new-5-failed.en-US.png`, fullPage: true });

    // Start again: back at step 1 with nothing chosen; the asset is free to rent again.
    await flow.main.getByRole('button', { name: 'Start again' }).click();
    await expect(page).not.toHaveURL(/orderId=/);
    await expect(flow.next).toBeDisabled();
    await flow.chooseCustomer(renter);
    await flow.next.click();
    await flow.inspect(assetNo);
    await expect(flow.inspection()).toContainText('The asset can be rented to this customer');
  });

  test('a device that cannot unlock undoes the charges: partial', async ({ page, tokens, request }) => {
    const { token, paying } = await demoSetUp(tokens, request);
    // A rybit-tag tracker has no lock: the simulator answers the unlock "unsupported".
    const [assetNo] = await demoAssets(request, token, {
      category: URBAN_BIKE,
      vendors: ['rybit-tag'],
      turnover: 'InSite',
    });
    expect(assetNo, 'a free urban bike with a rybit-tag tracker').toBeTruthy();
    const renter = await leasableRenter(request, token, paying.slice(1), assetNo as string);
    const flow = new NewOrderPage(page);

    await flow.placeOrder({
      customer: renter,
      assetNo: assetNo as string,
      plan: 'Every week',
      method: methodLabel(renter),
    });

    await expect(flow.progress()).toHaveAttribute('data-outcome', 'partial', { timeout: 45_000 });
    await expect(flow.progress()).toContainText('The checkout failed partway and was undone');
    await expect(flow.progress().getByTestId('checkout-failure')).toContainText('The asset could not be unlocked');
    await expect(flow.step('deposit')).toHaveAttribute('data-status', 'undone');
    await expect(flow.step('rent')).toHaveAttribute('data-status', 'undone');
    await expect(flow.step('unlock')).toHaveAttribute('data-status', 'failed');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-new-5-partial.en-US.png`, fullPage: true });

    // The canceled order shows the charges and their refunds.
    await flow.main.getByRole('button', { name: 'Open order detail' }).click();
    const detail = new OrderDetailPage(page);
    await expect(detail.status()).toHaveText('Canceled');
    await expect(detail.button('End order')).toHaveCount(0);
    // An undone checkout settles its own payments: no refund or exemption by hand.
    await expect(detail.button('Refund / Exempt')).toHaveCount(0);
    await detail.main.getByRole('tab', { name: /^Payments/ }).click();
    // Two refund lines (negative), one under each charge; the charges themselves now read Refunded.
    const refundLines = detail.main
      .getByTestId('order-payments')
      .getByRole('row')
      .filter({ has: page.getByTestId('payment-amount').filter({ hasText: /^-/ }) });
    await expect(refundLines).toHaveCount(2);
    await expect(refundLines.first()).toContainText('Refund');
  });

  test('the flow stops a customer who cannot rent and an asset already rented out', async ({
    page,
    tokens,
    request,
  }) => {
    const { token, paying } = await demoSetUp(tokens, request);
    const unverified = await unverifiedDemoCustomer(request, token);
    const [rentedOut] = await demoAssets(request, token, {
      category: CITY_EBIKE,
      vendors: [...UNLOCKING, 'rybit-tag', 'okai'],
      turnover: 'RentingOut',
    });
    expect(rentedOut, 'a demo city e-bike that is rented out').toBeTruthy();
    const flow = new NewOrderPage(page);

    await flow.goto();
    await flow.chooseCustomer({
      phoneNo: unverified.phoneNo,
      name: `${unverified.name.first} ${unverified.name.last}`,
    });
    await expect(flow.main.getByTestId('customer-blockers')).toContainText('The e-mail is not verified yet');
    await expect(flow.next).toBeDisabled();

    await flow.chooseCustomer(paying[2] as DemoRenter);
    await flow.next.click();
    await flow.inspect('NOSUCH99');
    await expect(flow.main.getByText('Asset not found')).toBeVisible();
    await flow.inspect(rentedOut as string);
    await expect(flow.inspection()).toContainText('The asset is already rented out');
    await expect(flow.next).toBeDisabled();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-new-2-refused.en-US.png`, fullPage: true });
  });

  test('the new-order flow in Italian', async ({ page, tokens, request }) => {
    const { token, paying } = await demoSetUp(tokens, request);
    const [assetNo] = await demoAssets(request, token, {
      category: CITY_EBIKE,
      vendors: UNLOCKING,
      turnover: 'InSite',
    });
    const renter = await leasableRenter(request, token, paying, assetNo as string);
    await page.addInitScript(
      ([key, value]) => localStorage.setItem(key as string, value as string),
      [LOCALE_KEY, 'it-IT'],
    );
    await page.goto('/renting/order/new');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', { name: 'Nuovo ordine', level: 4 })).toBeVisible({ timeout: 30_000 });
    await main.getByRole('combobox', { name: 'Cliente' }).fill(renter.phoneNo);
    await page
      .locator('.ant-select-dropdown')
      .filter({ visible: true })
      .getByTitle(renter.name, { exact: true })
      .click();
    await expect(main.getByTestId('order-customer')).toContainText('Verificata');
    await main.getByRole('button', { name: 'Avanti' }).click();
    const asset = main.getByRole('searchbox', { name: 'N. asset' });
    await asset.fill(assetNo as string);
    await asset.press('Enter');
    await expect(main.getByTestId('inspection-result')).toContainText("L'asset può essere noleggiato a questo cliente");
    await main.getByRole('button', { name: 'Avanti' }).click();
    await expect(main.getByRole('radio', { name: /^Ogni settimana/ })).toBeVisible();
    await expect(main.getByText('Nessun deposito richiesto').or(main.getByTestId('offer-deposit'))).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-new-3-plan.it-IT.png`, fullPage: true });
  });
});

test.describe('the order list filters', () => {
  test.use({ signedInAs: 'owner' });

  test('keep the start range in order and the rent sites in the URL', async ({ page }) => {
    const list = new OrderListPage(page);
    const filters = page.getByRole('main').locator('form').first();
    const day = 24 * 60 * 60 * 1000;
    await list.goto();

    // Document 2 §9: the later start must not be before the earlier one.
    await typeDateTime(page, filters, 'Start from', new Date(Date.now() + 2 * day));
    await typeDateTime(page, filters, 'Start to', new Date(Date.now() + day));
    await filters.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(filters.getByText('The later start must not be before the earlier one')).toBeVisible();
    // Enter in a picker submits the filters: the earlier start alone went to the URL, the reversed end did not.
    await expect(page).not.toHaveURL(/startTo=/);
    await typeDateTime(page, filters, 'Start to', new Date(Date.now() + 3 * day));
    await pickOptions(page, filters.getByRole('combobox', { name: 'Rent site' }), ['Duomo Station']);
    await filters.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/startFrom=.*startTo=|startTo=.*startFrom=/);
    await expect(page).toHaveURL(/rentSiteIdIn=/);
    await expect(page.getByText('No orders match these filters.')).toBeVisible();

    // A hand-edited link with a reversed range lists without it and says why.
    await list.goto('?startFrom=2026-11-02T00:00:00.000Z&startTo=2026-11-01T00:00:00.000Z');
    await expect(page.getByText(/The start range in the link is reversed/)).toBeVisible();
  });
});

test.describe('legacy order paths', () => {
  test.use({ signedInAs: 'owner' });

  test('/order/list and /order/detail/:id open the renting order screens, query kept', async ({ page }) => {
    await page.goto('/order/list?status=Open');
    await expect(page).toHaveURL('/renting/order/list?status=Open');
    await expect(new OrderListPage(page).heading).toBeVisible({ timeout: 30_000 });
    await page.goto('/order/detail/00000000-0000-4000-8000-000000000000?dialog=end');
    await expect(page).toHaveURL('/renting/order/detail/00000000-0000-4000-8000-000000000000?dialog=end');
    await expect(page.getByText('The data do not exist!')).toBeVisible({ timeout: 30_000 });
  });
});

test.describe('a staff member who may only read orders', () => {
  test('sees no action that changes an order', async ({ browser, request }) => {
    const admin = new Api(request, await apiLogin(request, 'owner@fleetdesk.local'));
    const suffix = Date.now().toString(36);
    const role = await admin.createRole({
      title: `Order reader ${suffix}`,
      permissions: ['order.read', 'order.read_detail'],
    });
    const email = `orders.${suffix}@fleetdesk.local`;
    await admin.createUser({
      username: `orders.${suffix}`,
      name: 'Order Reader',
      email,
      password: 'reader-pass-123',
      partnerScope: '*',
      roleIds: [role.id],
    });
    const token = await apiLogin(request, email, 'reader-pass-123');
    const context = await browser.newContext({
      storageState: { cookies: [], origins: [{ origin: BASE_URL, localStorage: [{ name: TOKEN_KEY, value: token }] }] },
    });
    const page = await context.newPage();
    const list = new OrderListPage(page);
    await list.goto();
    await expect(list.table).toBeVisible();
    await expect(list.newButton).toHaveCount(0);
    await expect(list.exportButton).toHaveCount(0);

    // Whatever order the list shows first (the demo history has plenty), its detail offers no action.
    const first = list.rows().first().getByRole('link').first();
    await expect(first).toBeVisible({ timeout: 30_000 });
    await first.click();
    const detail = new OrderDetailPage(page);
    await expect(detail.heading()).toBeVisible();
    for (const action of ['End order', 'Refund / Exempt', 'Assets history'])
      await expect(detail.button(action), action).toHaveCount(0);
    await page.goto('/renting/order/new');
    await expect(page.getByText('You do not have permission to open this page.')).toBeVisible();
    await context.close();
  });
});
