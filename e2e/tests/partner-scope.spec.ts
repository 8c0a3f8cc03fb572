import { Api } from '../fixtures/api.ts';
import { users } from '../fixtures/env.ts';
import { saveShot } from '../fixtures/locale.ts';
import { apiLogin, expect, pageWithRole, test } from '../fixtures/test.ts';
import { CategoryListPage } from '../pages/categories.page.ts';
import { InvoicingSettingsPage } from '../pages/invoicing.page.ts';
import { RoleListPage } from '../pages/team.page.ts';

/**
 * Issue 20: a staff member scoped to one partner who holds the write permissions of account-wide objects is not
 * offered the changes the server refuses them (categories, the invoicing switch, a role held outside their scope).
 * One sign-in for the file; the refusals themselves are tested on the API.
 */
test.describe('a partner-scoped manager holding account-wide write permissions', () => {
  test('sees account-wide objects without the controls that would change them', async ({ browser, request }) => {
    const admin = new Api(request, await apiLogin(request, users.owner.email));
    const milano = await admin.partnerId('Milano Bike Hub');
    const page = await pageWithRole(
      browser,
      request,
      {
        title: 'Milano catalogue editor',
        permissions: [
          'config.read',
          'config.write',
          'asset_category.read',
          'asset_category.create',
          'asset_category.update',
          'role.read',
          'role.update',
          'role.delete',
        ],
      },
      [milano],
    );
    try {
      // Invoicing is one switch for every partner: no enable or disable button, and the reason in words.
      const invoicing = new InvoicingSettingsPage(page);
      await invoicing.goto();
      await expect(invoicing.state).toBeVisible();
      await expect(invoicing.enableButton).toHaveCount(0);
      await expect(invoicing.disableButton).toHaveCount(0);
      await expect(page.getByTestId('invoicing-read-only')).toHaveText(
        'Invoicing is switched for every partner at once: changing it needs a partner scope of all partners.',
      );
      await saveShot(page, 'partner-scope-invoicing.png');

      // Categories reach every partner's assets: listed, but no "New category".
      const categories = new CategoryListPage(page);
      await categories.goto();
      await expect(categories.rows().first()).toBeVisible();
      await expect(categories.newButton).toHaveCount(0);

      // "Operations manager" is held by Elena (every partner) and Ji-woo (Seoul): its edit is disabled, and says why.
      const roles = new RoleListPage(page);
      await roles.goto();
      await roles.filter('Operations manager');
      const edit = roles.row('Operations manager').getByRole('button', { name: 'Edit role Operations manager' });
      await expect(edit).toBeDisabled();
      // Hovered again until the tooltip shows: a hover while the filtered table re-renders lands on the old row.
      await expect(async () => {
        await edit.hover({ force: true });
        await expect(page.getByRole('tooltip')).toContainText('Also held by 2 staff outside your partner scope', {
          timeout: 2_000,
        });
      }).toPass({ timeout: 15_000 });
      await saveShot(page, 'partner-scope-roles.png');
    } finally {
      await page.context().close();
    }
  });
});
