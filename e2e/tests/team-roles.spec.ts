import { expect, test, unique } from '../fixtures/test.ts';
import { answerConfirm, confirmDialog } from '../pages/list.ts';
import { RoleFormPage, RoleListPage } from '../pages/team.page.ts';

test.describe('team roles', () => {
  test.use({ signedInAs: 'owner' });

  test('editing "Operations manager" lists the staff it affects before saving', async ({ page }) => {
    const list = new RoleListPage(page);
    const form = new RoleFormPage(page);
    await list.goto();
    // Searched, not read off the first page: other specs add roles of their own, newest first.
    await list.filter('Operations manager');
    // Title, Permissions, Staff: Elena and Ji-woo hold it.
    await expect(list.row('Operations manager').getByRole('cell').nth(2)).toHaveText('2');
    await list.edit('Operations manager').click();
    await expect(page).toHaveURL(/\/team\/role\/[^/]+\/edit$/);
    await expect(page.getByRole('heading', { name: 'Edit role: Operations manager' })).toBeVisible();

    // Named up front…
    await expect(form.affectedNotice).toContainText('Staff holding this role: 2');
    await expect(form.affectedNotice).toContainText('Elena Bianchi');
    await expect(form.affectedNotice).toContainText('Park Ji-woo');

    // …and again in the confirmation of a change. Cancelling keeps the form as edited.
    const box = form.permission('Asset', 'Delete');
    await expect(box).not.toBeChecked();
    await box.check();
    await form.submit('Save');
    const confirm = confirmDialog(page, 'This change applies to these 2 staff on their next request');
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText('Elena Bianchi');
    await expect(confirm).toContainText('Park Ji-woo');
    await expect(confirm).not.toContainText('Laura Garcia');
    await answerConfirm(page, 'This change applies to these 2 staff on their next request', 'Cancel');
    await expect(page).toHaveURL(/\/team\/role\/[^/]+\/edit$/);
    await expect(box).toBeChecked();

    // Leaving now asks; the demo role stays as it was.
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await answerConfirm(page, 'Are you sure you want to leave without saving?', 'Leave');
    await expect(page).toHaveURL(/\/team\/role\/list/);
  });

  test('create → edit → delete a role', async ({ page }) => {
    const title = unique('E2E dispatcher');
    const list = new RoleListPage(page);
    const form = new RoleFormPage(page);
    await list.goto();
    await list.newButton.click();
    await expect(page).toHaveURL('/team/role/new');
    await form.field('Title').fill(title);
    await form.permission('Asset', 'View').check();
    await form.submit('Create');
    await answerConfirm(page, `Create role "${title}"?`, 'Confirm');
    await expect(page).toHaveURL(/\/team\/role\/list/);
    await list.filter(title);
    await expect(list.row(title)).toBeVisible();

    // Nobody holds it: the save goes straight through.
    await list.edit(title).click();
    await expect(form.affectedNotice).toContainText('No staff hold this role yet.');
    await expect(form.permission('Asset', 'View')).toBeChecked();
    await form.permission('Asset', 'Update').check();
    await form.submit('Save');
    await expect(page).toHaveURL(/\/team\/role\/list/);
    await list.filter(title);
    await expect(list.row(title)).toBeVisible();

    await list.edit(title).click();
    await expect(form.permission('Asset', 'Update')).toBeChecked();
    await page.getByRole('button', { name: `Delete role ${title}` }).click();
    const remove = confirmDialog(page, `Delete role "${title}"?`);
    await expect(remove).toContainText('No staff hold this role.');
    await answerConfirm(page, `Delete role "${title}"?`, 'Delete');
    await expect(page).toHaveURL(/\/team\/role\/list/);
    await list.filter(title);
    await expect(list.row(title)).toHaveCount(0);
  });
});
