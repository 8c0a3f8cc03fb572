import { expect, test, unique } from '../fixtures/test.ts';
import { answerConfirm } from '../pages/list.ts';
import { TaxGroupFormPage, TaxGroupListPage } from '../pages/tax-groups.page.ts';

const TIMEZONE = 'Europe/Rome';

/** A time as the console's picker shows it in the browser's timezone (playwright.config.ts: Europe/Rome). */
function pickerTime(date: Date): string {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: TIMEZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return parts.replace(',', '');
}

test.describe('tax groups (Settings → General → Tax groups)', () => {
  test.use({ signedInAs: 'owner' });

  test('create a group, be refused a too-early rate, schedule one for tomorrow', async ({ page }) => {
    const name = unique('Portugal VAT');
    const list = new TaxGroupListPage(page);
    const form = new TaxGroupFormPage(page);

    // The browser's clock runs 10 minutes behind the server's, so its picker still offers a time that is
    // only 5 minutes ahead for the server: the refusal then comes from the API and lands on the field.
    const realNow = Date.now();
    await page.clock.install({ time: realNow - 10 * 60_000 });

    // From the General settings landing card; the demo groups are there.
    await page.goto('/setting/general');
    await page.getByRole('link', { name: 'Tax groups' }).click();
    await expect(list.heading).toBeVisible();
    await expect(list.row('Italy standard VAT')).toBeVisible();

    await list.newButton.click();
    await expect(page).toHaveURL('/setting/general/tax-group/new');
    await form.fill({
      name,
      displayName: 'IVA 23%',
      country: 'pt',
      rental: '23',
      serviceHardware: '23',
      serviceLabour: '13',
    });
    await expect(form.field('Country')).toHaveValue('PT');
    await form.submit('Create');
    await answerConfirm(page, `Create tax group "${name}"?`, 'Confirm');

    await expect(page).toHaveURL(/\/setting\/general\/tax-group\/list/);
    await list.filter(name);
    await expect(list.row(name)).toContainText('PT');
    await expect(list.row(name)).toContainText('23%');
    await expect(list.row(name)).toContainText('13%');

    await list.row(name).getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(/\/setting\/general\/tax-group\/edit\/[^/]+$/);
    await expect(page.getByRole('heading', { name: `Edit tax group: ${name}` })).toBeVisible();
    const rental = form.rates('Rental');
    await expect(rental.historyRow('In force')).toContainText('23%');

    // 5 minutes ahead of the server: refused with the spec's message, nothing added.
    await rental.add('24', pickerTime(new Date(realNow + 5 * 60_000)));
    await answerConfirm(page, /Schedule 24% for Rental/, 'Add rate');
    await expect(rental.effectiveAtError()).toHaveText('The effective time must be more than 10 minutes from now');
    await expect(rental.history.getByRole('row')).toHaveCount(2);

    // Tomorrow: added to the history as not yet in force; the current rate stays.
    const tomorrow = new Date(realNow + 24 * 3_600_000);
    const tomorrowAtTen = `${pickerTime(tomorrow).slice(0, 10)} 10:00`;
    await rental.add('24', tomorrowAtTen);
    await answerConfirm(page, /Schedule 24% for Rental/, 'Add rate');
    await expect(rental.historyRow('Scheduled, not yet in force')).toContainText('24%');
    await expect(rental.historyRow('In force')).toContainText('23%');
    await expect(rental.section).toContainText('23% in force since');
    await expect(rental.history.getByRole('row')).toHaveCount(3);
  });
});
