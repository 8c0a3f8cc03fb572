import { expect, type Locator, type Page } from '@playwright/test';
import { ListPageObject, pickOptions } from './list.ts';

/** A label's accessible name; a required field's starts with antd's "* " mark. */
const labelled = (label: string) => new RegExp(`^(\\* )?${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** The reminder configuration screens: timers, reset rules, asset-timer groups (features/reminders). */
export class RemindersPage extends ListPageObject {
  readonly main: Locator;

  constructor(page: Page) {
    super(page);
    this.main = page.getByRole('main');
  }

  /**
   * Opens a screen and waits for its form or table: the route's chunk and its reference data load after the page
   * itself, which takes long on a busy machine.
   */
  async open(path: string) {
    await this.page.goto(path);
    await expect(this.main.locator('form, .ant-table').first()).toBeVisible({ timeout: 45_000 });
  }

  /** A form control by its label; a required field's name starts with antd's "* " mark. */
  field(label: string): Locator {
    return this.main.locator('form').getByLabel(labelled(label));
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
    return (
      this.main
        .locator('.ant-form-item')
        // `has` looks inside each form item: the label alone, not the path from main.
        .filter({ has: this.page.getByLabel(labelled(label)) })
        .locator('.ant-form-item-explain')
    );
  }

  async newResetRule(values: { name: string; partner: string; category: string; remindBefore?: number }) {
    await this.open('/reminder/reset-rule/new');
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
    await this.open('/reminder/timer/new');
    await this.field('Name').fill(values.name);
    await this.choose(this.field('Partner'), values.partner);
    await this.choose(this.field('Asset category'), values.category);
    await this.main.getByText('Distance', { exact: true }).click();
    // The kinds each have their own "Every" field: typing before the distance one has replaced the calendar one
    // left the field empty once (CI, 2026-11-30). Its hint says it is there.
    await expect(this.main.getByText('Kilometres ridden, counted from the trips of each asset.')).toBeVisible();
    await this.field('Every').fill(String(values.km));
    await expect(this.field('Every')).toHaveValue(String(values.km));
    await this.pick(this.field('Reset rules'), [values.rule]);
  }

  /** A list row by the link of its name. */
  linkRow(name: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** The group's progress table (the assets tab). */
  progressRows(): Locator {
    // The assets tab's table: the overview tab holds descriptions only, no table.
    return this.main.locator('[role=tabpanel] .ant-table-tbody tr.ant-table-row');
  }
}
