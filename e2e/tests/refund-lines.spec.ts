import { Api } from '../fixtures/api.ts';
import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, test } from '../fixtures/test.ts';
import { demoSetUp, endOpenOrders } from '../pages/order-actions.page.ts';
import { OrderDetailPage } from '../pages/orders.page.ts';

/**
 * Money shown as people expect (issue 21): the operator ends an order and is told what happens to the deposit,
 * refunds part of the rent, and reads the refund as a negative line under the charge it gives back, the charge
 * Partially refunded and the checkout's rent step still Succeeded; the refund dialog opens empty the next time.
 */
test.describe('refund lines', () => {
  test.use({ signedInAs: 'owner' });
  // The order's checkout waits for the payment provider and a simulated device.
  test.slow();

  test('end an order (the deposit outcome is stated), refund part of the rent: a negative line, Partially refunded; the dialog reopens empty; Italian', async ({
    page,
    tokens,
    request,
  }) => {
    const token = await tokens('owner');
    const api = new Api(request, token);
    const { assets, open } = await demoSetUp(api, request, token, 1);
    const order = await open(assets[0] as string);
    try {
      const detail = new OrderDetailPage(page);
      await detail.goto(order.id);

      // Ending says what happens to the deposit, and offers to give it back now.
      await detail.button('End order').click();
      const end = detail.dialog(`End order ${order.orderNo}`);
      await expect(end.getByTestId('end-deposit')).toHaveText(
        "The deposit of €150.00 is kept on the customer's account until they apply for its refund.",
      );
      const refundDeposit = end.getByRole('checkbox', { name: 'Refund the deposit of €150.00 now' });
      await expect(refundDeposit).toBeVisible();
      await expect(refundDeposit).not.toBeChecked();
      await saveShot(page, 'refund-lines-end.en-US.png');
      await end.getByRole('button', { name: 'End order' }).click();
      await expect(detail.status()).toHaveText('Closed');
      await expect(detail.leaseStatus()).toHaveText('Returned');

      // A partial refund of the rent.
      await detail.button('Refund / Exempt').click();
      const refund = detail.dialog(`Refund or exempt · ${order.orderNo}`);
      await refund.getByLabel('Amount').fill('16.5');
      await refund.getByLabel('Reason').fill('Brakes were faulty on day one');
      await refund.getByRole('button', { name: 'Confirm refund' }).click();
      await expect(page.getByText('€16.50 refunded.')).toBeVisible();
      await expect(refund).toBeHidden();

      // The refund is a negative line right under the rent it gives back, which reads Partially refunded.
      await detail.main.getByRole('tab', { name: /^Payments/ }).click();
      // (Whether this order charged a deposit depends on the demo renter already holding one: rows are found by
      // what they say, not by position.)
      const rows = detail.main.getByTestId('order-payments').locator('tbody tr.ant-table-row');
      const rent = rows.filter({ hasText: '€16.50 refunded' });
      await expect(rent).toHaveCount(1);
      await expect(rent).toContainText('Rent');
      await expect(rent.locator('[data-status]')).toHaveText('Partially refunded');
      const refundLine = rent.locator('xpath=following-sibling::tr[1]');
      await expect(refundLine).toContainText('Refund');
      await expect(refundLine.getByTestId('payment-amount')).toHaveText('-€16.50');
      await expect(refundLine).toContainText('Brakes were faulty on day one');
      // Staff gave money back after the checkout: its steps went through and stay so.
      await expect(detail.checkoutStep('rent')).toHaveAttribute('data-status', 'succeeded');
      await expect(detail.checkoutStep('rent')).toHaveText('Succeeded');
      await expect(detail.checkoutStep('deposit')).not.toHaveText('Undone');
      await saveShot(page, 'refund-lines.en-US.png', { fullPage: true });

      // Opened again, the dialog starts empty.
      await detail.button('Refund / Exempt').click();
      await expect(refund.getByLabel('Amount')).toHaveValue('');
      await expect(refund.getByLabel('Reason')).toHaveValue('');
      await refund.getByRole('button', { name: 'Cancel' }).click();
      await expect(refund).toBeHidden();

      // In Italian: the same lines in Italian words.
      await inLocale(page, 'it-IT');
      await page.reload();
      await expectLocale(page, 'it-IT');
      await page.getByRole('tab', { name: /^Pagamenti/ }).click();
      const rentIt = rows
        .filter({ hasText: '16,50 €' })
        .filter({ has: page.locator('[data-status]') })
        .first();
      await expect(rentIt.locator('[data-status]')).toHaveText('Rimborsato parzialmente');
      await expect(rentIt.locator('xpath=following-sibling::tr[1]').getByTestId('payment-amount')).toHaveText(
        '-16,50 €',
      );
      await expect(detail.checkoutStep('rent')).toHaveText('Riuscito');
      await saveShot(page, 'refund-lines.it-IT.png', { fullPage: true });
    } finally {
      await endOpenOrders(api, [order.id]);
    }
  });
});
