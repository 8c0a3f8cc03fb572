import { partnerEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { LOCALE_KEY } from '../fixtures/env.ts';
import { expectLocale, saveShot } from '../fixtures/locale.ts';
import { expect, test, unique } from '../fixtures/test.ts';
import { answerConfirm } from '../pages/list.ts';
import {
  PartnerOperationsFormPage,
  PartnerOperationsListPage,
  PartnerOverviewPage,
} from '../pages/partner-operations.page.ts';

test.describe('partner operations (Settings → Partner → Partner operations)', () => {
  test.use({ signedInAs: 'owner' });

  test('create, edit (currency, e-mail domain, secret link) and see the partner in the list and the overview', async ({
    page,
    request,
    tokens,
  }) => {
    // One long story (create, two refusals, edit, sign-up, overview) on a two-core machine.
    test.setTimeout(180_000);
    // A partner of its own: every demo partner already has its operations.
    const name = unique('Torino Wheels');
    const token = await tokens('owner');
    await new Api(request, token).call(partnerEndpoints.create, { body: { name } });

    const list = new PartnerOperationsListPage(page);
    const form = new PartnerOperationsFormPage(page);

    await list.goto();
    await expect(list.row('Milano Bike Hub')).toBeVisible();
    await list.newButton.click();
    await expect(page).toHaveURL('/setting/partner/operations/new');
    await form.choose('Partner', name.slice(0, 12), name);
    await form.choose('Currency', 'EUR', /^EUR/);
    await form.choose('Timezone', '+01:00', 'UTC+01:00');
    await form.submit('Create');
    await answerConfirm(page, `Create the operations of ${name}?`, 'Confirm');
    await expect(page).toHaveURL('/setting/partner/operations/list');
    await expect(list.row(name)).toContainText('EUR');
    await expect(list.row(name)).toContainText('Approval');

    await list.row(name).getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Partner operations · ${name}` })).toBeVisible();
    await form.choose('Currency', 'CHF', /^CHF/);

    // A malformed domain is refused on the tags field with the contract's message; the good one stays.
    await form.addDomains(['torinowheels.it', 'torino_wheels.it']);
    await form.submit('Save');
    await expect(form.domainsError()).toHaveText('“torino_wheels.it”: Must be a domain name such as example.com');
    await form.removeDomain('torino_wheels.it');
    await expect(form.domainsError()).toHaveCount(0);

    await form.webChannel('Secret link');
    await form.submit('Save');
    await expect(form.errorOf('Passcode')).toHaveText('Passcode is required for a secret link');
    await form.field('Passcode').fill('open sesame');
    // antd animates the old message out while the new one comes in.
    await expect(form.errorOf('Passcode').filter({ hasText: 'Do not contain whitespace' })).toBeVisible();
    await form.field('Passcode').fill('torino-2026');
    await form.submit('Save');

    await expect(page).toHaveURL('/setting/partner/operations/list');
    await expect(list.row(name)).toContainText('CHF');
    await expect(list.row(name)).toContainText('Secret link');

    // Back on the edit page the passcode is masked and the sign-up card can be created and enabled.
    await list.row(name).getByRole('link', { name, exact: true }).click();
    await expect(form.field('Passcode')).toHaveValue('••••••••2026');
    await expect(form.formItem(form.combobox('Sign-up e-mail domains'))).toContainText('torinowheels.it');
    await form.signUpCard.getByRole('button', { name: 'Create sign-up configuration' }).click();
    await answerConfirm(page, 'Create the sign-up configuration', 'Create');
    await form.signUpCard.getByTestId('sign-up-isEnabled').click();
    await form.signUpCard.getByRole('button', { name: 'Save sign-up' }).click();
    await expect(form.signUpCard.getByTestId('sign-up-isEnabled')).toBeChecked();
    await expect(form.signUpCard.getByTestId('sign-up-token')).toHaveText(/^[A-Za-z0-9_-]{32}$/);
    await saveShot(page, 'edit-en-US.png', { fullPage: true });

    // The overview lists what the new partner still misses, with a link to each fixing screen.
    const overview = new PartnerOverviewPage(page);
    await overview.goto(`?search=${encodeURIComponent(name)}`);
    const row = overview.partnerRow(name);
    await expect(row).toContainText('Incomplete');
    await expect(row.getByTestId('overview-partnerOperations')).toHaveAttribute('data-state', 'complete');
    await expect(row.getByTestId('overview-signUpConfig')).toHaveAttribute('data-state', 'enabled');
    await expect(row.getByTestId('overview-sites')).toHaveAttribute('aria-label', 'Sites: Missing');
    const missing = row.getByTestId('overview-missing');
    await expect(missing.getByRole('link')).toHaveText([
      'Confirm the operation setting',
      'Enable a payment method',
      'Add a site',
      'Publish the terms',
      'Publish the privacy policy',
    ]);
    await expect(missing.getByRole('link', { name: 'Add a site' })).toHaveAttribute(
      'href',
      /\/setting\/partner\/site\/list\?partnerId=/,
    );

    await saveShot(page, 'overview-en-US.png', { fullPage: true });

    // The same screens in Italian (apps/web/src/features/partner-operations/i18n/it-IT.json).
    await page.evaluate(([key, value]) => localStorage.setItem(key as string, value as string), [LOCALE_KEY, 'it-IT']);
    await overview.goto(`?search=${encodeURIComponent(name)}`);
    await expectLocale(page, 'it-IT');
    await expect(overview.heading).toHaveText('Panoramica');
    await expect(page.getByRole('main').getByRole('columnheader', { name: 'Manca per noleggiare' })).toBeVisible();
    await expect(row).toContainText('Incompleto');
    await expect(row.getByTestId('overview-sites')).toHaveAttribute('aria-label', 'Sedi: Mancante');
    await expect(missing.getByRole('link')).toHaveText([
      "Conferma l'impostazione operativa",
      'Attiva un metodo di pagamento',
      'Aggiungi una sede',
      'Pubblica i termini',
      "Pubblica l'informativa privacy",
    ]);
    await saveShot(page, 'overview-it-IT.png', { fullPage: true });

    await page.goto('/setting/partner/operations/list');
    await expect(page.getByRole('heading', { level: 4, name: 'Operazioni partner' })).toBeVisible();
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Operazioni partner · ${name}` })).toBeVisible();
    await expect(form.signUpCard.getByText('Registrazione clienti', { exact: true })).toBeVisible();
    await expect(form.signUpCard.getByText('Registrazione attiva', { exact: true })).toBeVisible();
    await expect(form.signUpCard.getByRole('button', { name: 'Salva registrazione' })).toBeVisible();
    await saveShot(page, 'edit-it-IT.png', { fullPage: true });

    await page.goto('/setting/partner/operations/new');
    await expect(page.getByRole('heading', { level: 4, name: 'Nuove operazioni partner' })).toBeVisible();
    await page.getByRole('main').locator('form').getByRole('button', { name: 'Crea', exact: true }).click();
    await expect(
      page.getByRole('main').getByRole('alert').filter({ hasText: 'Alcuni campi sono errati o vuoti' }),
    ).toBeVisible();
    await expect(form.combobox('Partner')).toHaveAttribute('aria-invalid', 'true');
    for (const label of ['Valuta', 'Fuso orario'])
      await expect(form.formItem(form.combobox(label)).locator('.ant-form-item-explain-error')).toHaveText(
        'Questo campo è obbligatorio',
      );
    await saveShot(page, 'new-errors-it-IT.png', { fullPage: true });

    await overview.goto('?search=nobody-matches-this');
    await expect(page.getByText('Nessun partner corrisponde')).toBeVisible();
    await saveShot(page, 'overview-empty-it-IT.png');
  });
});
