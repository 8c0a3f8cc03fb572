import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { Api } from '../fixtures/api.ts';
import { BASE_URL, type DemoUser, TOKEN_KEY } from '../fixtures/env.ts';
import { apiLogin, expect, test, unique } from '../fixtures/test.ts';
import { CustomerCreateDrawer, CustomerDetailPage, CustomerListPage } from '../pages/customers.page.ts';
import { Shell } from '../pages/shell.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;

/** A phone number no demo customer has: demo Italian numbers carry six digits after +39333, these seven. */
const uniquePhone = () => `+39333${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-7)}`;

/** A small valid PNG (the server re-encodes it, so any real image will do). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('customers', () => {
  test.use({ signedInAs: 'owner' });

  /** Customers this test owns, created through the API in the Milano partner. */
  async function setUp(tokens: (user: DemoUser) => Promise<string>, request: APIRequestContext) {
    const api = new Api(request, await tokens('owner'));
    const milano = await api.partnerId('Milano Bike Hub');
    const create = (first: string) =>
      api.createCustomer({
        partnerId: milano,
        phoneNo: uniquePhone(),
        name: { first, last: unique('E2e').replace(' ', '-') },
        password: 'first-pass',
      });
    return { api, milano, create };
  }

  test('the list searches and filters the demo customers', async ({ page }) => {
    const list = new CustomerListPage(page);
    const shell = new Shell(page);
    await shell.gotoHome();
    await shell.openGroup('B2C');
    await shell.menuLink('Customer').click();
    await expect(list.heading).toBeVisible();
    await expect(list.rows().first()).toBeVisible();

    // A demo customer by phone number (apps/server/src/db/seed/demo-customers.ts, the first Milano rider).
    await list.filter('+39333001000');
    await expect(list.rows()).toHaveCount(1);
    await expect(list.open('Marco Russo')).toBeVisible();
    await expect(list.rows().first()).toContainText('Milano Bike Hub');

    // ID verification filter: every row shows the chosen status; the filter lives in the URL.
    await list.search.fill('');
    await list.filterBy('ID verification', 'Pending');
    await expect(page).toHaveURL(/idVerificationStatus=pending/);
    // The previous page stays on screen until the new one arrives: wait until no other status is left.
    const statuses = list.rows().getByTestId('id-verification-status');
    await expect(statuses.filter({ hasNotText: 'Pending' })).toHaveCount(0);
    await expect(statuses.first()).toHaveText('Pending');

    // Deleted customers are listed archived.
    await list.goto('?status=deleted');
    await expect(list.rows().first()).toHaveClass(/customer-archived/);
    await expect(list.rows().first()).toContainText('Deleted');

    // The export is the server's CSV of the current filters.
    await list.goto('?search=%2B39333001000');
    const download = page.waitForEvent('download');
    await list.exportButton.click();
    const file = await download;
    const csv = await readFile(await file.path(), 'utf8');
    expect(csv.trim().split(/\r?\n/)).toHaveLength(2);
    expect(csv).toContain('+39333001000');

    // Nothing matches: the empty state says so.
    await list.goto('?search=nobody-has-this-name');
    await expect(page.getByText('No customers match these filters.')).toBeVisible();

    // An unknown customer: the shared "data do not exist" page.
    await page.goto('/customer/detail/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('The data do not exist!')).toBeVisible();
  });

  test('create a customer; the same phone in the same partner is refused on the field', async ({ page }) => {
    const list = new CustomerListPage(page);
    const drawer = new CustomerCreateDrawer(page);
    const detail = new CustomerDetailPage(page);
    const phoneNo = uniquePhone();
    const last = unique('Neri').replace(' ', '-');

    await list.goto();
    await list.newButton.click();
    await expect(page).toHaveURL(/panel=create/);
    await drawer.fill({ partner: 'Milano Bike Hub', phoneNo: '3331234', first: 'Ada', last, password: '12345' });
    await drawer.submit();
    await expect(drawer.errorOf('Phone')).toHaveText('Phone number is invalid!');
    await expect(drawer.drawer.getByText('Password must be at least 6 characters')).toBeVisible();

    await drawer.field('Phone').fill(phoneNo);
    await drawer.drawer.getByLabel('Initial password').fill('first-pass');
    await drawer.submit();
    await expect(page).toHaveURL(/\/customer\/detail\//);
    await expect(detail.heading(`Ada ${last}`)).toBeVisible();
    await expect(detail.card('Partners')).toContainText('Milano Bike Hub');

    // Again with the same phone in the same partner.
    await list.goto('?panel=create');
    await drawer.fill({ partner: 'Milano Bike Hub', phoneNo, first: 'Bea', last, password: 'first-pass' });
    await drawer.submit();
    await expect(drawer.errorOf('Phone')).toHaveText('phone number already exists in that partner');
    await expect(drawer.drawer).toBeVisible();
  });

  test('edit a field and find it in the field log', async ({ page, tokens, request }) => {
    const { create } = await setUp(tokens, request);
    const customer = await create('Edo');
    const detail = new CustomerDetailPage(page);
    await detail.goto(customer.id);
    await detail.editField('Note', 'Prefers the red e-bike');
    await expect(detail.page.getByText('Prefers the red e-bike')).toBeVisible();
    const rows = await detail.fieldLog();
    await expect(rows.filter({ hasText: 'Note' })).toContainText('Prefers the red e-bike');
    await expect(rows.filter({ hasText: 'Note' })).toContainText('Account Owner');
  });

  test('approve one pending identity verification and deny another with a reason', async ({
    page,
    tokens,
    request,
  }) => {
    const { api, create } = await setUp(tokens, request);
    const submit = async (first: string) => {
      const customer = await create(first);
      await api.uploadIdentityImage(customer.id, 'frontImage', PNG);
      await api.submitIdentity(customer.id, {
        documentType: 'passport',
        documentNumber: 'YA1234567',
        firstName: first,
        lastName: customer.name.last,
        dateOfBirth: '1990-05-17',
        expiryDate: '2031-05-16',
      });
      return customer;
    };
    const [passed, denied] = [await submit('Pia'), await submit('Dan')];
    const detail = new CustomerDetailPage(page);

    await detail.goto(passed.id);
    const card = detail.card('Identity verification');
    await expect(card.getByTestId('id-verification-status')).toHaveText('Pending');
    // The image is fetched with the token and shown from a blob URL.
    await expect(card.getByRole('img', { name: 'Front' })).toHaveAttribute('src', /^blob:/);
    await detail.button('Review').click();
    await expect(page).toHaveURL(/dialog=review/);
    const review = detail.dialog(/Review identity of/);
    await expect(review.getByRole('img', { name: 'Front' })).toBeVisible();
    await review.getByRole('button', { name: 'Pass' }).click();
    await expect(review).toBeHidden();
    await expect(card.getByTestId('id-verification-status')).toHaveText('Approved');
    await expect(detail.button('Review')).toHaveCount(0);

    await detail.goto(denied.id, '?dialog=review');
    const second = detail.dialog(/Review identity of/);
    await second.getByRole('button', { name: 'Deny' }).click();
    await expect(second.getByText('Please give the reason for the denial')).toBeVisible();
    await second.getByLabel('Reason for denial').fill('The photo is too dark to read');
    await second.getByRole('button', { name: 'Deny' }).click();
    await expect(second).toBeHidden();
    const deniedCard = detail.card('Identity verification');
    await expect(deniedCard.getByTestId('id-verification-status')).toHaveText('Denied');
    await expect(deniedCard).toContainText('The photo is too dark to read');
  });

  test('confirm a referrer code, after one refusal', async ({ page, tokens, request }) => {
    const { create } = await setUp(tokens, request);
    const referrer = await create('Rita');
    const referred = await create('Ugo');
    const detail = new CustomerDetailPage(page);
    await detail.goto(referred.id);
    await detail.card('Referral').getByRole('button', { name: 'Confirm referrer' }).click();
    const modal = detail.dialog(/Enter the referral code/);
    const code = modal.getByLabel('Referral code');

    await code.fill(referred.referralCode);
    await modal.getByRole('button', { name: 'Look up' }).click();
    await expect(modal.getByTestId('referral-problem')).toHaveText("This is the customer's own referral code.");
    // A well-formed code nobody has: the server's refusal, translated.
    await code.fill('000000');
    await modal.getByRole('button', { name: 'Look up' }).click();
    await expect(modal.getByTestId('referral-problem')).toHaveText(
      'No customer of this partner has this referral code.',
    );

    await code.fill(referrer.referralCode);
    await modal.getByRole('button', { name: 'Look up' }).click();
    await expect(modal.getByTestId('referral-match')).toContainText(`Rita ${referrer.name.last}`);
    await modal.getByRole('button', { name: 'Confirm referrer' }).click();
    await expect(modal).toBeHidden();
    await expect(detail.card('Referral').getByTestId('referrer')).toContainText(`Rita ${referrer.name.last}`);
    await expect(detail.card('Referral').getByRole('button', { name: 'Confirm referrer' })).toHaveCount(0);
  });

  test('add a partner, reset the password', async ({ page, tokens, request }) => {
    const { create } = await setUp(tokens, request);
    const customer = await create('Teo');
    const detail = new CustomerDetailPage(page);
    await detail.goto(customer.id);

    await detail.card('Partners').getByRole('button', { name: 'Add partner' }).click();
    const modal = detail.dialog(/Add a partner for/);
    await modal.getByRole('combobox', { name: 'Partner' }).click();
    await page.locator('.ant-select-dropdown').filter({ visible: true }).getByTitle('Barcelona E-Motion').click();
    await modal.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(modal).toBeHidden();
    await expect(detail.card('Partners').getByTestId('memberships')).toContainText('Barcelona E-Motion');

    await detail.button('Reset password').click();
    await detail.confirm(/Reset the password of/, 'Reset');
    const password = page.getByTestId('one-time-password');
    await expect(password).not.toHaveValue('');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(password).toHaveCount(0);
  });

  test('delete a payment method', async ({ page, tokens, request }) => {
    // The contract has no call that adds a payment method (customers bind cards in their app), so this takes a
    // demo Seoul customer with one; no other test reads Seoul customers' cards.
    const { api } = await setUp(tokens, request);
    const seoul = await api.partnerId('Seoul Scooter Co.');
    const bound = await api.customers({
      partnerId: seoul,
      paymentMethodBound: 'true',
      status: 'active',
      pageSize: 100,
    });
    const withCard = bound.at(-1);
    if (!withCard) throw new Error('No demo Seoul customer with a card');
    const before = await api.customer(withCard.id);
    const method = before.paymentMethods[0];
    if (!method?.last4) throw new Error('The demo customer has no numbered payment method');

    const detail = new CustomerDetailPage(page);
    await detail.goto(withCard.id);
    const card = detail.card('Payment methods');
    await expect(card).toContainText(`•••• ${method.last4}`);
    await card
      .getByRole('button', { name: `Delete payment method •••• ${method.last4}` })
      .first()
      .click();
    await detail.confirm(/Delete payment method/, 'Delete');
    await expect(card.getByRole('button', { name: /^Delete payment method/ })).toHaveCount(
      before.paymentMethods.length - 1,
    );
    expect((await api.customer(withCard.id)).paymentMethods).toHaveLength(before.paymentMethods.length - 1);
  });

  test('start a lease: the new order opens with the customer chosen', async ({ page, tokens, request }) => {
    const { create } = await setUp(tokens, request);
    const customer = await create('Leo');
    const detail = new CustomerDetailPage(page);
    await detail.goto(customer.id);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/customer-start-lease.en-US.png` });
    await detail.button('Start lease').click();
    await expect(page).toHaveURL(new RegExp(`/renting/order/new\\?customerId=${customer.id}`));
    await expect(page.getByRole('heading', { name: 'New order', level: 4 })).toBeVisible();
    await expect(page.getByTestId('order-customer')).toContainText(customer.phoneNo);
    await expect(page.getByTestId('order-customer')).toContainText(`Leo ${customer.name.last}`);
  });

  test('delete and restore a customer', async ({ page, tokens, request }) => {
    const { create } = await setUp(tokens, request);
    const customer = await create('Ivo');
    const name = `Ivo ${customer.name.last}`;
    const detail = new CustomerDetailPage(page);
    await detail.goto(customer.id);

    await detail.button('Delete').click();
    await detail.confirm(`Delete customer "${name}"?`, 'Delete');
    await expect(page.getByText('This customer was deleted. Restore them to make changes.')).toBeVisible();
    await expect(detail.button('Edit')).toHaveCount(0);

    await detail.button('Restore').click();
    await detail.confirm(`Restore customer "${name}"?`, 'Restore');
    await expect(detail.button('Edit')).toBeVisible();
    await expect(page.getByText('This customer was deleted.')).toHaveCount(0);
  });
});

test.describe('a staff member who may only read customers', () => {
  test('sees no action that changes a customer', async ({ browser, request }) => {
    const admin = new Api(request, await apiLogin(request, 'owner@fleetdesk.local'));
    const suffix = Date.now().toString(36);
    const role = await admin.createRole({
      title: `Customer reader ${suffix}`,
      permissions: ['customer.read', 'customer.read_detail'],
    });
    const email = `reader.${suffix}@fleetdesk.local`;
    await admin.createUser({
      username: `reader.${suffix}`,
      name: 'Customer Reader',
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

    const list = new CustomerListPage(page);
    await list.goto('?idVerificationStatus=pending');
    await expect(list.rows().first()).toBeVisible();
    await expect(list.newButton).toHaveCount(0);
    await expect(list.exportButton).toHaveCount(0);

    await list.rows().first().getByRole('link').first().click();
    const detail = new CustomerDetailPage(page);
    await expect(detail.card('Identity verification')).toBeVisible();
    for (const action of [
      // Starting a lease needs order.create.
      'Start lease',
      'Edit',
      'Reset password',
      'Send email',
      'Delete',
      'Review',
      'Add partner',
      'Confirm referrer',
    ])
      await expect(detail.button(action), action).toHaveCount(0);
    // Reading details still shows the documents.
    await expect(detail.card('Identity verification').getByRole('img', { name: 'Front' })).toBeVisible();
    await context.close();
  });
});
