import { accountEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { collectCspViolations } from '../fixtures/csp.ts';
import { PASSWORD, TOKEN_KEY, users } from '../fixtures/env.ts';
import { expect, test } from '../fixtures/test.ts';
import { AssetMapPage } from '../pages/asset-map.page.ts';
import { CustomerListPage } from '../pages/customers.page.ts';
import { DashboardPage } from '../pages/dashboard.page.ts';
import { DocumentEditorPage } from '../pages/documents.page.ts';
import { LoginPage } from '../pages/login.page.ts';
import { Shell } from '../pages/shell.ts';

test.describe('sign in and out', () => {
  test('login by email lands in the console with the name in the user menu', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.login(users.elena.email, PASSWORD);

    const shell = new Shell(page);
    await shell.expectSignedInAs(users.elena.name);
    await expect(page).not.toHaveURL(/\/auth\//);
    await expect(shell.sideMenu).toBeVisible();
  });

  test('a wrong password shows "Incorrect email / password" on the login page', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.login(users.laura.email, 'not-the-password');

    await expect(login.error).toHaveText('Incorrect email / password');
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
  });

  test('an unknown email gets the same answer as a wrong password', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.login('nobody@fleetdesk.local', PASSWORD);
    await expect(login.error).toHaveText('Incorrect email / password');
  });

  test('the auth guard sends a signed-out visitor to login and back afterwards', async ({ page }) => {
    const target = '/team/user/list?search=ops.manager';
    await page.goto(target);
    await expect(page).toHaveURL(`/auth/login?redirect=${encodeURIComponent(target)}`);

    await new LoginPage(page).login(users.owner.email, PASSWORD);
    await expect(page).toHaveURL(target);
    await expect(page.getByRole('cell', { name: 'Elena Bianchi', exact: true })).toBeVisible();
  });

  test('logout revokes the session and returns to login', async ({ page, request }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.login(users.jiwoo.email, PASSWORD);
    const shell = new Shell(page);
    await shell.expectSignedInAs(users.jiwoo.name);
    const token = await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);
    expect(token).toBeTruthy();

    await shell.logout();
    // Logout goes to the root, whose guard sends a signed-out visitor to login.
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();

    const profile = await new Api(request, token as string).fetch(accountEndpoints.profile);
    expect(profile.status()).toBe(401);

    // The back button does not bring the console back.
    await page.goto('/setting/general');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fsetting%2Fgeneral$/);
  });

  test('the phone tab sends a code, counts down, and refuses a wrong code', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await page.getByRole('tab', { name: 'Phone' }).click();
    const form = page.locator('form#phone-login');
    const phone = form.getByRole('textbox', { name: /Phone number$/ });
    const send = form.getByRole('button', { name: 'Send code' });

    await phone.fill('3331234567');
    await send.click();
    await expect(form.getByText('Phone number is invalid!')).toBeVisible();

    // Any number gets the same answer; a fresh one keeps a retry clear of the 60 s resend limit.
    await phone.fill(`+39320${String(Date.now()).slice(-7)}`);
    await send.click();
    await expect(form.getByText('The code was sent by SMS.')).toBeVisible();
    const resend = form.getByRole('button', { name: /Resend in \d+ s$/ });
    await expect(resend).toBeDisabled();

    await form.getByRole('textbox', { name: /Verification code$/ }).fill('000000');
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Incorrect phone number / password' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('the console runs under its Content-Security-Policy without a single violation (issue 26)', async ({ page }) => {
    // The map (maplibre's worker, software WebGL) and the rich-text editor on a busy two-core machine.
    test.setTimeout(150_000);
    const violations = await collectCspViolations(page);
    const login = new LoginPage(page);
    await login.goto();
    const policy = (await page.request.get('/auth/login')).headers()['content-security-policy'];
    expect(policy).toContain("script-src 'self';");
    await login.login(users.owner.email, PASSWORD);
    await new Shell(page).expectSignedInAs(users.owner.name);

    await new DashboardPage(page).goto();
    const map = new AssetMapPage(page);
    await map.goto();
    // The attribution appears once the style (here the atlas, the street style answering 404) has loaded.
    await expect(page.getByRole('main').locator('.maplibregl-ctrl-attrib')).toContainText('Natural Earth', {
      timeout: 40_000,
    });
    await new CustomerListPage(page).goto();
    await page.goto('/setting/general/customer-communication/terms');
    const editor = new DocumentEditorPage(page);
    await editor.ready();
    await expect(editor.body('English')).toContainText('Terms of rental');
    // The API documentation (swagger-ui) under the same policy.
    await page.goto('/api/docs');
    await expect(page.locator('.swagger-ui .info .title')).toContainText('Fleetdesk API', { timeout: 20_000 });

    expect(violations).toEqual([]);
  });
});
