import { Api } from '../fixtures/api.ts';
import { BASE_URL, TOKEN_KEY } from '../fixtures/env.ts';
import { apiLogin, expect, test } from '../fixtures/test.ts';
import { answerConfirm } from '../pages/list.ts';
import { PaymentMethodFormPage, PaymentMethodListPage } from '../pages/payment-methods.page.ts';

test.describe('payment methods (Settings → Partner → Payment methods)', () => {
  test.use({ signedInAs: 'owner' });

  test('set up a card method for Seoul, refused mixed keys and a bad descriptor, then edit and delete it', async ({
    page,
  }) => {
    const list = new PaymentMethodListPage(page);
    const form = new PaymentMethodFormPage(page);

    // From the partner settings landing card; the demo methods are there, in test mode.
    await page.goto('/setting/partner');
    await page.getByRole('link', { name: 'Payment methods' }).click();
    await expect(list.heading).toBeVisible();
    await expect(list.method('Milano Bike Hub', 'SEPA direct debit')).toContainText('Test');
    await expect(list.method('Barcelona E-Motion', 'Credit card')).toBeVisible();
    await expect(list.rows()).toHaveCount(4);

    await list.newButton.click();
    await expect(page).toHaveURL('/setting/partner/payment-method/new');
    await form.choose('Partner', 'Seoul Scooter Co.');
    await form.choose('Payment method', 'Credit card');
    await form.input('Publishable key').fill('pk_test_51SeoulScooterPublic0001');
    await form.input('Secret key').fill('sk_live_51SeoulScooterSecret9876');
    await form.input('Statement descriptor').fill('1234');
    await form.submit('Create');
    await expect(form.errorUnder('Secret key')).toHaveText('Test and live keys cannot be mixed');
    await expect(form.errorUnder('Statement descriptor')).toHaveText('Statement descriptor must be 5 to 22 characters');

    await form.input('Secret key').fill('sk_test_51SeoulScooterSecret9876');
    await form.input('Statement descriptor').fill('SEOUL*RIDES');
    await expect(form.errorUnder('Statement descriptor')).toHaveText(
      'Statement descriptor must not contain < > \\ \' " *',
    );
    await form.input('Statement descriptor').fill('SEOUL SCOOTER');
    await form.submit('Create');
    await answerConfirm(page, 'Set up Credit card for this partner?', 'Confirm');

    await expect(page).toHaveURL(/\/setting\/partner\/payment-method\/list/);
    const seoul = list.method('Seoul Scooter Co.', 'Credit card');
    await expect(seoul).toContainText('Enabled');
    await expect(seoul).toContainText('SEOUL SCOOTER');

    // Secrets come back masked; leaving them as they are keeps them.
    await seoul.getByRole('link', { name: 'Credit card', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Credit card of Seoul Scooter Co.' })).toBeVisible();
    await expect(form.input('Secret key')).toHaveValue('••••••••9876');
    await form.form.getByRole('switch').click();
    await form.submit('Save');
    await expect(page).toHaveURL(/\/setting\/partner\/payment-method\/list/);
    await expect(seoul).toContainText('Disabled');
    await seoul.getByRole('link', { name: 'Credit card', exact: true }).click();
    await expect(form.input('Secret key')).toHaveValue('••••••••9876');

    // A second card method for the same partner cannot even be picked.
    await page.goto('/setting/partner/payment-method/new');
    await form.choose('Partner', 'Seoul Scooter Co.');
    await form.form.getByRole('combobox', { name: /Payment method/ }).click();
    await expect(
      page.locator('.ant-select-dropdown').filter({ visible: true }).getByTitle('Credit card (already set up)'),
    ).toHaveClass(/ant-select-item-option-disabled/);
    await page.keyboard.press('Escape');

    await list.goto();
    await seoul.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Delete Credit card of Seoul Scooter Co.?', 'Delete');
    await expect(seoul).toHaveCount(0);
    await expect(list.rows()).toHaveCount(4);
  });

  test('a SEPA-only staff member of Milano sees and sets up only SEPA debit', async ({ browser, request, tokens }) => {
    const api = new Api(request, await tokens('owner'));
    const suffix = Date.now().toString(36);
    const role = await api.createRole({
      title: `Direct debit ${suffix}`,
      permissions: ['partner.payment.direct_debit.read', 'partner.payment.direct_debit.setup'],
    });
    const email = `sepa.${suffix}@fleetdesk.local`;
    await api.createUser({
      username: `sepa.${suffix}`,
      name: 'SEPA Clerk',
      email,
      password: 'sepa-pass-1234',
      partnerScope: [await api.partnerId('Milano Bike Hub')],
      roleIds: [role.id],
    });
    const token = await apiLogin(request, email, 'sepa-pass-1234');
    const context = await browser.newContext({
      storageState: { cookies: [], origins: [{ origin: BASE_URL, localStorage: [{ name: TOKEN_KEY, value: token }] }] },
    });
    const page = await context.newPage();
    const list = new PaymentMethodListPage(page);
    const form = new PaymentMethodFormPage(page);

    // Milano's cards and Apple Pay, and Barcelona's card, are not hers to see.
    await list.goto();
    await expect(list.rows()).toHaveCount(1);
    await expect(list.method('Milano Bike Hub', 'SEPA direct debit')).toBeVisible();

    await list.newButton.click();
    // The list's filter form stays on screen while the new page loads: pick in the new page's form only.
    await expect(page).toHaveURL(/\/payment-method\/new/);
    await form.choose('Partner', 'Milano Bike Hub');
    await form.form.getByRole('combobox', { name: /Payment method/ }).click();
    const options = page.locator('.ant-select-dropdown').filter({ visible: true }).locator('.ant-select-item-option');
    await expect(options).toHaveText(['SEPA direct debit (already set up)']);
    await context.close();
  });
});
