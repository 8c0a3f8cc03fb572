import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { BASE_URL } from '../fixtures/env.ts';
import { ListPageObject } from './list.ts';

/** A first page load waits for the profile behind the splash: on a busy two-core machine that took over 10 s. */
const LOAD = { timeout: 30_000 };

/** A renting intent as GET /customer/renting/intents answers (the fields the specs read). */
export interface E2eIntent {
  id: string;
  customer: { id: string; name: string; phoneNo: string };
  partner: { id: string; name: string };
  assetCategory: { id: string; name: string };
  site: { id: string; name: string } | null;
  appointmentStartFrom: string;
  appointmentStartTo: string;
  status: 'Pending' | 'Confirmed' | 'Fulfilled' | 'Canceled';
  overdue: boolean;
  order: { id: string; orderNo: string } | null;
  note: string | null;
  cancelReason: string | null;
}

/** Every intent in the caller's scope (the demo data seeds 14), newest first. */
export async function demoIntents(request: APIRequestContext, token: string): Promise<E2eIntent[]> {
  const response = await request.get(`${BASE_URL}/api/customer/renting/intents?pageSize=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: E2eIntent[] }).data;
}

export async function intentById(request: APIRequestContext, token: string, id: string): Promise<E2eIntent> {
  const response = await request.get(`${BASE_URL}/api/customer/renting/intents/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: E2eIntent }).data;
}

/** The list can be open: pending or confirmed. */
export const isOpen = (i: E2eIntent) => i.status === 'Pending' || i.status === 'Confirmed';

/** B2C → Intent List (/b2c/renting-intent/list), also served at /renting/order/intent/list. */
export class IntentListPage extends ListPageObject {
  readonly filters: Locator;

  constructor(page: Page) {
    super(page);
    this.filters = page.getByRole('main').locator('form').first();
  }

  heading(name = 'Intent List'): Locator {
    return this.page.getByRole('heading', { name, level: 4 });
  }

  async goto(query = '', path = '/b2c/renting-intent/list', heading = 'Intent List') {
    await this.page.goto(`${path}${query}`);
    await expect(this.heading(heading)).toBeVisible(LOAD);
  }

  /** The list narrowed to one intent: its customer and partner (the demo data has one intent per pair). */
  async gotoIntent(intent: E2eIntent) {
    await this.goto(`?${new URLSearchParams({ customerId: intent.customer.id, partnerId: intent.partner.id })}`);
    await expect(this.rows()).toHaveCount(1);
    return this.rows().first();
  }

  status(row: Locator): Locator {
    return row.getByTestId('intent-status');
  }

  /** A row action, named after the intent's customer ("Edit the intent of Giulia Bianchi"). */
  action(action: 'Edit' | 'Confirm' | 'Cancel', name: string): Locator {
    return this.page.getByRole('main').getByRole('button', { name: `${action} the intent of ${name}` });
  }

  createOrder(name: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name: `Create an order for the intent of ${name}` });
  }

  dialog(title: string | RegExp): Locator {
    return this.page.getByRole('dialog').filter({ hasText: title });
  }
}
