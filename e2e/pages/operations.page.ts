import { expect, type Locator, type Page } from '@playwright/test';

/** Settings → General → Operations: the inline-edited list of operation settings (one row edits at a time). */
export class OperationSettingsPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly table: Locator;
  /** The row in edit (new or existing). */
  readonly editingRow: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 4 });
    this.addButton = this.main.getByRole('button', { name: /^(plus )?Add$/ });
    this.table = this.main.getByRole('table');
    this.editingRow = this.main.locator('tr.operation-row-editing');
  }

  async goto() {
    await this.page.goto('/setting/general/operations');
    await expect(this.table.locator('tbody tr.ant-table-row').first()).toBeVisible();
  }

  /** The row of a partner (not in edit). */
  row(partner: string): Locator {
    return this.table.locator('tbody tr.ant-table-row').filter({ hasText: partner });
  }

  /**
   * Picks an option of one of the editing row's selects, by its visible text. antd animates dropdowns; a click
   * that lands on one still opening or closing is dropped, so the pick is repeated until the dropdown closed.
   */
  async choose(field: string, option: string) {
    const box = this.editingRow.getByRole('combobox', { name: field });
    await expect(async () => {
      if ((await box.getAttribute('aria-expanded')) !== 'true') await box.click();
      // Only the searchable selects (partner, currency) take typing; the others are pick-only.
      if (await box.isEditable()) await box.fill(option);
      await this.page
        .locator('.ant-select-dropdown')
        .filter({ visible: true })
        .getByTitle(option, { exact: true })
        .click({ timeout: 2_000 });
      await expect(box).not.toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  }

  async typeTimezone(value: string) {
    const box = this.editingRow.getByRole('combobox', { name: 'Timezone' });
    await box.fill(value);
    await box.press('Escape');
  }

  /** The error messages shown under the editing row's cells. */
  errors(): Locator {
    return this.editingRow.locator('.ant-form-item-explain-error');
  }

  async save() {
    await this.editingRow.getByRole('button', { name: 'Save' }).click();
  }

  /** The antd message toast (e.g. "Only one operation can edit at the same time!"). */
  toast(text: string): Locator {
    return this.page.locator('.ant-message-notice').filter({ hasText: text });
  }
}

/** The SMS service drawer of one partner. */
export class SmsServiceDrawer {
  readonly drawer: Locator;
  constructor(readonly page: Page) {
    this.drawer = page.getByRole('dialog').filter({ hasText: 'SMS service ·' });
  }
  field(label: string): Locator {
    return this.drawer.getByRole('textbox', { name: label });
  }
  async fill(values: { accountSid: string; authToken: string; pathServiceSid: string }) {
    await this.field('Account SID').fill(values.accountSid);
    await this.field('Auth token').fill(values.authToken);
    await this.field('Verify service SID').fill(values.pathServiceSid);
  }
  async save() {
    await this.drawer.getByRole('button', { name: 'Save' }).click();
  }
}
