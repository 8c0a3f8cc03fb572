import {
  checklistEndpoints,
  customerEndpoints,
  customerTicketEndpoints,
  paymentEndpoints,
  siteEndpoints,
  workItemEndpoints,
} from '@fleetdesk/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import type { Api } from '../fixtures/api.ts';

export const MILANO = 'Milano Bike Hub';
/** A phone number no demo customer has (demo numbers carry six digits after +39333; these seven after +39335). */
export const uniquePhone = () => `+39335${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-7)}`;
/** An asset number no demo asset has. */
export const uniqueAssetNo = (prefix: string) =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e3)}`;

/** The ticket list (/b2c/service/ticket/list): views as tabs with counts, the filters, export. */
export class TicketListPage {
  constructor(readonly page: Page) {}
  goto(search = '') {
    return this.page.goto(`/b2c/service/ticket/list${search}`);
  }
  tab(view: string): Locator {
    return this.page.getByTestId(`view-${view}`);
  }
  count(view: string): Locator {
    return this.page.getByTestId(`count-${view}`);
  }
  rows(): Locator {
    return this.page.locator('.ant-table-tbody tr.ant-table-row');
  }
}

/** The new ticket (/b2c/service/ticket/new). */
export class NewTicketPage {
  constructor(readonly page: Page) {}
  goto() {
    return this.page.goto('/b2c/service/ticket/new');
  }
  async inspect(assetNo: string) {
    const input = this.page.getByLabel('Asset no.');
    await input.fill(assetNo);
    await input.press('Enter');
    await expect(this.page.getByTestId('inspected-asset')).toContainText(assetNo.toUpperCase());
  }
  async newCustomer(c: { phoneNo: string; first: string; last: string; email: string }) {
    await this.page.getByText('New customer', { exact: true }).click();
    await this.page.getByLabel('Phone', { exact: true }).fill(c.phoneNo);
    await this.page.getByLabel('E-mail', { exact: true }).fill(c.email);
    await this.page.getByLabel('First name').fill(c.first);
    await this.page.getByLabel('Last name').fill(c.last);
  }
}

/** The mechanic's workbench (/b2c/service/ticket/detail/:id). */
export class TicketDetailPage {
  constructor(readonly page: Page) {}
  goto(id: string) {
    return this.page.goto(`/b2c/service/ticket/detail/${id}`);
  }
  status(): Locator {
    return this.page.getByTestId('ticket-no').locator('..').locator('[data-status]');
  }
  actions(): Locator {
    return this.page.getByTestId('status-actions');
  }
  action(name: string): Locator {
    return this.actions().getByRole('button', { name });
  }
  async expectStatus(status: string) {
    await expect(
      this.page.getByTestId('ticket-no').locator('xpath=../..').locator(`[data-status="${status}"]`),
    ).toBeVisible();
  }
}

/**
 * A checklist of Milano for city e-bikes with one required single-result item whose labour option is charged, made
 * through the API so the record form offers it.
 */
export async function milanoChecklist(api: Api, suffix: string) {
  const partnerId = await api.partnerId(MILANO);
  const categoryId = await api.categoryId('City e-bike');
  const item = await api.call(workItemEndpoints.create, {
    body: {
      partnerId,
      name: `Brake check ${suffix}`,
      resultMode: 'single',
      options: [{ type: 'labour', name: 'Adjust brakes', costAmount: 5, price: 18 }],
    },
  });
  const checklist = await api.call(checklistEndpoints.create, {
    body: {
      partnerId,
      name: `Quick brake service ${suffix}`,
      assetCategoryScope: [categoryId],
      basicCostAmount: 0,
      workItemGroups: [{ name: 'Brakes', isRequired: true, isAllWorkItemsRequired: true, workItemIdList: [item.id] }],
    },
  });
  return { partnerId, categoryId, item, checklist };
}

/** Milano's service centre. */
export async function milanoCenter(api: Api, partnerId: string) {
  const center = (await api.call(siteEndpoints.all)).find(
    (s) => s.partnerId === partnerId && s.type === 'service-center',
  );
  if (!center) throw new Error('Milano has no service centre');
  return center;
}

/** Gives a customer a card through the local provider, as staff do at the counter. */
export async function giveCard(api: Api, customerId: string, number: string) {
  const card = await api.call(paymentEndpoints.localTokenize, {
    body: { number, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' },
  });
  await api.call(customerEndpoints.attachCard, { params: { id: customerId }, body: { paymentMethodId: card.id } });
}

export { customerTicketEndpoints };
