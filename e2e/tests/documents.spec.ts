import { documentEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, test, unique } from '../fixtures/test.ts';
import { DocumentEditorPage, DocumentListPage, watchForeignRequests } from '../pages/documents.page.ts';
import { answerConfirm } from '../pages/list.ts';

test.describe('customer communication documents', () => {
  test.use({ signedInAs: 'owner' });

  test('terms saved in three languages stay there after a reload, with no request to a CDN', async ({ page }) => {
    const foreign = watchForeignRequests(page);
    const list = new DocumentListPage(page);
    const editor = new DocumentEditorPage(page);
    const texts = {
      English: unique('Rides end at a station.'),
      Italian: unique('Le corse finiscono in stazione.'),
      Spanish: unique('Los trayectos terminan en una estación.'),
    } as const;

    await page.goto('/setting/general');
    await page.getByRole('link', { name: 'Customer communication' }).first().click();
    await expect(list.heading('Customer communication')).toBeVisible();
    // The demo account has all three documents, each written in EN, IT and ES.
    await expect(list.rows()).toHaveCount(3);
    await list.rows().filter({ hasText: 'Terms' }).getByRole('link', { name: 'Terms', exact: true }).click();
    await expect(page).toHaveURL('/setting/general/customer-communication/terms');
    await editor.ready();
    await expect(editor.body('English')).toContainText('Terms of rental');

    for (const language of ['English', 'Italian', 'Spanish'] as const) await editor.write(language, texts[language]);
    await editor.save();
    await expect(page).toHaveURL('/setting/general/customer-communication');
    await expect(page.getByText('Terms saved')).toBeVisible();

    await page.goto('/setting/general/customer-communication/terms');
    await editor.ready();
    for (const language of ['English', 'Italian', 'Spanish'] as const) {
      await editor.tab(language).click();
      await expect(editor.body(language)).toHaveText(texts[language]);
    }
    // Opening an editor is not a change: leaving without typing asks nothing.
    await page.getByRole('link', { name: 'Customer communication' }).first().click();
    await expect(page).toHaveURL('/setting/general/customer-communication');
    expect(foreign, 'requests that left the console server').toEqual([]);
  });

  test('a save without English is refused with the message; a bad link brings its tab forward', async ({ page }) => {
    const foreign = watchForeignRequests(page);
    const editor = new DocumentEditorPage(page);
    await page.goto('/setting/general/customer-communication/help-centers');
    await editor.ready();

    await editor.write('English', '');
    await editor.tab('Italian').click();
    await editor.save();
    // The English tab comes forward with the spec's message; nothing was sent.
    await expect(editor.tab('English')).toHaveAttribute('aria-selected', 'true');
    await expect(editor.errorIn('English')).toHaveText('Submission failed, English version is required');
    await expect(page).toHaveURL('/setting/general/customer-communication/help-centers');

    await editor.write('English', 'Call us any time.');
    await expect(editor.errorIn('English')).toHaveCount(0);
    await editor.setHtml('Spanish', '<p>Más en <a href="ayuda">la ayuda</a></p>');
    await editor.tab('English').click();
    await editor.save();
    await expect(editor.tab('Spanish')).toHaveAttribute('aria-selected', 'true');
    await expect(editor.errorIn('Spanish')).toHaveText('Please enter a valid URL');

    // Leaving with those unsaved changes asks first.
    await page.getByRole('link', { name: 'Customer communication' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Are you sure you want to leave without saving?' })).toBeVisible();
    await page.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL('/setting/general/customer-communication/help-centers');
    expect(foreign).toEqual([]);
  });

  test('a partner notice: new for a partner without one, then edited', async ({ page, request, tokens }) => {
    // Barcelona starts without a notice even when an earlier attempt of this test left one behind (a retry).
    const api = new Api(request, await tokens('owner'));
    const barcelona = await api.partnerId('Barcelona E-Motion');
    const left = await api.fetch(documentEndpoints.partnerRemove, { params: { partnerId: barcelona, type: 'notice' } });
    // 404: no notice to remove, the usual case.
    expect([200, 404]).toContain(left.status());
    const foreign = watchForeignRequests(page);
    const list = new DocumentListPage(page);
    const editor = new DocumentEditorPage(page);
    const first = unique('Station closed for works.');
    const second = unique('Station open again.');

    await page.goto('/setting/partner/customer-communication/notice/list');
    await expect(list.row('Milano Bike Hub')).toBeVisible();
    await page.getByRole('link', { name: /New Notice/ }).click();
    await expect(page).toHaveURL('/setting/partner/customer-communication/notice/new');
    await editor.ready();

    // Milano already has a notice ($findCreatedPartners), so only the other partners are offered.
    await page.getByRole('combobox', { name: /Partner/ }).click();
    const options = page.locator('.ant-select-dropdown').filter({ visible: true });
    await expect(options.getByTitle('Seoul Scooter Co.')).toBeVisible();
    await expect(options.getByTitle('Milano Bike Hub')).toHaveCount(0);
    await options.getByTitle('Barcelona E-Motion').click();
    await editor.write('English', first);
    await editor.save();

    await expect(page).toHaveURL(/\/setting\/partner\/customer-communication\/notice\/list/);
    const row = list.row('Barcelona E-Motion');
    await expect(row).toBeVisible();
    await row.getByRole('link', { name: /Edit Notice · Barcelona E-Motion/ }).click();
    await expect(page).toHaveURL(/\/notice\/partner\/[0-9a-f-]+\/edit$/);
    await editor.ready();
    await expect(editor.body('English')).toHaveText(first);
    await editor.write('English', second);
    await editor.save();
    await expect(page).toHaveURL(/\/notice\/list/);

    await list.row('Barcelona E-Motion').getByRole('link', { name: 'Barcelona E-Motion', exact: true }).click();
    await editor.ready();
    await expect(editor.body('English')).toHaveText(second);

    // And it can be deleted again, after a confirm step.
    await page.getByRole('button', { name: 'Delete' }).click();
    await answerConfirm(page, 'Delete Notice · Barcelona E-Motion?', 'Delete');
    await expect(page).toHaveURL(/\/notice\/list/);
    await expect(list.row('Barcelona E-Motion')).toHaveCount(0);
    expect(foreign).toEqual([]);
  });

  test('screenshots in two locales', async ({ page }) => {
    test.setTimeout(240_000);
    const editor = new DocumentEditorPage(page);
    const main = page.getByRole('main');
    const heading = (name: string) => main.getByRole('heading', { level: 4, name, exact: true });
    const column = (name: string) => main.getByRole('columnheader', { name, exact: true });
    // apps/web/src/features/documents/i18n and shared/i18n/common, in each language.
    const screens = {
      'en-US': {
        general: 'Customer communication',
        intro: 'Terms, privacy policy and help center shown to the customers of every partner',
        columns: ['Document', 'Languages', 'Last updated', 'Actions'],
        types: ['Terms', 'Privacy policy', 'Help center'],
        tabs: ['English', 'Italian', 'Spanish'],
        save: 'Save',
        partnerColumns: ['Partner', 'Type', 'Languages', 'Created', 'Last updated'],
        newDocument: 'New document',
        newNotice: 'New Notice',
        partnerPlaceholder: 'Select a partner',
        partnerHint: 'Only partners without a Notice are offered.',
        terms: 'Terms',
        newTerms: 'New Terms',
      },
      'it-IT': {
        general: 'Comunicazione clienti',
        intro: 'Condizioni, informativa sulla privacy e centro assistenza mostrati ai clienti di tutti i partner',
        columns: ['Documento', 'Lingue', 'Ultima modifica', 'Azioni'],
        types: ['Condizioni', 'Informativa sulla privacy', 'Centro assistenza'],
        tabs: ['Inglese', 'Italiano', 'Spagnolo'],
        save: 'Salva',
        partnerColumns: ['Partner', 'Tipo', 'Lingue', 'Creato', 'Ultima modifica'],
        newDocument: 'Nuovo documento',
        newNotice: 'Nuovo: Avviso',
        partnerPlaceholder: 'Seleziona un partner',
        partnerHint: 'Sono proposti solo i partner senza questo documento (Avviso).',
        // The menu calls the page "Termini", the document type is "Condizioni".
        terms: 'Termini',
        newTerms: 'Nuovo: Condizioni',
      },
    } as const;
    for (const locale of ['en-US', 'it-IT'] as const) {
      const text = screens[locale];
      await inLocale(page, locale);
      await page.goto('/setting/general/customer-communication');
      await expectLocale(page, locale);
      await expect(heading(text.general)).toBeVisible();
      await expect(main.getByText(text.intro)).toBeVisible();
      for (const name of text.columns) await expect(column(name)).toBeVisible();
      for (const type of text.types) await expect(main.getByRole('link', { name: type, exact: true })).toBeVisible();
      await saveShot(page, `documents-general.${locale}.png`, { fullPage: true });

      await page.goto('/setting/general/customer-communication/privacy-policies');
      await editor.ready(text.tabs[0]);
      await expect(heading(text.types[1])).toBeVisible();
      await expect(main.getByRole('tab')).toHaveText(text.tabs.map((tab) => new RegExp(`^${tab}`)));
      await expect(main.getByRole('button', { name: text.save, exact: true })).toBeVisible();
      await saveShot(page, `documents-editor.${locale}.png`, { fullPage: true });

      await page.goto('/setting/partner/customer-communication');
      await expect(heading(text.general)).toBeVisible();
      for (const name of text.partnerColumns) await expect(column(name)).toBeVisible();
      await expect(main.getByRole('button', { name: text.newDocument })).toBeVisible();
      await saveShot(page, `documents-partner.${locale}.png`, { fullPage: true });

      await page.goto('/setting/partner/customer-communication/notice/new');
      await expect(heading(text.newNotice)).toBeVisible();
      await expect(main.getByText(text.partnerPlaceholder)).toBeVisible();
      await expect(main.getByText(text.partnerHint)).toBeVisible();
      await editor.ready(text.tabs[0]);
      await saveShot(page, `documents-notice-new.${locale}.png`, { fullPage: true });

      await page.goto('/setting/partner/customer-communication/terms/list');
      await expect(heading(text.terms)).toBeVisible();
      await expect(main.getByRole('link', { name: text.newTerms })).toBeVisible();
      await expect(new DocumentListPage(page).rows().first()).toContainText(text.types[0]);
      await saveShot(page, `documents-terms.${locale}.png`, { fullPage: true });
    }
  });
});
