import { expect, test, unique } from '../fixtures/test.ts';
import { answerConfirm } from '../pages/list.ts';
import { PartnerFormPage, PartnerListPage } from '../pages/partners.page.ts';
import { Shell } from '../pages/shell.ts';

test.describe('partners (Settings → General → Partners)', () => {
  test.use({ signedInAs: 'owner' });

  test('create → edit → delete a partner', async ({ page }) => {
    const name = unique('Torino Scooters');
    const shell = new Shell(page);
    const list = new PartnerListPage(page);
    const form = new PartnerFormPage(page);

    // Through the menu and the General landing card.
    await shell.gotoHome();
    await shell.openGroup('Settings');
    await shell.menuLink('General').click();
    await expect(page).toHaveURL('/setting/general');
    await page.getByRole('link', { name: 'Partners' }).click();
    await expect(list.heading).toBeVisible();
    await expect(list.row('Milano Bike Hub')).toBeVisible();

    // Create: the add confirms first.
    await list.newButton.click();
    await expect(page).toHaveURL('/setting/general/partner/new');
    await expect(page.getByRole('heading', { name: 'New Partner' })).toBeVisible();
    await form.fill({
      name,
      email: 'ciao@torinoscooters.it',
      line1: 'Via Roma 1',
      city: 'Torino',
      zip: '10121',
      country: 'it',
      contactName: 'Marco Verdi',
      contactPhone: '+390111234567',
    });
    await expect(form.field('Country')).toHaveValue('IT');
    await form.submit('Create');
    const confirm = page.getByRole('dialog').filter({ hasText: `Create partner "${name}"?` });
    await expect(confirm).toBeVisible();
    await answerConfirm(page, `Create partner "${name}"?`, 'Confirm');

    await expect(page).toHaveURL(/\/setting\/general\/partner\/list/);
    await list.filter('Torino');
    await expect(list.row(name)).toBeVisible();
    await expect(list.row(name)).toContainText('Torino');
    await expect(list.row(name)).toContainText('Marco Verdi · +390111234567');

    // Edit: the name links to the edit page, which loads the saved values.
    await list.row(name).getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(/\/setting\/general\/partner\/[^/]+\/edit$/);
    await expect(page.getByRole('heading', { name: `Edit partner: ${name}` })).toBeVisible();
    await expect(form.field('Email')).toHaveValue('ciao@torinoscooters.it');
    await expect(form.field('ZIP code')).toHaveValue('10121');
    await form.fill({ city: 'Moncalieri', zip: '10024' });
    await form.submit('Save');
    await expect(page).toHaveURL(/\/setting\/general\/partner\/list/);
    await list.filter(name);
    await expect(list.row(name)).toContainText('Moncalieri');

    // Delete from the row, after the confirmation.
    await list.delete(name);
    await expect(list.row(name)).toHaveCount(0);
    await expect(page.getByText('No data').first()).toBeVisible();
  });

  test('a partner with staff, sites and assets is not deleted: the dialog names what is left, once', async ({
    page,
  }) => {
    const list = new PartnerListPage(page);
    await list.goto();
    await list.delete('Milano Bike Hub');
    // The dialog is named by its title (antd keeps an accessible copy of it for the name).
    const dialog = page.getByRole('dialog', { name: 'Partner "Milano Bike Hub" cannot be deleted yet' });
    await expect(dialog).toBeVisible();
    // Other specs may add staff to Milano; the count is theirs, the naming is what this test is about.
    await expect(dialog.getByText(/These users still belong to the partner \(\d+\)/)).toBeVisible();
    await expect(dialog.getByText('Luca Ferrari')).toBeVisible();
    await expect(dialog.getByText(/These sites still belong to the partner/)).toBeVisible();
    await expect(dialog.getByText(/assets still belong to the partner/)).toBeVisible();
    // The server's own sentence is not repeated above the lists.
    await expect(dialog.getByText(/staff member\(s\)/)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(list.row('Milano Bike Hub')).toBeVisible();
  });

  test('the form checks the contract rules before sending', async ({ page }) => {
    const form = new PartnerFormPage(page);
    await page.goto('/setting/general/partner/new');
    await form.fill({ name: '   ', email: 'not-an-email' });
    await form.submit('Create');
    await expect(form.field('Company name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.errorOf('Company name').first()).toContainText('Must not be only whitespace');
    await expect(form.field('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.errorOf('Email')).toHaveText('Incorrect email format!');
    // Nothing was asked nor sent.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL('/setting/general/partner/new');
  });

  test('leaving a dirty form asks first', async ({ page }) => {
    const form = new PartnerFormPage(page);
    await page.goto('/setting/general/partner/new');
    await form.fill({ name: 'Half typed' });
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await answerConfirm(page, 'Are you sure you want to leave without saving?', 'Stay');
    await expect(page).toHaveURL('/setting/general/partner/new');
    await expect(form.field('Company name')).toHaveValue('Half typed');

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await answerConfirm(page, 'Are you sure you want to leave without saving?', 'Leave');
    await expect(page).toHaveURL(/\/setting\/general\/partner\/list/);
  });
});
