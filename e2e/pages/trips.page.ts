import { expect, type Locator, type Page } from '@playwright/test';
import { ListPageObject } from './list.ts';

/** Asset → Asset Trip: the list, its route panel, and the multi-trip and all-trail maps reached from it. */
export class TripsPage {
  readonly main: Locator;
  readonly list: ListPageObject;
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.list = new ListPageObject(page);
    this.panel = page.getByRole('dialog');
  }

  async goto(query = '') {
    await this.page.goto(`/asset/trip${query}`, { timeout: 60_000 });
    await expect(this.main.getByRole('heading', { name: 'Asset Trip', level: 4 })).toBeVisible({ timeout: 60_000 });
  }

  /** Waits for the first page of trips (the demo rides). */
  async loaded() {
    await expect(
      this.list
        .rows()
        .first()
        .getByRole('button', { name: /^Open the route of/ }),
    ).toBeVisible({
      timeout: 60_000,
    });
  }

  /** Opens the route panel of the n-th row; returns the asset number of that trip. */
  async openRoute(index = 0): Promise<string> {
    const open = this.list
      .rows()
      .nth(index)
      .getByRole('button', { name: /^Open the route of/ });
    const label = (await open.getAttribute('aria-label')) ?? '';
    await open.click();
    const asset = /^Open the route of (\S+)/.exec(label)?.[1] ?? '';
    await expect(this.panel.getByText(`Trip of ${asset}`)).toBeVisible({ timeout: 30_000 });
    return asset;
  }

  /** The asset number of the n-th row. */
  async assetOf(index: number): Promise<string> {
    const label =
      (await this.list
        .rows()
        .nth(index)
        .getByRole('button', { name: /^Open the route of/ })
        .getAttribute('aria-label')) ?? '';
    return /^Open the route of (\S+)/.exec(label)?.[1] ?? '';
  }

  async select(index: number) {
    await this.list.rows().nth(index).getByRole('checkbox').click();
    await expect(this.list.rows().nth(index).getByRole('checkbox')).toBeChecked();
  }
}
