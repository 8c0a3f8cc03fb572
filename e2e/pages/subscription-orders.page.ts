import { expect, type Page } from '@playwright/test';
import { pickOption } from './asset-list.page.ts';
import { answerConfirm } from './list.ts';

/** The subscription order screens (apps/web/src/features/subscriptions): the new-order steps, the detail, the trades. */
export class SubscriptionOrdersPage {
  constructor(private readonly page: Page) {}

  private get main() {
    return this.page.getByRole('main');
  }

  /** A field by its label; a required one's name starts with the mark (`* Partner`). */
  field(role: 'combobox' | 'spinbutton', label: string) {
    return this.main.getByRole(role, { name: new RegExp(`^(\\* )?${label}$`) });
  }

  /** Picks an option of the select labelled `label` by the option's text. */
  async choose(label: string, option: string) {
    await pickOption(this.page, this.field('combobox', label), option);
  }

  /** Step 1: partner, package, plan and transfer site; the quota comes from the plan. */
  async fillPlanStep(o: { partner: string; packageName: string; planName: string; site: string }) {
    await this.choose('Partner', o.partner);
    await this.choose('Package', o.packageName);
    await this.choose('Plan', o.planName);
    await this.choose('Asset transfer site', o.site);
  }

  async next() {
    await this.main.getByRole('button', { name: 'Next', exact: true }).click();
  }

  /** Step 3: ticks each asset found by its number. */
  async pickAssets(nos: string[]) {
    const search = this.main.getByRole('textbox', { name: 'Search by asset number' });
    for (const no of nos) {
      await search.fill(no);
      await this.main.getByRole('checkbox', { name: `Select ${no}` }).check();
    }
    await search.fill('');
  }

  /** The order no in the detail's heading. */
  async orderNo(): Promise<string> {
    const no = this.page.getByTestId('subscription-order-no');
    await expect(no).toHaveText(/^SO-\d+$/);
    return (await no.textContent()) ?? '';
  }

  /** Presses an action of the detail (its name follows its icon's) and confirms it. */
  async confirmAction(button: string, question: string | RegExp, ok: string) {
    await this.main.getByRole('button', { name: new RegExp(`${button}$`) }).click();
    await answerConfirm(this.page, question, ok);
  }
}
