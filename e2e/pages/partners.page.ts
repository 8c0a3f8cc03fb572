import { expect, type Locator, type Page } from '@playwright/test';
import { answerConfirm, ListPageObject } from './list.ts';

/** Settings → General → Partners: the list. */
export class PartnerListPage extends ListPageObject {
  readonly heading: Locator;
  readonly newButton: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { name: 'Partners', level: 4 });
    this.newButton = page.getByRole('button', { name: /New partner/ });
  }

  async goto(query = '') {
    await this.page.goto(`/setting/general/partner/list${query}`);
    await expect(this.heading).toBeVisible();
  }

  async partnerNames(): Promise<string[]> {
    await expect(this.rows().first()).toBeVisible();
    return this.column(0);
  }

  async delete(name: string) {
    await this.row(name)
      .getByRole('button', { name: /Delete/ })
      .click();
    await answerConfirm(this.page, `Delete partner "${name}"?`, 'Delete');
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

const partnerLabels: Record<keyof PartnerValues, string> = {
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

/** A form page (shared/ui/form-page.tsx): fields by label, submit, field errors. */
export class FormPageObject {
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('main').locator('form');
  }

  /** A text field by its label; required labels carry antd's "*", some a tooltip icon. */
  field(label: string): Locator {
    return this.form.locator(this.textbox(label));
  }

  protected textbox(label: string): Locator {
    return this.page.getByRole('textbox', { name: new RegExp(`^(\\* )?${label}( question-circle)?$`) });
  }

  async submit(label: string) {
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

/** The partner form, new and edit. */
export class PartnerFormPage extends FormPageObject {
  async fill(values: PartnerValues) {
    for (const [key, value] of Object.entries(values) as [keyof PartnerValues, string | undefined][]) {
      if (value !== undefined) await this.field(partnerLabels[key]).fill(value);
    }
  }
}
