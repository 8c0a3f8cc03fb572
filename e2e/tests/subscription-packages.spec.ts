import { subscriptionEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, test, unique } from '../fixtures/test.ts';
import { answerConfirm } from '../pages/list.ts';
import { PackageFormPage, PackageListPage } from '../pages/subscription-packages.page.ts';

const at = (iso: string) => new Date(iso);

test.describe('subscription packages (B2B Subscription → Package)', () => {
  test.use({ signedInAs: 'owner' });

  test('create a package with two plans, find it in the list, rename a plan and delete the package', async ({
    page,
  }) => {
    const name = unique('Fleet plan');
    const form = new PackageFormPage(page);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/subscription/package/new');
    await form.choose(form.field('Partner'), 'Milano Bike Hub');
    await form.choose(form.field('Asset category'), 'City e-bike');
    await form.field('Name').fill(name);
    await form.field('Description').fill('Delivery fleets, billed monthly');

    // Until before Since is refused on the field as soon as it is typed.
    await form.fillPlan(1, {
      name: 'Monthly',
      basicFee: '120',
      usageFee: '1.5',
      upperLimit: '300',
      deductible: '20',
      since: at('2026-09-01T08:00:00Z'),
      until: at('2026-08-01T08:00:00Z'),
    });
    const first = form.planCard(1);
    await expect(first.getByText('Until must be later than Since')).toBeVisible();
    await form.fillPlan(1, {
      name: 'Monthly',
      basicFee: '120',
      usageFee: '1.5',
      upperLimit: '300',
      until: at('2027-09-01T08:00:00Z'),
    });
    await expect(first.getByText('Until must be later than Since')).toHaveCount(0);

    await form.form.getByRole('button', { name: /Add plan/ }).click();
    await form.fillPlan(2, {
      name: 'Weekly top-up',
      basicFee: '40',
      usageFee: '2',
      upperLimit: '80',
      durationQuantity: '2',
    });
    await form.field('Period unit of plan 2').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Weeks', { exact: true }).click();
    await form.planCard(2).getByRole('switch', { name: 'Plan 2 cannot be the first plan' }).click();
    await saveShot(page, 'package-form.en-US.1024.png', { fullPage: true });

    await form.form.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page).toHaveURL(/\/subscription\/package\/list/);
    const list = new PackageListPage(page);
    await list.goto(`?name=${encodeURIComponent(name)}`);
    const row = list.packageRow(name);
    await expect(row).toContainText('Milano Bike Hub');
    await expect(row).toContainText('City e-bike');
    await expect(row).toContainText('2Monthly');
    await expect(row).toContainText('Weekly top-up');
    await saveShot(page, 'package-list.en-US.1024.png', { fullPage: true });

    // Edit: rename the second plan; it keeps its place and the package its name.
    await row.getByRole('link', { name: `Edit package ${name}` }).click();
    await expect(page.getByRole('heading', { name: `Edit package: ${name}` })).toBeVisible();
    await expect(form.field('Partner')).toBeDisabled();
    await expect(form.field('Basic fee of plan 1')).toHaveValue('120.00');
    await form.field('Name of plan 2').fill('Fortnightly top-up');
    await form.form.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/subscription\/package\/list/);
    await list.goto(`?name=${encodeURIComponent(name)}`);
    await expect(list.packageRow(name)).toContainText('Fortnightly top-up');
    await expect(list.packageRow(name)).not.toContainText('Weekly top-up');

    await list
      .packageRow(name)
      .getByRole('button', { name: `Delete package ${name}` })
      .click();
    await answerConfirm(page, `Delete package "${name}"?`, 'Delete');
    await expect(list.packageRow(name)).toHaveCount(0);
    await expect(page.getByRole('main')).toContainText('No packages match these filters');
  });

  test('leaving a changed form asks first', async ({ page }) => {
    const form = new PackageFormPage(page);
    await page.goto('/subscription/package/new');
    await form.field('Name').fill('Half typed');
    await page.getByRole('main').getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to leave without saving?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/subscription\/package\/new/);
    await expect(form.field('Name')).toHaveValue('Half typed');
  });

  test('in Italian: the list at phone width and the edit form, translated', async ({ page, request, tokens }) => {
    const api = new Api(request, await tokens('owner'));
    const name = unique('Pacchetto');
    const plan = {
      name: 'Mensile',
      basicFee: 99,
      usageFee: 1,
      usageFeeUpperLimit: 150,
      initialAvailability: 5,
      deductible: 10,
      durationUnit: 'months' as const,
      durationQuantity: 1,
      validSince: '2026-01-01T00:00:00.000Z',
      validUntil: '2027-01-01T00:00:00.000Z',
      cannotBeFirstPlan: false,
    };
    const created = await api.call(subscriptionEndpoints.createPackage, {
      body: {
        name,
        description: '',
        partnerId: await api.partnerId('Milano Bike Hub'),
        categoryId: await api.categoryId('City e-bike'),
        plans: [plan],
      },
    });
    await inLocale(page, 'it-IT');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/subscription/package/list?name=${encodeURIComponent(name)}`);
    // At phone width the language switcher is an icon: the document's language says which one is in use.
    await expect(page.locator('html')).toHaveAttribute('lang', 'it-IT');
    await expect(page.getByRole('main').getByRole('button', { name: 'Nuovo pacchetto' })).toBeVisible();
    // A phone shows the list as cards: the package is found by its name, with its plan.
    await expect(page.getByRole('main').getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByText('Mensile', { exact: true })).toBeVisible();
    await saveShot(page, 'package-list.it-IT.390.png', { fullPage: true });

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`/subscription/package/${created.id}/edit`);
    await expect(page.getByRole('heading', { name: `Modifica pacchetto: ${name}` })).toBeVisible();
    await expectLocale(page, 'it-IT');
    const main = page.getByRole('main');
    await expect(main.getByText('Canone base', { exact: true })).toBeVisible();
    await expect(main.getByText("Tariffa d'uso per ora di corsa", { exact: true })).toBeVisible();
    await expect(main.getByText('Non può essere il primo piano', { exact: true })).toBeVisible();
    await saveShot(page, 'package-form.it-IT.1024.png', { fullPage: true });
  });
});
