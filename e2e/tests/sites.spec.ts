import { type ResponseOf, siteEndpoints } from '@fleetdesk/contracts';
import { Api } from '../fixtures/api.ts';
import { expect, test, unique } from '../fixtures/test.ts';
import { answerConfirm } from '../pages/list.ts';
import { Shell } from '../pages/shell.ts';
import { SiteBatchPage, SiteListPage } from '../pages/sites.page.ts';

test.describe('sites (Settings → Partner → Sites)', () => {
  test.use({ signedInAs: 'owner' });

  test('site batch create with a pasted table containing one bad row', async ({ page, request, tokens }) => {
    const prefix = unique('Paste');
    const names = [`${prefix} Navigli`, `${prefix} Brera`, `${prefix} Isola`];
    const shell = new Shell(page);
    const list = new SiteListPage(page);
    const batch = new SiteBatchPage(page);
    const token = await tokens('owner');
    const savedCount = async () => {
      const res = await new Api(request, token).fetch(siteEndpoints.query, {
        body: { name: prefix, isArchived: null },
      });
      expect(res.status()).toBe(200);
      return ((await res.json()) as ResponseOf<typeof siteEndpoints.query>).count;
    };

    // Through the menu and the Partner landing card; the demo sites are listed.
    await shell.gotoHome();
    await shell.openGroup('Settings');
    await shell.menuLink('Partner').click();
    await expect(page).toHaveURL('/setting/partner');
    await page.getByRole('link', { name: 'Sites' }).click();
    await expect(list.heading).toBeVisible();
    await expect(list.row('Duomo Station')).toBeVisible();
    await list.newButton.click();
    await expect(page).toHaveURL('/setting/partner/site/new');

    // Step 1: what every site shares.
    await batch.fillBase({ partner: 'Milano Bike Hub', type: 'Station', city: 'Milano', country: 'IT' });

    // Step 2: three rows copied from a spreadsheet; the second has an 11-character zip.
    const table = [
      [names[0], 'Lombardia', '20143', 'Alzaia Naviglio Grande 4', '45.4516, 9.1733', '+390212345601'],
      [names[1], 'Lombardia', '20121ABCDEF', 'Via Brera 28', '45.4719, 9.1881', ''],
      [names[2], 'Lombardia', '20159', 'Piazzale Archinto 1', '45.4889, 9.1893', ''],
    ]
      .map((cells) => cells.join('\t'))
      .join('\n');
    await batch.paste('Site name', 1, `${table}\n`);
    await expect(batch.cell('Site name', 3)).toHaveValue(names[2] as string);
    await expect(batch.cell('Coordinates', 1)).toHaveValue('45.4516, 9.1733');
    await expect(batch.cell('ZIP code', 2)).toHaveValue('20121ABCDEF');

    await batch.saveAll();
    await expect(batch.errorOf('ZIP code', 2)).toHaveText('Must be at most 10 characters');
    await expect(batch.cell('ZIP code', 2)).toHaveAttribute('aria-invalid', 'true');
    await expect(batch.errorOf('ZIP code', 1)).toHaveCount(0);
    await expect(page.getByText('Some cells need fixing. Nothing has been saved.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await savedCount()).toBe(0);

    // Fixed: all three are saved at once and listed.
    await batch.cell('ZIP code', 2).fill('20121');
    await batch.saveAll();
    await answerConfirm(page, 'Create 3 site(s)?', 'Create');
    await expect(page).toHaveURL(/\/setting\/partner\/site\/list/);
    await expect(list.heading).toBeVisible();
    await list.filterName(prefix);
    for (const name of names) await expect(list.row(name)).toBeVisible();
    await expect(list.rows()).toHaveCount(3);
    await expect(list.row(names[1] as string)).toContainText('Milano Bike Hub');
    await expect(list.row(names[1] as string)).toContainText('45.4719, 9.1881');
    expect(await savedCount()).toBe(3);
  });
});
