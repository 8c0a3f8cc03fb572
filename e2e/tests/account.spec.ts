import { expect, test, unique } from '../fixtures/test.ts';
import { FormPageObject } from '../pages/partners.page.ts';

/** A valid 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('account settings', () => {
  test.use({ signedInAs: 'owner' });

  test('the name is saved and a PNG logo replaces the placeholder; a fake image is refused', async ({ page }) => {
    const name = unique('Fleetdesk Mobility');
    const form = new FormPageObject(page);
    await page.goto('/setting/general');
    await page.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL('/setting/general/account');
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();

    await page.getByTestId('account-name').fill(name);
    await form.submit('Save');
    await expect(page.getByText('Account settings saved')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('account-name')).toHaveValue(name);

    // Judged by content: a text file named and typed as PNG is refused by the server.
    const input = page.locator('input[type="file"]');
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await expect(page.getByRole('alert').filter({ hasText: 'Only JPEG or PNG images are accepted' })).toBeVisible();
    await expect(page.getByTestId('account-logo').locator('img')).toHaveCount(0);

    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText('Logo updated')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Only JPEG or PNG' })).toHaveCount(0);
    await expect(page.getByTestId('account-logo').locator('img')).toBeVisible();
    await expect(page.getByRole('button', { name: /Replace logo/ })).toBeVisible();
  });
});

test.describe('account settings, read-only', () => {
  test.use({ signedInAs: 'elena' });

  test('without config.write the settings are shown, not editable', async ({ page }) => {
    await page.goto('/setting/general/account');
    await expect(
      page.getByText('You can view these settings; changing them needs the config write permission.'),
    ).toBeVisible();
    await expect(page.getByTestId('account-name')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Upload logo|Replace logo/ })).toHaveCount(0);
    await expect(page.getByTestId('account-security')).toContainText('ops.manager');
  });
});
