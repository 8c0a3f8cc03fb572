import { expect, type Locator, type Page } from '@playwright/test';
import { ListPageObject } from './list.ts';

/** Settings → Partner → Sites: the list and its filters. */
export class SiteListPage extends ListPageObject {
  readonly heading: Locator;
  readonly newButton: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { name: 'Sites', level: 4, exact: true });
    this.newButton = page.getByRole('button', { name: /New sites/ });
  }

  async goto(query = '') {
    await this.page.goto(`/setting/partner/site/list${query}`);
    await expect(this.heading).toBeVisible();
  }

  /** Types in the site-name filter and submits; the filter lands in the URL. */
  async filterName(text: string) {
    await this.page
      .getByRole('main')
      .getByRole('textbox', { name: /^Site name/ })
      .fill(text);
    await this.page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(this.page).toHaveURL(/[?&]name=/);
  }
}

/** The two-step batch create: basic info, then the table that takes pasted spreadsheet rows. */
export class SiteBatchPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/setting/partner/site/new');
    await expect(this.page.getByRole('heading', { name: 'New Sites' })).toBeVisible();
  }

  /** Step 1: a single searchable antd Select by its form label: type to filter, Enter picks the first match. */
  async choose(label: string, option: string) {
    const combobox = this.page.getByRole('combobox', { name: new RegExp(`^(\\* )?${label}`) });
    await combobox.click();
    await combobox.fill(option);
    await combobox.press('Enter');
    await expect(this.page.locator('.ant-form-item').filter({ has: combobox })).toContainText(option);
  }

  async fillBase(values: { partner: string; type: string; city: string; country?: string }) {
    await this.choose('Partner', values.partner);
    await this.choose('Type', values.type);
    await this.page.getByRole('main').getByRole('textbox', { name: /City/ }).fill(values.city);
    if (values.country)
      await this.page
        .getByRole('main')
        .getByRole('textbox', { name: /Country/ })
        .fill(values.country);
    await this.page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(this.page.getByTestId('site-batch-table')).toBeVisible();
  }

  /** One cell of the batch table, e.g. cell('ZIP code', 2). */
  cell(field: string, row: number): Locator {
    return this.page.getByRole('textbox', { name: `${field}, row ${row}`, exact: true });
  }

  /** The message shown under a cell. */
  errorOf(field: string, row: number): Locator {
    return this.cell(field, row).locator('xpath=ancestor::td[1]').getByRole('alert');
  }

  /**
   * Pastes text into a cell the way a browser does after Ctrl+V: a paste event carrying the clipboard's
   * text/plain (headless Chromium has no system clipboard to copy from).
   */
  async paste(field: string, row: number, text: string) {
    await this.cell(field, row).focus();
    await this.cell(field, row).evaluate((input, data) => {
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/plain', data);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    }, text);
  }

  async saveAll() {
    await this.page.getByRole('button', { name: 'Save all', exact: true }).click();
  }
}
