import {
  assetQueryEndpoints,
  type Customer,
  type CustomerSummary,
  categoryEndpoints,
  rentingEndpoints,
} from '@fleetdesk/contracts';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { Api } from '../fixtures/api.ts';
import { TEST_DEVICE_PREFIX } from '../fixtures/device.ts';
import { pickOption } from './asset-list.page.ts';
import { ListPageObject } from './list.ts';

const MILANO = 'Milano Bike Hub';
/** A first page load waits for the profile behind the splash: on a busy two-core machine that took over 10 s. */
const LOAD = { timeout: 30_000 };

/** Milano Bike Hub's id: its demo customers and assets are set up to rent (prices, deposit, rules, operations). */
function milanoId(api: Api): Promise<string> {
  return api.partnerId(MILANO);
}

/** A demo customer of Milano as the new-order flow needs them: a verified e-mail and a valid payment method. */
export interface DemoRenter {
  id: string;
  phoneNo: string;
  name: string;
  method: Customer['paymentMethods'][number];
  /** A pending or denied verification makes the flow ask before renting (issue 21). */
  idVerification: Customer['identityVerification']['status'];
}

/**
 * Milano's demo customers (apps/server/src/db/seed/demo-customers.ts) with a verified e-mail and one valid payment
 * method each, in list order. The seed's payment methods are Stripe test tokens: the Apple Pay one (last4 0002)
 * declines, the others succeed.
 */
export async function demoRenters(request: APIRequestContext, token: string): Promise<DemoRenter[]> {
  const api = new Api(request, token);
  const list = await api.customers({
    partnerId: await milanoId(api),
    status: 'active',
    paymentMethodBound: 'true',
    pageSize: 100,
  });
  const renters: DemoRenter[] = [];
  for (const summary of list.filter((c) => c.emailVerified)) {
    const c = await api.customer(summary.id);
    const method = c.paymentMethods.find((m) => m.valid);
    if (method)
      renters.push({
        id: summary.id,
        phoneNo: c.phoneNo,
        name: `${c.name.first} ${c.name.last}`,
        method,
        idVerification: c.identityVerification.status,
      });
  }
  return renters;
}

/** A Milano customer whose e-mail is not verified (the flow stops them at step 1). */
export async function unverifiedDemoCustomer(request: APIRequestContext, token: string): Promise<CustomerSummary> {
  const list = await new Api(request, token).customers({ status: 'active', pageSize: 100 });
  const customer = list.find(
    (c) => c.email && !c.emailVerified && c.memberships.some((m) => m.partner.name === MILANO),
  );
  expect(customer, 'a Milano demo customer with an unverified e-mail').toBeTruthy();
  return customer as CustomerSummary;
}

/**
 * Milano's demo assets of a category that a customer could rent now (Ready, in a site, for customer rental) or that
 * are already rented out, with an online simulated device of one of `vendors` (the e2e server runs the simulator:
 * tbox and rybit-box devices obey the unlock, a rybit-tag has no lock and answers "unsupported").
 */
export async function demoAssets(
  request: APIRequestContext,
  token: string,
  opts: { category: string; vendors: string[]; turnover: 'InSite' | 'RentingOut' },
): Promise<string[]> {
  const api = new Api(request, token);
  const categories = await api.call(categoryEndpoints.summaries);
  const categoryId = categories.find((c) => c.name === opts.category)?.id as string;
  const assets = await api.call(assetQueryEndpoints.query, {
    body: {
      pageNo: 1,
      pageSize: 100,
      partnerIdIn: [await milanoId(api)],
      categoryIdIn: [categoryId],
      lifeCycleIn: ['Ready'],
      hasIot: true,
      sort: ['no:asc'],
    },
  });
  const hourAgo = Date.now() - 60 * 60 * 1000;
  return assets
    .filter(
      (a) =>
        a.usageMode === 'customer-rental' &&
        a.turnoverState === opts.turnover &&
        opts.vendors.includes(a.iot?.vendor ?? '') &&
        !a.iot?.deviceNo.startsWith(TEST_DEVICE_PREFIX) &&
        Date.parse(a.iotState.lastUpdateTime ?? '') > hourAgo,
    )
    .map((a) => a.no);
}

/** B2C → Order List. */
export class OrderListPage extends ListPageObject {
  readonly heading: Locator;
  readonly newButton: Locator;
  readonly exportButton: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { name: 'Order List', level: 4 });
    this.newButton = page.getByRole('button', { name: 'New order' });
    this.exportButton = page.getByRole('button', { name: 'Export' });
  }

  async goto(query = '') {
    await this.page.goto(`/renting/order/list${query}`);
    await expect(this.heading).toBeVisible(LOAD);
  }

  open(orderNo: string): Locator {
    return this.page.getByRole('link', { name: `Open order ${orderNo}` });
  }
}

/** Pages whose new-order flow already answers the ID-verification question by itself. */
const idConfirmAnswered = new WeakSet<Page>();

/** /renting/order/new: customer, asset, plan, checkout, payment progress. */
export class NewOrderPage {
  readonly main: Locator;
  readonly next: Locator;
  readonly back: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    // A demo renter whose ID verification is pending or denied is asked about on Next (issue 21); tests about other
    // things rent anyway, as staff who checked the ID would. walk-in.spec.ts asks it without this page object.
    if (!idConfirmAnswered.has(page)) {
      idConfirmAnswered.add(page);
      void page.addLocatorHandler(
        page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Rent anyway' }) }),
        (dialog) => dialog.getByRole('button', { name: 'Rent anyway' }).click(),
      );
    }
    this.next = this.main.getByRole('button', { name: 'Next', exact: true });
    this.back = this.main.getByRole('button', { name: 'Back', exact: true });
  }

  async goto() {
    await this.page.goto('/renting/order/new');
    await expect(this.page.getByRole('heading', { name: 'New order', level: 4 })).toBeVisible(LOAD);
  }

  /** Step 1: searches the customer by phone and picks them. */
  async chooseCustomer(customer: { phoneNo: string; name: string }) {
    const combobox = this.main.getByRole('combobox', { name: 'Customer' });
    await combobox.fill(customer.phoneNo);
    await this.page
      .locator('.ant-select-dropdown')
      .filter({ visible: true })
      .getByTitle(customer.name, { exact: true })
      .click();
    await expect(this.main.getByTestId('order-customer')).toContainText(customer.phoneNo);
  }

  /** Step 2: types the asset number and inspects it (Enter). */
  async inspect(assetNo: string) {
    const input = this.main.getByRole('searchbox', { name: 'Asset no.' });
    await input.fill(assetNo);
    await input.press('Enter');
  }

  inspection(): Locator {
    return this.main.getByTestId('inspection-result').getByRole('alert');
  }

  /** Step 3: a plan by its label ("Every week") and a payment method by its label. */
  async choosePlan(plan: string, paymentMethod: string) {
    await this.main.getByRole('radio', { name: new RegExp(`^${plan}`) }).check();
    await pickOption(this.page, this.main.getByRole('combobox', { name: 'Payment method' }), paymentMethod);
  }

  async confirm() {
    await this.main.getByRole('button', { name: 'Confirm and charge' }).click();
  }

  /** Steps 1 to 4 in one go, for tests about what follows: a customer, a leasable asset, a plan, Confirm. */
  async placeOrder(order: {
    customer: { phoneNo: string; name: string };
    assetNo: string;
    plan: string;
    method: string;
  }) {
    await this.goto();
    await this.chooseCustomer(order.customer);
    await this.next.click();
    await this.inspect(order.assetNo);
    await expect(this.inspection()).toContainText('The asset can be rented to this customer');
    await this.next.click();
    await this.choosePlan(order.plan, order.method);
    await this.next.click();
    await this.confirm();
  }

  progress(): Locator {
    return this.main.getByTestId('payment-progress');
  }

  step(step: 'deposit' | 'rent' | 'unlock'): Locator {
    return this.main.getByTestId(`checkout-step-${step}`).locator('[data-status]');
  }
}

/** /renting/order/detail/:id with its cards and dialogs. */
export class OrderDetailPage {
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
  }

  async goto(id: string) {
    await this.page.goto(`/renting/order/detail/${id}`);
    await expect(this.heading()).toBeVisible(LOAD);
  }

  heading(orderNo?: string): Locator {
    return this.page.getByRole('heading', { level: 4, name: new RegExp(`Order ${orderNo ?? ''}`) });
  }

  status(): Locator {
    return this.heading().getByTestId('order-status');
  }

  leaseStatus(): Locator {
    return this.heading().getByTestId('lease-status');
  }

  /** An action by its label; the accessible name starts with the icon's ("dollar Refund / Exempt"). */
  button(name: string): Locator {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.main.getByRole('button', { name: new RegExp(`(^| )${escaped}$`) });
  }

  dialog(title: string | RegExp): Locator {
    return this.page.getByRole('dialog').filter({ hasText: title });
  }

  fee(key: 'orderFee' | 'paid' | 'owe' | 'refunded' | 'exempt'): Locator {
    return this.main.getByTestId(`fee-${key}`);
  }

  checkoutStep(step: 'deposit' | 'rent' | 'unlock'): Locator {
    return this.main.getByTestId(`checkout-step-${step}`).locator('[data-status]');
  }

  /** The rows of the field log table (the header row excluded). */
  fieldLog(): Locator {
    return this.main.getByTestId('order-field-log').locator('tbody tr.ant-table-row');
  }
}

/**
 * The first of `renters` the asset can be rented to now, as the flow's inspection would answer: a customer may be
 * at the category's rental limit (an earlier run against a reused server, another test).
 */
export async function leasableRenter(
  request: APIRequestContext,
  token: string,
  renters: DemoRenter[],
  assetNo: string,
): Promise<DemoRenter> {
  const api = new Api(request, token);
  // Renters the flow asks nothing about first: a pending or denied ID verification adds a question on Next.
  const asked = (r: DemoRenter) => r.idVerification === 'pending' || r.idVerification === 'denied';
  for (const renter of [...renters.filter((r) => !asked(r)), ...renters.filter(asked)]) {
    const inspection = await api.call(rentingEndpoints.inspect, {
      params: { assetNo },
      body: { customerId: renter.id },
    });
    if (inspection.outcome === 'Leasable') return renter;
  }
  throw new Error(`No demo renter may rent ${assetNo} now`);
}
