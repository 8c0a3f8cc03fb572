import { expect, type Locator, type Page } from '@playwright/test';
import { ListPageObject } from './list.ts';

/** Checklist → Work items: the list. */
export class WorkItemListPage extends ListPageObject {
  async goto(query = '') {
    await this.page.goto(`/checklist/work-item/list${query}`);
    await expect(this.page.getByRole('main').locator('.ant-table')).toBeVisible();
  }

  /** The row of a work item by its name (a link to its detail). */
  itemRow(name: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }
}

export interface OptionValues {
  name: string;
  cost: string;
  price?: string;
  sku?: string;
}

/** The work item form of the new and edit pages. */
export class WorkItemFormPage {
  readonly form: Locator;
  readonly options: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('main').locator('form');
    this.options = page.getByTestId('work-item-options');
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  /** Picks an option of an antd Select identified by its accessible name. */
  async choose(combobox: Locator, option: string) {
    await combobox.click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  }

  /** A cell of the options table by its column and 1-based row ("Name of option 2"). */
  cell(field: string, row: number): Locator {
    return this.options.getByLabel(`${field} of option ${row}`, { exact: true });
  }

  /** Adds a row with the "Add labour" / "Add hardware" button and fills it. */
  async addOption(kind: 'labour' | 'hardware', row: number, values: OptionValues) {
    await this.form.getByRole('button', { name: kind === 'labour' ? 'Add labour' : 'Add hardware' }).click();
    await this.cell('Name', row).fill(values.name);
    await this.cell('Cost', row).fill(values.cost);
    if (values.price !== undefined) await this.cell('Price', row).fill(values.price);
    if (values.sku !== undefined) await this.cell('SKU', row).fill(values.sku);
  }
}
