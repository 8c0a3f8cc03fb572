import { expect, type Locator, type Page } from '@playwright/test';
import { answerConfirm, ListPageObject } from './list.ts';
import { FormPageObject } from './partners.page.ts';

/** Settings → General → Invoicing: the account's switch and the partners' identity coverage. */
export class InvoicingSettingsPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly state: Locator;
  readonly enableButton: Locator;
  readonly disableButton: Locator;
  readonly identities: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { name: 'Invoicing', level: 4 });
    this.state = page.getByTestId('invoicing-state');
    this.enableButton = this.main.getByRole('button', { name: 'Turn invoicing on' });
    this.disableButton = this.main.getByRole('button', { name: 'Turn invoicing off' });
    this.identities = page.getByTestId('invoicing-identities');
  }

  async goto() {
    await this.page.goto('/setting/general/invoicing');
    await expect(this.state).toBeVisible();
  }

  /** Presses the switch's button and confirms in the dialog that names the change. */
  async turn(on: boolean) {
    const label = on ? 'Turn invoicing on' : 'Turn invoicing off';
    await (on ? this.enableButton : this.disableButton).click();
    await answerConfirm(this.page, `${label}?`, label);
    await expect(this.state).toHaveAttribute('data-state', on ? 'on' : 'off');
  }
}

/** Settings → Partner → Rental configs: one row per partner. */
export class RentalConfigListPage extends ListPageObject {
  readonly heading: Locator;
  readonly newButton: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { name: 'Rental configs', level: 4 });
    this.newButton = page.getByRole('button', { name: /New rental config/ });
  }

  async goto(query = '') {
    await this.page.goto(`/setting/partner/rental-config/list${query}`);
    await expect(this.heading).toBeVisible();
  }

  /** The row of one partner (its name is in the first cell). */
  partnerRow(name: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  async delete(partner: string) {
    await this.partnerRow(partner)
      .getByRole('button', { name: `Delete the rental config of ${partner}` })
      .click();
    await answerConfirm(this.page, `Delete the rental config of ${partner}?`, 'Delete');
  }
}

/** The rental config form, new and edit. */
export class RentalConfigFormPage extends FormPageObject {
  readonly partner: Locator;
  readonly nextInvoiceNo: Locator;

  constructor(page: Page) {
    super(page);
    this.partner = page.getByRole('combobox', { name: /^(\* )?Partner/ });
    this.nextInvoiceNo = page.getByTestId('next-invoice-no');
  }

  async choosePartner(name: string) {
    await this.partner.click();
    await this.partner.fill(name);
    await this.page
      .locator('.ant-select-dropdown')
      .filter({ visible: true })
      .locator('.ant-select-item-option')
      .filter({ hasText: name })
      .first()
      .click();
  }

  /** The validation message under the partner select. */
  partnerError(): Locator {
    return this.form.locator('.ant-form-item').filter({ has: this.partner }).locator('.ant-form-item-explain-error');
  }
}
