import { expect, type Locator, type Page } from '@playwright/test';

/** Settings → General → Partners: the list. */
export class PartnerListPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly newButton: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Partners', level: 4 });
    this.search = page.getByRole('textbox', { name: /Search/ });
    this.newButton = page.getByRole('button', { name: /New partner/ });
    this.table = page.getByRole('table');
  }

  async goto(query = '') {
    await this.page.goto(`/setting/general/partner/list${query}`);
    await expect(this.heading).toBeVisible();
  }

  /** The rows of the table body (the header row excluded). */
  rows(): Locator {
    return this.table.getByRole('rowgroup').nth(1).getByRole('row');
  }

  row(name: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  async filter(text: string) {
    await this.search.fill(text);
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(this.page).toHaveURL(
      new RegExp(`[?&]search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`),
    );
  }

  async partnerNames(): Promise<string[]> {
    const names = await this.rows().locator('td:first-child').allInnerTexts();
    return names.map((name) => name.trim());
  }

  async delete(name: string) {
    await this.row(name)
      .getByRole('button', { name: /Delete/ })
      .click();
    const confirm = this.page.getByRole('tooltip').filter({ hasText: `Delete partner "${name}"?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  }
}

export interface PartnerValues {
  name?: string;
  email?: string;
  note?: string;
  line1?: string;
  city?: string;
  zip?: string;
  country?: string;
  contactName?: string;
  contactPhone?: string;
  contactEmail?: string;
}

/** The partner form, new and edit. */
export class PartnerFormPage {
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('main').locator('form');
  }

  /** A field by its label; required labels carry antd's "*". */
  field(label: string): Locator {
    return this.form.locator(this.textbox(label));
  }

  private textbox(label: string): Locator {
    return this.page.getByRole('textbox', { name: new RegExp(`^(\\* )?${label}( question-circle)?$`) });
  }

  async fill(values: PartnerValues) {
    const labels: Record<keyof PartnerValues, string> = {
      name: 'Company name',
      email: 'Email',
      note: 'Note',
      line1: 'Address line 1',
      city: 'City',
      zip: 'ZIP code',
      country: 'Country',
      contactName: 'Name',
      contactPhone: 'Phone',
      contactEmail: 'Work email',
    };
    for (const [key, value] of Object.entries(values) as [keyof PartnerValues, string | undefined][]) {
      if (value !== undefined) await this.field(labels[key]).fill(value);
    }
  }

  async submit(label: 'Create' | 'Save') {
    await this.form.getByRole('button', { name: label, exact: true }).click();
  }

  /** The validation message under a field. */
  errorOf(label: string): Locator {
    return this.form
      .locator('.ant-form-item')
      .filter({ has: this.textbox(label) })
      .locator('.ant-form-item-explain-error');
  }
}
