import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption } from './asset-list.page.ts';
import { answerConfirm, ListPageObject } from './list.ts';
import { FormPageObject } from './partners.page.ts';

/** The four pricing lists: where each lives, its heading (the menu title) and its "New" action. */
const screens = {
  originalPrice: { path: '/marketing/original-price/list', heading: 'Original Price', newLabel: 'New original price' },
  discountPrice: { path: '/marketing/discount-price/list', heading: 'Discount Price', newLabel: 'New discount price' },
  deposit: { path: '/marketing/deposit/list', heading: 'Deposit', newLabel: 'New deposit' },
  collectReturnRule: {
    path: '/setting/partner/collect-return-rule/list',
    heading: 'Collect-return rules',
    newLabel: 'New collect-return rules',
  },
} as const;
export type PricingScreen = keyof typeof screens;

/** B2C → Marketing → Original price, Discount price, Deposit and Settings → Partner → Collect-return rules. */
export class PricingListPage extends ListPageObject {
  readonly heading: Locator;
  readonly newButton: Locator;

  constructor(
    page: Page,
    readonly screen: PricingScreen,
  ) {
    super(page);
    this.heading = page.getByRole('heading', { name: screens[screen].heading, level: 4 });
    this.newButton = page.getByRole('button', { name: screens[screen].newLabel });
  }

  async goto(query = '') {
    await this.page.goto(`${screens[this.screen].path}${query}`);
    await expect(this.heading).toBeVisible();
  }

  /** The row of one partner and category (both cells read exactly). */
  rowOf(partner: string, category: string): Locator {
    return this.rows()
      .filter({ has: this.page.getByRole('cell', { name: partner, exact: true }) })
      .filter({ has: this.page.getByRole('cell', { name: category, exact: true }) });
  }

  /** Deletes a row's part, answering the confirmation. */
  async deleteRow(row: Locator, question: string | RegExp) {
    await row.getByRole('button', { name: /^Delete/ }).click();
    await answerConfirm(this.page, question, 'Delete');
  }
}

/** The pricing forms: original price, deposit, collect-return rules and discount, new and edit. */
export class PricingFormPage extends FormPageObject {
  /** Picks an option of an antd single Select found by its label. */
  async choose(label: string, option: string) {
    await pickOption(this.page, this.form.getByRole('combobox', { name: new RegExp(`^(\\* )?${label}`) }), option);
  }

  /** A number field by its label (or its aria-label, for the payment plan rows). */
  number(label: string): Locator {
    return this.form.getByRole('spinbutton', { name: new RegExp(`^(\\* )?${label}`) });
  }

  planFrequency(index: number): Locator {
    return this.number(`Frequency of plan ${index}`);
  }

  planPriority(index: number): Locator {
    return this.number(`Priority of plan ${index}`);
  }

  /** Picks the unit of one payment plan row. */
  async planUnit(index: number, unit: string) {
    await pickOption(this.page, this.form.getByRole('combobox', { name: `Unit of plan ${index}` }), unit);
  }

  /** Waits for the form page (new or edit) whose heading reads `heading`, after a navigation from a list. */
  async waitFor(heading: string | RegExp) {
    await expect(this.page.getByRole('heading', { name: heading, level: 4 })).toBeVisible();
    await expect(this.form).toBeVisible();
  }

  async addPlan() {
    await this.form.getByRole('button', { name: 'Add a payment plan' }).click();
  }

  /** The notice text of one language tab (every tab is rendered; the tab is opened first). */
  async fillNotice(label: string, language: 'English' | 'Italian' | 'Spanish', text: string) {
    await this.form.getByRole('tab', { name: new RegExp(`^${language}`) }).click();
    await this.form.getByRole('textbox', { name: `${label} (${language})` }).fill(text);
  }

  /**
   * The error under the form item holding a field, found by its role and accessible name (a page-rooted locator:
   * `has` looks inside each form item).
   */
  errorAt(role: 'spinbutton' | 'textbox', name: string | RegExp): Locator {
    return this.form
      .locator('.ant-form-item')
      .filter({ has: this.page.getByRole(role, { name }) })
      .last()
      .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');
  }

  /** Chooses one option of a radio button group found by its label. */
  async radio(label: string, option: string) {
    await this.form
      .locator('.ant-form-item')
      .filter({ has: this.page.locator('label', { hasText: new RegExp(`^${label}$`) }) })
      .getByText(option, { exact: true })
      .click();
  }

  switchOf(label: string): Locator {
    return this.form.getByRole('switch', { name: label });
  }
}

/** A date and time in the picker's format (L HH:mm in en-US), in the browser's time zone. */
export function pickerText(date: Date, timeZone = 'Europe/Rome'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** Types a date and time into an antd DatePicker (found by its aria-label) and sees it taken. */
export async function typeDateTime(page: Page, scope: Locator, label: string, date: Date) {
  const input = scope.getByRole('textbox', { name: new RegExp(`^(\\* )?${label}$`) });
  const text = pickerText(date);
  await expect(async () => {
    await input.click();
    await input.fill(text);
    // Enter takes the typed value and closes the picker (Escape would also close a dialog around it).
    await input.press('Enter');
    await expect(input).toHaveValue(text, { timeout: 2_000 });
    await expect(page.locator('.ant-picker-dropdown').filter({ visible: true })).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** The discount edit page: status, actions and the reschedule dialog. */
export class DiscountEditPage extends PricingFormPage {
  readonly rescheduleButton: Locator;
  readonly cancelButton: Locator;
  readonly status: Locator;

  constructor(page: Page) {
    super(page);
    this.rescheduleButton = page.getByRole('main').getByRole('button', { name: 'Reschedule' });
    this.cancelButton = page.getByRole('main').getByRole('button', { name: 'Cancel discount' });
    this.status = page.getByRole('main').getByTestId('discount-status');
  }

  rescheduleDialog(): Locator {
    return this.page.getByRole('dialog').filter({ hasText: /^Reschedule/ });
  }
}
