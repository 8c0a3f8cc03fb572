import { expect, type Locator, type Page } from '@playwright/test';
import { answerConfirm, ListPageObject } from './list.ts';

/** A text field by its label; required labels carry antd's "*". */
const textbox = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^(\\* )?${label}$`) });

/** The validation message under a field of `scope`; `field` is a page-level locator (matched inside each item). */
const errorOf = (scope: Locator, field: Locator) =>
  scope.locator('.ant-form-item').filter({ has: field }).locator('.ant-form-item-explain-error');

/** Picks an option of an antd single Select (the visible list's items carry a title). */
async function pick(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  await page.locator('.ant-select-dropdown').filter({ visible: true }).getByTitle(option, { exact: true }).click();
}

/** B2C → Customer: the list with its filters, the create drawer and the export. */
export class CustomerListPage extends ListPageObject {
  readonly heading: Locator;
  readonly newButton: Locator;
  readonly exportButton: Locator;
  readonly filters: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { name: 'Customer', level: 4 });
    this.newButton = page.getByRole('button', { name: 'New customer' });
    this.exportButton = page.getByRole('button', { name: 'Export' });
    this.filters = page.getByRole('main').locator('form').first();
  }

  async goto(query = '') {
    await this.page.goto(`/customer/list${query}`);
    await expect(this.heading).toBeVisible();
  }

  /** Chooses a filter's option (ID verification → Pending) and searches. */
  async filterBy(label: string, option: string) {
    await pick(this.page, this.filters.getByRole('combobox', { name: label }), option);
    await this.filters.getByRole('button', { name: 'Search', exact: true }).click();
  }

  open(name: string): Locator {
    return this.page.getByRole('link', { name: `Open customer ${name}` });
  }
}

export interface NewCustomerValues {
  partner: string;
  phoneNo: string;
  first: string;
  last: string;
  /** Optional at the counter: left empty, the customer sets it later through the client link. */
  password?: string;
  email?: string;
}

/** The "New customer" drawer. */
export class CustomerCreateDrawer {
  readonly drawer: Locator;

  constructor(readonly page: Page) {
    this.drawer = page.getByRole('dialog').filter({ has: page.getByText('New customer', { exact: true }) });
  }

  field(label: string): Locator {
    return this.drawer.locator(textbox(this.page, label));
  }

  async fill(values: NewCustomerValues) {
    await pick(this.page, this.drawer.getByRole('combobox', { name: 'Partner' }), values.partner);
    await this.field('Phone').fill(values.phoneNo);
    await this.field('First name').fill(values.first);
    await this.field('Last name').fill(values.last);
    if (values.email) await this.field('Email').fill(values.email);
    if (values.password !== undefined) await this.drawer.getByLabel('Initial password').fill(values.password);
  }

  async submit() {
    await this.drawer.getByRole('button', { name: 'Create', exact: true }).click();
  }

  errorOf(label: string): Locator {
    return errorOf(this.drawer, textbox(this.page, label));
  }
}

/** /customer/detail/:id with its cards, drawers and dialogs. */
export class CustomerDetailPage {
  constructor(readonly page: Page) {}

  async goto(id: string, query = '') {
    await this.page.goto(`/customer/detail/${id}${query}`);
    await expect(this.page.getByRole('heading', { level: 4 })).toBeVisible();
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { level: 4, name: new RegExp(name) });
  }

  /** A card of the profile tab by its title ("Partners", "Referral", "Payment methods"). */
  card(title: string): Locator {
    return this.page
      .getByRole('main')
      .locator('.ant-card')
      .filter({ has: this.page.locator('.ant-card-head-title', { hasText: title }) });
  }

  button(name: string | RegExp): Locator {
    return this.page.getByRole('main').getByRole('button', { name });
  }

  dialog(title: string | RegExp): Locator {
    return this.page.getByRole('dialog').filter({ hasText: title });
  }

  async confirm(question: string | RegExp, ok: string) {
    await answerConfirm(this.page, question, ok);
  }

  /** Opens the field log tab and answers its table's rows. */
  async fieldLog(): Promise<Locator> {
    await this.page.getByRole('tab', { name: 'Field log' }).click();
    return this.page.getByTestId('customer-field-log').getByRole('row');
  }

  /** Edits one text field of the profile in the edit drawer and saves. */
  async editField(label: string, value: string) {
    await this.button('Edit').click();
    const drawer = this.page.getByRole('dialog').filter({ hasText: 'Edit customer' });
    await drawer.locator(textbox(this.page, label)).fill(value);
    await drawer.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(drawer).toBeHidden();
  }
}
