import { partnerEndpoints, rentingConfigEndpoints } from '@fleetdesk/contracts';
import type { APIRequestContext } from '@playwright/test';
import { Api } from '../fixtures/api.ts';
import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, pageWithRole, test, unique } from '../fixtures/test.ts';
import { InvoicingSettingsPage, RentalConfigFormPage, RentalConfigListPage } from '../pages/invoicing.page.ts';
import { answerConfirm } from '../pages/list.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;

/** The owner's calls this spec sets up and cleans up with (the console itself is what the tests drive). */
async function ownerApi(request: APIRequestContext, token: string) {
  const api = new Api(request, token);
  return {
    invoiceEnabled: async () => (await api.call(rentingConfigEndpoints.get)).invoiceEnabled,
    setInvoicing: (on: boolean) =>
      api.call(on ? rentingConfigEndpoints.enableInvoice : rentingConfigEndpoints.disableInvoice),
    /** A partner of its own, so no other spec's rental configs get in the way. */
    newPartner: async (name: string) => (await api.call(partnerEndpoints.create, { body: { name } })).id,
    setIdentity: (partnerId: string, invoicePrefix: string, sellerName: string) =>
      api.call(rentingConfigEndpoints.create, { body: { partnerId, invoicePrefix, sellerName } }),
    removeIdentity: (partnerId: string) => api.call(rentingConfigEndpoints.remove, { params: { partnerId } }),
  };
}

test.describe('invoicing settings (Settings → General → Invoicing, Settings → Partner → Rental configs)', () => {
  test.use({ signedInAs: 'owner' });

  test('the owner turns invoicing on, then off after the confirmation; the server keeps it', async ({
    page,
    request,
    tokens,
  }) => {
    const api = await ownerApi(request, await tokens('owner'));
    const before = await api.invoiceEnabled();
    if (before) await api.setInvoicing(false);
    const screen = new InvoicingSettingsPage(page);
    try {
      await page.goto('/setting/general');
      await page.getByRole('link', { name: 'Invoicing', exact: true }).click();
      await expect(page).toHaveURL('/setting/general/invoicing');
      await expect(screen.heading).toBeVisible();
      await expect(screen.state).toHaveText('No invoices are issued');
      await expect(screen.disableButton).toHaveCount(0);

      await screen.turn(true);
      await expect(screen.state).toHaveText('Invoices are issued');
      await expect(screen.main).toContainText('On since');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/invoicing-on.en-US.png`, fullPage: true });

      // Turning off says what it means; cancelled, nothing changes.
      await screen.disableButton.click();
      const dialog = page.getByRole('dialog').filter({ hasText: 'Turn invoicing off?' });
      await expect(dialog).toContainText('No further invoices will be issued');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/invoicing-disable-confirm.en-US.png` });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      expect(await api.invoiceEnabled()).toBe(true);

      await screen.turn(false);
      expect(await api.invoiceEnabled()).toBe(false);
      await page.reload();
      await expect(screen.state).toHaveAttribute('data-state', 'off');
      await expect(screen.state).toHaveText('No invoices are issued');
      await expect(screen.main).toContainText('Off since');
    } finally {
      await api.setInvoicing(before);
    }
  });

  test('the owner sets a partner identity, is refused on the prefix and by the server, edits and deletes it', async ({
    page,
    request,
    tokens,
  }) => {
    const api = await ownerApi(request, await tokens('owner'));
    const lisboa = unique('Lisboa Rides');
    const porto = unique('Porto Rides');
    await api.newPartner(lisboa);
    const portoId = await api.newPartner(porto);
    const list = new RentalConfigListPage(page);
    const form = new RentalConfigFormPage(page);

    // From the Partner settings card; a partner without an identity shows "Not set" and can be set up.
    await page.goto('/setting/partner');
    await page.getByRole('link', { name: 'Rental configs', exact: true }).click();
    await expect(list.heading).toBeVisible();
    await list.filter(lisboa);
    await expect(list.partnerRow(lisboa)).toContainText('Not set');
    await list
      .partnerRow(lisboa)
      .getByRole('link', { name: `Set up the rental config of ${lisboa}` })
      .click();
    await expect(page).toHaveURL(/\/setting\/partner\/rental-config\/new\?partnerId=/);
    await expect(form.form).toContainText(lisboa);
    await expect(form.field('Seller name')).toHaveValue(lisboa);

    // The contract's rule, with the server's words; lower case is taken in capitals.
    await form.field('Invoice prefix').fill('lx 01');
    await expect(form.field('Invoice prefix')).toHaveValue('LX 01');
    await expect(form.errorOf('Invoice prefix')).toHaveText('Use 1 to 16 capital letters, digits or dashes');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/rental-config-refused.en-US.png`, fullPage: true });
    await form.field('Invoice prefix').fill('LX');
    await expect(form.errorOf('Invoice prefix')).toHaveCount(0);
    await expect(form.nextInvoiceNo).toContainText(/LX-\d{4}-000001/);
    await form.field('Seller name').fill(`${lisboa} Lda`);
    await form.field('VAT number').fill('PT123456789');
    await form.submit('Create');
    await answerConfirm(page, `Set the invoicing identity of ${lisboa}?`, 'Confirm');
    await expect(list.heading).toBeVisible();
    await list.filter(lisboa);
    const row = list.partnerRow(lisboa);
    await expect(row.getByText('Set', { exact: true })).toBeVisible();
    await expect(row).toContainText('LX');
    await expect(row).toContainText(`${lisboa} Lda`);
    await expect(row).toContainText('PT123456789');

    // Another user sets Porto's identity while this form is open: the server's 409 lands on the partner field.
    await page.goto('/setting/partner/rental-config/new');
    await form.choosePartner(porto);
    await form.field('Invoice prefix').fill('PO');
    await api.setIdentity(portoId, 'OP', 'Someone else');
    await form.submit('Create');
    await answerConfirm(page, `Set the invoicing identity of ${porto}?`, 'Confirm');
    await expect(form.partnerError()).toHaveText('The partner have already been set');
    await expect(page).toHaveURL('/setting/partner/rental-config/new');

    // Edit: the stored values come back; the change shows in the list.
    await list.goto(`?search=${encodeURIComponent(lisboa)}`);
    await list
      .partnerRow(lisboa)
      .getByRole('link', { name: `Edit the rental config of ${lisboa}` })
      .click();
    await expect(page.getByRole('heading', { name: `Rental config of ${lisboa}` })).toBeVisible();
    await expect(form.field('Invoice prefix')).toHaveValue('LX');
    await expect(form.field('VAT number')).toHaveValue('PT123456789');
    await form.field('Seller name').fill('');
    await expect(form.errorOf('Seller name')).toHaveText('The seller name is required');
    await form.field('Seller name').fill(`${lisboa} S.A.`);
    await form.field('Invoice prefix').fill('LX-PT');
    await form.field('Invoice footer').fill('Rua Augusta 1, Lisboa');
    await form.submit('Save');
    await expect(list.heading).toBeVisible();
    await list.filter(lisboa);
    await expect(list.partnerRow(lisboa)).toContainText(`${lisboa} S.A.`);
    await expect(list.partnerRow(lisboa)).toContainText('LX-PT');

    // Delete, confirmed: the partner is "Not set" again.
    await list.delete(lisboa);
    await expect(list.partnerRow(lisboa)).toContainText('Not set');
    await expect(list.partnerRow(lisboa).getByRole('button', { name: /Delete/ })).toHaveCount(0);

    await api.removeIdentity(portoId);
  });

  test('screenshots in English and Italian, with the empty and the failed states', async ({ page }) => {
    const list = new RentalConfigListPage(page);
    const main = page.getByRole('main');
    const heading = (name: string) => main.getByRole('heading', { name, exact: true });
    // apps/web/src/features/invoicing/i18n, in each language.
    const screens = {
      'en-US': {
        title: 'Invoicing',
        cards: ['Invoices for rent', 'Invoicing identities'],
        identitiesLink: 'Rental configs',
        listTitle: 'Rental configs',
        columns: ['Partner', 'Status', 'Invoice prefix', 'Seller name', 'VAT number'],
        newConfig: 'New rental config',
        fields: ['Invoice prefix', 'Seller name', 'VAT number', 'Invoice footer'],
        partnerHint: 'Only partners without an invoicing identity are offered.',
      },
      'it-IT': {
        title: 'Fatturazione',
        cards: ['Fatture per il noleggio', 'Identità di fatturazione'],
        identitiesLink: 'Configurazioni di noleggio',
        listTitle: 'Configurazioni di noleggio',
        columns: ['Partner', 'Stato', 'Prefisso fattura', 'Nome del venditore', 'Partita IVA'],
        newConfig: 'Nuova configurazione di noleggio',
        fields: ['Prefisso fattura', 'Nome del venditore', 'Partita IVA', 'Piè di pagina della fattura'],
        partnerHint: 'Sono proposti solo i partner senza identità di fatturazione.',
      },
    } as const;
    for (const locale of ['en-US', 'it-IT'] as const) {
      const text = screens[locale];
      await inLocale(page, locale);
      await page.goto('/setting/general/invoicing');
      await expectLocale(page, locale);
      await expect(heading(text.title)).toBeVisible();
      for (const card of text.cards) await expect(main.getByText(card, { exact: true })).toBeVisible();
      await expect(
        page.getByTestId('invoicing-identities').getByRole('link', { name: text.identitiesLink }),
      ).toBeVisible();
      await saveShot(page, `invoicing.${locale}.png`, { fullPage: true });

      await page.goto('/setting/partner/rental-config/list');
      await expect(heading(text.listTitle)).toBeVisible();
      await expect(list.rows().first()).toBeVisible();
      for (const name of text.columns)
        await expect(main.getByRole('columnheader', { name, exact: true })).toBeVisible();
      await expect(main.getByRole('link', { name: text.newConfig })).toBeVisible();
      await saveShot(page, `rental-configs.${locale}.png`, { fullPage: true });

      await page.goto('/setting/partner/rental-config/new');
      await expect(heading(text.newConfig)).toBeVisible();
      for (const field of text.fields)
        await expect(main.locator('form').getByText(field, { exact: true })).toBeVisible();
      await expect(main.getByText(text.partnerHint)).toBeVisible();
      await saveShot(page, `rental-config-new.${locale}.png`, { fullPage: true });
    }
    await page.goto('/setting/partner/rental-config/list?search=no-such-partner-anywhere');
    await expect(page.getByText('Nessun partner corrisponde a questi filtri.')).toBeVisible();
    await saveShot(page, 'rental-configs-empty.it-IT.png', { fullPage: true });
    await page.route('**/api/renting/rentingConfig', (route) =>
      route.fulfill({ status: 503, json: { code: 'ServiceUnavailable', message: 'Down for a moment', data: null } }),
    );
    await page.route('**/api/renting/rentalConfigs/$findAll', (route) =>
      route.fulfill({ status: 503, json: { code: 'ServiceUnavailable', message: 'Down for a moment', data: null } }),
    );
    await page.goto('/setting/general/invoicing');
    await expect(page.getByText('Non è stato possibile sapere se le fatture vengono emesse.')).toBeVisible();
    await expect(page.getByText('Non è stato possibile caricare le identità di fatturazione.')).toBeVisible();
    await saveShot(page, 'invoicing-error.it-IT.png', { fullPage: true });
    await page.goto('/setting/partner/rental-config/list');
    await expect(page.getByText("Impossibile caricare l'elenco.")).toBeVisible();
    await saveShot(page, 'rental-configs-error.it-IT.png', { fullPage: true });
  });
});

test.describe('invoicing settings for a reader', () => {
  test('a role without the write permissions sees the state and the identities, and no action', async ({
    browser,
    request,
    tokens,
  }) => {
    const api = await ownerApi(request, await tokens('owner'));
    const faro = unique('Faro Rides');
    const faroId = await api.newPartner(faro);
    await api.setIdentity(faroId, 'FR', `${faro} Lda`);
    const page = await pageWithRole(browser, request, {
      title: 'Invoicing reader',
      permissions: ['config.read', 'rental_partner_config.read'],
    });

    const screen = new InvoicingSettingsPage(page);
    await screen.goto();
    await expect(page.getByText('Changing this needs the config write permission.')).toBeVisible();
    await expect(screen.enableButton).toHaveCount(0);
    await expect(screen.disableButton).toHaveCount(0);
    await expect(screen.identities).toContainText('partners have an invoicing identity');

    const list = new RentalConfigListPage(page);
    await list.goto(`?search=${encodeURIComponent(faro)}`);
    await expect(list.partnerRow(faro)).toContainText(`${faro} Lda`);
    await expect(list.newButton).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('button', { name: /Edit|Delete|Set up/ })).toHaveCount(0);
    await expect(list.rows().first().getByRole('link')).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/rental-configs-reader.en-US.png`, fullPage: true });

    await page.goto('/setting/partner/rental-config/new');
    await expect(page.getByText('You do not have permission to open this page.')).toBeVisible();
    await page.context().close();
    await api.removeIdentity(faroId);
  });
});
