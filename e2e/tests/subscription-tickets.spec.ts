import { checklistRecordEndpoints, subscriptionEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, test, unique } from '../fixtures/test.ts';
import { pickOption } from '../pages/asset-list.page.ts';
import { milanoCenter, milanoChecklist, TicketDetailPage } from '../pages/customer-tickets.page.ts';
import { pickOptions } from '../pages/list.ts';

const DAY = 86_400_000;
/** A 24×16 red PNG (made with sharp): a real picture for the photo upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAIElEQVQ4jWM4ISdHFcQwatCJ0TA6MZqO5EaziBz56QAA57aGELbZ3vcAAAAASUVORK5CYII=',
  'base64',
);

/**
 * Milano subscribed to two city e-bikes on a fresh package (through the API), a checklist whose labour costs 18 and
 * Milano's service centre: what a B2B ticket needs to be reported, worked and billed.
 */
async function setUp(api: Api) {
  const suffix = unique('b2b').replace(/\W/g, '').slice(-8);
  const { partnerId, categoryId, item, checklist } = await milanoChecklist(api, suffix);
  const centre = await milanoCenter(api, partnerId);
  const plan = {
    name: 'E2E Service plan',
    basicFee: 100,
    usageFee: 2,
    usageFeeUpperLimit: 50,
    initialAvailability: 2,
    deductible: 10,
    durationUnit: 'months' as const,
    durationQuantity: 1,
    validSince: new Date(Date.now() - DAY).toISOString(),
    validUntil: new Date(Date.now() + 365 * DAY).toISOString(),
    cannotBeFirstPlan: false,
  };
  const pkg = await api.call(subscriptionEndpoints.createPackage, {
    body: { name: unique('E2E service fleet'), description: '', partnerId, categoryId, plans: [plan] },
  });
  const assets = await api.call(subscriptionEndpoints.subscribableAssets, {
    query: { pageNo: 1, pageSize: 2, partnerId, categoryId },
  });
  expect(assets.length, 'Ready city e-bikes of Milano to subscribe').toBe(2);
  const order = await api.call(subscriptionEndpoints.createOrder, {
    body: {
      partnerId,
      packageId: pkg.id,
      planId: pkg.plans[0]?.id ?? '',
      usagePeriodMode: 'rolling',
      billingCycleFixedPattern: null,
      assetQuota: 2,
      assetTransferSiteId: centre.id,
      renewStrategy: 'auto-renew',
      terminateTime: null,
      note: 'E2E service desk',
      payment: { type: 'credit-card', paymentMethod: 'pm_card_visa' },
      assetNos: assets.map((a) => a.no),
    },
  });
  return { order, assetNo: assets[0]?.no ?? '', centre, item, checklist };
}

test.describe('B2B service tickets (B2B Subscription → Service Ticket, Service Management)', () => {
  test.use({ signedInAs: 'owner' });

  test('the partner reports a broken subscribed bike, the workshop works and completes it, the fee is owed on the order', async ({
    page,
    request,
    tokens,
  }) => {
    const api = new Api(request, await tokens('owner'));
    const { order, assetNo, centre, item, checklist } = await setUp(api);
    const main = page.getByRole('main');

    // The partner's desk: report it, the asset checked against its subscription first.
    await page.goto('/subscription/service/ticket/list');
    await main.getByTestId('new-ticket').click();
    await expect(page).toHaveURL(/\/subscription\/service\/ticket\/new$/);
    const asset = main.getByLabel('Asset no.');
    await asset.fill('NOSUCH999');
    await asset.press('Enter');
    await expect(main.getByText('No asset with this number in your partner scope')).toBeVisible();
    await asset.fill(assetNo);
    await asset.press('Enter');
    await expect(main.getByTestId('inspected-asset')).toContainText(assetNo);
    await expect(main.getByTestId('inspected-order')).toContainText(order.no);
    await pickOptions(page, main.getByRole('combobox', { name: 'Issues' }), ['Brakes']);
    await main.getByLabel('Description').fill('Rear brake squeaks when the box is loaded');
    await main.getByLabel('Contact name').fill('Rapido dispatch');
    await saveShot(page, 'b2b-ticket-new.en-US.png', { fullPage: true });
    await main.getByTestId('ticket-form-submit').click();
    await expect(page).toHaveURL(/\/subscription\/service\/ticket\/detail\//);
    const ticketId = page.url().split('/').pop()?.split('?')[0] ?? '';
    await expect(main.getByTestId('ticket-no')).toHaveText(/^Ticket T-\d{6}$/);
    const ticketNo = ((await main.getByTestId('ticket-no').textContent()) ?? '').replace('Ticket ', '').trim();
    await expect(main.getByTestId('ticket-subscription-order')).toContainText(order.no);
    await expect(main.getByTestId('ticket-comment')).toHaveText('Rear brake squeaks when the box is loaded');
    await expect(main.getByTestId('ticket-center')).toContainText('Not checked in yet');
    await expect(main.getByTestId('edit-ticket')).toBeVisible();
    // A photo of the fault: a text file is refused beside the button, the picture is kept and shown.
    const photos = main.getByTestId('ticket-photos');
    await photos.getByTestId('add-ticket-photo').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await expect(photos.getByTestId('add-ticket-photo-problem')).toBeVisible();
    await photos
      .getByTestId('add-ticket-photo')
      .setInputFiles({ name: 'brake.png', mimeType: 'image/png', buffer: PNG });
    await expect(photos.getByRole('img', { name: 'Photo brake.png' })).toBeVisible();
    await expect(photos.getByTestId('ticket-photos-count')).toContainText('1');
    await saveShot(page, 'b2b-ticket-detail.en-US.png', { fullPage: true });

    // The workshop's service management: the ticket among the unassigned ones; check in at the centre, start.
    await page.goto('/subscription/service-management/list');
    await main.getByTestId('view-unassigned').click();
    await expect(main.getByRole('row').filter({ hasText: ticketNo })).toContainText(order.no);
    await saveShot(page, 'b2b-service-management.en-US.png', { fullPage: true });
    const detail = new TicketDetailPage(page);
    await page.goto(`/subscription/service-management/detail/${ticketId}`);
    await expect(main.getByTestId('ticket-photos').getByRole('img', { name: 'Photo brake.png' })).toBeVisible();
    await detail.action('Check in').click();
    const checkIn = page.getByRole('dialog').filter({ hasText: 'Check the asset in' });
    await checkIn.getByTestId('check-in-confirm').click();
    await expect(checkIn.getByText('Choose the service centre the asset is checked in at')).toBeVisible();
    await pickOption(page, checkIn.getByRole('combobox', { name: 'Service centre' }), centre.name);
    await checkIn.getByTestId('check-in-confirm').click();
    await expect(checkIn).toBeHidden();
    await detail.expectStatus('checked-in');
    await detail.action('Start').click();
    await detail.expectStatus('processing');

    // The mechanic's record (drafted through the API, as the records' own e2e covers the form), then Finish.
    await api.call(checklistRecordEndpoints.subscriptionSubmitDraft, {
      params: { ticketId },
      body: {
        checklistId: checklist.id,
        durationMinutes: 25,
        groups: [
          {
            groupId: checklist.workItemGroups[0]?.id ?? '',
            workItems: [{ workItemId: item.id, options: [{ optionId: item.options[0]?.id ?? '', quantity: 1 }] }],
          },
        ],
      },
    });
    await page.reload();
    await detail.action('Finish').click();
    const finish = page.getByRole('dialog').filter({ hasText: `Finish ticket ${ticketNo}?` });
    await expect(finish).toContainText(`The fee is billed to subscription order ${order.no}`);
    await finish.getByRole('button', { name: /^Finish/ }).click();
    await expect(finish).toBeHidden();
    await detail.expectStatus('finished');
    const trade = main.getByTestId('service-trade');
    await expect(trade.locator('[data-trade-state="Pending"]')).toBeVisible();
    await expect(trade).toContainText(`Owed on subscription ${order.no}`);
    await expect(main.getByTestId('fee-owed')).toHaveText('€18.00');

    // The order owes it until its next trade.
    await main.getByTestId('order-trades-link').click();
    await expect(page).toHaveURL(new RegExp(`/subscription/order/trade/${order.id}`));
    const serviceTrade = main.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'Service fee' });
    await expect(serviceTrade).toHaveCount(1);
    await expect(serviceTrade).toContainText('€18.00');
    await expect(serviceTrade).toContainText('Pending');
    await page.goto(`/subscription/order/detail/${order.id}`);
    await expect(main.getByTestId('fee-owe')).toContainText('18.00');

    // Completed by the workshop: the fee is the subscription's to pay. Then the workbench in Italian.
    await page.goto(`/subscription/service-management/detail/${ticketId}`);
    await detail.action('Complete').click();
    await detail.expectStatus('completed');
    await inLocale(page, 'it-IT');
    await page.reload();
    await expectLocale(page, 'it-IT');
    await expect(main.getByTestId('service-trade')).toContainText(`Dovuto sull'abbonamento ${order.no}`);
    await saveShot(page, 'b2b-ticket-workbench.it-IT.png', { fullPage: true });
  });
});
