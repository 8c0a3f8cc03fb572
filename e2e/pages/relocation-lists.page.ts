import { expect, type Locator, type Page } from '@playwright/test';
import { ListPageObject } from './list.ts';

/** Operation → Relocation: the read-only list of relocation lists and its filters. */
export class RelocationListPage extends ListPageObject {
  readonly heading: Locator;

  constructor(page: Page, headingText = 'Relocation') {
    super(page);
    this.heading = page.getByRole('heading', { name: headingText, level: 4, exact: true });
  }

  async goto(query = '') {
    await this.page.goto(`/relocation/list${query}`);
    await expect(this.heading).toBeVisible();
  }

  /** Picks one option of a single antd Select of the filter form, by the field's label. */
  async choose(label: string, option: string) {
    // Not scoped to main: `filter({ has })` below looks for it inside the form item.
    const combobox = this.page.getByRole('combobox', { name: new RegExp(`^${label}\\b`) });
    // The chosen value shows in the field with its text as title (the dropdown lives elsewhere, in a portal).
    const chosen = this.page.locator('.ant-form-item').filter({ has: combobox }).getByTitle(option, { exact: true });
    // The dropdown animates in; a click that lands mid-animation can be lost, so the step repeats until it holds.
    await expect(async () => {
      await combobox.click();
      await this.page
        .locator('.ant-select-dropdown')
        .filter({ visible: true })
        .getByTitle(option, { exact: true })
        .click({ timeout: 2_000 });
      await expect(chosen).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }

  async submit() {
    await this.page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  }

  /** The status tags of the rows shown. */
  statusTags(): Locator {
    return this.rows().locator('[data-status]');
  }

  /** The link to a row's detail page (the short id). */
  detailLinks(): Locator {
    return this.rows().getByRole('link', { name: /^Open relocation list / });
  }
}

/** /relocation/detail/:id: the list's fields and its assets. */
export class RelocationDetailPage {
  /** The asset table (the descriptions above it are tables too, so it is found by its antd class). */
  readonly assets: Locator;

  constructor(readonly page: Page) {
    this.assets = page.getByRole('main').locator('.ant-table');
  }

  /** The asset rows (header excluded). */
  assetRows(): Locator {
    return this.assets.locator('tbody tr.ant-table-row');
  }

  heading(shortId: string): Locator {
    return this.page.getByRole('heading', { name: `Relocation list ${shortId}` });
  }

  /** The value of one field of the descriptions, by its label. */
  field(label: string): Locator {
    return this.page
      .locator('.ant-descriptions-item')
      .filter({ has: this.page.locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) }) })
      .locator('.ant-descriptions-item-content');
  }

  assetLinks(): Locator {
    return this.assets.getByRole('link');
  }
}
