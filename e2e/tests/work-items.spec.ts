import { checklistEndpoints, workItemEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { users } from '../fixtures/env.ts';
import { inLocale, saveShot } from '../fixtures/locale.ts';
import { apiLogin, expect, test, unique } from '../fixtures/test.ts';
import { answerConfirm } from '../pages/list.ts';
import { WorkItemFormPage, WorkItemListPage } from '../pages/work-items.page.ts';

/** A 1×1 PNG: the server judges images by their bytes and re-encodes them. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('work items (Checklist → Work items)', () => {
  test.use({ signedInAs: 'owner' });

  test('create one with a labour and a hardware option and an image; a blank price reads Not charged', async ({
    page,
  }) => {
    const name = unique('Brake check');
    const form = new WorkItemFormPage(page);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/checklist/work-item/new');
    await form.choose(form.field('Partner'), 'Milano Bike Hub');
    await form.field('Name').fill(name);
    await form.form.getByText('Multiple results', { exact: true }).click();
    // The item's picture is the form's first file input; a GIF is refused here already, before anything is sent.
    const image = form.form.locator('input[type=file]').first();
    await image.setInputFiles({ name: 'bell.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(form.form).toContainText('Only JPEG or PNG images can be used');
    await image.setInputFiles({ name: 'brakes.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.form).toContainText('brakes.png is uploaded when you save');

    await expect(form.options.getByText('No options yet')).toBeVisible();
    await form.addOption('labour', 1, { name: 'Adjust brakes', cost: '4', price: '12' });
    await form.addOption('hardware', 2, { name: 'Brake pads', cost: '6', sku: 'PAD-42' });
    // The hardware row without a price says it is recorded only.
    await expect(form.options.getByRole('row').nth(2)).toContainText('Not charged');
    await saveShot(page, 'work-item-form.en-US.1024.png', { fullPage: true });

    await form.form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/checklist\/work-item\/detail\//);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name })).toBeVisible();
    await expect(main).toContainText('Multiple results');
    await expect(main.getByRole('img', { name })).toBeVisible();
    const options = main.getByRole('table');
    await expect(options.getByRole('row').filter({ hasText: 'Adjust brakes' })).toContainText('12.00');
    const pads = options.getByRole('row').filter({ hasText: 'Brake pads' });
    await expect(pads).toContainText('Not charged');
    await expect(pads).toContainText('PAD-42');
    await saveShot(page, 'work-item-detail.en-US.1024.png', { fullPage: true });

    // The list finds it by name.
    const list = new WorkItemListPage(page);
    await list.goto(`?name=${encodeURIComponent(name)}`);
    await expect(list.itemRow(name)).toContainText('1 labour · 1 hardware');
  });

  test('archiving an item a checklist uses is refused in words; an unused one is archived', async ({
    page,
    request,
  }) => {
    const api = new Api(request, await apiLogin(request, users.owner.email));
    const partnerId = await api.partnerId('Milano Bike Hub');
    const categoryId = await api.categoryId('City e-bike');
    const used = await api.call(workItemEndpoints.create, {
      body: {
        partnerId,
        name: unique('Chain'),
        resultMode: 'single',
        options: [{ type: 'labour', name: 'Lubricate', costAmount: 1, price: 5 }],
      },
    });
    const unused = await api.call(workItemEndpoints.create, {
      body: { partnerId, name: unique('Bell'), resultMode: 'single', options: [] },
    });
    await api.call(checklistEndpoints.create, {
      body: {
        partnerId,
        name: unique('Drive train'),
        assetCategoryScope: [categoryId],
        basicCostAmount: 0,
        workItemGroups: [{ name: 'Chain', isRequired: true, isAllWorkItemsRequired: true, workItemIdList: [used.id] }],
      },
    });

    await page.goto(`/checklist/work-item/detail/${used.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByRole('dialog')).toContainText('A checklist in use still contains it');
    await answerConfirm(page, `Archive work item ${used.name}?`, 'Archive');
    const refusal = page.getByRole('dialog').filter({ hasText: `${used.name} cannot be archived` });
    await expect(refusal).toContainText('Remove it from the checklist');
    await saveShot(page, 'work-item-archive-refused.en-US.png');
    await refusal.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('main').getByText('In use', { exact: true })).toBeVisible();

    await page.goto(`/checklist/work-item/detail/${unused.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Archive' }).click();
    await answerConfirm(page, `Archive work item ${unused.name}?`, 'Archive');
    await expect(page).toHaveURL(/\/checklist\/work-item\/list/);
    const list = new WorkItemListPage(page);
    await list.goto(`?archived=true&name=${encodeURIComponent(unused.name)}`);
    await expect(list.itemRow(unused.name)).toContainText('Archived');
  });

  test('Italian labels on the list and the form', async ({ page }) => {
    await inLocale(page, 'it-IT');
    await page.goto('/checklist/work-item/new');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Nuova voce di lavoro' })).toBeVisible();
    await expect(main).toContainText('Risultati');
    await main.getByRole('button', { name: 'Aggiungi ricambio' }).click();
    await expect(main).toContainText('Non addebitata');
    await saveShot(page, 'work-item-form.it-IT.desktop.png', { fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });
    await saveShot(page, 'work-item-form.it-IT.1024.png', { fullPage: true });
  });
});
