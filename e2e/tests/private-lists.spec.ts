import { assetEndpoints, privateListEndpoints } from '@fleetdesk/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
import { Api } from '../fixtures/api.ts';
import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, test, unique } from '../fixtures/test.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;

/** A few demo asset numbers of Milano, read through the picker API. */
async function demoNos(request: APIRequestContext, token: string, count: number): Promise<string[]> {
  const nos = await new Api(request, token).call(assetEndpoints.findNos, { query: { prefix: 'MI', limit: count } });
  expect(nos).toHaveLength(count);
  return nos;
}

const textarea = (page: Page) => page.getByLabel('Asset numbers');

test.describe('private lists (Operation → Private lists)', () => {
  test.use({ signedInAs: 'owner' });

  test('create a list from pasted numbers: the unknown one is reported, then the list is created without it', async ({
    page,
    request,
    tokens,
  }) => {
    const nos = await demoNos(request, await tokens('owner'), 3);
    const name = unique('E2E list');

    await page.goto('/private-list/new');
    await page.getByLabel('List name').fill(name);

    // An empty upload is refused before anything is sent.
    await page.getByRole('button', { name: 'Create list' }).click();
    await expect(page.getByText('Empty upload refused')).toBeVisible();

    // Lower case, a duplicate, commas and lines: three known numbers and one unknown are sent.
    const [a, b, c] = nos as [string, string, string];
    await textarea(page).fill(`${a.toLowerCase()}, ${b}\n${c}\n${a}\nNOSUCH999`);
    await expect(page.getByTestId('asset-count')).toHaveText('4 of 100 asset numbers');
    await page.getByRole('button', { name: 'Create list' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Unknown asset numbers: 1' });
    await expect(alert).toBeVisible();
    await expect(alert.getByTestId('not-found-nos')).toHaveText('NOSUCH999');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/private-list-new-unknown.en-US.png`, fullPage: true });

    await alert.getByRole('button', { name: 'Create without them' }).click();
    await expect(page).toHaveURL(/\/private-list\/mine$/);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/private-list-mine.en-US.png`, fullPage: true });

    await row.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Private list · ${name}` })).toBeVisible();
    for (const no of nos) await expect(page.getByRole('cell', { name: no, exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'NOSUCH999' })).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/private-list-assets.en-US.png`, fullPage: true });

    // Remove one selected asset, confirmed.
    await page.getByRole('row').filter({ hasText: a }).getByRole('checkbox').check();
    await page.getByRole('button', { name: /Remove selected \(1\)/ }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByRole('cell', { name: a, exact: true })).toHaveCount(0);
    await expect(page.getByText(/^2 assets · owner/)).toBeVisible();
  });

  test('screenshots in it-IT', async ({ page, request, tokens }) => {
    const token = await tokens('owner');
    const nos = await demoNos(request, token, 2);
    const name = unique('Lista');
    const { id } = await new Api(request, token).call(privateListEndpoints.create, {
      body: { name, comment: 'Controllo mattutino', assetNos: nos },
    });
    const main = page.getByRole('main');
    const heading = (title: string) => main.getByRole('heading', { level: 4, name: title, exact: true });

    // apps/web/src/features/private-lists/i18n/it-IT.json
    await inLocale(page, 'it-IT');
    await page.goto('/private-list/new');
    await expectLocale(page, 'it-IT');
    await expect(heading('Nuova lista privata')).toBeVisible();
    await page.getByLabel('Numeri asset').fill(`${nos.join('\n')}\nNOSUCH1`);
    await page.getByLabel('Nome della lista').fill('Lista di prova');
    await page.getByRole('button', { name: 'Crea lista' }).click();
    await expect(page.getByText('Numeri asset sconosciuti: 1')).toBeVisible();
    await expect(
      page.getByText('Questi numeri non esistono o appartengono a partner fuori dal tuo ambito.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Crea senza di essi' })).toBeVisible();
    await saveShot(page, 'private-list-new-unknown.it-IT.png', { fullPage: true });

    await page.goto('/private-list/list');
    await expect(heading('Liste private')).toBeVisible();
    for (const column of ['Nome della lista', 'Asset', 'Commento', 'Proprietario', 'Creata', 'Azioni'])
      await expect(main.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    await expect(main.getByPlaceholder('Parte del nome della lista')).toBeVisible();
    await expect(main.getByText('Digita il nome di un collaboratore')).toBeVisible();
    await expect(main.getByRole('button', { name: 'Cerca', exact: true })).toBeVisible();
    await saveShot(page, 'private-list-all.it-IT.png', { fullPage: true });

    await page.goto(`/private-list/${id}/asset-list`);
    await expect(heading(`Lista privata · ${name}`)).toBeVisible();
    await expect(page.getByText('2 asset · proprietario Account Owner')).toBeVisible();
    for (const column of ['Numero asset', 'Categoria', 'Sede', 'Partner', 'Ciclo di vita', 'Aggiunto'])
      await expect(main.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    await expect(page.getByRole('cell', { name: nos[0] as string, exact: true })).toBeVisible();
    await saveShot(page, 'private-list-assets.it-IT.png', { fullPage: true });

    await page.goto(`/private-list/${id}/edit`);
    await expect(heading(`Modifica lista privata · ${name}`)).toBeVisible();
    await expect(page.getByLabel('Nome della lista')).toHaveValue(name);
    await expect(page.getByLabel('Commento')).toHaveValue('Controllo mattutino');
    await saveShot(page, 'private-list-edit.it-IT.png', { fullPage: true });

    await page.goto(`/private-list/${id}/assets-import`);
    await expect(heading(`Aggiungi asset · ${name}`)).toBeVisible();
    await expect(page.getByText('Questa lista contiene 2 asset su un massimo di')).toBeVisible();
    await expect(page.getByLabel('Numeri asset')).toBeVisible();
    await saveShot(page, 'private-list-import.it-IT.png', { fullPage: true });
  });
});
