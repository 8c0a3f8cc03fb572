import { Api } from '../fixtures/api.ts';
import { inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, pageWithRole, test } from '../fixtures/test.ts';
import {
  drawPng,
  finalizedRecord,
  openRecordList,
  RecordDetailPage,
  recordWebm,
} from '../pages/checklist-records.page.ts';

/**
 * Checklist records (document 1 §2.3, issue 22): a record made through the API as a workshop would — ticket in
 * processing, draft, a photo on a work item and a video on the record, finalized — is found in the list, opened,
 * its photo previewed and its video played; the cost statement shows only to a user with read_cost.
 */
test.describe('checklist records', () => {
  test.use({ signedInAs: 'owner' });
  test.slow();

  let record: Awaited<ReturnType<typeof finalizedRecord>>;
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`;
  const assetNo = `CR${suffix.toUpperCase().replace(/[^A-Z0-9]/g, '')}`;

  test.beforeAll(async ({ browser, request, tokens }) => {
    const token = await tokens('owner');
    const page = await browser.newPage();
    const media = { png: await drawPng(page), webm: await recordWebm(page) };
    await page.close();
    record = await finalizedRecord(new Api(request, token), { request, token }, media, { assetNo, suffix });
  });

  test('the list and the detail show the work, the photo, the video and the cost statement', async ({ page }) => {
    await openRecordList(page, assetNo);
    const row = page.getByRole('main').getByRole('row').filter({ hasText: assetNo });
    await expect(row).toContainText(record.checklistName);
    await expect(row).toContainText('1 h 25 min');
    await expect(row).toContainText('Finish');
    await expect(row).toContainText(record.ticket.ticketNo);
    await expect(page.getByRole('columnheader', { name: 'Charge' })).toBeVisible();
    await saveShot(page, 'checklist-record-list.en-US.png');

    await row.getByRole('link', { name: new RegExp(`Open the record of ${assetNo}`) }).click();
    const detail = new RecordDetailPage(page);
    await expect(page.getByRole('heading', { name: `${assetNo} · ${record.checklistName}` })).toBeVisible();
    await expect(page.getByText('Squeaking front brake')).toBeVisible();
    await expect(page.getByText('Replace pads × 2')).toBeVisible();
    await expect(page.getByText('Chain was dry')).toBeVisible();

    // The photo comes through the permission-checked file call as an object URL and opens full size.
    const photo = detail.gallery().getByRole('img', { name: 'Worn pads' });
    await expect(photo).toHaveAttribute('src', /^blob:/);
    await photo.click();
    await expect(page.locator('.ant-image-preview-img')).toBeVisible();
    await page.keyboard.press('Escape');

    // The video loads only when asked, into a player.
    await detail.gallery().getByRole('button', { name: 'Play video' }).click();
    const video = detail.gallery().locator('video');
    await expect(video).toHaveAttribute('src', /^blob:/);
    await expect(video).toHaveAttribute('controls', '');

    const cost = detail.costStatement();
    await expect(cost).toContainText('Final');
    await expect(cost).toContainText('Replace pads');
    await expect(cost).toContainText('Basic cost of the checklist');
    await expect(cost.getByTestId('cost-totals')).toContainText('Total');
    await saveShot(page, 'checklist-record-detail.en-US.png', { fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });
    await saveShot(page, 'checklist-record-detail.1024.en-US.png', { fullPage: true });

    // The asset's Service card lists the record and links to it.
    await page.goto(`/asset/detail/${assetNo}`);
    const service = page.getByTestId('asset-service');
    await service.getByRole('tab', { name: 'Checklist records' }).click();
    await expect(service.getByRole('link', { name: record.checklistName })).toBeVisible();
    await service.getByRole('tab', { name: 'Service tickets' }).click();
    await expect(service.getByRole('link', { name: record.ticket.ticketNo })).toBeVisible();
  });

  test('in Italian, on a tablet', async ({ page }) => {
    await inLocale(page, 'it-IT');
    await page.setViewportSize({ width: 1024, height: 768 });
    await openRecordList(page, assetNo);
    await expect(page.getByRole('columnheader', { name: 'Addebito' })).toBeVisible();
    await saveShot(page, 'checklist-record-list.1024.it-IT.png');
    await new RecordDetailPage(page).goto(record.recordId);
    await expect(page.getByText('Prospetto dei costi')).toBeVisible();
    await expect(page.getByText('Foto e video')).toBeVisible();
    await saveShot(page, 'checklist-record-detail.1024.it-IT.png', { fullPage: true });
    await page.setViewportSize({ width: 1366, height: 860 });
    await saveShot(page, 'checklist-record-detail.it-IT.png', { fullPage: true });
  });

  test('without read_cost there is no charge and no cost statement', async ({ browser, request }) => {
    const page = await pageWithRole(browser, request, {
      title: 'Record reader',
      permissions: ['checklist_record.read', 'checklist_record.read_detail'],
    });
    try {
      await openRecordList(page, assetNo);
      await expect(page.getByRole('main').getByRole('row').filter({ hasText: assetNo })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: 'Charge' })).toHaveCount(0);
      const detail = new RecordDetailPage(page);
      await detail.goto(record.recordId);
      await expect(detail.gallery().getByRole('img', { name: 'Worn pads' })).toHaveAttribute('src', /^blob:/);
      await expect(detail.costStatement()).toHaveCount(0);
    } finally {
      await page.context().close();
    }
  });
});
