import { expect, type Locator, type Page } from '@playwright/test';
import { ListPageObject } from './list.ts';
import { FormPageObject } from './partners.page.ts';

/** Settings → Partner → Partner operations: the list. */
export class PartnerOperationsListPage extends ListPageObject {
  readonly heading: Locator;
  readonly newButton: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { name: 'Partner operations', level: 4 });
    this.newButton = page.getByRole('button', { name: /New partner operations/ });
  }

  async goto() {
    await this.page.goto('/setting/partner/operations/list');
    await expect(this.heading).toBeVisible();
  }
}

/** The partner operations form, new and edit, with the sign-up card below it on edit. */
export class PartnerOperationsFormPage extends FormPageObject {
  readonly signUpCard: Locator;

  constructor(page: Page) {
    super(page);
    this.signUpCard = page.getByTestId('sign-up-card');
  }

  /** Page-rooted, so it also works inside `filter({ has })`; the labels are unique on these pages. */
  combobox(label: string): Locator {
    return this.page.getByRole('combobox', { name: new RegExp(`^(\\* )?${label}`) });
  }

  /** Picks an option of a single select by typing part of it and choosing the match. */
  async choose(label: string, typed: string, option: string | RegExp) {
    const combobox = this.combobox(label);
    await combobox.click();
    await combobox.fill(typed);
    await this.page
      .locator('.ant-select-dropdown')
      .filter({ visible: true })
      .locator('.ant-select-item-option')
      .filter({ hasText: option })
      .first()
      .click();
    await expect(this.formItem(combobox)).toContainText(typed);
  }

  /** The form item around a control. */
  formItem(control: Locator): Locator {
    return this.form.locator('.ant-form-item').filter({ has: control });
  }

  /** Adds e-mail domains to the tags input (Enter after each). */
  async addDomains(domains: string[]) {
    const input = this.combobox('Sign-up e-mail domains');
    for (const domain of domains) {
      await input.fill(domain);
      await input.press('Enter');
    }
  }

  domainsError(): Locator {
    return this.formItem(this.combobox('Sign-up e-mail domains')).locator('.ant-form-item-explain-error');
  }

  /** Removes one tag of the domains input. */
  async removeDomain(domain: string) {
    await this.formItem(this.combobox('Sign-up e-mail domains'))
      .locator('.ant-tag')
      .filter({ hasText: domain })
      .getByRole('button', { name: 'Close' })
      .click();
  }

  async webChannel(label: string) {
    // antd hides the radio input under its button label; the label is what a user clicks.
    await this.form.locator('label.ant-radio-button-wrapper').filter({ hasText: label }).click();
  }
}

/** Settings → Partner → Overview. */
export class PartnerOverviewPage extends ListPageObject {
  readonly heading: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { level: 4 });
  }

  async goto(query = '') {
    await this.page.goto(`/setting/partner/overview${query}`);
    await expect(this.table).toBeVisible();
  }

  /** The row of one partner (its name is in the first cell). */
  partnerRow(name: string): Locator {
    return this.rows().filter({ hasText: name });
  }
}
