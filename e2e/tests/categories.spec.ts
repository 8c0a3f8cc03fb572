import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, test, unique } from '../fixtures/test.ts';
import { CategoryListPage, CategoryNewPage } from '../pages/categories.page.ts';
import { answerConfirm } from '../pages/list.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;
/** A 1×1 PNG: the server judges images by their bytes and re-encodes them. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('asset categories (Asset → Category Management)', () => {
  test.use({ signedInAs: 'owner' });

  test('create in three steps with properties, be refused a repeated property name, disable', async ({ page }) => {
    const name = unique('Cargo e-bike');
    const list = new CategoryListPage(page);
    const form = new CategoryNewPage(page);

    await list.goto();
    // The demo categories, one per asset type.
    await expect(list.categoryRow('City e-bike')).toBeVisible();
    await list.newButton.click();
    await expect(page).toHaveURL('/asset/category/new');

    // Step 1 is checked before going on: the URL must be a web address.
    await form.fillBasic({ name, assetType: 'E-bike', detailUrl: 'cargo-bikes', iot: true });
    await form.form.getByRole('button', { name: 'Next' }).click();
    await expect(form.form.getByText('Please enter a valid URL')).toBeVisible();
    await form.textbox('Detail URL').fill('https://example.com/cargo');
    await form.form.getByRole('button', { name: 'Next' }).click();
    await expect(form.step('Customised properties')).toBeVisible();

    // Step 2: three properties, the third repeating the first's name in another case.
    await form.addProperty(1, { name: 'Frame number', valueType: 'Text', updateMethod: 'Unmodifiable', unique: true });
    await form.addProperty(2, { name: 'Payload (kg)', valueType: 'Whole number', updateMethod: 'Manual' });
    await form.addProperty(3, { name: 'frame NUMBER', valueType: 'Text' });
    // A yes/no property cannot be unique: the switch is off and disabled.
    await form.choose(form.cell('Value type', 3, 'combobox'), 'Yes/no');
    await expect(form.cell('Unique', 3, 'switch')).toBeDisabled();
    await form.choose(form.cell('Value type', 3, 'combobox'), 'Text');

    await form.form.getByRole('button', { name: 'Create category' }).click();
    // The server refuses the repeated name; the message lands on the third row's name cell.
    await expect(form.cellError('Property name', 3)).toHaveText(
      'A property with this name already exists in this category',
    );
    await expect(form.cellError('Property name', 1)).toHaveCount(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/categories-duplicate.en-US.png`, fullPage: true });

    // Back keeps what was typed; the fix is removing the third row.
    await form.form.getByRole('button', { name: 'Back' }).click();
    await expect(form.textbox('Category name')).toHaveValue(name);
    await form.form.getByRole('button', { name: 'Next' }).click();
    await form.table.getByRole('button', { name: 'Remove property in row 3' }).click();
    await form.form.getByRole('button', { name: 'Create category' }).click();

    // Step 3: a summary with links.
    await expect(page.getByText(`Category ${name} created`)).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Frame number (Text, Unique)');
    await expect(page.getByRole('main')).toContainText('Payload (kg) (Whole number)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/categories-done.en-US.png`, fullPage: true });
    await page.getByRole('link', { name: 'Back to the list' }).click();

    await list.filter(name);
    const row = list.categoryRow(name);
    await expect(row).toContainText('E-bike');
    await expect(row).toContainText('Enabled');
    await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();

    // Disabling says what happens to the assets and asks first.
    await row.getByRole('button', { name: 'Disable' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: `Disable category ${name}?` });
    await expect(dialog).toContainText('All assets of this category become Removed');
    await expect(dialog).toContainText('enabling the category again does not restore them');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/categories-disable.en-US.png` });
    await answerConfirm(page, `Disable category ${name}?`, 'Disable');
    await expect(row).toContainText('Disabled');
    await expect(row.getByRole('button', { name: 'Enable' })).toBeVisible();

    // The edit form has the properties in the table, and the image upload.
    await row.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(/\/asset\/category\/.+\/edit/);
    await expect(form.cell('Property name', 1)).toHaveValue('Frame number');
    await expect(form.cell('Property name', 2)).toHaveValue('Payload (kg)');

    // The image is stored at once (JPEG or PNG by content), then the rest of the form is saved.
    await page.locator('input[type=file]').setInputFiles({ name: 'cargo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Category image' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Replace image' })).toBeVisible();
    await form.cell('Property name', 2).fill('Payload capacity (kg)');
    await form.form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/asset\/category\/list/);
    await list.filter(name);
    await row.getByRole('link', { name, exact: true }).click();
    await expect(form.cell('Property name', 2)).toHaveValue('Payload capacity (kg)');
  });

  test('screenshots in three locales', async ({ page }) => {
    test.setTimeout(180_000);
    const main = page.getByRole('main');
    const heading = (name: string | RegExp) =>
      main.getByRole('heading', { level: 4, name, ...(typeof name === 'string' ? { exact: true } : {}) });
    // apps/web/src/features/categories/i18n and shared/i18n/common, in each language.
    const screens = {
      'en-US': {
        title: 'Category Management',
        columns: ['Category name', 'Asset type', 'IoT', 'Status', 'Properties', 'Updated', 'Actions'],
        newCategory: 'New category',
        empty: 'No categories match these filters',
        newTitle: 'New Category',
        steps: ['Basic', 'Customised properties', 'Done'],
        fixFields: 'Some fields are incorrect or empty, check and resubmit',
        pickType: 'Select an asset type',
        next: 'Next',
        editTitle: /^Edit category /,
        upload: 'Upload image',
      },
      'it-IT': {
        title: 'Gestione categorie',
        columns: ['Nome categoria', 'Tipo di asset', 'IoT', 'Stato', 'Proprietà', 'Aggiornata', 'Azioni'],
        newCategory: 'Nuova categoria',
        empty: 'Nessuna categoria corrisponde a questi filtri',
        newTitle: 'Nuova categoria',
        steps: ['Dati di base', 'Proprietà personalizzate', 'Fatto'],
        fixFields: 'Alcuni campi sono errati o vuoti, controlla e invia di nuovo',
        pickType: 'Seleziona un tipo di asset',
        next: 'Avanti',
        editTitle: /^Modifica la categoria /,
        upload: 'Carica immagine',
      },
      'zh-CN': {
        title: '类别管理',
        columns: ['类别名称', '资产类型', 'IoT', '状态', '属性', '更新时间', '操作'],
        newCategory: '新建类别',
        empty: '没有符合筛选条件的类别',
        newTitle: '新建类别',
        steps: ['基本信息', '自定义属性', '完成'],
        fixFields: '部分字段不正确或为空，请检查后重新提交',
        pickType: '请选择资产类型',
        next: '下一步',
        editTitle: /^编辑类别 /,
        upload: '上传图片',
      },
    } as const;
    for (const locale of ['en-US', 'it-IT', 'zh-CN'] as const) {
      const text = screens[locale];
      await inLocale(page, locale);
      await page.goto('/asset/category/list');
      await expectLocale(page, locale);
      await expect(heading(text.title)).toBeVisible();
      await expect(main.getByRole('columnheader')).toHaveText(text.columns.map((c) => new RegExp(`^${c}`)));
      await expect(main.getByRole('link', { name: text.newCategory })).toBeVisible();
      await expect(new CategoryListPage(page).rows().first()).toBeVisible();
      await saveShot(page, `categories-list.${locale}.png`, { fullPage: true });

      await page.goto('/asset/category/list?search=nothing-like-this');
      await expect(main.getByText(text.empty)).toBeVisible();
      await saveShot(page, `categories-empty.${locale}.png`, { fullPage: true });

      await page.goto('/asset/category/new');
      await expect(heading(text.newTitle)).toBeVisible();
      await main.locator('form').getByRole('button', { name: text.next }).click();
      await expect(main.getByRole('alert').filter({ hasText: text.fixFields })).toBeVisible();
      for (const step of text.steps) await expect(main.getByText(step, { exact: true })).toBeVisible();
      await expect(main.locator('.ant-form-item-explain-error').filter({ hasText: text.pickType })).toBeVisible();
      await saveShot(page, `categories-new-errors.${locale}.png`, { fullPage: true });

      // A demo category without an image (other tests add categories with one, listed first).
      await page.goto('/asset/category/list?search=Urban%20bike');
      await main.getByRole('table').getByRole('link').first().click();
      await expect(heading(text.editTitle)).toBeVisible();
      await expect(main.getByRole('button', { name: text.upload })).toBeVisible();
      await saveShot(page, `categories-edit.${locale}.png`, { fullPage: true });
    }
  });
});
