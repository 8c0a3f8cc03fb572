import { afterEach, describe, expect, it, vi } from 'vitest';
import { giveUpStreetMap, loadBasemap, pageBasemap, STREET_TILE_FAILURES, streetTileWatch } from './basemap.ts';

const streetStyle = { version: 8, sources: { openmaptiles: { type: 'vector', url: 'https://t/planet' } }, layers: [] };
const STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';

const answer = (status: number, body: unknown) => async (_url: string, _init: RequestInit) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe('loadBasemap', () => {
  afterEach(() => vi.restoreAllMocks());
  const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => undefined);

  it('draws the atlas without asking anyone when no style is configured (MAP_STYLE_URL=offline)', async () => {
    const fetchStyle = vi.fn(answer(200, streetStyle));
    expect(await loadBasemap(undefined, fetchStyle)).toEqual({ kind: 'atlas', reason: 'configured' });
    expect(fetchStyle).not.toHaveBeenCalled();
  });

  it('uses the configured street style when it loads, asking without cookies', async () => {
    const fetchStyle = vi.fn(answer(200, streetStyle));
    expect(await loadBasemap(STYLE_URL, fetchStyle)).toEqual({ kind: 'street', style: streetStyle });
    expect(fetchStyle).toHaveBeenCalledWith(STYLE_URL, expect.objectContaining({ credentials: 'omit' }));
    expect(fetchStyle.mock.calls[0]?.[1]?.headers).not.toHaveProperty('authorization');
  });

  it.each([
    ['the network fails (offline)', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server answers 404', answer(404, { message: 'not found' })],
    ['the answer is not JSON', answer(200, '<!doctype html><title>console</title>')],
    ['the JSON is not a MapLibre style', answer(200, { version: 7, layers: [] })],
  ])('falls back to the atlas when %s', async (_case, fetchStyle) => {
    const warn = quiet();
    expect(await loadBasemap(STYLE_URL, fetchStyle)).toEqual({ kind: 'atlas', reason: 'unavailable' });
    expect(warn).toHaveBeenCalledOnce();
  });

  it('falls back to the atlas when the style does not come within the timeout', async () => {
    quiet();
    const hanging = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const started = Date.now();
    expect(await loadBasemap(STYLE_URL, hanging, 50)).toEqual({ kind: 'atlas', reason: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('streetTileWatch', () => {
  it(`gives the street map up after ${STREET_TILE_FAILURES} tile failures while no tile has loaded`, () => {
    const watch = streetTileWatch();
    const verdicts = Array.from({ length: STREET_TILE_FAILURES }, () => watch.tileFailed());
    expect(verdicts).toEqual([...Array(STREET_TILE_FAILURES - 1).fill(false), true]);
  });

  it('keeps the street map once a tile has loaded, whatever fails afterwards', () => {
    const watch = streetTileWatch();
    watch.tileFailed();
    watch.tileLoaded();
    expect(Array.from({ length: 10 }, () => watch.tileFailed())).not.toContain(true);
  });

  it('giving up makes every later map of the page open on the atlas', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(giveUpStreetMap()).toEqual({ kind: 'atlas', reason: 'unavailable' });
    expect(await pageBasemap()).toEqual({ kind: 'atlas', reason: 'unavailable' });
  });
});
