import { expect, type Locator, type Page } from '@playwright/test';
import { ListPageObject } from './list.ts';

/** Asset → Category Management: the list. */
export class CategoryListPage extends ListPageObject {
  readonly heading: Locator;
  readonly newButton: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { name: 'Category Management', level: 4 });
    this.newButton = page.getByRole('button', { name: /New category/ });
  }

  async goto(query = '') {
    await this.page.goto(`/asset/category/list${query}`);
    await expect(this.heading).toBeVisible();
  }

  /** The row of a category by its name (the name cell also holds the thumbnail). */
  categoryRow(name: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }
}

export interface PropertyRow {
  name: string;
  valueType?: string;
  updateMethod?: string;
  unique?: boolean;
}

/** The three-step new-category form. */
export class CategoryNewPage {
  readonly form: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('main').locator('form');
    this.table = page.getByTestId('property-table');
  }

  textbox(label: string): Locator {
    return this.form.getByRole('textbox', { name: new RegExp(`^(\\* )?${label}( question-circle)?$`) });
  }

  step(title: string): Locator {
    return this.page.locator('.ant-steps-item-process').filter({ hasText: title });
  }

  /** Picks an option of an antd Select identified by its accessible name. */
  async choose(combobox: Locator, option: string) {
    await combobox.click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  }

  async fillBasic(values: {
    name: string;
    assetType: string;
    detailUrl?: string;
    description?: string;
    iot?: boolean;
  }) {
    await this.textbox('Category name').fill(values.name);
    await this.choose(this.form.getByRole('combobox', { name: /Asset type/ }), values.assetType);
    if (values.detailUrl !== undefined) await this.textbox('Detail URL').fill(values.detailUrl);
    if (values.description !== undefined) await this.textbox('Description').fill(values.description);
    if (values.iot) await this.form.getByRole('switch', { name: /IoT/ }).click();
  }

  /** Adds a row to the properties table and fills it. */
  async addProperty(row: number, values: PropertyRow) {
    await this.form.getByRole('button', { name: 'Add property' }).click();
    await this.cell('Property name', row).fill(values.name);
    if (values.valueType) await this.choose(this.cell('Value type', row, 'combobox'), values.valueType);
    if (values.updateMethod) await this.choose(this.cell('Update method', row, 'combobox'), values.updateMethod);
    if (values.unique) await this.cell('Unique', row, 'switch').click();
  }

  cell(field: string, row: number, role: 'textbox' | 'combobox' | 'switch' = 'textbox'): Locator {
    return this.table.getByRole(role, { name: `${field}, row ${row}`, exact: true });
  }

  /** The error shown under a cell of the properties table. */
  cellError(field: string, row: number): Locator {
    return this.table
      .locator('.ant-form-item')
      .filter({ has: this.page.getByRole('textbox', { name: `${field}, row ${row}`, exact: true }) })
      .locator('.ant-form-item-explain-error');
  }
}
