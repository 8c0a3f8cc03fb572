import { expect, type Locator, type Page } from '@playwright/test';
import { ListPageObject, pickOptions } from './list.ts';

/** The reminder configuration screens: timers, reset rules, asset-timer groups (features/reminders). */
export class RemindersPage extends ListPageObject {
  readonly main: Locator;

  constructor(page: Page) {
    super(page);
    this.main = page.getByRole('main');
  }

  field(label: string): Locator {
    return this.main.locator('form').getByLabel(label, { exact: true });
  }

  /** A single Select: open it and pick the option by its text. */
  async choose(combobox: Locator, option: string) {
    await combobox.click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  }

  pick(combobox: Locator, options: string[]) {
    return pickOptions(this.page, combobox, options);
  }

  /** A button by its text (an icon's name may come first: "plus New timer"). */
  button(name: string): Locator {
    return this.main.getByRole('button', { name: new RegExp(`(^| )${name}$`) });
  }

  /** The error antd shows under a form field. */
  fieldError(label: string): Locator {
    return this.main
      .locator('.ant-form-item')
      .filter({ has: this.field(label) })
      .locator('.ant-form-item-explain');
  }

  async newResetRule(values: { name: string; partner: string; category: string; remindBefore?: number }) {
    await this.page.goto('/reminder/reset-rule/new');
    await this.field('Name').fill(values.name);
    await this.choose(this.field('Partner'), values.partner);
    await this.choose(this.field('Asset category'), values.category);
    await this.main.getByText('Manual', { exact: true }).click();
    if (values.remindBefore !== undefined) {
      await this.field('Remind before due').click();
      await this.field('Remind before').fill(String(values.remindBefore));
    }
    await this.button('Create reset rule').click();
    await expect(this.page).toHaveURL(/\/reminder\/reset-rule$/);
  }

  /** Fills the timer form for a distance timer (without saving). */
  async fillDistanceTimer(values: { name: string; partner: string; category: string; km: number; rule: string }) {
    await this.page.goto('/reminder/timer/new');
    await this.field('Name').fill(values.name);
    await this.choose(this.field('Partner'), values.partner);
    await this.choose(this.field('Asset category'), values.category);
    await this.main.getByText('Distance', { exact: true }).click();
    await this.field('Every').fill(String(values.km));
    await this.pick(this.field('Reset rules'), [values.rule]);
  }

  /** The group's progress table (the assets tab). */
  progressRows(): Locator {
    return this.main.locator('.ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row');
  }
}
