import { Api } from '../fixtures/api.ts';
import { PASSWORD, users } from '../fixtures/env.ts';
import { inLocale, saveShot } from '../fixtures/locale.ts';
import { linkIn, newestMailTo } from '../fixtures/mail.ts';
import { apiLogin, expect, test } from '../fixtures/test.ts';
import { LoginPage } from '../pages/login.page.ts';
import { Shell } from '../pages/shell.ts';

test.describe('forgot password', () => {
  test('a link by e-mail sets a new password; the old one stops working and the new one signs in', async ({
    page,
    request,
  }) => {
    const owner = new Api(request, await apiLogin(request, users.owner.email));
    const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const email = `forgetful.${suffix}@fleetdesk.local`;
    await owner.createUser({
      username: `forgetful.${suffix}`,
      name: 'Forgetful Staff',
      email,
      password: PASSWORD,
      partnerScope: '*',
      roleIds: [],
    });

    const login = new LoginPage(page);
    await login.goto();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByText('Check your inbox')).toBeVisible();
    await expect(page.getByText('If an account uses this e-mail, a link is on its way.')).toBeVisible();

    const mail = await newestMailTo(email, /^Reset your Fleetdesk password$/);
    const link = linkIn(mail.body);
    expect(link).toMatch(/\/auth\/reset-password\?token=[\w-]{43}$/);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    const password = page.getByLabel('New password');
    await password.fill('short');
    await page.getByLabel('Repeat the password').fill('different');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('The two passwords differ')).toBeVisible();

    const newPassword = `new-${suffix}-secret`;
    await password.fill(newPassword);
    await page.getByLabel('Repeat the password').fill(newPassword);
    await page.getByRole('button', { name: 'Save the password' }).click();
    await expect(page.getByText('Your password was changed')).toBeVisible();
    await saveShot(page, 'password-reset-done.png');

    // The link was used up: opening it again says so and offers a new one.
    await page.goto(link);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Repeat the password').fill(newPassword);
    await page.getByRole('button', { name: 'Save the password' }).click();
    await expect(page.getByText('This link is invalid or has expired')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

    await login.goto();
    await login.login(email, PASSWORD);
    await expect(login.error).toHaveText('Incorrect email / password');
    await login.login(email, newPassword);
    await new Shell(page).expectSignedInAs('Forgetful Staff');
  });

  test('Korean, at tablet width: the login links and the forgot-password page', async ({ page }) => {
    await inLocale(page, 'ko-KR');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/auth/login');
    await expect(page.getByText('12시간 대신 30일 동안 로그인 유지').first()).toBeVisible();
    await expect(page.getByRole('checkbox', { name: '로그인 상태 유지' }).first()).not.toBeChecked();
    await page.getByRole('link', { name: '비밀번호를 잊으셨나요?' }).click();
    await expect(page.getByRole('heading', { name: '비밀번호 찾기' })).toBeVisible();
    await expect(page.getByRole('button', { name: '링크 보내기' })).toBeVisible();
    await saveShot(page, 'forgot-password-ko.png');
  });
});
