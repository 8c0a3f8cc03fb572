import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption } from './asset-list.page.ts';

/** Settings → Partner → Open data: the GBFS switch, the public URLs and the zones editor with its map. */
export class OpenDataPage {
  readonly main: Locator;
  readonly partner: Locator;
  readonly enabled: Locator;
  readonly contact: Locator;
  /** The discovery URL with its copy button. */
  readonly discovery: Locator;
  readonly offNote: Locator;
  readonly mapCanvas: Locator;
  readonly zoneRows: Locator;
  readonly save: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.partner = this.main.getByRole('combobox', { name: 'Partner' });
    this.enabled = this.main.getByRole('switch', { name: 'Publish the GBFS feed' });
    this.contact = this.main.getByLabel('Feed contact e-mail');
    this.discovery = this.main.getByTestId('gbfs-discovery');
    this.offNote = this.main.getByTestId('gbfs-off-note');
    this.mapCanvas = this.main
      .locator('canvas.maplibregl-canvas')
      .and(page.getByRole('region', { name: 'Geofencing zones map' }));
    this.zoneRows = this.main.getByTestId('zone-row');
    this.save = this.main.getByRole('button', { name: 'Save', exact: true });
  }

  /** From the Partner settings cards, then the partner picked in the screen's own select. */
  async open(partner: string) {
    await this.page.goto('/setting/partner');
    await this.main.getByRole('link', { name: 'Open data' }).click();
    await expect(this.page).toHaveURL(/\/setting\/partner\/open-data/);
    await pickOption(this.page, this.partner, partner);
    await expect(this.enabled).toBeVisible({ timeout: 20_000 });
  }

  async waitForMap() {
    // maplibre (~1 MB) loads with the first map, and WebGL runs in software here.
    await expect(this.mapCanvas).toBeVisible({ timeout: 20_000 });
    await expect(this.main.locator('.maplibregl-ctrl-scale')).toHaveText(/\d/);
  }

  /** Clicks the map at these pixel offsets from its centre (dy < 0 is north). */
  async clickMap(points: readonly [number, number][]) {
    await this.mapCanvas.scrollIntoViewIfNeeded();
    const box = await this.mapCanvas.boundingBox();
    if (!box) throw new Error('map canvas not laid out');
    for (const [dx, dy] of points) {
      await this.page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
    }
  }

  zoneRow(name: string): Locator {
    return this.main.getByRole('listitem', { name });
  }

  /** The kind select of a zone row. */
  async setKind(row: Locator, kind: string) {
    await pickOption(this.page, row.getByRole('combobox', { name: 'Type' }), kind);
  }
}
