import { expect, type Locator, type Page } from '@playwright/test';

/** The asset list (/asset/list): search panel, counts, the editable table and its batch actions. */
export class AssetListPage {
  readonly main: Locator;
  readonly search: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.search = page.getByRole('form', { name: 'Search assets' });
    this.table = this.main.locator('.ant-table').first();
  }

  async open(query = '') {
    await this.page.goto(`/asset/list${query}`);
    await expect(this.rows().first()).toBeVisible();
  }

  /** The rows of the table body. */
  rows(): Locator {
    return this.table.locator('tbody tr.ant-table-row');
  }

  row(no: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('link', { name: no, exact: true }) });
  }

  /** The asset numbers shown, in order. */
  async nos(): Promise<string[]> {
    return (await this.rows().locator('td a[href*="/asset/detail/"]').allInnerTexts()).map((t) => t.trim());
  }

  field(label: string): Locator {
    return this.search.getByLabel(label, { exact: true });
  }

  /** Presses Search, waiting out the cooldown of the previous search first. */
  async submit() {
    const button = this.search.getByRole('button', { name: /^search Search/ });
    await expect(button).toBeEnabled({ timeout: 15_000 });
    await button.click();
  }

  /** The error message under a search field (the antd form item of the control labelled `label`). */
  fieldError(text: string): Locator {
    return this.search.locator('.ant-form-item-explain-error').filter({ hasText: text });
  }

  /** Chooses options of a (multiple) select in the search panel by their visible text. */
  async choose(label: string, options: string[]) {
    const combobox = this.field(label);
    for (const option of options) await pickOption(this.page, combobox, option);
    await combobox.press('Escape');
  }

  /** Ticks the row checkboxes of these assets. */
  async select(nos: string[]) {
    for (const no of nos) await this.row(no).getByRole('checkbox').check();
    await expect(this.page.getByTestId('asset-selection')).toHaveText(`${nos.length} selected`);
  }

  /** The cell of a column in an asset's row, by the column's header text. */
  async cell(no: string, header: string): Promise<Locator> {
    const headers = (await this.table.locator('thead th').allInnerTexts()).map((t) => t.trim());
    const index = headers.indexOf(header);
    expect(index, `column ${header} in ${headers.join('|')}`).toBeGreaterThanOrEqual(0);
    return this.row(no).locator('td').nth(index);
  }
}

/**
 * Picks an option of an antd select by its text. antd animates the dropdown in; a click that lands mid-animation
 * is dropped, so the pick is repeated until the select shows the option as chosen.
 */
export async function pickOption(page: Page, combobox: Locator, option: string) {
  const select = combobox.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-select ")][1]');
  // antd 6 titles the shown value (single) or each tag (multiple) with the option's text.
  const chosen = select.locator(`[title="${option}"]`);
  await expect(async () => {
    if (!(await chosen.count())) {
      await combobox.click();
      await page
        .locator('.ant-select-dropdown')
        .filter({ visible: true })
        .getByTitle(option, { exact: true })
        .click({ timeout: 2_000 });
    }
    await expect(chosen.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}
