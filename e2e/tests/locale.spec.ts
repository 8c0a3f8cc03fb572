import { LOCALE_KEY } from '../fixtures/env.ts';
import { expect, test } from '../fixtures/test.ts';
import { LoginPage } from '../pages/login.page.ts';
import { Shell } from '../pages/shell.ts';

test.describe('locale', () => {
  test.describe('signed in', () => {
    test.use({ signedInAs: 'elena' });

    test('switching to Italiano changes the labels and survives a reload', async ({ page }) => {
      const shell = new Shell(page);
      await page.goto('/setting/general');
      await shell.openGroup('Settings');
      await expect(shell.menuLink('General')).toBeVisible();
      await expect(shell.localeSwitcher).toHaveText('English');

      await shell.chooseLocale('Italiano');
      await expect(shell.localeSwitcher).toHaveText('Italiano');
      await expect(shell.menuItem('Impostazioni')).toBeVisible();
      await expect(shell.menuLink('Generali')).toBeVisible();
      await expect(shell.menuLink('General')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');
      expect(await page.evaluate((key) => localStorage.getItem(key), LOCALE_KEY)).toBe('it-IT');

      await page.reload();
      await expect(shell.localeSwitcher).toHaveText('Italiano');
      await expect(shell.menuLink('Generali')).toBeVisible();
      await shell.userMenu.click();
      await expect(page.getByRole('menuitem', { name: /Esci$/ })).toBeVisible();
      await page.keyboard.press('Escape');

      // And back.
      await shell.chooseLocale('English');
      await expect(shell.menuLink('General')).toBeVisible();
      expect(await page.evaluate((key) => localStorage.getItem(key), LOCALE_KEY)).toBe('en-US');
    });
  });

  test('the login page offers the switch too', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await page.getByTestId('locale-switcher').click();
    await page.getByRole('menuitem', { name: 'Italiano', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
  });
});
