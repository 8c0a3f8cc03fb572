import { expect, type Locator, type Page } from '@playwright/test';

/** The shared list page (shared/ui/list-page.tsx): search form, table, pagination. */
export class ListPageObject {
  readonly table: Locator;
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('main').getByRole('table');
    this.search = page.getByRole('main').getByRole('textbox', { name: /^Search/ });
  }

  /** The rows of the table body (the header row excluded). */
  rows(): Locator {
    return this.table.getByRole('rowgroup').nth(1).getByRole('row');
  }

  /** The row with a cell reading exactly `text`. */
  row(text: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('cell', { name: text, exact: true }) });
  }

  /** Types in the search box and submits; the filter lands in the URL. */
  async filter(text: string) {
    await this.search.fill(text);
    await this.page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(this.page).toHaveURL(/[?&]search=/);
  }

  /** The texts of one column, by position (0-based). */
  async column(index: number): Promise<string[]> {
    const texts = await this.rows()
      .locator(`td:nth-child(${index + 1})`)
      .allInnerTexts();
    return texts.map((text) => text.trim());
  }
}

/** An antd multiple Select: type to filter, pick the option, close the dropdown. */
export async function pickOptions(page: Page, combobox: Locator, options: string[]) {
  for (const option of options) {
    await combobox.click();
    await combobox.fill(option);
    // antd renders the options twice: a hidden a11y listbox and the visible list, whose items carry a title.
    await page.locator('.ant-select-dropdown').filter({ visible: true }).getByTitle(option, { exact: true }).click();
  }
  await combobox.press('Escape');
}

/** The modal dialog of a confirm step whose title contains `text`. */
export function confirmDialog(page: Page, text: string | RegExp): Locator {
  return page.getByRole('dialog').filter({ hasText: text });
}

/**
 * Answers a confirmation (popconfirm or modal) whose question contains `question` by pressing `ok`. antd
 * animates popovers in; a click that lands mid-animation can be dropped, so it is repeated while the question
 * is still showing.
 */
export async function answerConfirm(page: Page, question: string | RegExp, ok: string) {
  const box = page.getByRole('tooltip').or(page.getByRole('dialog')).filter({ hasText: question });
  await expect(box).toBeVisible();
  const button = box.getByRole('button', { name: ok, exact: true });
  await expect(async () => {
    // A confirm whose action is running spins its button until the action settles: wait for it, never press
    // it again (on a slow machine that second press took the seconds a following toast is shown for).
    const running = await button
      .evaluate((b) => b.classList.contains('ant-btn-loading'), undefined, { timeout: 1_000 })
      .catch(() => false);
    if (!running && (await box.isVisible())) await button.click({ timeout: 2_000 });
    await expect(box).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}
