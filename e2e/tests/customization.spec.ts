import { expect, test } from '../fixtures/test.ts';
import { CustomizationPage } from '../pages/customization.page.ts';
import { answerConfirm } from '../pages/list.ts';

test.describe('customization (Settings → General → Customization)', () => {
  test.use({ signedInAs: 'owner' });

  test('make a customer field required, save, and find it still required after a reload', async ({ page }) => {
    const screen = new CustomizationPage(page);
    await screen.goto();
    await expect(screen.selectedMode('profile.email')).toHaveText('Optional');
    await expect(screen.fieldRow('fixed.phoneNo')).toContainText('Always required');

    await screen.setMode('profile.email', 'Required');
    await screen.setMode('profile.whatsApp', 'Disabled');
    await screen.customerInfo.getByRole('button', { name: 'Save' }).click();
    await answerConfirm(page, 'Save the customer information collection?', 'Save');
    await expect(page.getByText('Customer information collection saved')).toBeVisible();

    await page.reload();
    await expect(screen.selectedMode('profile.email')).toHaveText('Required');
    await expect(screen.selectedMode('profile.whatsApp')).toHaveText('Disabled');
  });

  test('refuses a back image asked more strictly than the front image', async ({ page }) => {
    const screen = new CustomizationPage(page);
    await screen.goto();
    // Both required: fine. Then the front image becomes optional, and the back image may no longer be required.
    await screen.setMode('identity.backImage', 'Required');
    await expect(screen.fieldRow('identity.backImage').getByRole('alert')).toHaveCount(0);
    await screen.setMode('identity.frontImage', 'Optional');
    await expect(screen.fieldRow('identity.backImage').getByRole('alert')).toHaveText(
      'Back image cannot be required while Front image is optional',
    );
    await expect(screen.customerInfo.getByRole('button', { name: 'Save' })).toBeDisabled();
    await screen.customerInfo.getByRole('button', { name: 'Discard changes' }).click();
    await expect(screen.selectedMode('identity.backImage')).toHaveText('Optional');
    await expect(screen.selectedMode('identity.frontImage')).toHaveText('Required');
  });

  test('refuses a console limit out of range with its message, then saves one in range', async ({ page }) => {
    const screen = new CustomizationPage(page);
    await screen.goto();
    await expect(screen.limit('Bulk actions up to')).toHaveValue('100');
    await screen.limit('Bulk actions up to').fill('150');
    await screen.limits.getByRole('button', { name: 'Save' }).click();
    await expect(screen.limitError('Bulk actions up to')).toHaveText('Must be a whole number from 1 to 100');

    await screen.limit('Bulk actions up to').fill('40');
    await screen.limit('Verification code resend countdown').fill('120');
    await screen.limits.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Console limits saved')).toBeVisible();
    await page.reload();
    await expect(screen.limit('Bulk actions up to')).toHaveValue('40');
    await expect(screen.limit('Verification code resend countdown')).toHaveValue('120');
  });
});
