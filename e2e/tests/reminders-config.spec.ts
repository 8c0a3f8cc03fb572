import { assetQueryEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { users } from '../fixtures/env.ts';
import { inLocale, saveShot } from '../fixtures/locale.ts';
import { apiLogin, expect, test, unique } from '../fixtures/test.ts';
import { confirmDialog } from '../pages/list.ts';
import { RemindersPage } from '../pages/reminders.page.ts';

const PARTNER = 'Milano Bike Hub';
const CATEGORY = 'City e-bike';

test.describe('reminders: timers, reset rules, asset-timer groups', () => {
  test.use({ signedInAs: 'owner' });

  test('a reset rule and a distance timer made in the form, a group of three pasted assets, a manual reset', async ({
    page,
    request,
  }) => {
    test.slow();
    const api = new Api(request, await apiLogin(request, users.owner.email));
    const [partnerId, categoryId] = [await api.partnerId(PARTNER), await api.categoryId(CATEGORY)];
    // The assets are not the subject: three of the demo fleet, found through the API.
    const fleet = await api.fetch(assetQueryEndpoints.query, {
      body: { pageNo: 1, pageSize: 3, sort: ['no:asc'], partnerIdIn: [partnerId], categoryIdIn: [categoryId] },
    });
    const nos = ((await fleet.json()) as { data: { no: string }[] }).data.map((a) => a.no);
    expect(nos).toHaveLength(3);
    const reminders = new RemindersPage(page);
    await page.setViewportSize({ width: 1024, height: 768 });

    const rule = unique('Brake check');
    await reminders.newResetRule({ name: rule, partner: PARTNER, category: CATEGORY, remindBefore: 50 });
    await expect(reminders.row(rule)).toContainText('Reset by staff with a note');

    const timer = unique('Brakes 500 km');
    await reminders.fillDistanceTimer({ name: timer, partner: PARTNER, category: CATEGORY, km: 500, rule });
    await saveShot(page, 'reminder-timer-form.en-US.1024.png', { fullPage: true });
    await reminders.button('Create timer').click();
    await expect(page).toHaveURL(/\/reminder\/timer\/detail\//);
    await expect(reminders.main).toContainText('500 km');
    await expect(reminders.main).toContainText(rule);

    // The same name again is refused under the name; a schedule without five fields is refused before sending.
    await reminders.fillDistanceTimer({ name: timer, partner: PARTNER, category: CATEGORY, km: 100, rule });
    await reminders.button('Create timer').click();
    await expect(reminders.fieldError('Name')).toHaveText('A timer of this partner already has this name');
    await reminders.main.getByText('Schedule', { exact: true }).click();
    await reminders.field('Schedule (cron)').fill('0 8 * *');
    await expect(reminders.fieldError('Schedule (cron)')).toContainText(
      'A schedule has five fields: minute hour day month weekday',
    );
    await reminders.field('Schedule (cron)').fill('0 8 * * 1');
    await expect(page.getByTestId('cron-hint')).toContainText('Weekday (0 = Sunday): 1');

    // The group: three demo assets pasted with one number that does not exist.
    await page.goto('/reminder/asset-timer-group/new');
    await reminders.choose(reminders.field('Timer'), `${timer} · ${PARTNER}`);
    await expect(reminders.main.getByRole('textbox', { name: 'Asset category' })).toHaveValue(CATEGORY);
    await reminders.choose(reminders.field('Reset rule'), `${rule} · Manual`);
    await reminders.main.getByRole('textbox', { name: 'Asset numbers' }).fill(`${nos.join(', ')}\nNOPE-404`);
    await expect(page.getByTestId('asset-count')).toHaveText('4 / 100 asset numbers');
    await reminders.button('Create group').click();

    await expect(page).toHaveURL(/\/reminder\/asset-timer-group\/detail\/[^/]+\/assets$/);
    await expect(page.getByTestId('change-outcome')).toContainText('Assets added: 3');
    await expect(page.getByTestId('change-outcome')).toContainText('NOPE-404');
    await expect(page.getByTestId('change-outcome')).toContainText('No asset with this number');
    const rows = reminders.progressRows();
    await expect(rows).toHaveCount(3);
    // What is due first: the progress column is the sorted one.
    await expect(reminders.main.getByRole('columnheader', { name: /Progress/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(rows.first()).toContainText('OK');
    await expect(rows.first()).toContainText('Added to the group');
    await saveShot(page, 'reminder-group-assets.en-US.1024.png', { fullPage: true });

    // A manual reset needs its note.
    await rows.first().getByRole('checkbox').check();
    await reminders.button('Reset selected \\(1\\)').click();
    const dialog = confirmDialog(page, 'Reset 1 timers by hand');
    await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(dialog).toContainText('Please enter a note');
    await dialog.getByLabel('Note').fill('Brakes adjusted at the hub');
    await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(reminders.progressRows().filter({ hasText: 'Manual reset' })).toHaveCount(1);
    await expect(reminders.progressRows().filter({ hasText: 'Manual reset' })).toContainText(users.owner.name);
  });

  test('Korean labels on the timer list and form', async ({ page }) => {
    await inLocale(page, 'ko-KR');
    const reminders = new RemindersPage(page);
    await page.goto('/reminder/timer/list');
    await expect(reminders.main.getByRole('button', { name: /새 타이머/ })).toBeVisible();
    await expect(reminders.main.getByRole('columnheader', { name: /측정 대상/ })).toBeVisible();
    await page.goto('/reminder/timer/new');
    await expect(reminders.main.getByText('달력 시간', { exact: true })).toBeVisible();
    await expect(reminders.main.getByText('초기화 규칙', { exact: true })).toBeVisible();
    await saveShot(page, 'reminder-timer-form.ko-KR.desktop.png', { fullPage: true });
  });
});
