import { linkIn, newestMailTo } from '../fixtures/mail.ts';
import { expect, test } from '../fixtures/test.ts';
import { pickOptions } from '../pages/list.ts';
import { LoginPage } from '../pages/login.page.ts';
import { Shell } from '../pages/shell.ts';

test.use({ signedInAs: 'owner' });

test('register → the owner approves in Team → the invitation link sets a password → the new staff signs in', async ({
  page,
  browser,
}) => {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const name = `Marta Vidal ${suffix}`;
  const email = `marta.${suffix}@example.org`;

  // The visitor, signed out, in a browser of their own.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await new LoginPage(visitor).goto();
  await visitor.getByRole('link', { name: 'Request access' }).click();
  await expect(visitor.getByRole('heading', { name: 'Request access' })).toBeVisible();
  const form = visitor.locator('form#register');
  await form.getByLabel('Your name').fill(name);
  await form.getByLabel('Work e-mail').fill(email);
  await form.getByLabel('Company').fill('Milano Bike Hub');
  await form.getByLabel('Message to the team (optional)').fill('I run the Navigli depot.');
  await form.getByRole('button', { name: 'Send the request' }).click();
  await expect(visitor.getByText('Request sent')).toBeVisible();

  // The owner finds it under Team → Access requests and approves it into Milano with the Mechanic role.
  await page.goto(`/team/access-request/list?search=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { name: 'Access requests', level: 4 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Milano Bike Hub');
  await expect(row).toContainText('I run the Navigli depot.');
  await expect(row).toContainText('Pending');
  await page.getByRole('button', { name: `Approve the request of ${name}` }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: `Approve access for ${name}` });
  await expect(dialog.getByRole('textbox', { name: /Username/ })).toHaveValue(email);
  await dialog.getByRole('radio', { name: 'Selected partners' }).check();
  await pickOptions(page, dialog.getByRole('combobox', { name: /Partners/ }), ['Milano Bike Hub']);
  await pickOptions(page, dialog.getByRole('combobox', { name: 'Roles' }), ['Mechanic']);
  await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Approved');
  await expect(row).toContainText(`Account Owner · ${email}`);
  await expect(page.getByRole('button', { name: `Approve the request of ${name}` })).toHaveCount(0);

  // The invitation e-mail's link sets the password; the new staff member signs in with it.
  const mail = await newestMailTo(email, /^Your Fleetdesk access was approved$/);
  const link = linkIn(mail.body);
  expect(link).toMatch(/\/auth\/set-password\?token=/);
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  const password = `marta-${suffix}-pass`;
  await visitor.getByLabel('New password').fill(password);
  await visitor.getByLabel('Repeat the password').fill(password);
  await visitor.getByRole('button', { name: 'Set the password' }).click();
  await expect(visitor.getByText('Your password is set')).toBeVisible();
  await visitor.getByRole('button', { name: 'Login' }).click();
  await new LoginPage(visitor).login(email, password);
  await new Shell(visitor).expectSignedInAs(name);
  await visitorContext.close();
});
