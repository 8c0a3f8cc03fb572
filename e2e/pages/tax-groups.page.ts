import { expect, type Locator, type Page } from '@playwright/test';
import { ListPageObject } from './list.ts';
import { FormPageObject } from './partners.page.ts';

/** Settings → General → Tax groups: the list. */
export class TaxGroupListPage extends ListPageObject {
  readonly heading: Locator;
  readonly newButton: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { name: 'Tax groups', level: 4 });
    this.newButton = page.getByRole('button', { name: /New tax group/ });
  }

  async goto(query = '') {
    await this.page.goto(`/setting/general/tax-group/list${query}`);
    await expect(this.heading).toBeVisible();
  }
}

export interface TaxGroupValues {
  name?: string;
  displayName?: string;
  country?: string;
  note?: string;
  /** First rates, by subject label. */
  rental?: string;
  serviceHardware?: string;
  serviceLabour?: string;
}

const textLabels = { name: 'Name', displayName: 'Display name', country: 'Country', note: 'Note' } as const;
const rateLabels = { rental: 'Rental', serviceHardware: 'Service hardware', serviceLabour: 'Service labour' } as const;

/** The tax group form, new and edit (fields above, rate history below on edit). */
export class TaxGroupFormPage extends FormPageObject {
  async fill(values: TaxGroupValues) {
    for (const [key, label] of Object.entries(textLabels) as [keyof typeof textLabels, string][]) {
      const value = values[key];
      if (value !== undefined) await this.field(label).fill(value);
    }
    for (const [key, label] of Object.entries(rateLabels) as [keyof typeof rateLabels, string][]) {
      const value = values[key];
      if (value !== undefined) {
        await this.form.getByRole('spinbutton', { name: new RegExp(`^(\\* )?${label}$`) }).fill(value);
      }
    }
  }

  /** One subject's history and its "add a new rate" row on the edit page. */
  rates(subject: string): TaxRatesSection {
    return new TaxRatesSection(this.page, subject);
  }
}

export class TaxRatesSection {
  readonly section: Locator;
  readonly rate: Locator;
  readonly effectiveAt: Locator;
  readonly history: Locator;

  constructor(
    readonly page: Page,
    subject: string,
  ) {
    this.section = page.getByRole('region', { name: subject, exact: true });
    this.rate = this.section.getByRole('spinbutton', { name: 'New rate' });
    this.effectiveAt = this.section.getByRole('textbox', { name: /^Effective from/ });
    this.history = this.section.getByRole('table');
  }

  /**
   * Types a rate and an effective time ("YYYY-MM-DD HH:mm", the picker's format); Enter in the picker takes
   * the typed time and submits the row, as the Add rate button does.
   */
  async add(rate: string, effectiveAt: string) {
    await this.rate.fill(rate);
    await this.effectiveAt.click();
    await this.effectiveAt.fill(effectiveAt);
    await this.effectiveAt.press('Enter');
    await expect(this.effectiveAt).toHaveValue(effectiveAt);
  }

  /** The validation message under the effective time. */
  effectiveAtError(): Locator {
    return (
      this.section
        .locator('.ant-form-item')
        // A `has` locator is matched inside each form item, so it must not start from the section.
        .filter({ has: this.page.getByRole('textbox', { name: /^Effective from/ }) })
        .locator('.ant-form-item-explain-error')
    );
  }

  /** The history rows whose status reads exactly `status` ("In force", "Scheduled, not yet in force"). */
  historyRow(status: string): Locator {
    return this.history.getByRole('row').filter({ has: this.page.getByRole('cell', { name: status, exact: true }) });
  }
}
