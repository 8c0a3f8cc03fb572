import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, test } from '../fixtures/test.ts';
import { RelocationDetailPage, RelocationListPage } from '../pages/relocation-lists.page.ts';

const SHOTS = process.env.E2E_SHOTS_DIR;

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test.describe('relocation lists (Operation → Relocation, read-only)', () => {
  test.use({ signedInAs: 'owner' });

  test('filter the demo lists, open an open list and follow one of its assets to the asset detail', async ({
    page,
  }) => {
    const list = new RelocationListPage(page);
    await list.goto();
    // The demo seeds open and completed lists for every partner.
    await expect(list.rows()).not.toHaveCount(0);
    await expect(list.statusTags().filter({ hasText: 'Completed' }).first()).toBeVisible();
    await expect(list.statusTags().filter({ hasText: 'Open' }).first()).toBeVisible();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/relocation-list.en-US.png`, fullPage: true });

    // Partner and status: Milano's list still on the road.
    await list.choose('Partner', 'Milano Bike Hub');
    await list.choose('Status', 'Open');
    await list.submit();
    await expect(page).toHaveURL(/[?&]status=open/);
    await expect(page).toHaveURL(/[?&]partnerId=/);
    await expect(list.rows()).toHaveCount(1);
    await expect(list.rows().first()).toContainText('Duomo Station');
    await expect(list.rows().first()).toContainText('Luca Ferrari');
    await expect(list.statusTags()).toHaveText(['Open']);

    // Checkout days: a range in the future finds nothing, the last month finds the lists again.
    await list.goto(`?checkout=${day(1)}&checkout=${day(2)}`);
    await expect(page.getByText('No relocation lists match these filters')).toBeVisible();
    await list.goto(`?status=open&checkout=${day(-30)}&checkout=${day(1)}`);
    await expect(list.statusTags().first()).toHaveText('Open');
    const opens = await list.statusTags().allInnerTexts();
    expect(opens.length).toBeGreaterThanOrEqual(2);
    expect(new Set(opens)).toEqual(new Set(['Open']));

    // Open the first open list: no launch site nor check-in yet, its assets are dispatching.
    const link = list.detailLinks().first();
    const shortId = (await link.textContent())?.trim() ?? '';
    await link.click();
    const detail = new RelocationDetailPage(page);
    await expect(detail.heading(shortId)).toBeVisible();
    await expect(detail.field('Check-in')).toHaveText('—');
    await expect(detail.field('Launch site')).toHaveText('—');
    await expect(detail.assetRows().first()).toContainText('Dispatching');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/relocation-detail.en-US.png`, fullPage: true });

    // The asset's own page shows the move in its field log.
    const assetLink = detail.assetLinks().first();
    const assetNo = (await assetLink.textContent())?.trim() ?? '';
    await assetLink.click();
    await expect(page).toHaveURL(new RegExp(`/asset/detail/${assetNo}$`));
    await expect(page.getByRole('main').getByText(assetNo).first()).toBeVisible();
    await expect(page.getByRole('cell', { name: 'In site → Dispatching' }).first()).toBeVisible();
  });

  test('a completed list shows where and when its assets arrived', async ({ page }) => {
    const list = new RelocationListPage(page);
    await list.goto('?status=completed&sort=checkinAt:desc');
    await expect(list.statusTags().first()).toHaveText('Completed');
    await list.detailLinks().first().click();
    const detail = new RelocationDetailPage(page);
    await expect(detail.field('Status')).toHaveText('Completed');
    await expect(detail.field('Check-in')).not.toHaveText('—');
    await expect(detail.field('Launch site')).not.toHaveText('—');
    const launchSite = (await detail.field('Launch site').textContent())?.trim() ?? '';
    // Assets nobody moved since stand at the launch site, InSite.
    await expect(detail.assetRows().filter({ hasText: launchSite }).first()).toContainText('In site');
  });

  test('screenshots in it-IT', async ({ page }) => {
    const main = page.getByRole('main');
    // apps/web/src/features/relocation-lists/i18n/it-IT.json
    await inLocale(page, 'it-IT');
    const list = new RelocationListPage(page, 'Ricollocamento');
    await list.goto();
    await expectLocale(page, 'it-IT');
    for (const column of ['Lista', 'Sito di raccolta', 'Sito di rilascio', 'Operatore', 'Ritiro', 'Consegna', 'Stato'])
      await expect(main.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    // The demo's first page holds open and completed lists; each status is named in Italian.
    await expect(list.statusTags().first()).toBeVisible();
    expect([...new Set(await list.statusTags().allInnerTexts())].sort()).toEqual(['Aperta', 'Completata']);
    await saveShot(page, 'relocation-list.it-IT.png', { fullPage: true });

    await list.goto('?status=open');
    await list.rows().first().getByRole('link').click();
    await expect(page.getByRole('heading', { name: /^Lista di ricollocamento / })).toBeVisible();
    const detail = new RelocationDetailPage(page);
    await expect(detail.field('Stato')).toHaveText('Aperta');
    await expect(detail.field('Rilasciato da')).toHaveText('—');
    await expect(main.getByText(/^Asset \(\d+\)$/)).toBeVisible();
    for (const column of ['Numero asset', 'Categoria', 'Ciclo di vita', 'Rotazione', 'Sito attuale'])
      await expect(main.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    await expect(detail.assetRows().first()).toContainText('In trasferimento');
    await saveShot(page, 'relocation-detail.it-IT.png', { fullPage: true });
  });
});
