import { MDS_MEDIA_TYPE } from '@fleetdesk/contracts';
import type { APIRequestContext } from '@playwright/test';
import { Api } from '../fixtures/api.ts';
import { BASE_URL } from '../fixtures/env.ts';
import { expectLocale, inLocale, saveShot } from '../fixtures/locale.ts';
import { expect, test } from '../fixtures/test.ts';
import { answerConfirm, pickOptions } from '../pages/list.ts';
import { OpenDataPage } from '../pages/open-data.page.ts';

/** An MDS Provider call as an agency makes it, with the client's token. */
async function asAgency(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get(`${BASE_URL}/api/mds/vehicles`, {
    headers: { authorization: `Bearer ${token}`, accept: MDS_MEDIA_TYPE },
  });
  return response.status();
}

/** A public GBFS document as a trip planner reads it: no token. */
async function feed(request: APIRequestContext, path: string): Promise<{ status: number; text: string }> {
  const response = await request.get(`${BASE_URL}/api/gbfs/${path}`);
  return { status: response.status(), text: await response.text() };
}

test.describe('open data (Settings → Partner → Open data; Settings → General → Agency access)', () => {
  test.use({ signedInAs: 'owner' });

  test('Seoul switches its GBFS feed on with a zone drawn on the map; the public feed carries it', async ({
    page,
    request,
    tokens,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const api = new Api(request, await tokens('owner'));
    const seoul = await api.partnerId('Seoul Scooter Co.');
    expect((await feed(request, `${seoul}/gbfs.json`)).status, 'Seoul starts switched off').toBe(404);

    const openData = new OpenDataPage(page);
    await openData.open('Seoul Scooter Co.');
    await expect(page).toHaveURL(new RegExp(`partnerId=${seoul}`));
    await expect(openData.enabled).not.toBeChecked();
    await expect(openData.discovery.locator('code')).toHaveText(`${BASE_URL}/api/gbfs/${seoul}/gbfs.json`);
    await expect(openData.offNote).toBeVisible();

    // Switched on without a contact: the server's refusal stands under the contact field.
    await openData.enabled.click();
    await openData.save.click();
    await expect(openData.main.getByText('A feed contact e-mail is required to publish the feed')).toBeVisible();
    await expect(openData.contact).toHaveAttribute('aria-invalid', 'true');
    expect((await feed(request, `${seoul}/gbfs.json`)).status).toBe(404);
    await openData.contact.fill('opendata@seoulscooter.example');

    // Escape gives up a drawing without a zone.
    await openData.waitForMap();
    const draw = openData.main.getByRole('button', { name: 'Draw a zone' });
    await draw.click();
    await openData.clickMap([
      [-40, -40],
      [40, -40],
    ]);
    await expect(openData.main.getByTestId('zone-drawing')).toContainText('2 points');
    await page.keyboard.press('Escape');
    await expect(openData.main.getByTestId('zone-drawing')).toHaveCount(0);
    await expect(openData.zoneRows).toHaveCount(0);

    // An outline that crosses itself, finished with Enter: the server's refusal stands on that zone's row.
    await draw.click();
    await openData.clickMap([
      [-60, -60],
      [60, 60],
      [60, -60],
      [-60, 60],
    ]);
    await page.keyboard.press('Enter');
    const row = openData.zoneRow('Zone 1');
    await expect(row.getByTestId('zone-outline')).toHaveText('4 points');
    await openData.save.click();
    await expect(row.getByText('The zone outline must not cross itself')).toBeVisible();
    await expect(openData.contact).not.toHaveAttribute('aria-invalid', 'true');
    await saveShot(page, 'open-data-zone-refused.en-US.png');

    // Redrawn by clicking four corners, finished with a click on the first one.
    await row.getByRole('button', { name: 'Redraw' }).click();
    await expect(row.getByTestId('zone-outline')).toHaveText('Being redrawn on the map');
    // The camera flies to the zone first (600 ms).
    await page.waitForTimeout(1_000);
    await openData.clickMap([
      [-90, -60],
      [90, -60],
      [90, 60],
      [-90, 60],
    ]);
    await expect(openData.main.getByTestId('zone-drawing')).toContainText('4 points');
    await openData.main.locator('.maplibregl-marker').getByRole('button', { name: 'Finish the zone' }).click();
    await expect(openData.main.getByTestId('zone-drawing')).toHaveCount(0);
    await expect(row.getByText('The zone outline must not cross itself')).toHaveCount(0);
    await expect(row.getByTestId('zone-outline')).toHaveText('4 points');
    await row.getByLabel('Name').fill('E2E Gangnam slow street');
    const named = openData.zoneRow('E2E Gangnam slow street');
    await openData.setKind(named, 'Slow zone');
    await named.getByLabel('Speed limit').fill('15');

    await openData.save.click();
    await expect(page.getByText('Open data settings saved')).toBeVisible();
    await expect(openData.main.getByText('The feed is public at these addresses.')).toBeVisible();
    await expect(openData.offNote).toHaveCount(0);
    // The address is copyable (antd's copy button next to it).
    await expect(openData.discovery.getByRole('button', { name: 'Copy' })).toBeVisible();
    await saveShot(page, 'open-data.en-US.png', { fullPage: true });

    // The public feeds, as a trip planner reads them.
    const zones = await feed(request, `${seoul}/geofencing_zones.json`);
    expect(zones.status).toBe(200);
    const collection = JSON.parse(zones.text).data.geofencing_zones;
    const drawn = collection.features.find((f: { properties: { name: { text: string }[] } }) =>
      f.properties.name.some((n) => n.text === 'E2E Gangnam slow street'),
    );
    expect(drawn, zones.text).toBeDefined();
    expect(drawn.geometry.type).toBe('MultiPolygon');
    // Four corners and the closing point.
    expect(drawn.geometry.coordinates[0][0]).toHaveLength(5);
    const manifest = await feed(request, 'manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.text).toContain(`/api/gbfs/${seoul}/gbfs.json`);

    // A tablet: the map above the zone list, the side menu still beside them.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(openData.zoneRow('E2E Gangnam slow street')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await saveShot(page, 'open-data.tablet.en-US.png', { fullPage: true });

    // A phone: the map sits above the zone list, nothing overflows sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(openData.enabled).toBeChecked({ timeout: 20_000 });
    await openData.waitForMap();
    await expect(openData.zoneRow('E2E Gangnam slow street')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveShot(page, 'open-data.phone.en-US.png', { fullPage: true });

    // In Italian.
    await page.setViewportSize({ width: 1366, height: 860 });
    await inLocale(page, 'it-IT');
    await page.reload();
    await expectLocale(page, 'it-IT');
    await expect(openData.main.getByText('Zone di geofencing')).toBeVisible({ timeout: 20_000 });
    await expect(openData.main.getByText('Zona lenta').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Mappa delle zone di geofencing' })).toBeVisible({ timeout: 20_000 });
    await expect(openData.main.locator('.maplibregl-ctrl-scale')).toHaveText(/\d/);
    await saveShot(page, 'open-data.it-IT.png', { fullPage: true });

    expect(errors).toEqual([]);
  });

  test('Agency access: a client for Seoul gets its token once, works, and is refused once revoked', async ({
    page,
    request,
  }) => {
    await page.goto('/setting/general');
    await page.getByRole('main').getByRole('link', { name: 'Agency access' }).click();
    await expect(page).toHaveURL(/\/setting\/general\/agency-access/);
    const main = page.getByRole('main');

    await main.getByRole('button', { name: 'New client' }).click();
    const form = page.getByRole('dialog', { name: 'New client' });
    await form.getByLabel('Name').fill('E2E Seoul mobility office');
    await form.getByRole('radio', { name: 'Chosen partners' }).check();
    await pickOptions(page, form.getByRole('combobox', { name: 'Partners the agency may read' }), [
      'Seoul Scooter Co.',
    ]);
    await form.getByRole('button', { name: 'Create' }).click();

    // The token, once: with its warning and a copy button; closing the dialog takes it off the page for good.
    const shown = page.getByRole('dialog', { name: 'Client token' });
    await expect(shown.getByText('it will not be shown again')).toBeVisible();
    const token = (await shown.getByTestId('agency-token').textContent()) ?? '';
    expect(token.length).toBeGreaterThan(20);
    await expect(shown.getByRole('button', { name: 'Copy' })).toBeVisible();
    await saveShot(page, 'agency-token.en-US.png');
    expect(await asAgency(request, token)).toBe(200);
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(shown).toHaveCount(0);
    await expect(page.getByText(token)).toHaveCount(0);

    const row = main.getByRole('row', { name: /E2E Seoul mobility office/ });
    await expect(row.getByTestId('agency-client-state')).toHaveText('Active');
    await expect(row).toContainText('Seoul Scooter Co.');
    await saveShot(page, 'agency-access.en-US.png', { fullPage: true });

    await row.getByRole('button', { name: 'Revoke E2E Seoul mobility office' }).click();
    await answerConfirm(page, 'Revoke client E2E Seoul mobility office?', 'Revoke');
    await expect(row.getByTestId('agency-client-state')).toHaveText('Revoked');
    await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
    // The list read after the revocation shows the agency's call above as its last use.
    await expect(row).not.toContainText('Not used yet');
    expect(await asAgency(request, token)).toBe(401);
  });
});
