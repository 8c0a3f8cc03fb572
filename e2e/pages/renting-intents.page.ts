import { type RentingIntent, rentingIntentEndpoints } from '@fleetdesk/contracts';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { Api } from '../fixtures/api.ts';
import { ListPageObject } from './list.ts';

/** A first page load waits for the profile behind the splash: on a busy two-core machine that took over 10 s. */
const LOAD = { timeout: 30_000 };

/** A renting intent as GET /customer/renting/intents answers. */
export type E2eIntent = RentingIntent;

/** Every intent in the caller's scope (the demo data seeds 14), newest first. */
export function demoIntents(request: APIRequestContext, token: string): Promise<E2eIntent[]> {
  return new Api(request, token).call(rentingIntentEndpoints.list, { query: { pageSize: 100 } });
}

export function intentById(request: APIRequestContext, token: string, id: string): Promise<E2eIntent> {
  return new Api(request, token).call(rentingIntentEndpoints.get, { params: { id } });
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
    return this.page.getByRole('main').getByRole('link', { name: `Create order for the intent of ${name}` });
  }

  dialog(title: string | RegExp): Locator {
    return this.page.getByRole('dialog').filter({ hasText: title });
  }
}
