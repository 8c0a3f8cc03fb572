import { rentingEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { LOCALE_KEY } from '../fixtures/env.ts';
import { expect, pageWithRole, test } from '../fixtures/test.ts';
import { pickOption } from '../pages/asset-list.page.ts';
import { answerConfirm } from '../pages/list.ts';
import {
  demoSetUp,
  endOpenOrders,
  InvoicesModal,
  milanoInvoicePrefix,
  milanoRule,
  milanoSiteNames,
  ReplaceAssetDrawer,
  ReturnLeaseModal,
  setInvoicing,
} from '../pages/order-actions.page.ts';
import { OrderDetailPage } from '../pages/orders.page.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;
const CITY_EBIKE = 'City e-bike';
test.describe('order actions', () => {
  test.use({ signedInAs: 'owner' });
  // Each order's checkout waits for the payment provider and a simulated device.
  test.slow();

  test('replace the leased asset: refused for an asset another order holds, then moved; a user without the right sees no action', async ({
    page,
    tokens,
    request,
    browser,
  }) => {
    const token = await tokens('owner');
    const api = new Api(request, token);
    const { assets, open } = await demoSetUp(api, request, token, 3);
    const [held, next, taken] = assets as [string, string, string];
    const order = await open(held);
    const other = await open(taken);
    try {
      const detail = new OrderDetailPage(page);
      await detail.goto(order.id);
      await expect(detail.leaseStatus()).toHaveText('In use');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-detail-actions.en-US.png` });
      await detail.button('Replace asset').click();
      await expect(page).toHaveURL(/dialog=replaceAsset/);
      const drawer = new ReplaceAssetDrawer(page, order.orderNo);
      await expect(drawer.current()).toContainText(held);
      await expect(drawer.current()).toContainText('In use');

      // Nothing typed: the contract's message on the field.
      await drawer.submit().click();
      await expect(drawer.root.getByText('Enter the new asset id')).toBeVisible();

      // Sent without checking: the server refuses an asset another open order holds, and says so here.
      await drawer.newAssetNo().fill(taken.toLowerCase());
      await drawer.submit().click();
      await answerConfirm(page, `Replace ${held} with ${taken}?`, 'Replace');
      await expect(drawer.refusal()).toHaveText('The new asset is in use by another B2C order');
      await expect(drawer.refusal()).toHaveAttribute('data-code', 'AssetInUseByAnotherOrder');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-replace-refused.en-US.png` });

      // Checked first, it is found rented out and cannot be chosen.
      await drawer.check(taken);
      await expect(drawer.refusal()).toHaveCount(0);
      await expect(drawer.verdict()).toHaveText('The asset is already rented out');
      await expect(drawer.submit()).toBeDisabled();
      // The asset the order holds is not a replacement either.
      await drawer.check(held);
      await expect(drawer.verdict()).toHaveText('This is the asset the order already holds');

      // A free e-bike of the same partner and category takes the lease over.
      await drawer.check(next);
      await expect(drawer.verdict()).toHaveText(`${next} can take the lease over`);
      await expect(drawer.root.getByTestId('replace-inspection')).toContainText('In site');
      await drawer.reason().fill('Flat tyre at pick-up');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-replace-checked.en-US.png` });
      await drawer.submit().click();
      await answerConfirm(page, `Replace ${held} with ${next}?`, 'Replace');
      await expect(page.getByText(`${held} is replaced by ${next}.`)).toBeVisible();
      await expect(drawer.root).toBeHidden();
      await expect(page).not.toHaveURL(/dialog=/);

      // The detail is read again: the new asset in use, the change and its reason in the field log.
      await expect(detail.main.getByTestId('order-summary')).toContainText(next);
      await expect(detail.leaseStatus()).toHaveText('In use');
      await expect(detail.fieldLog().filter({ hasText: 'Replacement reason' })).toContainText('Flat tyre at pick-up');
      await expect(detail.fieldLog().filter({ hasText: `${held} → ${next}` })).toHaveCount(1);

      // The assets history: the first asset returned, the new one in use (its device told to unlock).
      await detail.button('Assets history').click();
      const history = detail.dialog('Assets history');
      await expect(history.getByRole('row').filter({ hasText: held })).toContainText('Returned');
      await expect(history.getByRole('row').filter({ hasText: next })).toContainText('In use');
      await expect(history.getByRole('row').filter({ hasText: next })).toContainText(/Pending|Successful/);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-replace-history.en-US.png` });
      await history.getByRole('button', { name: 'Close' }).click();

      // A staff member who may end orders but not change their asset: no Replace asset, even through the link.
      const closerPage = await pageWithRole(browser, request, {
        title: 'Order closer',
        permissions: ['order.read', 'order.read_detail', 'order.read_asset_record', 'order.end'],
      });
      const closerDetail = new OrderDetailPage(closerPage);
      await closerPage.goto(`/renting/order/detail/${order.id}?dialog=replaceAsset`);
      await expect(closerDetail.heading()).toBeVisible({ timeout: 30_000 });
      await expect(closerDetail.button('End order')).toBeVisible();
      await expect(closerDetail.button('Invoices')).toBeVisible();
      await expect(closerDetail.button('Replace asset')).toHaveCount(0);
      await expect(new ReplaceAssetDrawer(closerPage, order.orderNo).root).toHaveCount(0);
      await closerPage.context().close();
    } finally {
      await endOpenOrders(api, [order.id, other.id]);
    }
  });

  test('take a return at the counter: at once by default, as Returning until confirmed under manual confirmation; another site refused where the rule says so; a user without the right sees neither action', async ({
    page,
    tokens,
    request,
    browser,
  }) => {
    const token = await tokens('owner');
    const api = new Api(request, token);
    const { assets, open } = await demoSetUp(api, request, token, 2);
    const [firstAsset, secondAsset] = assets as [string, string];
    const rule = await milanoRule(api, CITY_EBIKE);
    const sites = await milanoSiteNames(api);
    const opened: string[] = [];
    const detail = new OrderDetailPage(page);
    const rentSiteOf = async (id: string) =>
      (await api.call(rentingEndpoints.getOrder, { params: { id } })).rentSite?.name;
    try {
      // The demo rule: no confirmation asked, returns taken at any Milano site. The order closes at once.
      await rule.set({ manualConfirmationPolicy: 'not-required', crossSiteReturnPolicy: 'allowed' });
      const first = await open(firstAsset);
      opened.push(first.id);
      await detail.goto(first.id);
      await expect(detail.leaseStatus()).toHaveText('In use');
      await expect(detail.button('Confirm return')).toHaveCount(0);
      await detail.button('Take return').click();
      await expect(page).toHaveURL(/dialog=return(&|$)/);
      const modal = new ReturnLeaseModal(page, first.orderNo);
      // The rent site is chosen to start with, and named so.
      const firstRentSite = await rentSiteOf(first.id);
      await expect(modal.root.locator(`[title="${firstRentSite} (rent site)"]`)).toBeVisible();
      await expect(modal.root).toContainText('its device is told to lock');
      await modal.reason().fill('Back at the counter');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-return.en-US.png` });
      await modal.submit().click();
      await expect(page.getByText(`${firstAsset} is returned; order ${first.orderNo} is closed.`)).toBeVisible();
      await expect(modal.root).toBeHidden();
      await expect(page).not.toHaveURL(/dialog=/);
      await expect(detail.status()).toHaveText('Closed');
      await expect(detail.leaseStatus()).toHaveText('Returned');
      await expect(detail.main.getByTestId('order-summary')).toContainText('Back at the counter');
      await expect(detail.button('Take return')).toHaveCount(0);

      // Manual confirmation, and this category taken back only where it was rented.
      await rule.set({ manualConfirmationPolicy: 'required', crossSiteReturnPolicy: 'not-allowed' });
      const second = await open(secondAsset);
      opened.push(second.id);
      const rentSite = (await rentSiteOf(second.id)) as string;
      const otherSite = sites.find((name) => name !== rentSite) as string;
      expect(otherSite, 'another Milano site than the rent site').toBeTruthy();

      // Someone who may read orders but not end them: no Take return, even through the link.
      const readerPage = await pageWithRole(browser, request, {
        title: 'Order reader',
        permissions: ['order.read', 'order.read_detail', 'order.read_asset_record'],
      });
      const reader = new OrderDetailPage(readerPage);
      await readerPage.goto(`/renting/order/detail/${second.id}?dialog=return`);
      await expect(reader.heading()).toBeVisible({ timeout: 30_000 });
      await expect(reader.leaseStatus()).toHaveText('In use');
      await expect(reader.button('Take return')).toHaveCount(0);
      await expect(new ReturnLeaseModal(readerPage, second.orderNo).root).toHaveCount(0);

      await detail.goto(second.id);
      await detail.button('Take return').click();
      const returnModal = new ReturnLeaseModal(page, second.orderNo);
      // Another site: the server refuses it, on the site.
      await pickOption(page, returnModal.site(), otherSite);
      await returnModal.submit().click();
      await expect(returnModal.siteError()).toHaveText(
        'This partner takes this category back only at the site it was rented from',
      );
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-return-refused.en-US.png` });
      await expect(detail.leaseStatus()).toHaveText('In use');

      // At the rent site the return is taken and waits for confirmation: the order stays open.
      await pickOption(page, returnModal.site(), `${rentSite} (rent site)`);
      await expect(returnModal.siteError()).toHaveCount(0);
      await returnModal.submit().click();
      await expect(
        page.getByText(`The return of ${secondAsset} is taken; order ${second.orderNo} waits for it to be confirmed.`),
      ).toBeVisible();
      await expect(returnModal.root).toBeHidden();
      await expect(detail.status()).toHaveText('Open');
      await expect(detail.leaseStatus()).toHaveText('Returning');
      const waiting = detail.main.getByTestId('return-waiting');
      await expect(waiting).toContainText('Return waiting for confirmation');
      await expect(waiting).toContainText(/Submitted \d/);
      await expect(waiting).toContainText(`Return site: ${rentSite}`);
      for (const gone of ['Take return', 'Replace asset']) await expect(detail.button(gone), gone).toHaveCount(0);
      await expect(detail.fieldLog().filter({ hasText: 'In use → Returning' })).toHaveCount(1);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-returning.en-US.png` });

      // The reader sees the waiting return, not the confirmation (nor through its link).
      await readerPage.goto(`/renting/order/detail/${second.id}?dialog=confirmReturn`);
      await expect(reader.leaseStatus()).toHaveText('Returning', { timeout: 30_000 });
      await expect(reader.main.getByTestId('return-waiting')).toBeVisible();
      for (const gone of ['Confirm return', 'Take return', 'End order'])
        await expect(reader.button(gone), gone).toHaveCount(0);
      await expect(reader.dialog(`Confirm return · ${second.orderNo}`)).toHaveCount(0);
      await readerPage.context().close();

      // In Italian, with the link of the open confirmation.
      await page.evaluate(
        ([key, value]) => localStorage.setItem(key as string, value as string),
        [LOCALE_KEY, 'it-IT'],
      );
      await page.goto(`/renting/order/detail/${second.id}?dialog=confirmReturn`);
      await expect(detail.dialog(`Conferma riconsegna · ${second.orderNo}`)).toBeVisible({ timeout: 30_000 });
      await expect(detail.main.getByTestId('return-waiting')).toContainText('Riconsegna in attesa di conferma');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-confirm-return.it-IT.png` });
      await page.evaluate(
        ([key, value]) => localStorage.setItem(key as string, value as string),
        [LOCALE_KEY, 'en-US'],
      );

      // Confirmed: the lease is returned and the order closed.
      await detail.goto(second.id);
      await detail.button('Confirm return').click();
      await expect(page).toHaveURL(/dialog=confirmReturn/);
      const confirm = detail.dialog(`Confirm return · ${second.orderNo}`);
      await confirm.getByLabel('Reason').fill('Checked: no damage');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-confirm-return.en-US.png` });
      await confirm.getByRole('button', { name: 'Confirm return', exact: true }).click();
      await expect(
        page.getByText(`The return of ${secondAsset} is confirmed; order ${second.orderNo} is closed.`),
      ).toBeVisible();
      await expect(detail.status()).toHaveText('Closed');
      await expect(detail.leaseStatus()).toHaveText('Returned');
      await expect(detail.main.getByTestId('return-waiting')).toHaveCount(0);
      await expect(detail.button('Confirm return')).toHaveCount(0);

      // A stale link to the confirmation says there is nothing to confirm, and sends nothing.
      await page.goto(`/renting/order/detail/${second.id}?dialog=confirmReturn`);
      const stale = detail.dialog(`Confirm return · ${second.orderNo}`);
      await expect(stale.getByTestId('return-refusal')).toHaveText(
        'No return of this order is waiting for confirmation',
        { timeout: 30_000 },
      );
      await expect(stale.getByRole('button', { name: 'Confirm return', exact: true })).toBeDisabled();
    } finally {
      await endOpenOrders(api, opened);
      await rule.restore();
    }
  });

  test('the invoices of an order: none while invoicing is off, then one per paid period', async ({
    page,
    tokens,
    request,
  }) => {
    const token = await tokens('owner');
    const api = new Api(request, token);
    const { assets, open } = await demoSetUp(api, request, token, 2);
    const wasOn = await setInvoicing(api, false);
    const opened: string[] = [];
    try {
      // Paid while invoicing is off: no invoice, and the empty state says why there may be none.
      const before = await open(assets[0] as string);
      opened.push(before.id);
      const detail = new OrderDetailPage(page);
      await detail.goto(before.id);
      await detail.button('Invoices').click();
      await expect(page).toHaveURL(/dialog=invoices/);
      const empty = new InvoicesModal(page, `Invoices · ${before.orderNo}`);
      await expect(empty.root).toContainText('No invoices for this order.');
      await expect(empty.root).toContainText('Invoicing may be off for this account.');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-invoices-empty.en-US.png` });
      await empty.root.getByRole('button', { name: 'Close' }).click();

      // Invoicing on, with Milano's invoicing identity: the first rent is invoiced once the checkout completes.
      await setInvoicing(api, true);
      const prefix = await milanoInvoicePrefix(api);
      const order = await open(assets[1] as string);
      opened.push(order.id);
      await detail.goto(order.id);
      await detail.button('Invoices').click();
      const modal = new InvoicesModal(page, `Invoices · ${order.orderNo}`);
      await expect(modal.rows()).toHaveCount(1);
      const row = modal.rows().first();
      await expect(row).toContainText(new RegExp(`${prefix}-\\d{4}-\\d{6}`));
      // The weekly rent of 66.50 includes Italian VAT at 22 %.
      for (const text of ['€54.51', '€11.99', '€66.50', 'EUR', '22%']) await expect(row).toContainText(text);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-invoices.en-US.png` });

      // A failed read says so in the modal.
      await page.route('**/api/renting/orders/*/invoices**', (route) =>
        route.fulfill({ status: 500, json: { code: 'InternalServerError', message: 'Something went wrong.' } }),
      );
      await page.reload();
      const failed = new InvoicesModal(page, `Invoices · ${order.orderNo}`);
      await expect(failed.root).toContainText('The invoices could not be loaded.');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-invoices-error.en-US.png` });
      await page.unroute('**/api/renting/orders/*/invoices**');

      // In Italian, with the link of the open modal.
      await page.evaluate(
        ([key, value]) => localStorage.setItem(key as string, value as string),
        [LOCALE_KEY, 'it-IT'],
      );
      await page.reload();
      const italian = new InvoicesModal(page, `Fatture · ${order.orderNo}`);
      await expect(italian.root.getByRole('columnheader', { name: 'N. fattura' })).toBeVisible({ timeout: 30_000 });
      await expect(italian.rows()).toHaveCount(1);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-invoices.it-IT.png` });
      await page.goto(`/renting/order/detail/${order.id}?dialog=replaceAsset`);
      const drawer = page.getByRole('dialog').filter({ hasText: `Sostituisci asset · ${order.orderNo}` });
      await expect(drawer.getByRole('textbox', { name: 'N. nuovo asset' })).toBeVisible({ timeout: 30_000 });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-replace.it-IT.png` });
    } finally {
      await endOpenOrders(api, opened);
      await setInvoicing(api, wasOn);
    }
  });
});
