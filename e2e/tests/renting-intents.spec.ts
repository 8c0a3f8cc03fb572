import { rentingEndpoints, rentingIntentEndpoints, siteEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { LOCALE_KEY } from '../fixtures/env.ts';
import { expect, pageWithRole, test } from '../fixtures/test.ts';
import { pickOption } from '../pages/asset-list.page.ts';
import { answerConfirm } from '../pages/list.ts';
import { demoAssets, demoRenters, leasableRenter, NewOrderPage } from '../pages/orders.page.ts';
import { typeDateTime } from '../pages/pricing.page.ts';
import { demoIntents, type E2eIntent, IntentListPage, intentById, isOpen } from '../pages/renting-intents.page.ts';
import { Shell } from '../pages/shell.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;
const MILANO = 'Milano Bike Hub';
const BARCELONA = 'Barcelona E-Motion';
const CITY_EBIKE = 'City e-bike';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * The demo data seeds 14 intents of Milano and Barcelona customers for a city e-bike (apps/server/src/db/seed/
 * demo-intents.ts): most pending, some confirmed, one canceled, one overdue. The tests that change an intent take
 * an open Barcelona one that is not overdue (the list test reads the overdue one); the order test takes a Milano one.
 */
function openBarcelonaIntent(intents: E2eIntent[], status?: E2eIntent['status']): E2eIntent {
  const intent = intents.find(
    (i) => i.partner.name === BARCELONA && isOpen(i) && !i.overdue && (!status || i.status === status),
  );
  expect(intent, `an open Barcelona intent${status ? ` (${status})` : ''}`).toBeTruthy();
  return intent as E2eIntent;
}

test.describe('renting intents', () => {
  test.use({ signedInAs: 'owner' });

  test('the list shows the demo intents, searched, filtered and sorted, at both routes', async ({
    page,
    tokens,
    request,
  }) => {
    const token = await tokens('owner');
    const intents = await demoIntents(request, token);
    expect(intents.length).toBeGreaterThanOrEqual(14);
    const list = new IntentListPage(page);
    const shell = new Shell(page);

    await list.goto();
    await expect(page.getByText(`Total: ${intents.length}`)).toBeVisible();
    await expect(shell.sideMenu.locator('.ant-menu-item-selected')).toHaveText('Intent List');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/intent-list.en-US.png`, fullPage: true });

    // Search by the customer's phone: only their intents.
    const target = intents.find((i) => i.partner.name === BARCELONA) as E2eIntent;
    await list.filter(target.customer.phoneNo);
    await expect(list.rows().first()).toContainText(target.customer.phoneNo);
    await expect(list.rows().filter({ hasNotText: target.customer.phoneNo })).toHaveCount(0);

    // Status: the seeded cancellation shows its reason.
    await list.search.fill('');
    const status = list.filters.getByRole('combobox', { name: /^Status\b/ });
    await pickOption(page, status, 'Canceled');
    await list.filters.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/status=Canceled/);
    await expect(list.rows().first().getByTestId('intent-status')).toHaveText('Canceled');
    await expect(list.rows().getByTestId('intent-status').filter({ hasNotText: 'Canceled' })).toHaveCount(0);
    await expect(list.table.getByText('The customer found another bike')).toBeVisible();

    // An intent whose window ended while still open is marked overdue.
    const overdue = intents.find((i) => i.overdue);
    expect(overdue, 'the overdue demo intent').toBeTruthy();
    const overdueRow = await list.gotoIntent(overdue as E2eIntent);
    await expect(overdueRow.getByTestId('intent-overdue')).toHaveText('Overdue');

    // Sorted by the appointment, earliest first: the API's first row comes first.
    await list.goto();
    await list.table.getByRole('columnheader', { name: /Appointment/ }).click();
    await expect(page).toHaveURL(/sort=appointmentStartFrom%3Aasc/);
    const earliest = await sortedFirst(request, token);
    await expect(list.rows().first()).toContainText(earliest.customer.phoneNo);

    // The later start must not be before the earlier one (the server's rule, checked before sending). Typed on the
    // sorted list: a change of the URL elsewhere no longer resets the filter form (useListState).
    await typeDateTime(page, list.filters, 'Appointment from', new Date(Date.now() + 2 * DAY));
    await typeDateTime(page, list.filters, 'Appointment to', new Date(Date.now() + DAY));
    await expect(list.filters.getByRole('textbox', { name: 'Appointment to' })).not.toHaveValue('');
    await list.filters.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(list.filters.getByText('The later start must not be before the earlier one')).toBeVisible();
    await expect(page).not.toHaveURL(/appointmentTo=/);

    // Nothing found: the empty state says the filters match nothing.
    await list.goto('?search=nobody-at-all');
    await expect(page.getByText('No renting intents match these filters.')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/intent-list-empty.en-US.png`, fullPage: true });

    // The renting order routes serve the same list; the menu keeps "Order List" selected there.
    await list.goto('', '/renting/order/intent/list', 'Renting intents');
    await expect(page.getByText(`Total: ${intents.length}`)).toBeVisible();
    await expect(shell.sideMenu.locator('.ant-menu-item-selected')).toHaveText('Order List');
  });

  test('the list says when it cannot load, and loads again on Retry', async ({ page }) => {
    const list = new IntentListPage(page);
    await page.route(/\/api\/customer\/renting\/intents(\?|$)/, (route) =>
      route.fulfill({ status: 503, json: { code: 'ServiceUnavailable', message: 'Down for maintenance' } }),
    );
    await list.goto();
    await expect(page.getByText('The list could not be loaded.')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/intent-list-error.en-US.png`, fullPage: true });
    await page.unrouteAll();
    await page.getByRole('main').getByRole('button', { name: 'Retry' }).click();
    await expect(list.rows().first()).toBeVisible();
  });

  test('edit the appointment window, the site and the note', async ({ page, tokens, request }) => {
    const token = await tokens('owner');
    const intent = openBarcelonaIntent(await demoIntents(request, token));
    const name = intent.customer.name;
    const sites = await new Api(request, token).call(siteEndpoints.all);
    const site = sites.find((s) => s.partnerId === intent.partner.id && s.id !== intent.site?.id);
    expect(site, 'another site of the intent partner').toBeTruthy();
    const list = new IntentListPage(page);
    const row = await list.gotoIntent(intent);

    await list.action('Edit', name).click();
    const dialog = list.dialog(`Edit the intent of ${name}`);
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`dialog=edit&intentId=${intent.id}`));

    // The end must be after the start: refused before sending, in the server's words.
    await typeDateTime(page, dialog, 'Appointment to', new Date(Date.parse(intent.appointmentStartFrom) - HOUR));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The end of the appointment must be after its start')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/intent-edit.en-US.png`, fullPage: true });

    const start = new Date(Date.now() + 3 * DAY);
    start.setUTCMinutes(0, 0, 0);
    const end = new Date(start.getTime() + 1.5 * HOUR);
    await typeDateTime(page, dialog, 'Appointment from', start);
    await typeDateTime(page, dialog, 'Appointment to', end);
    await pickOption(page, dialog.getByRole('combobox', { name: 'Site' }), (site as { name: string }).name);
    await dialog.getByLabel('Note').fill('Bring a helmet');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`The intent of ${name} is saved.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/dialog=/);
    await expect(row).toContainText((site as { name: string }).name);
    await expect(row).toContainText('Bring a helmet');

    const saved = await intentById(request, token, intent.id);
    expect(Date.parse(saved.appointmentStartFrom)).toBe(start.getTime());
    expect(Date.parse(saved.appointmentStartTo)).toBe(end.getTime());
    expect(saved.site?.id).toBe(site?.id);
    expect(saved.note).toBe('Bring a helmet');
    expect(saved.status).toBe(intent.status);
  });

  test('confirm a pending intent', async ({ page, tokens, request }) => {
    const token = await tokens('owner');
    const intent = openBarcelonaIntent(await demoIntents(request, token), 'Pending');
    const name = intent.customer.name;
    const list = new IntentListPage(page);
    const row = await list.gotoIntent(intent);
    await expect(list.status(row)).toHaveText('Pending');

    await list.action('Confirm', name).click();
    await answerConfirm(page, `Confirm the appointment of ${name}?`, 'Confirm');
    await expect(page.getByText(`The appointment of ${name} is confirmed.`)).toBeVisible();
    await expect(list.status(row)).toHaveText('Confirmed');
    // Confirmed once: no second Confirm, the rest stays.
    await expect(list.action('Confirm', name)).toHaveCount(0);
    await expect(list.action('Edit', name)).toBeVisible();
    await expect(list.action('Cancel', name)).toBeVisible();
  });

  test('cancel an intent with a reason; without one it is refused', async ({ page, tokens, request }) => {
    const token = await tokens('owner');
    const intent = openBarcelonaIntent(await demoIntents(request, token));
    const name = intent.customer.name;

    // The API itself refuses a cancellation without a reason.
    const refused = await new Api(request, token).fetch(rentingIntentEndpoints.update, {
      params: { id: intent.id },
      body: { status: 'Canceled' },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain('A reason is required to cancel');

    const list = new IntentListPage(page);
    const row = await list.gotoIntent(intent);
    await list.action('Cancel', name).click();
    const dialog = list.dialog('Cancel renting intent');
    await expect(dialog).toContainText(`Cancel the intent of ${name} to rent a ${intent.assetCategory.name}`);
    await dialog.getByRole('button', { name: 'Cancel intent' }).click();
    await expect(dialog.getByText('A reason is required to cancel')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/intent-cancel.en-US.png`, fullPage: true });

    await dialog.getByLabel('Reason').fill('The customer moved to another city');
    await dialog.getByRole('button', { name: 'Cancel intent' }).click();
    await expect(page.getByText(`The intent of ${name} is canceled.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(list.status(row)).toHaveText('Canceled');
    await expect(row).toContainText('The customer moved to another city');
    for (const action of ['Edit', 'Confirm', 'Cancel'] as const)
      await expect(list.action(action, name), action).toHaveCount(0);
    await expect(list.createOrder(name)).toHaveCount(0);
  });

  test('"Create order" opens the new-order flow for the customer, and the order fulfils the intent', async ({
    page,
    tokens,
    request,
  }) => {
    // The checkout waits for the payment provider and for a simulated device.
    test.slow();
    const token = await tokens('owner');
    const assets = await demoAssets(request, token, {
      category: CITY_EBIKE,
      vendors: ['tbox', 'rybit-box'],
      turnover: 'InSite',
    });
    // The orders spec takes the first free city e-bikes: this one takes the last.
    const assetNo = assets.at(-1) as string;
    expect(assetNo, 'a free city e-bike with an online device').toBeTruthy();
    // A Milano intent whose customer can pay by card (the demo's Stripe test cards succeed, but for Apple Pay).
    const payers = (await demoRenters(request, token)).filter(
      (r) => r.method.type === 'credit-card' && r.method.last4 !== '0002',
    );
    const intents = (await demoIntents(request, token)).filter(
      (i) =>
        i.partner.name === MILANO &&
        i.assetCategory.name === CITY_EBIKE &&
        isOpen(i) &&
        !i.order &&
        payers.some((r) => r.id === i.customer.id),
    );
    expect(intents.length, 'an open Milano intent of a customer with a valid card').toBeGreaterThan(0);
    const renter = await leasableRenter(
      request,
      token,
      payers.filter((r) => intents.some((i) => i.customer.id === r.id)),
      assetNo,
    );
    const intent = intents.find((i) => i.customer.id === renter.id) as E2eIntent;
    const brand = `${renter.method.brand?.charAt(0).toUpperCase()}${renter.method.brand?.slice(1)}`;
    const method = `${brand} •••• ${renter.method.last4} · Credit card`;

    const list = new IntentListPage(page);
    await list.gotoIntent(intent);
    await list.createOrder(renter.name).click();
    await expect(page).toHaveURL(`/renting/order/new?customerId=${renter.id}&intentId=${intent.id}`);

    // The flow starts with the intent's customer, and says which intent it fulfils.
    const flow = new NewOrderPage(page);
    const banner = flow.main.getByTestId('order-intent');
    await expect(banner).toContainText(`${renter.name} · ${MILANO} · ${CITY_EBIKE}`);
    await expect(flow.main.getByTestId('order-customer')).toContainText(renter.phoneNo);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/intent-order-new.en-US.png`, fullPage: true });
    await flow.next.click();
    await flow.inspect(assetNo);
    await expect(flow.inspection()).toContainText('The asset can be rented to this customer');
    await expect(banner.getByTestId('order-intent-mismatch')).toHaveCount(0);
    await flow.next.click();
    await flow.choosePlan('Every week', method);
    await flow.next.click();
    await flow.confirm();

    await expect(flow.progress()).toHaveAttribute('data-outcome', 'success', { timeout: 45_000 });
    const orderId = new URL(page.url()).searchParams.get('orderId') as string;
    expect(page.url()).toContain(`intentId=${intent.id}`);
    // The checkout completed: the intent is fulfilled by this order.
    await expect(banner.getByTestId('intent-status')).toHaveText('Fulfilled');

    const row = await list.gotoIntent(intent);
    await expect(list.status(row)).toHaveText('Fulfilled');
    await expect(list.action('Edit', renter.name)).toHaveCount(0);
    await expect(list.createOrder(renter.name)).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/intent-fulfilled.en-US.png`, fullPage: true });
    await row.getByRole('link', { name: /^Open order R\d+/ }).click();
    await expect(page).toHaveURL(`/renting/order/detail/${orderId}`);

    // The asset and the customer are left free for the other specs.
    await new Api(request, token).call(rentingEndpoints.endOrder, {
      params: { id: orderId },
      body: { reason: 'Returned after the renting intents spec' },
    });
  });

  test('the list in Italian', async ({ page }) => {
    await page.addInitScript(
      ([key, value]) => localStorage.setItem(key as string, value as string),
      [LOCALE_KEY, 'it-IT'],
    );
    const list = new IntentListPage(page);
    await list.goto('', '/b2c/renting-intent/list', 'Elenco intenzioni');
    await expect(list.table.getByRole('columnheader', { name: /^Appuntamento/ })).toBeVisible();
    await expect(list.rows().first().getByTestId('intent-status')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/intent-list.it-IT.png`, fullPage: true });
  });
});

/** The intent with the earliest appointment, as the API sorts them. */
async function sortedFirst(request: Parameters<typeof demoIntents>[0], token: string): Promise<E2eIntent> {
  const [first] = await new Api(request, token).call(rentingIntentEndpoints.list, {
    query: { pageSize: 1, sort: 'appointmentStartFrom:asc' },
  });
  expect(first, 'an intent').toBeTruthy();
  return first as E2eIntent;
}

test.describe('a staff member who may only read intents', () => {
  test('sees the list at both routes and no action', async ({ browser, request, tokens }) => {
    const open = (await demoIntents(request, await tokens('owner'))).find(isOpen);
    expect(open, 'an open intent').toBeTruthy();
    const { name } = (open as E2eIntent).customer;
    const page = await pageWithRole(browser, request, { title: 'Intent reader', permissions: ['renting_intent.read'] });
    const list = new IntentListPage(page);

    await list.gotoIntent(open as E2eIntent);
    await expect(list.table.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    for (const action of ['Edit', 'Confirm', 'Cancel'] as const)
      await expect(list.action(action, name), action).toHaveCount(0);
    await expect(list.createOrder(name)).toHaveCount(0);

    await list.goto('', '/renting/order/intent/list', 'Renting intents');
    await expect(list.rows().first()).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: /the intent of/ })).toHaveCount(0);
    await page.context().close();
  });
});
