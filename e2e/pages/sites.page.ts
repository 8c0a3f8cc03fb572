import { expect, type Locator, type Page } from '@playwright/test';
import { ListPageObject } from './list.ts';

/** Settings → Partner → Sites: the list and its filters. */
export class SiteListPage extends ListPageObject {
  readonly heading: Locator;
  readonly newButton: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { name: 'Sites', level: 4, exact: true });
    this.newButton = page.getByRole('button', { name: /New sites/ });
  }

  async goto(query = '') {
    await this.page.goto(`/setting/partner/site/list${query}`);
    await expect(this.heading).toBeVisible();
  }

  /** Types in the site-name filter and submits; the filter lands in the URL. */
  async filterName(text: string) {
    await this.page
      .getByRole('main')
      .getByRole('textbox', { name: /^Site name/ })
      .fill(text);
    await this.page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(this.page).toHaveURL(/[?&]name=/);
  }
}

/** The two-step batch create: basic info, then the table that takes pasted spreadsheet rows. */
export class SiteBatchPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/setting/partner/site/new');
    await expect(this.page.getByRole('heading', { name: 'New Sites' })).toBeVisible();
  }

  /**
   * Step 1: a single searchable antd Select by its form label: type to filter, click the option once it is
   * listed (the partner options arrive from the API; Enter before they do picks nothing).
   */
  async choose(label: string, option: string) {
    const combobox = this.page.getByRole('combobox', { name: new RegExp(`^(\\* )?${label}`) });
    // The chosen value, not the typed search text (which the field also shows while searching).
    const chosen = this.page
      .locator('.ant-form-item')
      .filter({ has: combobox })
      .locator('.ant-select-content-has-value');
    // Enter picks the first match once the options (partners come from the API) are listed; on a busy machine
    // they may not be yet, so the whole step is repeated until the field holds the choice.
    await expect(async () => {
      await combobox.click();
      await combobox.fill(option);
      await combobox.press('Enter');
      await expect(chosen).toHaveAttribute('title', option, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }

  async fillBase(values: { partner: string; type: string; city: string; country?: string }) {
    await this.choose('Partner', values.partner);
    await this.choose('Type', values.type);
    await this.page.getByRole('main').getByRole('textbox', { name: /City/ }).fill(values.city);
    if (values.country)
      await this.page
        .getByRole('main')
        .getByRole('textbox', { name: /Country/ })
        .fill(values.country);
    await this.page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(this.page.getByTestId('site-batch-table')).toBeVisible();
  }

  /** One cell of the batch table, e.g. cell('ZIP code', 2). */
  cell(field: string, row: number): Locator {
    return this.page.getByRole('textbox', { name: `${field}, row ${row}`, exact: true });
  }

  /** The message shown under a cell. */
  errorOf(field: string, row: number): Locator {
    return this.cell(field, row).locator('xpath=ancestor::td[1]').getByRole('alert');
  }

  /**
   * Pastes text into a cell the way a browser does after Ctrl+V: a paste event carrying the clipboard's
   * text/plain (headless Chromium has no system clipboard to copy from).
   */
  async paste(field: string, row: number, text: string) {
    await this.cell(field, row).focus();
    await this.cell(field, row).evaluate((input, data) => {
      const clipboardData = new DataTransfer();
      clipboardData.setData('text/plain', data);
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
    }, text);
  }

  async saveAll() {
    await this.page.getByRole('button', { name: 'Save all', exact: true }).click();
  }
}

/** The single-site edit form and its map (position and fence). */
export class SiteEditPage {
  readonly coordinates: Locator;
  readonly fenceRadius: Locator;
  /** The map's canvas: maplibre makes it a region named after the map's label. */
  readonly mapCanvas: Locator;
  readonly marker: Locator;
  readonly scale: Locator;

  constructor(
    readonly page: Page,
    mapLabel = 'Site position and fence',
  ) {
    const main = page.getByRole('main');
    this.coordinates = main.getByRole('textbox', { name: /Coordinates/ });
    this.fenceRadius = main.getByRole('spinbutton', { name: /Fence radius/ });
    this.mapCanvas = main.locator('canvas.maplibregl-canvas').and(page.getByRole('region', { name: mapLabel }));
    this.marker = main.locator('.maplibregl-marker');
    this.scale = main.locator('.maplibregl-ctrl-scale');
  }

  async goto(siteId: string, title: string | RegExp = /Edit site/) {
    await this.page.goto(`/setting/partner/site/${siteId}/edit`);
    // Generous: the page chunk, the site, partners and tax groups load together on a shared two-core machine.
    await expect(this.page.getByRole('heading', { name: title })).toBeVisible({ timeout: 20_000 });
  }

  /** Waits until the map is drawn: canvas sized, scale bar computed (it needs a rendered camera). */
  async waitForMap() {
    // maplibre (~1 MB) is loaded with the first map, and WebGL runs in software here: allow for both.
    await expect(this.mapCanvas).toBeVisible({ timeout: 20_000 });
    await expect(this.scale).toHaveText(/\d/);
  }

  /** The canvas centre on the page (scrolled into view: mouse clicks do not scroll), where a fitted site's pin stands. */
  async mapCentre(): Promise<{ x: number; y: number }> {
    await this.mapCanvas.scrollIntoViewIfNeeded();
    const box = await this.mapCanvas.boundingBox();
    if (!box) throw new Error('map canvas not laid out');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  /** A click on the map, offset in pixels from its centre (dy < 0 is north). */
  async clickMap(dx: number, dy: number) {
    const centre = await this.mapCentre();
    await this.page.mouse.click(centre.x + dx, centre.y + dy);
  }

  /** Drags the map itself from a point offset from its centre, in small steps as a hand would. */
  async dragMap(from: { dx: number; dy: number }, by: { dx: number; dy: number }) {
    const centre = await this.mapCentre();
    await this.page.mouse.move(centre.x + from.dx, centre.y + from.dy);
    await this.page.mouse.down();
    await this.page.mouse.move(centre.x + from.dx + by.dx, centre.y + from.dy + by.dy, { steps: 8 });
    await this.page.mouse.up();
  }

  /**
   * Where the pin's tip points. maplibre's default pin is centred on its element and lifted by 14 px, so the
   * tip (not the shadow under it) marks the position.
   */
  async pinTip(): Promise<{ x: number; y: number }> {
    const box = await this.marker.boundingBox();
    if (!box) throw new Error('no marker on the map');
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 + 14 };
  }

  /** Drags the pin by an offset in pixels, in small steps as a hand would. */
  async dragMarker(dx: number, dy: number) {
    const box = await this.marker.boundingBox();
    if (!box) throw new Error('no marker on the map');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x + dx, y + dy, { steps: 8 });
    await this.page.mouse.up();
  }

  /** "45.4641, 9.1919" → [latitude, longitude]. */
  async coordinateValues(): Promise<[number, number]> {
    const [lat, lng] = (await this.coordinates.inputValue()).split(',').map((part) => Number(part.trim()));
    return [lat as number, lng as number];
  }

  /** The scale bar's length in metres ("50 m", "1 km"). */
  async scaleMetres(): Promise<number> {
    const text = ((await this.scale.textContent()) ?? '').trim();
    const value = Number.parseFloat(text);
    return /km|公里/.test(text) ? value * 1000 : value;
  }

  async save() {
    await this.page.getByRole('main').getByRole('button', { name: 'Save', exact: true }).click();
  }
}
