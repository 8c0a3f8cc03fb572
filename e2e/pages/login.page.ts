import { expect, type Locator, type Page } from '@playwright/test';

/** /auth/login, Email tab. */
export class LoginPage {
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    // antd names the form element after the Form's name.
    const form = page.locator('form#email-login');
    // Required fields' labels carry antd's "*" marker, hence the anchored patterns.
    this.email = form.getByRole('textbox', { name: /^\*?\s*Email or username$/ });
    this.password = form.getByRole('textbox', { name: /^\*?\s*Password$/ });
    this.submit = form.getByRole('button', { name: 'Login', exact: true });
    this.error = page.getByRole('alert');
  }

  async goto(redirect?: string) {
    await this.page.goto(redirect ? `/auth/login?redirect=${encodeURIComponent(redirect)}` : '/auth/login');
    await expect(this.email).toBeVisible();
  }

  async login(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}
