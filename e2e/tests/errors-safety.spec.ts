import { roleEndpoints, userEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, networkQuiet, test, unique } from '../fixtures/test.ts';
import { AssetControlCard, ConfigDrawer, onlineDemoAssets } from '../pages/iot-control.page.ts';
import { answerConfirm } from '../pages/list.ts';
import { LoginPage } from '../pages/login.page.ts';
import { Shell } from '../pages/shell.ts';
import { RoleListPage, UserFormPage } from '../pages/team.page.ts';

/** Issue 21, "Errors and safety" and the small labels: plain-words failures, the last admin, staff logins. */

const LAST_ADMIN =
  'This change would leave no one with base:admin; give another staff member an administrator role first';

test.describe('errors and safety', () => {
  test.use({ signedInAs: 'owner' });

  test("the owner's delete of their own last admin role is refused, in one plain-words notification", async ({
    page,
    request,
    tokens,
  }) => {
    // Only the owner holds base:admin (through "Owner"): were anyone else to, the delete would go through.
    const api = new Api(request, await tokens('owner'));
    const admins = (await api.call(roleEndpoints.list, { query: { pageSize: 100 } })).filter((role) =>
      role.permissions.includes('base:admin'),
    );
    expect(admins.map((role) => [role.title, role.userCount])).toEqual([['Owner', 1]]);

    const list = new RoleListPage(page);
    await list.goto();
    await list.filter('Owner');
    const notices = page.locator('.ant-notification-notice');
    for (const attempt of [1, 2]) {
      await page.getByRole('button', { name: 'Delete role Owner', exact: true }).click();
      await answerConfirm(page, 'Delete role "Owner"?', 'Delete');
      await expect(notices, `attempt ${attempt}`).toHaveCount(1);
    }
    const notice = notices.first();
    await expect(notice).toContainText('Could not delete');
    await expect(notice).toContainText(LAST_ADMIN);
    // What it never says: the URL it called or a bare status code.
    await expect(notice).not.toContainText('/api');
    await expect(notice).not.toContainText('422');
    await saveShot(page, 'errors-safety-last-admin.png');

    await expect(list.row('Owner')).toBeVisible();
    const owner = (await api.call(roleEndpoints.list, { query: { search: 'Owner' } })).find((r) => r.title === 'Owner');
    expect(owner?.userCount).toBe(1);
  });

  test('a read refused with 403 is shown once, inline; an action cut off by the network says so in words', async ({
    page,
  }) => {
    const list = new RoleListPage(page);
    await page.route('**/api/account/roles?*', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'Forbidden', message: 'You do not have permission to do this', data: null }),
      }),
    );
    await list.goto();
    const inline = page.getByRole('main').getByRole('alert');
    await expect(inline).toContainText('The list could not be loaded.');
    await expect(inline).toContainText('You do not have permission to do this');
    // Every call has answered once the alert shows; notifications close by themselves, so look once.
    await networkQuiet(page);
    expect(await page.locator('.ant-notification-notice').count()).toBe(0);

    await page.unroute('**/api/account/roles?*');
    await page.route('**/api/account/roles/*/users', (route) => route.abort('internetdisconnected'));
    await list.goto();
    await list.filter('Owner');
    await page.getByRole('button', { name: 'Delete role Owner', exact: true }).click();
    const notice = page.locator('.ant-notification-notice');
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText('Unstable Internet Connection');
    await expect(notice).toContainText('Network request failed. Check your internet connection, then try again.');
    await expect(notice).not.toContainText('/api');
  });

  test('a list cut off by the network says "Unstable Internet Connection"; Retry loads it once the connection is back', async ({
    page,
  }) => {
    const list = new RoleListPage(page);
    await page.route('**/api/account/roles?*', (route) => route.abort('internetdisconnected'));
    await list.goto('?search=Owner');
    const notice = page.locator('.ant-notification-notice');
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText('Unstable Internet Connection');
    await expect(notice).toContainText('Network request failed. Check your internet connection, then try again.');
    await expect(list.row('Owner')).toHaveCount(0);
    await saveShot(page, 'errors-safety-unstable-connection.png');

    // The connection is back: Retry fetches the failed list again, and the notification goes.
    await page.unroute('**/api/account/roles?*');
    const listed = page.waitForResponse((r) => /\/api\/account\/roles\?/.test(r.url()) && r.ok());
    await notice.getByRole('button', { name: 'Retry', exact: true }).click();
    await listed;
    await expect(list.row('Owner')).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test('an IoT config sent without an answer asks to verify it by hand later, and Retry does not send it again', async ({
    page,
    request,
    tokens,
  }) => {
    const [assetNo] = await onlineDemoAssets(request, await tokens('owner'), 'tbox');
    expect(assetNo, 'an online T-Box demo asset').toBeTruthy();
    const card = new AssetControlCard(page);
    await card.open(assetNo as string);
    await card.card.getByRole('button', { name: 'Change config' }).click();
    const drawer = new ConfigDrawer(page);
    await drawer.tick('Speed limit');
    await drawer.itemCard('Speed limit').getByRole('spinbutton').fill('25');
    // The send gets no answer: whether the devices got the config is unknown.
    let sends = 0;
    await page.route('**/api/asset-iot/control/batch-modify-config', (route) => {
      sends += 1;
      return route.abort('timedout');
    });
    await drawer.send();
    await expect(drawer.drawer.getByRole('alert')).toHaveText('Please verify the configuration manually later!');
    const notice = page.locator('.ant-notification-notice');
    await expect(notice).toContainText('Unstable Internet Connection');
    await saveShot(page, 'errors-safety-config-unknown.png');
    // A POST that may have arrived is never re-sent by Retry.
    await notice.getByRole('button', { name: 'Retry', exact: true }).click();
    await expect(notice).toHaveCount(0);
    await networkQuiet(page);
    expect(sends).toBe(1);
  });

  test('a user created without an e-mail (no partner until one is chosen) signs in by username', async ({
    page,
    browser,
  }) => {
    const username = unique('counter').replace(' ', '.');
    const password = 'counter-pass-123';
    const form = new UserFormPage(page);
    await page.goto('/team/user/new');
    await form.fill({ username, name: 'Counter Staff', password });
    // No partner is pre-selected for the owner, whose scope is "all": the creator chooses.
    await expect(form.form.getByRole('radio', { name: 'Selected partners' })).toBeChecked();
    await form.submit('Create');
    await expect(form.form.getByText('Please select at least one item')).toBeVisible();
    await form.fill({ scope: ['Milano Bike Hub'] });
    await form.submit('Create');
    await answerConfirm(page, 'Create user "Counter Staff"?', 'Create');
    await expect(page.locator('.ant-message')).toContainText(
      `User "Counter Staff" created. They sign in with the username ${username}`,
    );
    await expect(page).toHaveURL(/\/team\/user\/list/);

    const context = await browser.newContext();
    try {
      const fresh = await context.newPage();
      const login = new LoginPage(fresh);
      await login.goto();
      await login.login(username.toUpperCase(), password);
      const shell = new Shell(fresh);
      await shell.expectSignedInAs('Counter Staff');
    } finally {
      await context.close();
    }
  });

  test('a wrong password for a username says so in words, on the login page', async ({ browser, request, tokens }) => {
    const api = new Api(request, await tokens('owner'));
    const username = unique('nomail').replace(' ', '.');
    await api.call(userEndpoints.create, {
      body: { username, name: 'No Mail', password: 'no-mail-pass-123', partnerScope: '*', roleIds: [] },
    });
    const context = await browser.newContext();
    try {
      const login = new LoginPage(await context.newPage());
      await login.goto();
      await login.login(username, 'not-the-password');
      await expect(login.error).toHaveText('Incorrect username/password');
    } finally {
      await context.close();
    }
  });
});

test.describe('labels, in Italian', () => {
  test.use({ signedInAs: 'owner' });

  test('the sidebar shows "Richieste di rimborso deposito" whole; assets say what they are', async ({ page }) => {
    await inLocale(page, 'it-IT');
    // A page of the same group: the menu opens "B2C" for it (the refund page itself collapses the sider today).
    await page.goto('/customer/list');
    const shell = new Shell(page);
    const entry = shell.menuLink('Richieste di rimborso deposito');
    await expect(entry).toBeVisible();
    // Wrapped, not cut: the label's box lies inside the side menu and nothing overflows its line.
    const label = entry.getByTestId('menu-label');
    const fits = await label.evaluate((span) => {
      const menu = span.closest('.ant-menu')?.getBoundingClientRect();
      const box = span.getBoundingClientRect();
      const line = span.closest('.ant-menu-title-content') as HTMLElement;
      return {
        inside: !!menu && box.left >= menu.left && box.right <= menu.right,
        overflow: line.scrollWidth > line.clientWidth,
      };
    });
    expect(fits).toEqual({ inside: true, overflow: false });
    await expect(label).toHaveAttribute('title', 'Richieste di rimborso deposito');
    await saveShot(page, 'errors-safety-sidebar-it.png');

    await page.goto('/asset/list');
    await expect(shell.breadcrumbs).toHaveText(/Asset.*Elenco asset/);
    await expect(shell.menuLink('Elenco asset')).toBeVisible();
    // "Categoria" is feminine: its "all" agrees ("Tutte"), while "Partner" keeps "Tutti".
    const main = page.getByRole('main');
    const placeholderOf = (label: string) =>
      main
        .locator('.ant-form-item')
        .filter({ hasText: new RegExp(`^${label}`) })
        .locator('.ant-select-placeholder');
    await expect(placeholderOf('Categoria')).toHaveText('Tutte');
    await expect(placeholderOf('Partner')).toHaveText('Tutti');
    await saveShot(page, 'errors-safety-assets-it.png');
  });
});
