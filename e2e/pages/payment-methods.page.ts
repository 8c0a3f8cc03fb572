import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption } from './asset-list.page.ts';
import { ListPageObject } from './list.ts';
import { FormPageObject } from './partners.page.ts';

/** Settings → Partner → Payment methods: the list. */
export class PaymentMethodListPage extends ListPageObject {
  readonly heading: Locator;
  readonly newButton: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { name: 'Payment methods', level: 4 });
    this.newButton = page.getByRole('button', { name: /New payment method/ });
  }

  async goto(query = '') {
    await this.page.goto(`/setting/partner/payment-method/list${query}`);
    await expect(this.heading).toBeVisible();
  }

  /** The row of one partner's method of one type (both cells read exactly). */
  method(partner: string, type: string): Locator {
    return this.rows()
      .filter({ has: this.page.getByRole('cell', { name: partner, exact: true }) })
      .filter({ has: this.page.getByRole('cell', { name: type, exact: true }) });
  }
}

/** The payment method form, new and edit. */
export class PaymentMethodFormPage extends FormPageObject {
  /**
   * Picks an option of an antd single Select found by its label, and sees it shown as the value (the options
   * may still be loading when the dropdown first opens, and a pick that did not take is made again).
   */
  async choose(label: string, option: string) {
    await pickOption(this.page, this.form.getByRole('combobox', { name: new RegExp(`^(\\* )?${label}`) }), option);
  }

  /** The validation message under a text field whose label starts with `label` (the key field carries a mode tag). */
  errorUnder(label: string): Locator {
    return (
      this.form
        .locator('.ant-form-item')
        .filter({ has: this.page.getByRole('textbox', { name: new RegExp(`^(\\* )?${label}`) }) })
        // An error being replaced animates out beside the new one; only the one staying counts.
        .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)')
    );
  }

  input(label: string): Locator {
    return this.form.getByRole('textbox', { name: new RegExp(`^(\\* )?${label}`) });
  }
}
