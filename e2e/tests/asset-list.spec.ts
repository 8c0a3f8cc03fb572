import { readFile } from 'node:fs/promises';
import { assetEndpoints, settingsConfigEndpoints } from '@fleetdesk/contracts';
import type { Page } from '@playwright/test';
import { Api } from '../fixtures/api.ts';
import { LOCALE_KEY } from '../fixtures/env.ts';
import { expect, test } from '../fixtures/test.ts';
import { AssetListPage, pickOption } from '../pages/asset-list.page.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;

/** Demo assets are numbered partner + type letter + five digits (apps/server/src/db/seed/demo-assets.ts). */
const inRange = (no: string, from: string, to: string) => no.length === from.length && no >= from && no <= to;

/** A number no other run uses: capital letters and digits only. */
const freshNo = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`;

async function drawer(page: Page, title: string) {
  const box = page.getByRole('dialog').filter({ hasText: title });
  await expect(box).toBeVisible();
  return box;
}

test.describe('asset list (Asset → Asset list)', () => {
  test.use({ signedInAs: 'owner', viewport: { width: 1440, height: 900 } });

  test('search by serial range and partner: unequal lengths are refused on the field, the search is a link Back restores', async ({
    page,
  }) => {
    const list = new AssetListPage(page);
    await list.open();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-list.en-US.png`, fullPage: true });

    await list.field('Serial range from').fill('mie00001');
    await list.field('Serial range to').fill('MIE0040');
    await list.submit();
    await expect(list.fieldError('From and To must have the same length')).toBeVisible();
    await expect(page).not.toHaveURL(/noFrom=/);

    await list.field('Serial range to').fill('MIE00040');
    await list.choose('Partner', ['Milano Bike Hub']);
    await list.submit();
    // The cooldown of the settings (3 s by default) holds the next search back, with a countdown.
    await expect(list.search.getByRole('button', { name: /Search \(\ds\)/ })).toBeDisabled();
    await expect(page).toHaveURL(/noFrom=MIE00001/);
    await expect(page).toHaveURL(/noTo=MIE00040/);
    await expect(list.fieldError('From and To must have the same length')).toHaveCount(0);
    await expect(async () => {
      const nos = await list.nos();
      expect(nos.length).toBeGreaterThan(0);
      for (const no of nos) expect(inRange(no, 'MIE00001', 'MIE00040'), no).toBe(true);
    }).toPass();
    for (const partner of await list.rows().locator('td:nth-child(4)').allInnerTexts())
      expect(partner.trim()).toBe('Milano Bike Hub');

    // Sorting by number follows the URL too.
    await list.table.getByRole('columnheader', { name: /Asset number/ }).click();
    await expect(page).toHaveURL(/sort=no%3Aasc|sort=no:asc/);
    await expect(async () => {
      const sorted = await list.nos();
      expect(sorted).toEqual([...sorted].sort());
    }).toPass();

    // A count narrows the search to its lifecycle state.
    await page.getByTestId('asset-summary').locator('button[data-state="Ready"]').click();
    await expect(page).toHaveURL(/life=Ready/);
    await expect(async () => {
      const shown = await list
        .rows()
        .locator('[data-state]')
        .evaluateAll((tags) => tags.map((t) => t.getAttribute('data-state')));
      expect(new Set(shown)).toEqual(new Set(['Ready']));
    }).toPass();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-list-filtered.en-US.png`, fullPage: true });

    // Back returns to the previous search, and the form shows its filters again.
    await page.goBack();
    await expect(page).not.toHaveURL(/life=Ready/);
    await expect(page).toHaveURL(/noTo=MIE00040/);
    await expect(list.field('Serial range to')).toHaveValue('MIE00040');

    // Emptying the lifecycle states refuses the search.
    const lifeCycles = list.field('Lifecycle state');
    await lifeCycles.click();
    for (let i = 0; i < 6; i++) await lifeCycles.press('Backspace');
    await lifeCycles.press('Escape');
    await list.submit();
    await expect(list.fieldError('Please select at least one item')).toBeVisible();
    await expect(page.getByText('Cannot query without any selection')).toBeVisible();
  });

  test('IoT-state and custom property filters; a shown column stays shown after a reload', async ({ page }) => {
    const list = new AssetListPage(page);
    await list.open();
    await list.search.getByRole('button', { name: /More filters/ }).click();

    // Volts as people read them; the body carries millivolts (3.7 V → 3700).
    await pickOption(page, list.field('Battery voltage operator'), 'at least');
    await list.search.getByRole('spinbutton', { name: 'Battery voltage (V)' }).fill('4');
    await list.choose('Category', ['City e-bike']);
    await pickOption(page, list.field('Custom property'), 'Battery capacity (Wh)');
    await pickOption(page, list.field('Property operator'), 'at least');
    await list.field('Property value').fill('600');
    const query = page.waitForRequest((r) => r.url().endsWith('/asset/assets/$query') && r.method() === 'POST');
    await list.submit();
    const body = (await query).postDataJSON() as Record<string, unknown>;
    expect(body.iotState).toEqual({ iotBatteryVoltageMilli: { op: 'gte', value: 4000 } });
    expect(body.properties).toEqual([expect.objectContaining({ op: 'gte', value: 600 })]);
    await expect(page).toHaveURL(/volt=4/);

    // The voltage column is hidden at first; shown, it is remembered in this browser.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Battery voltage' }).check();
    await page.keyboard.press('Escape');
    await expect(list.rows().first()).toBeVisible();
    const check = async () => {
      const volts = (await (await list.cell((await list.nos())[0] as string, 'Battery voltage')).textContent()) ?? '';
      expect(Number.parseFloat(volts)).toBeGreaterThanOrEqual(4);
      for (const category of await list.rows().locator('td:nth-child(3)').allInnerTexts())
        expect(category.trim()).toBe('City e-bike');
    };
    await expect(check).toPass();
    await page.reload();
    await expect(list.rows().first()).toBeVisible();
    await expect(check).toPass();
    await expect(list.field('Property value')).toHaveValue('600');
  });

  test('batch edit of selected rows changes usage mode and note; an inline edit changes one note', async ({ page }) => {
    const list = new AssetListPage(page);
    await list.open('?noFrom=MIB00001&noTo=MIB00030&sort=no%3Aasc');
    const nos = (await list.nos()).slice(0, 3);
    expect(nos).toHaveLength(3);
    const note = `Batch e2e ${Date.now().toString(36)}`;

    await list.select(nos);
    await page.getByRole('button', { name: 'Edit selected' }).click();
    const modal = await drawer(page, 'Edit 3 assets');
    await pickOption(page, modal.getByLabel('Usage mode'), 'Non-leasable');
    await modal.getByLabel('Note').fill(note);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-list-batch-edit.en-US.png` });
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('3 assets changed')).toBeVisible();
    await expect(modal).toBeHidden();

    for (const no of nos) {
      await expect(await list.cell(no, 'Usage mode')).toContainText('Non-leasable');
      await expect(await list.cell(no, 'Note')).toContainText(note);
    }

    // One cell, edited in place.
    const first = nos[0] as string;
    const inline = `${note} inline`;
    await page.getByRole('button', { name: `Edit Note of ${first}` }).click();
    const input = list.row(first).getByRole('textbox', { name: 'Note' });
    await input.fill(inline);
    await input.press('Enter');
    await expect(await list.cell(first, 'Note')).toContainText(inline);
  });

  test('CSV import: the preview marks the bad row and refuses; the fixed file imports', async ({ page }) => {
    const list = new AssetListPage(page);
    await list.open();
    const good = freshNo('IMPA');
    const second = freshNo('IMPB');
    const header = 'no,partner,site,usageMode,lifeCycleState,turnoverState,note';
    const bad = `${header}\n${good},Milano Bike Hub,,customer-rental,New,InSite,from e2e\nbad no,Milano Bike Hub,,customer-rental,New,InSite,\n`;
    const fixed = `${header}\n${good},Milano Bike Hub,,customer-rental,New,InSite,from e2e\n${second},Milano Bike Hub,,customer-rental,Ready,InSite,\n`;

    await page.getByRole('button', { name: 'Import' }).first().click();
    await expect(page).toHaveURL(/panel=import/);
    const box = await drawer(page, 'Import assets from a file');
    await pickOption(page, box.getByLabel('Category'), 'Accessories');

    // The template of the category downloads.
    const templateDownload = page.waitForEvent('download');
    await box.getByRole('button', { name: 'Download CSV template' }).click();
    const template = await templateDownload;
    expect(template.suggestedFilename()).toMatch(/\.csv$/);
    expect(await readFile((await template.path()) as string, 'utf8')).toContain(header);

    await box
      .locator('input[type=file]')
      .setInputFiles({ name: 'assets.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await box.getByRole('button', { name: 'Check the file' }).click();
    const report = box.getByTestId('import-report');
    await expect(report.getByText('1 row has an error', { exact: false })).toBeVisible();
    await expect(
      report.locator('[data-error="true"]').filter({ hasText: 'Asset number must be capital letters and digits' }),
    ).toBeVisible();
    await expect(box.getByRole('button', { name: /^upload Import/ })).toBeDisabled();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-import-errors.en-US.png` });

    const errorDownload = page.waitForEvent('download');
    await report.getByRole('button', { name: 'Download error report' }).click();
    const errors = await readFile((await (await errorDownload).path()) as string, 'utf8');
    expect(errors).toContain('line,column,message');
    expect(errors).toContain('3,no,Asset number must be capital letters and digits');

    await box
      .locator('input[type=file]')
      .setInputFiles({ name: 'assets.csv', mimeType: 'text/csv', buffer: Buffer.from(fixed) });
    await box.getByRole('button', { name: 'Check the file' }).click();
    await expect(report.getByText('All 2 rows are valid and ready to import')).toBeVisible();
    await box.getByRole('button', { name: 'Import 2 assets' }).click();
    await expect(page.getByText('2 assets imported')).toBeVisible();
    await expect(page).not.toHaveURL(/panel=import/);

    await list.field('Asset numbers').fill(`${good} ${second.toLowerCase()} `);
    // Typed numbers become tags, capitalised.
    await expect(list.search.locator(`[title="${second}"]`)).toBeVisible();
    await list.submit();
    await expect(list.row(good)).toBeVisible();
    await expect(list.row(second)).toBeVisible();
    await expect(list.rows()).toHaveCount(2);
  });

  test('batch create by pasting rows marks the bad cell; a delete that includes a renting-out asset is refused per row', async ({
    page,
    request,
    tokens,
  }) => {
    // A renting-out demo asset, read through the API (the delete must refuse it).
    const nos = Array.from({ length: 60 }, (_, i) => `MIE${String(i + 1).padStart(5, '0')}`);
    const found = await new Api(request, await tokens('owner')).call(assetEndpoints.search, { body: { nos } });
    const renting = found.find((a) => a.turnoverState === 'RentingOut');
    if (!renting) throw new Error('no renting-out demo asset');

    const list = new AssetListPage(page);
    await list.open();
    const first = freshNo('BATA');
    const second = freshNo('BATB');
    await page.getByRole('button', { name: 'Batch create' }).click();
    await expect(page).toHaveURL(/panel=create/);
    const box = await drawer(page, 'Create assets in a batch');
    await pickOption(page, box.getByLabel('Category'), 'Accessories');
    await pickOption(page, box.getByLabel('Partner'), 'Milano Bike Hub');

    // Two rows copied from a spreadsheet, pasted into the first cell.
    const pasted = `${first}\tDuomo Station\tReady\tpasted row\nbad no\t\tNew\t\n`;
    await box.getByLabel('Asset number, row 1').evaluate((input, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, pasted);
    await expect(box.getByLabel('Site, row 1')).toHaveValue('Duomo Station');
    await expect(box.getByLabel('Asset number, row 2')).toHaveValue('bad no');
    await box.getByRole('button', { name: 'Create assets' }).click();
    await expect(
      box.getByRole('alert').filter({ hasText: 'Asset number must be capital letters and digits' }),
    ).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-batch-create-error.en-US.png` });

    await box.getByLabel('Asset number, row 2').fill(second);
    await box.getByRole('button', { name: 'Create assets' }).click();
    await expect(page.getByText('2 assets created')).toBeVisible();
    await expect(page).not.toHaveURL(/panel=create/);

    await list.field('Asset numbers').fill(`${first} ${second} ${renting.no} `);
    await expect(list.search.locator(`[title="${renting.no}"]`)).toBeVisible();
    await list.submit();
    await expect(list.rows()).toHaveCount(3);
    await expect(await list.cell(first, 'Site')).toContainText('Duomo Station');
    await expect(await list.cell(first, 'Lifecycle state')).toContainText('Ready');

    await list.select([first, second, renting.no]);
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const confirm = await drawer(page, 'Delete 3 assets?');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    const problems = confirm.getByTestId('batch-problems');
    await expect(problems).toContainText(renting.no);
    await expect(problems).toContainText('The asset is renting out and cannot be deleted');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(list.rows()).toHaveCount(3);

    await list.row(renting.no).getByRole('checkbox').uncheck();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const again = await drawer(page, 'Delete 2 assets?');
    await again.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('2 assets deleted')).toBeVisible();
    await expect(list.rows()).toHaveCount(1);
    await expect(page.getByTestId('asset-selection')).toHaveText('0 selected');
  });

  test('export downloads the current search as CSV and XLSX', async ({ page }) => {
    const list = new AssetListPage(page);
    await list.open('?noFrom=SEE00001&noTo=SEE00020');
    const shown = await list.nos();

    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: /Export/ }).click();
    await page.getByRole('menuitem', { name: 'CSV file' }).click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    const text = await readFile((await csv.path()) as string, 'utf8');
    for (const no of shown) expect(text).toContain(no);
    expect(text).not.toContain('MIE00001');

    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: /Export/ }).click();
    await page.getByRole('menuitem', { name: 'Excel file (XLSX)' }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
    // An XLSX file is a zip archive.
    expect((await readFile((await xlsx.path()) as string)).subarray(0, 2).toString()).toBe('PK');
  });

  test('zh-CN: the list, the counts and the batch create grid are translated', async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, 'zh-CN'), LOCALE_KEY);
    const list = new AssetListPage(page);
    await page.goto('/asset/list');
    await expect(list.rows().first()).toBeVisible();
    await expect(page.getByText('搜索资产')).toBeVisible();
    await expect(page.getByTestId('asset-summary').getByText('生命周期')).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-list.zh-CN.png`, fullPage: true });
    await page.getByRole('button', { name: '批量创建' }).click();
    await expect(page.getByRole('dialog').filter({ hasText: '批量创建资产' })).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/asset-batch-create.zh-CN.png` });
  });
});

test.describe('asset list limits and permissions', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test.describe('owner', () => {
    test.use({ signedInAs: 'owner' });

    test('a selection above the ceiling of the settings is refused before anything is sent', async ({
      page,
      request,
      tokens,
    }) => {
      const api = new Api(request, await tokens('owner'));
      const set = (bulkActionMaxSelection: number) =>
        api.call(settingsConfigEndpoints.update, { body: { bulkActionMaxSelection } });
      await set(2);
      try {
        const list = new AssetListPage(page);
        await list.open('?noFrom=SEB00001&noTo=SEB00020&sort=no%3Aasc');
        const nos = (await list.nos()).slice(0, 3);
        await list.select(nos.slice(0, 2));
        await expect(page.getByRole('button', { name: 'Edit selected' })).toBeEnabled();
        await list
          .row(nos[2] as string)
          .getByRole('checkbox')
          .check();
        await expect(page.getByText('batch operations above 2 refused')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Edit selected' })).toBeDisabled();
        await expect(page.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
        await page.getByRole('button', { name: 'Clear selection' }).click();
        await expect(page.getByTestId('asset-selection')).toHaveText('0 selected');
      } finally {
        await set(100);
      }
    });
  });

  test.describe('mechanic (asset.read only, Milano)', () => {
    test.use({ signedInAs: 'luca' });

    test('sees the Milano assets without any create, edit, delete, import or export control', async ({ page }) => {
      const list = new AssetListPage(page);
      await list.open();
      for (const partner of await list.rows().locator('td:nth-child(3)').allInnerTexts())
        expect(partner.trim()).toBe('Milano Bike Hub');
      for (const name of ['Import', 'Batch create', 'Edit selected', 'Delete selected', 'Export'])
        await expect(page.getByRole('button', { name })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Create asset' })).toHaveCount(0);
      await expect(list.rows().getByRole('checkbox')).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^edit Edit Note of/ })).toHaveCount(0);
    });
  });

  test.describe('operations manager (asset.read and asset.update)', () => {
    test.use({ signedInAs: 'elena' });

    test('may edit selected rows and cells, but not delete, create, import or export', async ({ page }) => {
      const list = new AssetListPage(page);
      await list.open();
      await expect(page.getByRole('button', { name: 'Edit selected' })).toBeVisible();
      await expect(
        list
          .rows()
          .first()
          .getByRole('button', { name: /Edit Note of/ }),
      ).toBeVisible();
      for (const name of ['Import', 'Batch create', 'Delete selected', 'Export'])
        await expect(page.getByRole('button', { name })).toHaveCount(0);
    });
  });
});
