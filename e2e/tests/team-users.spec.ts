import { Api } from '../fixtures/api.ts';
import { PASSWORD } from '../fixtures/env.ts';
import { expect, loginResponse, test } from '../fixtures/test.ts';
import { answerConfirm, confirmDialog } from '../pages/list.ts';
import { Shell } from '../pages/shell.ts';
import { UserFormPage, UserListPage } from '../pages/team.page.ts';

test.describe('team users', () => {
  test.use({ signedInAs: 'owner' });

  test('create → edit → delete a user', async ({ page, request }) => {
    const suffix = Date.now().toString(36);
    const username = `e2e.${suffix}`;
    const email = `e2e.${suffix}@fleetdesk.local`;
    const password = 'first-pass-123';
    // Phone numbers are unique among staff too.
    const phoneNo = `+39333${String(Date.now()).slice(-7)}`;
    const list = new UserListPage(page);
    const form = new UserFormPage(page);
    const shell = new Shell(page);

    // Through the menu.
    await shell.gotoHome();
    await shell.openGroup('Team');
    await shell.menuLink('User').click();
    await expect(list.heading).toBeVisible();
    // Searched, not read off the first page: other specs add staff of their own, newest first.
    await list.filter('ops.manager');
    await expect(list.row('ops.manager')).toBeVisible();
    // Signing in counts as activity.
    await list.filter('owner');
    await expect(list.row('owner')).not.toContainText('Never');

    // Create, scoped to one partner with one role; the add confirms first.
    await list.newButton.click();
    await expect(page).toHaveURL('/team/user/new');
    await form.fill({
      username,
      name: 'Sara Conti',
      email,
      phoneNo,
      password,
      scope: ['Milano Bike Hub'],
      roles: ['Mechanic'],
    });
    await form.submit('Create');
    const create = confirmDialog(page, 'Create user "Sara Conti"?');
    await expect(create).toBeVisible();
    await expect(create).toContainText('Milano Bike Hub');
    await expect(create).toContainText('Mechanic');
    await answerConfirm(page, 'Create user "Sara Conti"?', 'Create');
    await expect(page).toHaveURL(/\/team\/user\/list/);
    await list.filter(username);
    const row = list.row(username);
    await expect(row).toContainText('Sara Conti');
    await expect(row).toContainText('Milano Bike Hub');
    await expect(row).toContainText('Mechanic');

    // The new user can sign in with the password typed here.
    const login = await loginResponse(request, email, password);
    expect(login.status()).toBe(200);

    // Edit: the username is fixed; scope and roles change.
    await list.edit(username).click();
    await expect(page).toHaveURL(/\/team\/user\/edit\?id=/);
    await expect(page.getByRole('heading', { name: 'Edit user: Sara Conti' })).toBeVisible();
    // The fixed username is a bare input without a label association, hence the test id.
    await expect(page.getByTestId('user-username')).toHaveValue(username);
    await expect(page.getByTestId('user-username')).toBeDisabled();
    await form.field('Name').fill('Sara Conti Rossi');
    await form.fill({ scope: 'all', roles: ['Operations manager'] });
    await form.submit('Save');
    const save = confirmDialog(page, /Save changes to "Sara Conti Rossi"\?/);
    await expect(save).toBeVisible();
    await answerConfirm(page, 'Save changes to "Sara Conti Rossi"?', 'Confirm');
    await expect(page).toHaveURL(/\/team\/user\/list/);
    await list.filter(username);
    await expect(list.row(username)).toContainText('Sara Conti Rossi');
    await expect(list.row(username)).toContainText('All partners');
    await expect(list.row(username)).toContainText('Operations manager');

    // Delete, after the confirmation; the user can no longer sign in.
    await list.delete(username, 'Sara Conti Rossi');
    await expect(list.row(username)).toHaveCount(0);
    const refused = await loginResponse(request, email, password);
    expect(refused.status()).toBe(401);
  });

  test('a username already used is refused on its field', async ({ page }) => {
    const form = new UserFormPage(page);
    await page.goto('/team/user/new');
    await form.fill({ username: 'ops.manager', name: 'Someone Else', password: PASSWORD, scope: 'all' });
    await form.submit('Create');
    await answerConfirm(page, 'Create user "Someone Else"?', 'Create');
    await expect(page).toHaveURL('/team/user/new');
    await expect(form.errorOf('Username')).toContainText(/already/i);
  });
});

test.describe('password reset', () => {
  test.use({ signedInAs: 'owner' });

  test('shows a one-time password once; it replaces the old one', async ({ page, request, tokens }) => {
    const suffix = Date.now().toString(36);
    const username = `reset.${suffix}`;
    const email = `${username}@fleetdesk.local`;
    const api = new Api(request, await tokens('owner'));
    await api.createUser({
      username,
      name: 'Reset Me',
      email,
      password: 'old-pass-123',
      partnerScope: '*',
      roleIds: [],
    });

    const list = new UserListPage(page);
    await list.goto(`?search=${username}`);
    await page.getByRole('button', { name: `Reset password of ${username}` }).click();
    await answerConfirm(page, 'Reset the password of "Reset Me"?', 'Reset');

    const done = page.getByRole('dialog').filter({ hasText: 'New password for Reset Me' });
    await expect(done).toBeVisible();
    await expect(done).toContainText(`The one-time password was also sent to ${email}.`);
    const oneTime = await done.getByTestId('one-time-password').inputValue();
    expect(oneTime.length).toBeGreaterThanOrEqual(8);
    await done.getByRole('button', { name: 'Done' }).click();
    await expect(done).toHaveCount(0);

    const login = (password: string) => loginResponse(request, email, password);
    expect((await login('old-pass-123')).status()).toBe(401);
    expect((await login(oneTime)).status()).toBe(200);
  });
});

test.describe('team users, partner-scoped manager (Ji-woo, Seoul)', () => {
  test.use({ signedInAs: 'jiwoo' });

  test('lists only the staff of her partner', async ({ page }) => {
    const list = new UserListPage(page);
    await list.goto();
    await expect(list.row('manager.seoul')).toBeVisible();
    await expect(list.row('ops.manager')).toHaveCount(0);
    await expect(list.row('viewer.barcelona')).toHaveCount(0);
  });
});
