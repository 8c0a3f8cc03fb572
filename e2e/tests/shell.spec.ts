import { authEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { BASE_URL, PASSWORD, TOKEN_KEY } from '../fixtures/env.ts';
import { apiLogin, expect, test } from '../fixtures/test.ts';
import { LoginPage } from '../pages/login.page.ts';
import { PartnerListPage } from '../pages/partners.page.ts';
import { Shell } from '../pages/shell.ts';
import { UserListPage } from '../pages/team.page.ts';

test.describe('shell', () => {
  test.use({ signedInAs: 'owner' });

  test('breadcrumbs and the selected menu entry follow the route', async ({ page }) => {
    const shell = new Shell(page);
    await page.goto('/setting/general/partner/new');
    await expect(shell.breadcrumbs).toHaveText(/Settings.*General.*Partners.*New Partner/);
    // A hidden page (new) selects its visible ancestor in the menu, inside an open submenu.
    await expect(shell.menuItem('Settings')).toHaveAttribute('aria-expanded', 'true');
    await expect(shell.sideMenu.locator('.ant-menu-item-selected')).toHaveText('General');

    await shell.breadcrumbs.getByRole('link', { name: 'Partners' }).click();
    await expect(page).toHaveURL('/setting/general/partner/list');
    await expect(new PartnerListPage(page).heading).toBeVisible();

    // A single-item trail shows no breadcrumbs.
    await page.goto('/setting/general');
    await expect(shell.breadcrumbs.getByRole('listitem')).toHaveCount(2);
  });

  test('a session revoked elsewhere sends the user to login, and back afterwards', async ({ page, request }) => {
    // A session of its own: revoking the shared owner session would break other tests.
    const token = await apiLogin(request, 'owner@fleetdesk.local');
    await page.goto('/auth/login');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_KEY, token] as const);
    const users = new UserListPage(page);
    await users.goto();
    // Searched, not read off the first page: other specs add staff of their own, newest first.
    await users.filter('ops.manager');
    await expect(users.row('ops.manager')).toBeVisible();

    await new Api(request, token).call(authEndpoints.logout);
    const sentToLogin = page.waitForURL(/\/auth\/login\?redirect=%2Fteam%2Fuser%2Flist/);
    // Reload makes a call with the revoked token, unless one of the page's own calls (a refresh, the bell's stream)
    // has met it first and the page has already left: either way the page must end at login.
    await page
      .getByRole('main')
      .getByRole('button', { name: 'Reload' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await sentToLogin;
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toBeNull();
    await new LoginPage(page).login('owner@fleetdesk.local', PASSWORD);
    await expect(page).toHaveURL(/\/team\/user\/list/);
    await expect(users.row('ops.manager')).toBeVisible();
  });
});

test.describe('shell layout', () => {
  test.use({ signedInAs: 'elena' });

  test('the side menu collapses to 64 px and back to 256 px', async ({ page }) => {
    const shell = new Shell(page);
    await page.goto('/team/user/list');
    const sider = page.getByRole('complementary');
    await expect.poll(async () => (await sider.boundingBox())?.width).toBe(256);
    await page.getByRole('button', { name: 'Show or hide the menu' }).click();
    await expect.poll(async () => (await sider.boundingBox())?.width).toBe(64);
    await page.getByRole('button', { name: 'Show or hide the menu' }).click();
    await expect.poll(async () => (await sider.boundingBox())?.width).toBe(256);
    await expect(shell.menuLink('User')).toBeVisible();
  });

  test('the header turns solid after 56 px of scroll', async ({ page }) => {
    const shell = new Shell(page);
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/setting/general/partner/list');
    await expect(shell.header).toHaveAttribute('data-solid', 'false');
    // A page still loading may be too short to scroll: the wheel waits for the list, and turns again while the page
    // is still growing (a wheel over a page that cannot scroll yet is lost).
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expect(async () => {
      await page.mouse.wheel(0, 200);
      await expect(shell.header).toHaveAttribute('data-solid', 'true', { timeout: 1_000 });
    }).toPass();
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(shell.header).toHaveAttribute('data-solid', 'false');
  });

  test('on a small screen the menu is a drawer', async ({ page }) => {
    const shell = new Shell(page);
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto('/team/user/list');
    await expect(page.getByRole('complementary')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show or hide the menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Role', exact: true }).click();
    await expect(page).toHaveURL('/team/role/list');
    await expect(drawer).toBeHidden();
    await expect(shell.userMenu).toBeVisible();
  });
});

test.describe('partner-scope mismatch', () => {
  test('a partner user allowed to write partners cannot open the account-wide "new partner" page', async ({
    browser,
    request,
    tokens,
  }) => {
    const api = new Api(request, await tokens('owner'));
    const suffix = Date.now().toString(36);
    const role = await api.createRole({
      title: `Partner editor ${suffix}`,
      permissions: ['partner.read', 'partner.write'],
    });
    const email = `editor.${suffix}@fleetdesk.local`;
    await api.createUser({
      username: `editor.${suffix}`,
      name: 'Partner Editor',
      email,
      password: 'editor-pass-123',
      partnerScope: [await api.partnerId('Seoul Scooter Co.')],
      roleIds: [role.id],
    });
    const token = await apiLogin(request, email, 'editor-pass-123');
    const context = await browser.newContext({
      storageState: { cookies: [], origins: [{ origin: BASE_URL, localStorage: [{ name: TOKEN_KEY, value: token }] }] },
    });
    const page = await context.newPage();

    // Her own partner she may edit…
    const list = new PartnerListPage(page);
    await list.goto();
    await expect(list.newButton).toHaveCount(0);
    await expect(
      list.row('Seoul Scooter Co.').getByRole('link', { name: 'Seoul Scooter Co.', exact: true }),
    ).toBeVisible();

    // …but creating partners needs the scope "all".
    await page.goto('/setting/general/partner/new');
    await expect(page.getByText('Your partner scope must be set to all.')).toBeVisible();
    await page.getByRole('button', { name: 'Go Login' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
    await context.close();
  });
});
