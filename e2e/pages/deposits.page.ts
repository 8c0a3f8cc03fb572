import { expect, type Locator, type Page } from '@playwright/test';
import { ListPageObject } from './list.ts';

/** Chooses an option of a list filter (a single antd Select, by the start of its label) and searches. */
async function filterBy(filters: Locator, label: string, option: string) {
  const combobox = filters.getByRole('combobox', { name: new RegExp(`^${label}\\b`) });
  await combobox.click();
  // The visible option list (antd also renders a hidden one for screen readers) carries titles.
  await filters
    .page()
    .locator('.ant-select-dropdown')
    .filter({ visible: true })
    .getByTitle(option, { exact: true })
    .click();
  await filters.getByRole('button', { name: 'Search', exact: true }).click();
}

/** The "Deposits & orders" tab of /customer/detail/:id: orders summary, deposits with the refund dialog, transactions. */
export class CustomerDepositsTab {
  readonly deposits: Locator;
  readonly transactions: Locator;
  readonly orderSummary: Locator;
  readonly refundDialog: Locator;

  constructor(readonly page: Page) {
    this.deposits = page.getByTestId('customer-deposits');
    this.transactions = page.getByTestId('customer-transactions');
    this.orderSummary = page.getByTestId('customer-order-summary');
    this.refundDialog = page.getByRole('dialog').filter({ hasText: 'Refund deposits to' });
  }

  async goto(customerId: string) {
    await this.page.goto(`/customer/detail/${customerId}?tab=deposits`);
    await expect(this.page.getByRole('tab', { name: 'Deposits & orders', selected: true })).toBeVisible();
  }

  /** A card of the tab by its title ("Orders", "Deposits", "Latest deposit transactions"). */
  card(title: string): Locator {
    return this.page
      .getByRole('main')
      .locator('.ant-card')
      .filter({ has: this.page.locator('.ant-card-head-title', { hasText: title }) });
  }

  /** The deposit row of a partner and category. */
  depositRow(partner: string, category: string): Locator {
    return this.deposits
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: partner, exact: true }) })
      .filter({ has: this.page.getByRole('cell', { name: category, exact: true }) });
  }

  refundButton(partner: string, category: string): Locator {
    return this.page.getByRole('button', { name: `Refund deposits of ${partner}, ${category}` });
  }

  /** The refundable count of a deposit row (its sixth column). */
  async refundable(partner: string, category: string): Promise<number> {
    return Number(await this.depositRow(partner, category).locator('td').nth(5).textContent());
  }

  quantity(): Locator {
    return this.refundDialog.getByRole('spinbutton', { name: 'Deposits to refund' });
  }
}

/** /customer/detail/:id/transactions. */
export class CustomerTransactionsPage extends ListPageObject {
  readonly filters: Locator;

  constructor(page: Page) {
    super(page);
    this.filters = page.getByRole('main').locator('form').first();
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 4, name: `Deposit transactions of ${name}` });
  }

  filterBy(label: string, option: string) {
    return filterBy(this.filters, label, option);
  }
}

/** B2C → Deposit Refund Application. */
export class RefundApplicationsPage extends ListPageObject {
  readonly heading: Locator;
  readonly filters: Locator;
  readonly approveSelected: Locator;
  readonly selectPage: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { name: 'Deposit Refund Application', level: 4 });
    this.filters = page.getByRole('main').locator('form').first();
    this.approveSelected = page.getByRole('button', { name: /Approve selected \(\d+\)$/ });
    this.selectPage = page.getByRole('button', { name: 'Select waiting on this page' });
  }

  async goto(query = '') {
    await this.page.goto(`/customer/deposit-refund-application${query}`);
    await expect(this.heading).toBeVisible();
  }

  filterBy(label: string, option: string) {
    return filterBy(this.filters, label, option);
  }

  /** The rows of a customer: their name links to their detail (by id, as demo names can repeat). */
  rowsOf(customerId: string): Locator {
    return this.rows().filter({ has: this.page.locator(`a[href$="/customer/detail/${customerId}"]`) });
  }
}
