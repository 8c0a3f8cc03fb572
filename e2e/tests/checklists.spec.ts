import { checklistEndpoints, workItemEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { users } from '../fixtures/env.ts';
import { inLocale, saveShot } from '../fixtures/locale.ts';
import { apiLogin, expect, test, unique } from '../fixtures/test.ts';
import { ChecklistFormPage, ChecklistListPage } from '../pages/checklists.page.ts';

test.describe('checklists (Checklist → Management)', () => {
  test.use({ signedInAs: 'owner' });

  test('create with groups reordered by drag, keyboard and arrows; the detail shows them in order', async ({
    page,
    request,
  }) => {
    // Three parts, five dialogs and three kinds of reordering: on two busy cores this takes most of a minute.
    test.slow();
    const api = new Api(request, await apiLogin(request, users.owner.email));
    const partnerId = await api.partnerId('Milano Bike Hub');
    const item = (name: string, price: number | null) =>
      api.call(workItemEndpoints.create, {
        body: {
          partnerId,
          name: unique(name),
          resultMode: 'single',
          options: [{ type: 'labour', name: 'Check', costAmount: 1, ...(price === null ? {} : { price }) }],
        },
      });
    const [brakes, tyres, lights] = [await item('Brakes', 10), await item('Tyres', null), await item('Lights', 0)];
    const name = unique('Spring service');
    const form = new ChecklistFormPage(page);

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/checklist/management/new');
    // Part 1: checked with the contract before going on.
    await form.button('Next').click();
    await expect(form.main).toContainText('Please correct the highlighted fields');
    await form.choose(form.field('Partner'), 'Milano Bike Hub');
    await form.field('Name').fill(name);
    await form.field('Asset categories').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('City e-bike', { exact: true }).click();
    await form.field('Asset categories').press('Escape');
    await form.field('Basic cost').fill('15');
    await form.choose(form.field('Asset lifecycle after the record'), 'Ready');
    await form.button('Next').click();

    // Part 2: three groups, then reordered.
    await form.addGroup({ name: 'Front', items: [brakes.name] });
    await form.addGroup({ name: 'Wheels', items: [tyres.name], optional: true });
    await form.addGroup({ name: 'Lights', items: [lights.name] });
    expect(await form.groupNames()).toEqual(['Front', 'Wheels', 'Lights']);
    await expect(form.groups.locator('[data-group-name="Wheels"]')).toContainText('Optional');

    await form.drag('Lights', 'Front');
    await expect.poll(() => form.groupNames()).toEqual(['Lights', 'Front', 'Wheels']);

    // The keyboard: focus the handle, Space picks it up, the arrow moves it, Space drops it.
    await form.keyboardMove('Wheels', 'ArrowUp', 2);
    await expect.poll(() => form.groupNames()).toEqual(['Lights', 'Wheels', 'Front']);

    // The buttons for tablets.
    await form.groups.getByRole('button', { name: 'Move Front up' }).click();
    await expect.poll(() => form.groupNames()).toEqual(['Lights', 'Front', 'Wheels']);
    await saveShot(page, 'checklist-groups.en-US.1024.png', { fullPage: true });

    // Part 3: the review, then save.
    await form.button('Next').click();
    const review = page.getByTestId('checklist-review');
    await expect(review).toContainText('City e-bike');
    await expect(review.getByRole('listitem')).toHaveText([/^Lights/, /^Front/, /^Wheels/]);
    await saveShot(page, 'checklist-review.en-US.1024.png', { fullPage: true });
    await form.button('Create checklist').click();

    await expect(page).toHaveURL(/\/checklist\/management\/detail\//);
    const groups = page.getByTestId('detail-group');
    await expect(groups).toHaveCount(3);
    await expect(groups.nth(0)).toContainText('Lights');
    await expect(groups.nth(1)).toContainText('Front');
    await expect(groups.nth(2)).toContainText('Wheels');
    await expect(groups.nth(2)).toContainText('Optional');
    await expect(page.getByRole('main')).toContainText('15.00');
    // An item's options: a blank price reads Not charged, 0 is charged.
    await groups.nth(2).getByText(tyres.name).click();
    await expect(groups.nth(2)).toContainText('Not charged');
    await saveShot(page, 'checklist-detail.en-US.1024.png', { fullPage: true });
  });

  test('an edit moves a group by drag and saves its position; the list counts groups and items', async ({
    page,
    request,
  }) => {
    const api = new Api(request, await apiLogin(request, users.owner.email));
    const partnerId = await api.partnerId('Milano Bike Hub');
    const categoryId = await api.categoryId('City e-bike');
    const chain = await api.call(workItemEndpoints.create, {
      body: { partnerId, name: unique('Chain'), resultMode: 'single', options: [] },
    });
    const group = (name: string) => ({
      name,
      isRequired: true,
      isAllWorkItemsRequired: false,
      workItemIdList: [chain.id],
    });
    const checklist = await api.call(checklistEndpoints.create, {
      body: {
        partnerId,
        name: unique('Drive'),
        assetCategoryScope: [categoryId],
        basicCostAmount: 5,
        workItemGroups: [group('Lights'), group('Front'), group('Wheels')],
      },
    });
    const form = new ChecklistFormPage(page);
    await page.goto(`/checklist/management/detail/${checklist.id}`);
    await page.getByRole('main').getByRole('button', { name: /Edit$/ }).click();
    await expect(page).toHaveURL(/\/edit$/);
    await form.button('Next').click();
    await form.drag('Wheels', 'Lights');
    await expect.poll(() => form.groupNames()).toEqual(['Wheels', 'Lights', 'Front']);
    await form.button('Next').click();
    await form.button('Save').click();
    await expect(page).toHaveURL(/\/checklist\/management\/detail\//);
    const groups = page.getByTestId('detail-group');
    await expect(groups.nth(0)).toContainText('Wheels');
    await expect(groups.nth(1)).toContainText('Lights');
    await expect(groups.nth(2)).toContainText('Front');

    const list = new ChecklistListPage(page);
    await list.goto(`?name=${encodeURIComponent(checklist.name)}`);
    await expect(list.checklistRow(checklist.name)).toContainText('3 groups · 3 work items');
  });

  test('Italian labels on the list and the form; desktop screenshots', async ({ page }) => {
    await inLocale(page, 'it-IT');
    const list = new ChecklistListPage(page);
    await list.goto();
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: /Nuova checklist/ })).toBeVisible();
    await expect(main.getByText('Archiviate', { exact: true })).toBeVisible();
    await expect(main.getByRole('columnheader', { name: /^Nome/ })).toBeVisible();
    await expect(main.getByRole('row').nth(1)).toBeVisible();
    await saveShot(page, 'checklist-list.it-IT.desktop.png', { fullPage: true });
    await page.goto('/checklist/management/new');
    await expect(main.getByText('Categorie di veicolo', { exact: true })).toBeVisible();
    await expect(main.getByText('Riepilogo', { exact: true })).toBeVisible();
    await saveShot(page, 'checklist-form.it-IT.desktop.png', { fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });
    // The tablet width keeps the three steps and the form's fields in Italian.
    await expect(main.getByText('Gruppi', { exact: true })).toBeVisible();
    await expect(main.getByText('Categorie di veicolo', { exact: true })).toBeVisible();
    await saveShot(page, 'checklist-form.it-IT.1024.png', { fullPage: true });
  });
});
