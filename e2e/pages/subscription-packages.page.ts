import { expect, type Locator, type Page } from '@playwright/test';
import { ListPageObject } from './list.ts';
import { typeDateTime } from './pricing.page.ts';

/** B2B Subscription → Package: the list. */
export class PackageListPage extends ListPageObject {
  async goto(query = '') {
    await this.page.goto(`/subscription/package/list${query}`);
    await expect(this.page.getByRole('main').locator('.ant-table')).toBeVisible();
  }

  /** The row of a package by its name. */
  packageRow(name: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }
}

export interface PlanValues {
  name: string;
  basicFee: string;
  usageFee: string;
  upperLimit: string;
  deductible?: string;
  durationQuantity?: string;
  since?: Date;
  until?: Date;
}

/** The package form of the new and edit pages; a plan's fields are named by their plan's number (1-based). */
export class PackageFormPage {
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('main').locator('form');
  }

  field(label: string): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  planCard(index: number): Locator {
    return this.form.getByTestId('plan-row').nth(index - 1);
  }

  /** Picks an option of an antd Select identified by its accessible name. */
  async choose(combobox: Locator, option: string) {
    await combobox.click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  }

  async fillPlan(index: number, values: PlanValues) {
    await this.field(`Name of plan ${index}`).fill(values.name);
    await this.field(`Basic fee of plan ${index}`).fill(values.basicFee);
    await this.field(`Usage fee of plan ${index}`).fill(values.usageFee);
    await this.field(`Usage fee upper limit of plan ${index}`).fill(values.upperLimit);
    if (values.deductible !== undefined) await this.field(`Deductible of plan ${index}`).fill(values.deductible);
    if (values.durationQuantity !== undefined) {
      await this.field(`Period length of plan ${index}`).fill(values.durationQuantity);
    }
    if (values.since) await typeDateTime(this.page, this.form, `Valid since, plan ${index}`, values.since);
    if (values.until) await typeDateTime(this.page, this.form, `Valid until, plan ${index}`, values.until);
  }
}
