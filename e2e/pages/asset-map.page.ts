import { expect, type Locator, type Page } from '@playwright/test';

/** Asset → Asset map: clusters, single assets, the popup, the filters and the status line. */
export class AssetMapPage {
  readonly mapCanvas: Locator;
  readonly clusters: Locator;
  readonly popup: Locator;
  readonly total: Locator;
  readonly legend: Locator;

  constructor(
    readonly page: Page,
    mapLabel = 'Map of the assets',
  ) {
    const main = page.getByRole('main');
    this.mapCanvas = main.locator('canvas.maplibregl-canvas').and(page.getByRole('region', { name: mapLabel }));
    this.clusters = main.locator('button.fleetdesk-cluster');
    this.popup = page.getByTestId('asset-map-popup');
    this.total = page.getByTestId('asset-map-total');
    this.legend = main.getByRole('list', { name: 'Status' });
  }

  /** Opens the map, optionally at a camera ("latitude,longitude,zoom") and with list filters. */
  async goto(query = '') {
    await this.page.goto(`/asset/map${query}`, { timeout: 40_000 });
    // maplibre (~1 MB) loads with the first map, and WebGL runs in software here: allow for both.
    await expect(this.mapCanvas).toBeVisible({ timeout: 40_000 });
  }

  /** The zoom the page wrote into the URL after the camera settled. */
  async zoom(): Promise<number> {
    const at = new URL(this.page.url()).searchParams.get('at') ?? '';
    return Number(at.split(',')[2]);
  }

  async mapCentre(): Promise<{ x: number; y: number }> {
    const box = await this.mapCanvas.boundingBox();
    if (!box) throw new Error('map canvas not laid out');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  /** A click on the map, offset in pixels from its centre. */
  async clickMap(dx = 0, dy = 0) {
    const centre = await this.mapCentre();
    await this.page.mouse.click(centre.x + dx, centre.y + dy);
  }
}
