import { expect, type Locator, type Page } from '@playwright/test';

/** Settings → General → Customization: customer information collection and console limits. */
export class CustomizationPage {
  readonly heading: Locator;
  readonly customerInfo: Locator;
  readonly limits: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Customization', level: 4 });
    this.customerInfo = page.getByTestId('customer-info-card');
    this.limits = page.getByTestId('console-limits-card');
  }

  async goto() {
    await this.page.goto('/setting/general/customization');
    await expect(this.heading).toBeVisible();
    await expect(this.customerInfo.getByRole('table')).toBeVisible();
  }

  /** The table row of a field ("profile.email", "identity.backImage"). */
  fieldRow(path: string): Locator {
    return this.customerInfo.locator(`tr[data-row-key="${path}"]`);
  }

  /** The selected mode of a field's segmented control. */
  selectedMode(path: string): Locator {
    return this.fieldRow(path).locator('.ant-segmented-item-selected');
  }

  async setMode(path: string, mode: 'Required' | 'Optional' | 'Disabled') {
    await this.fieldRow(path).locator('.ant-segmented-item').filter({ hasText: mode }).click();
    await expect(this.selectedMode(path)).toHaveText(mode);
  }

  limit(label: string): Locator {
    return this.limits.getByRole('spinbutton', { name: new RegExp(`^(\\* )?${label}`) });
  }

  limitError(label: string): Locator {
    return this.limits
      .locator('.ant-form-item')
      .filter({ has: this.page.getByRole('spinbutton', { name: new RegExp(`^(\\* )?${label}`) }) })
      .locator('.ant-form-item-explain-error');
  }
}
