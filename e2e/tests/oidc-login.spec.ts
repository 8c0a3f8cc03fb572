import { bindingEndpoints, roleEndpoints, userEndpoints } from '@fleetdesk/contracts';
import type { TestProvider } from '../../apps/server/test/oidc-provider.ts';
import { Api } from '../fixtures/api.ts';
import { OIDC_ISSUER, OIDC_NAME, PASSWORD, TOKEN_KEY, users } from '../fixtures/env.ts';
import { inLocale, saveShot } from '../fixtures/locale.ts';
import { newestMailTo } from '../fixtures/mail.ts';
import { startE2eProvider } from '../fixtures/oidc-provider.ts';
import { apiLogin, expect, test } from '../fixtures/test.ts';
import { LoginPage } from '../pages/login.page.ts';
import { Shell } from '../pages/shell.ts';

/**
 * Third-party sign-in against a real OpenID Connect provider (oidc-provider, started here on its own port; the
 * e2e server is configured with it), and the Binding part of account settings.
 */
test.describe('third-party sign-in and binding', () => {
  let op: TestProvider;
  test.beforeAll(async () => {
    op = await startE2eProvider();
  });
  test.afterAll(async () => {
    await op?.close();
  });

  /** The provider's development login form: the login typed is the account (its e-mail), any password. */
  async function signInAtProvider(page: import('@playwright/test').Page, login: string) {
    await expect(page).toHaveURL((url) => url.origin === OIDC_ISSUER);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
  }

  test('an invited staff member signs in with the provider; an e-mail without an account is refused', async ({
    page,
    context,
  }) => {
    const login = new LoginPage(page);
    await login.goto();
    const button = page.getByRole('button', { name: `Sign in with ${OIDC_NAME}` });
    await button.click();
    await signInAtProvider(page, 'stranger@elsewhere.test');
    await expect(page).toHaveURL('/auth/login?error=OidcNoAccount');
    await expect(page.getByRole('alert')).toHaveText(
      'No Fleetdesk account uses this e-mail. Ask an owner to invite you first.',
    );
    await expect(login.email).toBeVisible();
    await saveShot(page, 'oidc-refused.png');

    // Forget the provider's session, then come back as Luca, whose e-mail an owner invited.
    await context.clearCookies();
    await button.click();
    await signInAtProvider(page, users.luca.email);
    const shell = new Shell(page);
    await expect(shell.userMenu).toBeVisible();
    await expect(shell.userMenu).toHaveAccessibleName(users.luca.name);
    expect(new URL(page.url()).pathname.startsWith('/auth')).toBe(false);
    // Only the session token is kept; the one-time code is gone from the address and the history.
    expect(await page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY)).toMatch(/^[\w-]{40,}$/);
    expect(page.url()).not.toContain('code=');
  });

  test.describe('binding', () => {
    test('changes the sign-in e-mail with the code mailed to the new address, then links and unlinks the provider', async ({
      page,
      request,
    }) => {
      const owner = new Api(request, await apiLogin(request, users.owner.email));
      const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
      const email = `binding.${suffix}@fleetdesk.local`;
      const newEmail = `binding.new.${suffix}@fleetdesk.local`;
      // Account settings need config.read; nothing else is asked of this staff member.
      const reader = await owner.call(roleEndpoints.create, {
        body: { title: `Settings reader ${suffix}`, permissions: ['config.read'] },
      });
      await owner.call(userEndpoints.create, {
        body: {
          username: `binding.${suffix}`,
          name: 'Binding Staff',
          email,
          password: PASSWORD,
          partnerScope: '*',
          roleIds: [reader.id],
        },
      });
      const token = await apiLogin(request, email);
      await inLocale(page, 'it-IT');
      await page.addInitScript(
        ([key, value]) => localStorage.setItem(key as string, value as string),
        [TOKEN_KEY, token],
      );
      await page.setViewportSize({ width: 1024, height: 860 });

      await page.goto('/setting/general/account');
      const binding = page.getByTestId('account-binding');
      await expect(binding.getByText('E-mail di accesso')).toBeVisible();
      await expect(binding.getByTestId('binding-email')).toHaveText(email);
      await expect(binding.getByText('Non collegato')).toBeVisible();

      await binding.getByTestId('binding-change-email').click();
      const dialog = page.getByRole('dialog', { name: "Modifica l'e-mail di accesso" });
      await dialog.getByLabel('Nuova e-mail').fill(newEmail);
      await dialog.getByLabel('Password attuale').fill('not my password');
      await dialog.getByRole('button', { name: 'Invia codice' }).click();
      await expect(dialog.getByText('La password attuale non è corretta')).toBeVisible();
      await dialog.getByLabel('Password attuale').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Invia codice' }).click();
      await expect(dialog.getByText(`Un codice di 6 cifre è stato inviato a ${newEmail}`)).toBeVisible();
      await expect(dialog.getByRole('button', { name: /Reinvia tra \d+ s/ })).toBeDisabled();
      await saveShot(page, 'binding-code-sent-it.png');

      const mail = await newestMailTo(newEmail, /^Your Fleetdesk verification code$/);
      const code = /\b(\d{6})\b/.exec(mail.body)?.[1] as string;
      await dialog.getByLabel('Codice di verifica').fill(code);
      await dialog.getByRole('button', { name: 'Conferma' }).click();
      await expect(page.getByText('E-mail di accesso modificata')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(binding.getByTestId('binding-email')).toHaveText(newEmail);
      await expect(page.getByTestId('account-security')).toContainText(newEmail);
      const changed = await newestMailTo(email, /^Your Fleetdesk sign-in e-mail was changed$/);
      expect(changed.body).toContain(newEmail);

      // Link: to the provider as any account of one's own, and back to account settings.
      await binding.getByRole('button', { name: `Collega ${OIDC_NAME}` }).click();
      await signInAtProvider(page, `private.${suffix}@mail.test`);
      await expect(page).toHaveURL('/setting/general/account');
      await expect(page.getByText('Accesso di terze parti collegato')).toBeVisible();
      await expect(binding.getByTestId('binding-oidc')).toContainText(`private.${suffix}@mail.test`);
      await expect(binding.getByText('Collegato', { exact: true })).toBeVisible();
      await saveShot(page, 'binding-linked-it-1024.png', { fullPage: true });

      await binding.getByRole('button', { name: 'Scollega' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Scollega' }).click();
      await expect(page.getByText('Accesso di terze parti scollegato')).toBeVisible();
      await expect(binding.getByText('Non collegato')).toBeVisible();
      const me = new Api(request, token);
      expect(await me.call(bindingEndpoints.identities)).toEqual([]);
    });
  });
});
