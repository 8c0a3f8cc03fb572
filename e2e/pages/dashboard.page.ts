import { expect, type Locator, type Page } from '@playwright/test';

/** Dashboard → Asset Dashboard: tabs, the period switch, the custom range and the figures. */
export class DashboardPage {
  readonly heading: Locator;
  readonly main: Locator;

  constructor(
    readonly page: Page,
    headingText = 'Asset Dashboard',
  ) {
    this.main = page.getByRole('main');
    this.heading = page.getByRole('heading', { name: headingText, level: 4 });
  }

  async goto(query = '') {
    await this.page.goto(`/dashboard/asset${query}`);
    // The first visit loads the page chunk on a busy machine.
    await expect(this.heading).toBeVisible({ timeout: 30_000 });
  }

  async tab(name: 'Overview' | 'Alarm' | 'Error') {
    await this.main.getByRole('tab', { name, exact: true }).click();
    await expect(this.main.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  }

  async period(name: 'Today' | '3 days' | 'Week' | 'Month' | 'Custom') {
    await this.main.getByRole('radiogroup', { name: 'Period' }).getByText(name, { exact: true }).click();
  }

  /** The figure of a statistic card, as a number, once it has loaded. */
  async figure(title: string): Promise<number> {
    const card = this.main.getByRole('group', { name: title, exact: true });
    const value = card.locator('.fd-stat-value');
    await expect(value).toHaveText(/^[\d,.\s\u00a0\u202f]+$/, { timeout: 30_000 });
    return Number(((await value.textContent()) ?? '').replace(/[^\d]/g, ''));
  }

  /** Waits until no dashboard request is in flight (the previous figures stay while the next ones load). */
  async settled() {
    await expect(this.main.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  }

  /** Types a custom range into the range picker (YYYY-MM-DD) and confirms it. */
  async customRange(start: string, end: string) {
    const picker = this.main.locator('.ant-picker-range');
    const [from, to] = [picker.locator('input').nth(0), picker.locator('input').nth(1)];
    await from.click();
    await from.fill(start);
    await from.press('Enter');
    await to.fill(end);
    await to.press('Enter');
  }
}
