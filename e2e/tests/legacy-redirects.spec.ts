import { expect, test } from '../fixtures/test.ts';
import { RoleFormPage, RoleListPage, UserListPage } from '../pages/team.page.ts';

test.describe('legacy redirects (document 1 §2.4)', () => {
  test.use({ signedInAs: 'owner' });

  test('/personnel/staff keeps its query string on the way to the team user list', async ({ page }) => {
    await page.goto('/personnel/staff?search=ops.manager');
    await expect(page).toHaveURL('/team/user/list?search=ops.manager');
    const list = new UserListPage(page);
    await expect(list.heading).toBeVisible();
    await expect(list.search).toHaveValue('ops.manager');
    await expect(list.row('ops.manager')).toBeVisible();
  });

  test('/personnel/role/:id/edit keeps the id and the query string', async ({ page }) => {
    const roles = new RoleListPage(page);
    // Found by its title: the list pages by update time, and the demo's roles and earlier tests' fill the first page.
    await roles.goto('?search=Operations%20manager');
    const href = await roles.edit('Operations manager').getAttribute('href');
    const id = /\/team\/role\/([^/]+)\/edit/.exec(href ?? '')?.[1];
    expect(id).toBeTruthy();

    await page.goto(`/personnel/role/${id}/edit?tab=2`);
    await expect(page).toHaveURL(`/team/role/${id}/edit?tab=2`);
    await expect(page.getByRole('heading', { name: 'Edit role: Operations manager' })).toBeVisible();
    await expect(new RoleFormPage(page).affectedNotice).toContainText('Elena Bianchi');
  });

  test('a legacy path never ends on the 404 page', async ({ page }) => {
    // The renting order list exists now: an unknown status in the old link is simply not applied.
    await page.goto('/order/list?status=1');
    await expect(page).toHaveURL(/\/renting\/order\/list\?status=1$/);
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toHaveCount(0);
    await expect(page.getByTestId('user-menu')).toBeVisible();
  });
});
