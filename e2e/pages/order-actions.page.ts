import {
  type BodyInputOf,
  type Order,
  pricingEndpoints,
  rentingConfigEndpoints,
  rentingEndpoints,
  siteEndpoints,
} from '@fleetdesk/contracts';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { Api } from '../fixtures/api.ts';
import { demoAssets, demoRenters, leasableRenter } from './orders.page.ts';

const MILANO = 'Milano Bike Hub';
/** Stripe's declining test token is the demo's Apple Pay method. */
const DECLINED_LAST4 = '0002';

/**
 * Opens an order through the real checkout, with the call the new-order flow makes (deposit, first rent, then the
 * device's unlock through the simulator), on the weekly plan and the customer's paying method; waits until the
 * lease has started.
 */
export async function openOrder(api: Api, customerId: string, assetNo: string): Promise<Order> {
  const inspection = await api.call(rentingEndpoints.inspect, { params: { assetNo }, body: { customerId } });
  expect(inspection.outcome, `inspection of ${assetNo}`).toBe('Leasable');
  const plans = inspection.offer?.plans ?? [];
  const plan = plans.find((p) => p.unit === 'weeks' && p.frequency === 1) ?? plans[0];
  const customer = await api.customer(customerId);
  const method = customer.paymentMethods.find((m) => m.valid && m.last4 !== DECLINED_LAST4);
  if (!plan || !method) throw new Error(`No plan or paying method to rent ${assetNo}`);
  const order = await api.call(rentingEndpoints.createOrder, {
    body: { customerId, assetNo, paymentPlanId: plan.id, paymentMethodId: method.id },
  });
  await expect.poll(async () => (await orderOf(api, order.id)).checkout.state, { timeout: 45_000 }).toBe('Completed');
  return order;
}

const orderOf = (api: Api, id: string) => api.call(rentingEndpoints.getOrder, { params: { id } });

/** Device vendors whose model unlocks (device.turn_on) through the simulator. */
const UNLOCKING = ['tbox', 'rybit-box'];

/**
 * Free Milano city e-bikes with an unlocking device and demo renters whose card pays, both taken from the end of
 * their lists: orders.spec.ts starts from the first ones and expects its first renters to pay a deposit, which the
 * renters here keep once their orders end. Each test ends the orders it opens, so the assets are free again.
 */
export async function demoSetUp(api: Api, request: APIRequestContext, token: string, assets: number) {
  const paying = (await demoRenters(request, token)).filter((r) => r.method.last4 !== DECLINED_LAST4);
  const renters = paying.slice(3).reverse();
  expect(renters.length, 'Milano renters besides the three orders.spec.ts takes').toBeGreaterThanOrEqual(1);
  const free = await demoAssets(request, token, { category: 'City e-bike', vendors: UNLOCKING, turnover: 'InSite' });
  expect(free.length, `${assets} free city e-bikes with an online device`).toBeGreaterThanOrEqual(assets);
  /** Opens an order on the asset for the first renter who may rent it now. */
  const open = async (assetNo: string) => {
    const renter = await leasableRenter(request, token, renters, assetNo);
    return openOrder(api, renter.id, assetNo);
  };
  return { assets: free.slice(-assets).reverse(), open };
}

/** Ends the orders still open, so their assets and customers are free for the next test. */
export async function endOpenOrders(api: Api, ids: string[]) {
  for (const id of ids)
    if ((await orderOf(api, id)).status === 'Open')
      await api.call(rentingEndpoints.endOrder, { params: { id }, body: { reason: 'e2e clean-up' } });
}

/** Turns the account's invoicing on or off; answers whether it was on before. */
export async function setInvoicing(api: Api, on: boolean): Promise<boolean> {
  const before = await api.call(rentingConfigEndpoints.get);
  await api.call(on ? rentingConfigEndpoints.enableInvoice : rentingConfigEndpoints.disableInvoice);
  return before.invoiceEnabled;
}

/**
 * Milano's invoicing identity (its rental config): the one it has, or a new one. Answers its invoice prefix. A
 * config that issued invoices cannot be removed, so it stays for later runs against the same server.
 */
export async function milanoInvoicePrefix(api: Api): Promise<string> {
  const milano = await api.partnerId(MILANO);
  const configs = await api.call(rentingConfigEndpoints.findAll);
  const found = configs.find((c) => c.partner.id === milano);
  if (found) return found.invoicePrefix;
  const created = await api.call(rentingConfigEndpoints.create, {
    body: { partnerId: milano, invoicePrefix: 'E2E-MI', sellerName: 'Milano Bike Hub S.r.l.' },
  });
  return created.invoicePrefix;
}

/** The order detail's "Replace asset" drawer. */
export class ReplaceAssetDrawer {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    orderNo: string,
  ) {
    this.root = page.getByRole('dialog').filter({ hasText: `Replace asset · ${orderNo}` });
  }

  current(): Locator {
    return this.root.getByTestId('replace-current');
  }

  newAssetNo(): Locator {
    return this.root.getByRole('textbox', { name: 'New asset no.' });
  }

  reason(): Locator {
    return this.root.getByLabel('Reason');
  }

  /** Types the number and presses Enter, which checks it (the inspection). */
  async check(assetNo: string) {
    await this.newAssetNo().fill(assetNo);
    await this.newAssetNo().press('Enter');
  }

  /** What the check found: whether the asset can take the lease over, or why not. */
  verdict(): Locator {
    return this.root.getByTestId('replace-inspection').getByRole('alert');
  }

  refusal(): Locator {
    return this.root.getByTestId('replace-refusal');
  }

  submit(): Locator {
    return this.root.getByRole('button', { name: 'Replace asset', exact: true });
  }
}

/** The order detail's invoices modal. */
export class InvoicesModal {
  readonly root: Locator;

  constructor(page: Page, title: string) {
    this.root = page.getByRole('dialog').filter({ hasText: title });
  }

  /** The invoice rows (the header and the empty placeholder excluded). */
  rows(): Locator {
    return this.root.getByTestId('order-invoices').locator('tbody tr.ant-table-row');
  }
}

type RuleInput = BodyInputOf<typeof pricingEndpoints.rulePart.replace>;

/**
 * Milano's collect-return rule for a category, through its part of the rental program: `set` changes some of it,
 * `restore` puts back what it was (call it in a finally: other tests rent under this rule).
 */
export async function milanoRule(api: Api, category: string) {
  const params = { partnerId: await api.partnerId(MILANO), assetCategoryId: await api.categoryId(category) };
  const rule = await api.call(pricingEndpoints.rulePart.get, { params });
  const original: RuleInput = {
    assetRentalLimit: rule.assetRentalLimit,
    manualConfirmationPolicy: rule.manualConfirmationPolicy,
    crossSiteReturnPolicy: rule.crossSiteReturnPolicy,
    returnLocationDetection: rule.returnLocationDetection,
    assetConditionDetection: { locked: rule.assetConditionDetection.locked },
  };
  const replace = (body: RuleInput) => api.call(pricingEndpoints.rulePart.replace, { params, body });
  return {
    set: (change: Partial<RuleInput>) => replace({ ...original, ...change }),
    restore: () => replace(original),
  };
}

/** The names of Milano's sites (the order's rent site is one of them). */
export async function milanoSiteNames(api: Api): Promise<string[]> {
  const milano = await api.partnerId(MILANO);
  const sites = await api.call(siteEndpoints.all);
  return sites.filter((s) => s.partnerId === milano).map((s) => s.name);
}

/** The order detail's "Take return" modal. */
export class ReturnLeaseModal {
  readonly root: Locator;

  constructor(
    readonly page: Page,
    orderNo: string,
  ) {
    this.root = page.getByRole('dialog').filter({ hasText: `Take return · ${orderNo}` });
  }

  site(): Locator {
    return this.root.getByRole('combobox', { name: 'Return site' });
  }

  /** The error under the return site. */
  siteError(): Locator {
    // `has` is matched inside each form item: a locator of its own, not one chained from the dialog.
    const site = this.page.getByRole('combobox', { name: 'Return site' });
    return this.root.locator('.ant-form-item').filter({ has: site }).locator('.ant-form-item-explain-error');
  }

  reason(): Locator {
    return this.root.getByLabel('Reason');
  }

  submit(): Locator {
    return this.root.getByRole('button', { name: 'Take return', exact: true });
  }
}
