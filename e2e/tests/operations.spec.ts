import { operationSettingEndpoints, partnerEndpoints } from '@fleetdesk/contracts';
import type { APIRequestContext } from '@playwright/test';
import { Api } from '../fixtures/api.ts';
import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, test, unique } from '../fixtures/test.ts';
import { answerConfirm } from '../pages/list.ts';
import { OperationSettingsPage, SmsServiceDrawer } from '../pages/operations.page.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;

/** A partner without an operation setting yet (every demo partner has one). */
async function newPartner(request: APIRequestContext, token: string, name: string): Promise<string> {
  return (await new Api(request, token).call(partnerEndpoints.create, { body: { name } })).id;
}

test.describe('operation settings (Settings → General → Operations)', () => {
  test.use({ signedInAs: 'owner' });

  test('the rules show their messages on the cells, one row edits at a time, add then confirm as business model', async ({
    page,
    request,
    tokens,
  }) => {
    const partner = unique('Lisboa Rides');
    await newPartner(request, await tokens('owner'), partner);
    const screen = new OperationSettingsPage(page);

    // From the General settings landing card; the demo settings are there.
    await page.goto('/setting/general');
    await page.getByRole('link', { name: 'Operations' }).first().click();
    await expect(screen.heading).toHaveText('Operations');
    await expect(screen.row('Milano Bike Hub')).toContainText('Business model');
    await expect(screen.row('Seoul Scooter Co.')).toContainText('Not confirmed');
    await expect(screen.row('Milano Bike Hub').getByRole('button', { name: 'Delete' })).toBeDisabled();

    await screen.addButton.click();
    await expect(screen.editingRow).toBeVisible();
    await screen.choose('Partner', partner);
    await screen.choose('Customer plan', 'Free');
    await screen.choose('Credit card policy', 'Not required');
    await screen.choose('Deposit policy', 'Required');
    await screen.save();
    await expect(screen.errors().filter({ hasText: 'CreditCard policy must be required' })).toBeVisible();
    await expect(screen.errors().filter({ hasText: 'Deposit policy must be free' })).toBeVisible();
    await expect(screen.errors().filter({ hasText: 'Currency must be selected' })).toBeVisible();
    await expect(screen.errors().filter({ hasText: 'Timezone must be selected' })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/operations-errors.en-US.png`, fullPage: true });

    // A second row cannot open while this one is in edit.
    await screen
      .row('Seoul Scooter Co.')
      .getByRole('button', { name: 'Edit the setting of Seoul Scooter Co.' })
      .click();
    await expect(screen.toast('Only one operation can edit at the same time!')).toBeVisible();
    await expect(screen.editingRow).toHaveCount(1);
    await screen.addButton.click();
    await expect(screen.editingRow).toHaveCount(1);

    // A half-typed timezone is not "selected" but not complete either.
    await screen.choose('Credit card policy', 'Required');
    await screen.choose('Deposit policy', 'Free');
    await screen.choose('Currency', 'EUR · Euro');
    await screen.typeTimezone('+00');
    await screen.save();
    await expect(screen.errors()).toHaveText(['Timezone must be full fill']);
    await screen.typeTimezone('+00:00');
    await screen.save();
    await answerConfirm(page, `Add the operation setting of ${partner}?`, 'Add');
    await expect(screen.editingRow).toHaveCount(0);
    const added = screen.row(partner);
    await expect(added).toContainText('Free');
    await expect(added).toContainText('EUR');
    await expect(added).toContainText('Not confirmed');

    // The same partner is no longer offered.
    await screen.addButton.click();
    const partnerBox = screen.editingRow.getByRole('combobox', { name: 'Partner' });
    await partnerBox.click();
    await partnerBox.fill(partner);
    await expect(page.locator('.ant-select-dropdown').filter({ visible: true }).getByTitle(partner)).toHaveCount(0);
    await partnerBox.press('Escape');
    await screen.editingRow.getByRole('button', { name: 'Cancel' }).click();
    await expect(screen.editingRow).toHaveCount(0);

    // Confirm as business model: the question explains the currency is fixed afterwards.
    await added.getByRole('button', { name: 'Confirm as business model' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: `Make this the business model of ${partner}?` });
    await expect(dialog).toContainText('the currency (EUR) can no longer be changed');
    await answerConfirm(page, `Make this the business model of ${partner}?`, 'Confirm business model');
    await expect(added).toContainText('Business model');
    await expect(added.getByRole('button', { name: 'Confirm as business model' })).toHaveCount(0);
    await expect(added.getByRole('button', { name: 'Delete' })).toBeDisabled();

    // In edit, the currency of the business model is read-only; the rest can still change.
    await added.getByRole('button', { name: `Edit the setting of ${partner}` }).click();
    await expect(screen.editingRow.getByTestId('currency-locked')).toContainText('EUR');
    await expect(screen.editingRow.getByRole('combobox', { name: 'Currency' })).toHaveCount(0);
    await screen.typeTimezone('+01:00');
    // Keyboard: Ctrl+Enter saves the row, as it submits the other forms.
    await page.keyboard.press('Control+Enter');
    await expect(screen.editingRow).toHaveCount(0);
    await expect(screen.row(partner)).toContainText('+01:00');
  });

  test('an unconfirmed setting is deleted after a confirm step', async ({ page, request, tokens }) => {
    const partner = unique('Porto Scoot');
    const token = await tokens('owner');
    const partnerId = await newPartner(request, token, partner);
    await new Api(request, token).call(operationSettingEndpoints.create, {
      body: {
        accountPartnerId: partnerId,
        customerPlan: 'paid-for-rent',
        creditCardPolicy: 'required',
        depositPolicy: 'required',
        currency: 'EUR',
        timezone: '+00:00',
      },
    });
    const screen = new OperationSettingsPage(page);
    await screen.goto();
    await screen.row(partner).getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, `Delete the operation setting of ${partner}?`, 'Delete');
    await expect(screen.row(partner)).toHaveCount(0);
  });

  test('the SMS service refuses whitespace and keeps its token masked', async ({ page }) => {
    const screen = new OperationSettingsPage(page);
    await screen.goto();
    await screen.row('Seoul Scooter Co.').getByRole('button', { name: 'SMS service' }).click();
    const sms = new SmsServiceDrawer(page);
    await expect(sms.drawer).toContainText('This partner has no SMS service yet');
    await sms.fill({ accountSid: 'AC 1234', authToken: 'abc def', pathServiceSid: 'VA5678' });
    await sms.save();
    await expect(sms.drawer.locator('.ant-form-item-explain-error')).toHaveText([
      'Do not contain whitespace',
      'Do not contain whitespace',
    ]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/operations-sms-error.en-US.png`, fullPage: true });
    await sms.fill({
      accountSid: 'AC4d2f0b9e8c7a6b5c4d3e2f1a0b9c8d7e',
      authToken: '5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b',
      pathServiceSid: 'VA1b2c3d4e5f60718293a4b5c6d7e8f901',
    });
    await sms.save();
    await expect(
      page.locator('.ant-message-notice').filter({ hasText: 'SMS service of Seoul Scooter Co. saved' }),
    ).toBeVisible();
    await expect(sms.drawer).toHaveCount(0);

    // Reopened: the token is masked and saving it unchanged keeps it.
    await screen.row('Seoul Scooter Co.').getByRole('button', { name: 'SMS service' }).click();
    await expect(sms.field('Auth token')).toHaveValue('••••••••1c0b');
    await sms.save();
    await expect(
      page.locator('.ant-message-notice').filter({ hasText: 'SMS service of Seoul Scooter Co. saved' }).first(),
    ).toBeVisible();
  });

  test('service keys are shown masked and a half-filled service is refused', async ({ page }) => {
    const screen = new OperationSettingsPage(page);
    await screen.goto();
    await screen.row('Milano Bike Hub').getByRole('button', { name: 'Service keys' }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: 'Service keys · Milano Bike Hub' });
    const payment = drawer.locator('.ant-card').filter({ hasText: 'Payment channel' });
    await expect(payment.getByRole('textbox', { name: 'Secret key' })).toHaveValue(/^••••••••/);
    const image = drawer.locator('.ant-card').filter({ hasText: 'Image service' });
    await image.getByRole('textbox', { name: 'Cloud name' }).fill('milano-demo');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect(image.locator('.ant-form-item-explain-error')).toHaveText([
      'Fill in every field of this service, or clear them all',
      'Fill in every field of this service, or clear them all',
    ]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/operations-keys.en-US.png`, fullPage: true });
  });

  test('screenshots in two locales', async ({ page }) => {
    const screen = new OperationSettingsPage(page);
    const heading = (name: string) => screen.main.getByRole('heading', { level: 4, name, exact: true });
    // apps/web/src/features/operations/i18n, shared/i18n/common and shared/i18n/validation, in each language.
    const screens = {
      'en-US': {
        title: 'Operations',
        intro: 'One operation setting per partner: customer plan, card and deposit policies',
        columns: ['Partner', 'Customer plan', 'Credit card policy', 'Deposit policy', 'Currency', 'Timezone'],
        add: 'Add',
        confirmed: 'Business model',
        sms: 'SMS service',
        fixFields: 'You have some fields incorrect or empty, check and resubmit',
        cellErrors: ['Partner must be selected', 'Currency must be selected', 'Timezone must be selected'],
      },
      'it-IT': {
        title: 'Operazioni',
        intro: "Un'impostazione operativa per partner: piano clienti, politiche di carta e deposito",
        columns: [
          'Partner',
          'Piano clienti',
          'Politica carta di credito',
          'Politica deposito',
          'Valuta',
          'Fuso orario',
        ],
        add: 'Aggiungi',
        confirmed: 'Modello di business',
        sms: 'Servizio SMS',
        fixFields: 'Alcuni campi sono errati o vuoti, controlla e invia di nuovo',
        cellErrors: ['Seleziona un partner', 'Seleziona una valuta', 'Seleziona un fuso orario'],
      },
    } as const;
    for (const locale of ['en-US', 'it-IT'] as const) {
      const text = screens[locale];
      await inLocale(page, locale);
      await screen.goto();
      await expectLocale(page, locale);
      await expect(heading(text.title)).toBeVisible();
      await expect(screen.main.getByText(text.intro)).toBeVisible();
      for (const name of text.columns) await expect(screen.main.getByRole('columnheader', { name })).toBeVisible();
      await expect(screen.row('Milano Bike Hub')).toContainText(text.confirmed);
      await expect(screen.row('Milano Bike Hub').getByRole('button', { name: text.sms })).toBeVisible();
      await saveShot(page, `operations-list.${locale}.png`, { fullPage: true });

      // A new row saved empty: every required cell says what is missing.
      await screen.main.getByRole('button').filter({ hasText: text.add }).first().click();
      await screen.editingRow.getByRole('button').first().click();
      await expect(page.getByText(text.fixFields)).toBeVisible();
      await expect(screen.errors()).toHaveText([...text.cellErrors]);
      await saveShot(page, `operations-add.${locale}.png`, { fullPage: true });
    }
    // The empty and the failed list, answered by a stand-in for the API.
    await page.route('**/api/account/settings/operations?*', (route) =>
      route.fulfill({ json: { data: [], count: 0 } }),
    );
    await page.goto('/setting/general/operations');
    await expect(page.getByText('Nessuna impostazione operativa')).toBeVisible();
    await saveShot(page, 'operations-empty.it-IT.png', { fullPage: true });
    await page.unroute('**/api/account/settings/operations?*');
    await page.route('**/api/account/settings/operations?*', (route) =>
      route.fulfill({ status: 503, json: { code: 'ServiceUnavailable', message: 'Down for a moment', data: null } }),
    );
    await page.goto('/setting/general/operations');
    await expect(page.getByText("Impossibile caricare l'elenco.")).toBeVisible({ timeout: 20_000 });
    await saveShot(page, 'operations-error.it-IT.png', { fullPage: true });
  });
});

test.describe('operation settings for a reader', () => {
  test.use({ signedInAs: 'elena' });

  test('elena sees the settings without any write control', async ({ page }) => {
    const screen = new OperationSettingsPage(page);
    await screen.goto();
    await expect(screen.row('Barcelona E-Motion')).toContainText('Business model');
    await expect(screen.addButton).toHaveCount(0);
    await expect(screen.main.getByRole('button', { name: /^Edit the setting of/ })).toHaveCount(0);
    await expect(screen.main.getByRole('button', { name: 'Confirm as business model' })).toHaveCount(0);
    await screen.row('Milano Bike Hub').getByRole('button', { name: 'SMS service' }).click();
    const sms = new SmsServiceDrawer(page);
    await expect(sms.field('Auth token')).toHaveValue(/^••••••••/);
    await expect(sms.field('Auth token')).toBeDisabled();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/operations-reader.en-US.png`, fullPage: true });
  });
});
