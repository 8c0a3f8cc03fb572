import { customerTicketEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, test } from '../fixtures/test.ts';
import { TicketListPage } from '../pages/customer-tickets.page.ts';

/**
 * The ticket list of issue 22 over the demo workshop (tickets in every status): the views as tabs with live counts
 * under the filters, a filter and a view in the URL, the export of the view. Signed in once, as the owner.
 */
test.describe('service ticket list', () => {
  test.use({ signedInAs: 'owner' });

  test('tabs count each view, filters narrow them, the view exports as CSV', async ({ page, request, tokens }) => {
    const api = new Api(request, await tokens('owner'));
    const all = await api.call(customerTicketEndpoints.counts, { query: {} });
    const ready = await api.call(customerTicketEndpoints.counts, { query: { statusIn: ['finished'] } });
    expect(all.all).toBeGreaterThan(0);

    const list = new TicketListPage(page);
    await list.goto();
    await expect(list.count('all')).toHaveText(String(all.all));
    await expect(list.count('unassigned')).toHaveText(String(all.unassigned));
    await expect(list.count('allReady')).toHaveText(String(all.allReady));
    await saveShot(page, 'ticket-list-desktop-en.png', { fullPage: true });

    // A view is a tab in the URL; its rows are all of that view.
    await list.tab('allReady').click();
    await expect(page).toHaveURL(/view=allReady/);
    // The previous view's rows stay on screen until the new view answers: wait for them to be replaced.
    await expect
      .poll(async () => [...new Set(await list.rows().locator('[data-status]').allTextContents())])
      .toEqual(['Ready']);

    // A filter from the URL: the tabs count under it.
    await list.goto('?statusIn=finished');
    await expect(list.count('all')).toHaveText(String(ready.all));
    await expect(list.count('unassigned')).toHaveText(String(ready.unassigned));

    // The export is the server's CSV of the view under the filters.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  });

  test('reads in Italian on a tablet', async ({ page }) => {
    await inLocale(page, 'it-IT');
    await page.setViewportSize({ width: 1024, height: 768 });
    const list = new TicketListPage(page);
    await list.goto();
    await expect(list.tab('myPending')).toContainText('Miei in attesa');
    await expect(list.rows().first()).toBeVisible();
    await saveShot(page, 'ticket-list-1024-it.png', { fullPage: true });
  });
});
