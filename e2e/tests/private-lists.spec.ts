import type { APIRequestContext, Page } from '@playwright/test';
import { BASE_URL, LOCALE_KEY } from '../fixtures/env.ts';
import { expect, test, unique } from '../fixtures/test.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;

/** A few demo asset numbers of Milano, read through the picker API. */
async function demoNos(request: APIRequestContext, token: string, count: number): Promise<string[]> {
  const headers = { authorization: `Bearer ${token}` };
  const res = await request.get(`${BASE_URL}/api/asset/assets/$findAssetNos?prefix=MI&limit=${count}`, { headers });
  expect(res.status()).toBe(200);
  const nos = ((await res.json()) as { data: string[] }).data;
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
    test.skip(!SHOTS, 'set E2E_SHOTS_DIR to take screenshots');
    const token = await tokens('owner');
    const nos = await demoNos(request, token, 2);
    const created = await request.post(`${BASE_URL}/api/account/private-lists`, {
      headers: { authorization: `Bearer ${token}` },
      data: { name: unique('Lista'), comment: 'Controllo mattutino', assetNos: nos },
    });
    expect(created.status()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: string } }).data;

    await page.addInitScript(
      ([key, value]) => localStorage.setItem(key as string, value as string),
      [LOCALE_KEY, 'it-IT'],
    );
    await page.goto('/private-list/new');
    await page.getByLabel('Numeri asset').fill(`${nos.join('\n')}\nNOSUCH1`);
    await page.getByLabel('Nome della lista').fill('Lista di prova');
    await page.getByRole('button', { name: 'Crea lista' }).click();
    await expect(page.getByText('Numeri asset sconosciuti: 1')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/private-list-new-unknown.it-IT.png`, fullPage: true });
    await page.goto('/private-list/list');
    await expect(page.getByRole('columnheader', { name: 'Proprietario' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/private-list-all.it-IT.png`, fullPage: true });
    await page.goto(`/private-list/${id}/asset-list`);
    await expect(page.getByRole('cell', { name: nos[0] as string, exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/private-list-assets.it-IT.png`, fullPage: true });
    await page.goto(`/private-list/${id}/edit`);
    await expect(page.getByLabel('Nome della lista')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/private-list-edit.it-IT.png`, fullPage: true });
    await page.goto(`/private-list/${id}/assets-import`);
    await expect(page.getByLabel('Numeri asset')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/private-list-import.it-IT.png`, fullPage: true });
  });
});
