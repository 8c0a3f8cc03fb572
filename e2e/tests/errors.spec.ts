import { expect, test } from '../fixtures/test.ts';
import { Shell } from '../pages/shell.ts';

test.describe('not-found page', () => {
  test.use({ signedInAs: 'owner' });

  test('an unknown path shows the 404 text and Back Home goes to the root', async ({ page }) => {
    await page.goto('/no/such/page?x=1');
    const shell = new Shell(page);
    await expect(shell.page.getByText('404', { exact: true })).toBeVisible();
    await expect(shell.notFound()).toBeVisible();

    await page.getByRole('button', { name: 'Back Home' }).click();
    // The root sends a signed-in user on to their first menu page.
    await expect(page).not.toHaveURL(/\/no\/such\/page/);
    await expect(shell.userMenu).toBeVisible();
    await expect(shell.notFound()).toHaveCount(0);
  });
});

test.describe('not-found page, signed out', () => {
  test('is shown without signing in, and Back Home leads to login', async ({ page }) => {
    await page.goto('/definitely-missing');
    await expect(page.getByText('Sorry, the page you visited does not exist.')).toBeVisible();
    await page.getByRole('button', { name: 'Back Home' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});
