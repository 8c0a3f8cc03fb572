import { Api } from '../fixtures/api.ts';
import { BASE_URL, TOKEN_KEY } from '../fixtures/env.ts';
import { apiLogin, expect, test } from '../fixtures/test.ts';
import { PartnerListPage } from '../pages/partners.page.ts';
import { Shell } from '../pages/shell.ts';
import { RoleListPage, UserListPage } from '../pages/team.page.ts';

/** Menu entries whose permissions no demo partner viewer holds (document 1 §2.6). */
const notForViewer = [
  'B2C Service Ticket',
  'Customer',
  'Map',
  'Asset Trip',
  'Checklist',
  'B2B Subscription',
  'Partner',
];

test.describe('a partner viewer (Laura, Barcelona E-Motion)', () => {
  test.use({ signedInAs: 'laura' });

  test('sees only the menu her permissions allow, and every entry opens a page', async ({ page }) => {
    const shell = new Shell(page);
    // The root opens the first page of her menu.
    await shell.gotoHome();
    await shell.expectSignedInAs('Laura Garcia');

    const hrefs = await shell.menuHrefs();
    const labels = await shell.menuLabels();
    expect(labels).toEqual(expect.arrayContaining(['Team', 'User', 'Role', 'Settings', 'General']));
    for (const label of notForViewer) expect(labels, `menu entry ${label}`).not.toContain(label);

    // Never a dead link: each entry leads to a page she may open.
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      await page.goto(href);
      await expect(shell.userMenu).toBeVisible();
      await expect(shell.notFound(), `${href} exists`).toHaveCount(0);
      await expect(shell.forbidden(), `${href} is allowed`).toHaveCount(0);
    }
  });

  test('the partner list shows only her own partner, read-only', async ({ page }) => {
    const list = new PartnerListPage(page);
    await list.goto();
    await expect(list.row('Barcelona E-Motion')).toBeVisible();
    expect(await list.partnerNames()).toEqual(['Barcelona E-Motion']);
    await expect(page.getByText('Total: 1')).toBeVisible();
    // No partner.write: no creating, editing or deleting.
    await expect(list.newButton).toHaveCount(0);
    await expect(list.row('Barcelona E-Motion').getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  });

  test("team lists: only her partner's staff, read-only", async ({ page }) => {
    const users = new UserListPage(page);
    await users.goto();
    await expect(users.row('viewer.barcelona')).toBeVisible();
    // Barcelona's own staff only: her and the workshop's mechanic (the demo's other staff reach other partners).
    expect((await users.column(0)).sort()).toEqual(['mechanic.barcelona', 'viewer.barcelona']);
    await expect(users.newButton).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete user/ })).toHaveCount(0);

    // Searched for: other tests' roles, and seeded ones sharing one update time, decide what page 1 holds.
    const roles = new RoleListPage(page);
    await roles.goto('?search=Partner%20viewer');
    await expect(roles.row('Partner viewer')).toBeVisible();
    await expect(roles.newButton).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Edit role/ })).toHaveCount(0);
  });

  for (const path of ['/setting/general/partner/new', '/team/user/new', '/team/role/new']) {
    test(`${path}, which she lacks the permission for, shows the 403 page`, async ({ page }) => {
      const shell = new Shell(page);
      await page.goto(path);
      await expect(page.getByText('403', { exact: true })).toBeVisible();
      await expect(shell.forbidden()).toBeVisible();
      await expect(page.getByRole('main').locator('form')).toHaveCount(0);
    });
  }

  test('Back Home on the 403 page leads back into the console', async ({ page }) => {
    const shell = new Shell(page);
    await page.goto('/setting/general/partner/new');
    await expect(page.getByText('403', { exact: true })).toBeVisible();
    await expect(shell.forbidden()).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Company name/ })).toHaveCount(0);
    // The shell stays, so she can go back.
    await page.getByRole('button', { name: 'Back Home' }).click();
    await expect(shell.forbidden()).toHaveCount(0);
    await expect(shell.userMenu).toBeVisible();
  });
});

test.describe('partner scope', () => {
  test.describe('an account-wide operations manager (Elena)', () => {
    test.use({ signedInAs: 'elena' });
    test('sees every partner', async ({ page }) => {
      const list = new PartnerListPage(page);
      await list.goto('?sort=name:asc');
      await expect(list.row('Milano Bike Hub')).toBeVisible();
      expect(await list.partnerNames()).toEqual(
        expect.arrayContaining(['Barcelona E-Motion', 'Milano Bike Hub', 'Seoul Scooter Co.']),
      );
    });
  });

  test.describe('an operations manager scoped to Seoul (Ji-woo)', () => {
    test.use({ signedInAs: 'jiwoo' });
    test('sees only Seoul', async ({ page }) => {
      const list = new PartnerListPage(page);
      await list.goto();
      await expect(list.row('Seoul Scooter Co.')).toBeVisible();
      expect(await list.partnerNames()).toEqual(['Seoul Scooter Co.']);
    });
  });
});

test.describe('a role change', () => {
  test('applies to its staff on their next page load', async ({ browser, request, tokens }) => {
    const api = new Api(request, await tokens('owner'));
    const suffix = Date.now().toString(36);
    const title = `Growing role ${suffix}`;
    const role = await api.createRole({ title, permissions: ['partner.read'] });
    const email = `grow.${suffix}@fleetdesk.local`;
    await api.createUser({
      username: `grow.${suffix}`,
      name: 'Growing Staff',
      email,
      password: 'grow-pass-123',
      partnerScope: '*',
      roleIds: [role.id],
    });
    const token = await apiLogin(request, email, 'grow-pass-123');
    const context = await browser.newContext({
      storageState: { cookies: [], origins: [{ origin: BASE_URL, localStorage: [{ name: TOKEN_KEY, value: token }] }] },
    });
    const page = await context.newPage();
    const shell = new Shell(page);
    await shell.gotoHome();
    await shell.expandAll();
    expect(await shell.menuLabels()).not.toContain('Team');
    await page.goto('/team/user/list');
    await expect(shell.forbidden()).toBeVisible();

    await api.updateRole(role.id, { title, permissions: ['partner.read', 'user.read'] });
    await page.reload();
    await expect(new UserListPage(page).row(`grow.${suffix}`)).toBeVisible();
    await shell.expandAll();
    expect(await shell.menuLabels()).toEqual(expect.arrayContaining(['Team', 'User']));
    await context.close();
  });
});
