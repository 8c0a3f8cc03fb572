import { LOCALE_KEY } from '../fixtures/env.ts';
import { expect, networkQuiet, test } from '../fixtures/test.ts';
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

test.describe('missing records', () => {
  test.use({ signedInAs: 'owner' });

  const unknown = '00000000-0000-4000-8000-000000000000';
  for (const { screen, path } of [
    { screen: 'partner edit', path: `/setting/general/partner/${unknown}/edit` },
    { screen: 'user edit', path: `/team/user/edit?id=${unknown}` },
    // The affected-staff query (/roles/:id/users) waits for the role, so a 404 is reported once, by the page.
    { screen: 'role edit', path: `/team/role/${unknown}/edit` },
  ]) {
    test(`${screen} of an unknown id says "The data do not exist!", without an error notification`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page.getByRole('main').getByText('The data do not exist!')).toBeVisible();
      await expect(page.getByRole('main').locator('form')).toHaveCount(0);
      // Every call has answered by now; notifications close by themselves, so look once instead of waiting.
      await networkQuiet(page);
      expect(await page.locator('.ant-notification-notice').count()).toBe(0);
    });
  }
});

test.describe('missing records, in Italian', () => {
  test.use({ signedInAs: 'owner' });

  test("the server's refusal is shown in the user's language", async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, 'it-IT'), LOCALE_KEY);
    await page.goto('/setting/general/partner/00000000-0000-4000-8000-000000000000/edit');
    // The API answers in English ("The data do not exist!"); the console knows the message.
    await expect(page.getByRole('main').getByText('I dati non esistono!')).toBeVisible();
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
