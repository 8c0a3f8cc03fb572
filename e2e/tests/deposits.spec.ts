import { type Customer, depositEndpoints, rentingEndpoints } from '@fleetdesk/contracts';
import type { APIRequestContext } from '@playwright/test';
import { Api } from '../fixtures/api.ts';
import { BASE_URL, type DemoUser, TOKEN_KEY } from '../fixtures/env.ts';
import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { apiLogin, expect, test, unique } from '../fixtures/test.ts';
import { CustomerDepositsTab, CustomerTransactionsPage, RefundApplicationsPage } from '../pages/deposits.page.ts';
import { Shell } from '../pages/shell.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;
const MILANO = 'Milano Bike Hub';
const CITY_EBIKE = 'City e-bike';

/**
 * Deposits come from renting: a Milano customer who can rent (verified e-mail, a valid card) rents `orders` City
 * e-bikes of this test's own (no device: the unlock step is skipped) and returns them. Each order pays one 150 EUR
 * deposit that no asset needs once the orders have ended.
 */
async function depositsFromOrders(
  tokens: (user: DemoUser) => Promise<string>,
  request: APIRequestContext,
  orders: number,
) {
  const token = await tokens('owner');
  const api = new Api(request, token);
  const milano = await api.partnerId(MILANO);
  const categoryId = await api.categoryId(CITY_EBIKE);

  // The last demo customer who can rent and has never rented (the order tests start from the first ones).
  const listed = await api.customers({ partnerId: milano, paymentMethodBound: 'true', pageSize: 100 });
  let found: { customer: Customer; paymentMethodId: string } | undefined;
  for (const { id } of listed.reverse()) {
    const customer = await api.customer(id);
    const card = customer.paymentMethods.find((m) => m.type === 'credit-card' && m.valid);
    if (customer.status !== 'active' || !customer.emailVerified || !card) continue;
    // Nobody with an order history (the demo's, or another test's): this test counts its own deposits.
    const summary = await api.call(depositEndpoints.customerOrderSummary, { params: { customerId: id } });
    if (summary.open + summary.closed + summary.canceled > 0) continue;
    found = { customer, paymentMethodId: card.id };
    break;
  }
  if (!found) throw new Error('No Milano demo customer can rent');
  const { customer, paymentMethodId } = found;

  // A deposit is paid per asset held at once (the City e-bike limit is two): the orders run side by side, then end.
  const opened: string[] = [];
  for (let n = 0; n < orders; n += 1) {
    const asset = await api.createAsset(categoryId, {
      no: unique('DEP').replace(' ', '').toUpperCase(),
      partnerId: milano,
      usageMode: 'customer-rental',
      lifeCycleState: 'Ready',
    });
    const inspection = await api.call(rentingEndpoints.inspect, {
      params: { assetNo: asset.no },
      body: { customerId: customer.id },
    });
    expect(inspection.outcome).toBe('Leasable');
    const plan = inspection.offer?.plans[0];
    if (!plan) throw new Error('The City e-bike offer has no plan');
    const order = await api.call(rentingEndpoints.createOrder, {
      body: { customerId: customer.id, assetNo: asset.no, paymentPlanId: plan.id, paymentMethodId },
    });
    // The checkout runs as a job: deposit, first rent, then the lease starts.
    await expect
      .poll(async () => (await api.call(rentingEndpoints.getOrder, { params: { id: order.id } })).checkout.state, {
        timeout: 30_000,
      })
      .toBe('Completed');
    opened.push(order.id);
  }
  for (const id of opened)
    await api.call(rentingEndpoints.endOrder, { params: { id }, body: { reason: 'Returned at the counter (e2e)' } });
  const deposits = await api.call(depositEndpoints.customerDeposits, { params: { customerId: customer.id } });
  const refundable =
    deposits.find((d) => d.partner.name === MILANO && d.assetCategory.name === CITY_EBIKE)?.refundableQuantity ?? 0;
  // The customer never rented before: the deposits are exactly the ones these orders paid.
  expect(refundable).toBe(orders);
  return {
    api,
    customer,
    name: `${customer.name.first} ${customer.name.last}`,
    milano,
    categoryId,
    refundable,
  };
}

test.describe('deposits', () => {
  test.use({ signedInAs: 'owner' });

  test('refunds deposits from the customer detail; the server refusal is explained', async ({
    page,
    tokens,
    request,
  }) => {
    test.setTimeout(180_000);
    const { api, customer, name, milano, categoryId, refundable } = await depositsFromOrders(tokens, request, 2);
    const tab = new CustomerDepositsTab(page);
    await tab.goto(customer.id);

    // Orders at a glance: nothing open, the two ended orders closed, a link to the customer's orders.
    await expect(tab.orderSummary).toContainText('Open0');
    await expect(tab.card('Orders').getByRole('link', { name: /View orders/ })).toHaveAttribute(
      'href',
      `/renting/order/list?customerId=${customer.id}`,
    );
    // The deposits the ended orders paid: none payable, all refundable.
    const row = tab.depositRow(MILANO, CITY_EBIKE);
    await expect(row).toContainText('€');
    await expect.poll(() => tab.refundable(MILANO, CITY_EBIKE)).toBe(refundable);
    await expect(tab.transactions.getByRole('row').filter({ hasText: 'Deposit paid' }).first()).toContainText(
      'Succeeded',
    );
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposits-customer.en-US.png`, fullPage: true });

    // Staff ask for every refundable deposit; meanwhile someone else refunds one through the API.
    await tab.refundButton(MILANO, CITY_EBIKE).click();
    await expect(tab.refundDialog).toBeVisible();
    await tab.quantity().fill(String(refundable));
    await tab.refundDialog.getByLabel('Note (optional)').fill('Refunded at the counter');
    await expect(tab.refundDialog.getByTestId('refund-summary')).toContainText(`${refundable} deposits`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposits-refund-modal.en-US.png` });
    await api.call(depositEndpoints.refund, {
      params: { customerId: customer.id },
      body: { partnerId: milano, assetCategoryId: categoryId, quantity: 1, note: 'Refunded by a colleague (e2e)' },
    });
    await tab.refundDialog.getByRole('button', { name: 'Refund', exact: true }).click();
    // The server's NotRefundable, in words, with what is left; the counts were read again.
    await expect(tab.refundDialog.getByRole('alert').filter({ hasText: 'does not hold' })).toContainText(
      `only ${refundable - 1} can be refunded now`,
    );
    await expect.poll(() => tab.refundable(MILANO, CITY_EBIKE)).toBe(refundable - 1);

    await tab.quantity().fill('1');
    await expect(tab.refundDialog.getByTestId('refund-summary')).toContainText('1 deposit, €150.00');
    await tab.refundDialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(tab.refundDialog).toBeHidden();
    await expect(page.getByText(`€150.00 refunded to ${name}.`)).toBeVisible();
    await expect.poll(() => tab.refundable(MILANO, CITY_EBIKE)).toBe(refundable - 2);
    await expect(tab.transactions.getByRole('row').filter({ hasText: 'Deposit refunded' })).toHaveCount(2);

    // With nothing left to refund the action is disabled.
    await expect(tab.refundButton(MILANO, CITY_EBIKE)).toBeDisabled();

    // Every transaction of the customer, filtered in the URL.
    await tab
      .card('Latest deposit transactions')
      .getByRole('link', { name: /View all/ })
      .click();
    const transactions = new CustomerTransactionsPage(page);
    await expect(page).toHaveURL(`/customer/detail/${customer.id}/transactions`);
    await expect(transactions.heading(name)).toBeVisible();
    await expect(transactions.rows().filter({ hasText: 'Deposit refunded' })).toHaveCount(2);
    await expect(transactions.rows().filter({ hasText: 'Deposit paid' })).toHaveCount(refundable);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposits-transactions.en-US.png`, fullPage: true });
    await transactions.filterBy('Status', 'Failed');
    await expect(page).toHaveURL(/status=Failed/);
    await expect(page.getByText('No transactions match these filters.')).toBeVisible();
    await transactions.filterBy('Status', 'Succeeded');
    await expect(transactions.rows().filter({ hasText: 'Deposit refunded' })).toHaveCount(2);
    await page.getByRole('button', { name: 'Back to the customer' }).click();
    await expect(page.getByRole('tab', { name: 'Deposits & orders', selected: true })).toBeVisible();

    // A staff refund is an application approved at once: both are listed as Approved and refunded.
    const shell = new Shell(page);
    await shell.openGroup('B2C');
    await shell.menuLink('Deposit Refund Application').click();
    const applications = new RefundApplicationsPage(page);
    await expect(applications.heading).toBeVisible();
    const mine = applications.rowsOf(customer.id);
    await expect(mine).toHaveCount(2);
    await expect(mine.filter({ hasText: 'Refunded at the counter' })).toContainText('Approved');
    await expect(mine.filter({ hasText: 'Refunded at the counter' })).toContainText('Succeeded');
    await expect(mine.filter({ hasText: 'Refunded at the counter' })).toContainText('Account Owner');
    await expect(mine.filter({ hasText: 'Refunded by a colleague' })).toContainText('€150.00');
    // Reviewed applications cannot be selected, approved or canceled.
    await expect(mine.getByRole('checkbox')).toHaveCount(0);
    await expect(mine.getByRole('button', { name: /^(Approve|Cancel) the application/ })).toHaveCount(0);
    await expect(applications.approveSelected).toBeDisabled();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposits-applications.en-US.png`, fullPage: true });

    // No API lets a test apply as a customer would, so the list is shown with the colleague's refund still waiting
    // (the answer rewritten in the browser); approving and canceling it go to the real server, which refuses both.
    await page.route(/\/api\/renting\/deposits\/refundRequests(\?|$)/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { note: string | null; [key: string]: unknown }[] };
      for (const a of body.data)
        if (a.note === 'Refunded by a colleague (e2e)')
          Object.assign(a, { status: 'Waiting', refundStatus: null, reviewer: null, reviewedAt: null });
      await route.fulfill({ response, json: body });
    });
    await applications.goto();
    const waiting = mine.filter({ hasText: 'Waiting' });
    await waiting.getByRole('checkbox', { name: `Select the application of ${name} (${CITY_EBIKE})` }).check();
    await expect(applications.approveSelected).toHaveText(/Approve selected \(1\)/);
    await applications.approveSelected.click();
    const approve = page.getByRole('dialog').filter({ hasText: 'Refund confirmation' });
    await expect(approve.getByTestId('refund-totals')).toContainText('Deposits refunded1');
    await expect(approve.getByTestId('refund-totals')).toContainText('€150.00');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposits-approve-modal.en-US.png` });
    await approve.getByRole('button', { name: 'Approve and refund' }).click();
    await expect(approve.getByRole('alert')).toContainText('This application is no longer waiting');
    await expect(approve.getByRole('alert')).toContainText(name);
    await expect(approve.getByRole('button', { name: 'Approve and refund' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(approve).toBeHidden();
    await expect(applications.approveSelected).toHaveText(/Approve selected \(0\)/);

    await waiting.getByRole('button', { name: `Cancel the application of ${name}` }).click();
    const cancel = page.getByRole('dialog').filter({ hasText: 'Cancel the refund application' });
    await cancel.getByRole('button', { name: 'Cancel application' }).click();
    await expect(cancel.getByText('Please give the reason.')).toBeVisible();
    await cancel.getByLabel('Reason').fill('The asset came back damaged');
    await cancel.getByRole('button', { name: 'Cancel application' }).click();
    await expect(cancel.getByRole('alert')).toContainText('This application is no longer waiting');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposits-cancel-modal.en-US.png` });
    await page.keyboard.press('Escape');
    await expect(cancel).toBeHidden();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('the application list filters in the URL and says when nothing matches', async ({ page }) => {
    const applications = new RefundApplicationsPage(page);
    await applications.goto();
    // Customers apply from their app; the demo history leaves one waiting application per partner.
    await applications.filterBy('Status', 'Waiting');
    await expect(page).toHaveURL(/status=Waiting/);
    await expect(applications.rows().first()).toContainText('Waiting');
    await expect(applications.selectPage).toBeEnabled();
    await expect(applications.approveSelected).toBeDisabled();

    await applications.goto('?refundStatus=Failed&partnerId=not-an-id');
    await expect(applications.filters.getByRole('combobox', { name: 'Refund status' })).toBeVisible();
    await expect(page.getByText('No applications match these filters.')).toBeVisible();
    await page.getByRole('main').getByRole('button', { name: 'Reset' }).click();
    await expect(page).toHaveURL('/customer/deposit-refund-application');

    // The same list in Italian (apps/web/src/features/deposits/i18n/it-IT.json), filtered to the waiting ones.
    await inLocale(page, 'it-IT');
    await page.goto('/customer/deposit-refund-application?status=Waiting');
    await expectLocale(page, 'it-IT');
    await expect(page.getByRole('heading', { level: 4, name: 'Richieste di rimborso deposito' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(applications.rows().first()).toContainText('In attesa');
    await expect(
      applications
        .rows()
        .first()
        .getByRole('button', { name: /^Annulla la richiesta di / }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: /Approva selezionate \(0\)$/ })).toBeDisabled();
    await saveShot(page, 'deposits-applications.it-IT.png', { fullPage: true });
  });

  test('approves a waiting application from the demo history: confirmed, refunded, no longer selectable', async ({
    page,
    request,
    tokens,
  }) => {
    const api = new Api(request, await tokens('owner'));
    const waiting = await api.call(depositEndpoints.applications, { query: { status: 'Waiting', pageSize: 100 } });
    // The demo leaves one per partner; another test may have taken one.
    const application = waiting.at(-1);
    if (!application) throw new Error('The demo history has no waiting application');
    const applications = new RefundApplicationsPage(page);
    await applications.goto('?status=Waiting');
    const row = applications.rowsOf(application.customer.id).filter({ hasText: 'Waiting' });
    await expect(row).toHaveCount(1);
    await row.getByRole('checkbox').check();
    await expect(applications.approveSelected).toHaveText(/Approve selected \(1\)/);
    await applications.approveSelected.click();
    const approve = page.getByRole('dialog').filter({ hasText: 'Refund confirmation' });
    await expect(approve.getByTestId('refund-totals')).toContainText('Deposits refunded1');
    await approve.getByRole('button', { name: 'Approve and refund' }).click();
    await expect(approve).toBeHidden();

    await applications.goto();
    const done = applications.rowsOf(application.customer.id).filter({ hasText: 'Approved' });
    await expect(done.first()).toContainText('Succeeded');
    await expect(done.first()).toContainText('Account Owner');
    await expect(done.first().getByRole('checkbox')).toHaveCount(0);
    const after = await api.call(depositEndpoints.applications, {
      query: { customerId: application.customer.id, pageSize: 100 },
    });
    expect(after.find((a) => a.status === 'Waiting')).toBeUndefined();
  });

  test('without refund or order permissions the tab shows deposits read-only', async ({ browser, request, tokens }) => {
    const owner = new Api(request, await tokens('owner'));
    const role = await owner.createRole({
      title: unique('Deposit reader'),
      permissions: ['customer.read', 'customer.read_detail'],
    });
    const username = unique('deposit-reader').replace(' ', '-');
    const password = 'deposit-reader-pass';
    await owner.createUser({
      username,
      name: 'Deposit Reader',
      email: `${username}@example.com`,
      password,
      partnerScope: '*',
      roleIds: [role.id],
    });
    const token = await apiLogin(request, `${username}@example.com`, password);
    const context = await browser.newContext({
      storageState: {
        cookies: [],
        origins: [{ origin: BASE_URL, localStorage: [{ name: TOKEN_KEY, value: token }] }],
      },
    });
    const page = await context.newPage();
    const [first] = await owner.customers({ partnerId: await owner.partnerId(MILANO) });
    if (!first) throw new Error('No Milano demo customer');
    const tab = new CustomerDepositsTab(page);
    await tab.goto(first.id);
    await expect(tab.card('Deposits')).toBeVisible();
    await expect(tab.card('Latest deposit transactions')).toBeVisible();
    // The order summary needs order.read, the refund customer.refund_deposit.
    await expect(tab.card('Orders')).toHaveCount(0);
    await expect(tab.deposits.getByRole('button', { name: /^Refund deposits of/ })).toHaveCount(0);
    // Nor is the application list theirs.
    await page.goto('/customer/deposit-refund-application');
    await expect(page.getByRole('heading', { name: 'Deposit Refund Application', level: 4 })).toHaveCount(0);
    await context.close();
  });
});
