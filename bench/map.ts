import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { bootstrap } from '../apps/server/src/db/seed/bootstrap.ts';
import { seed } from '../apps/server/src/db/seed/builders.ts';
import { rows } from '../apps/server/src/db/sql.ts';
import { ASSET_MAP_GRID_MAX_ROWS, ASSET_MAP_GRID_ZOOM } from '../apps/server/src/modules/asset-map/asset-map.grid.ts';
import { gridCells } from '../apps/server/src/modules/asset-map/asset-map.repo.ts';
import { mercatorOf, positionAt } from '../packages/contracts/src/asset-map.ts';
import { assetLifeCycleStates } from '../packages/contracts/src/assets.ts';
import { machine, openBenchDatabase, quantile } from './common.ts';

/**
 * npm run bench:map — the asset map at 100,000 assets (issue 5 "Performance").
 *
 * 1. PostgreSQL database `fleetdesk_bench_map_<n>` (kept for re-runs; BENCH_FRESH=1 rebuilds it) with
 *    BENCH_MAP_ASSETS (100,000) assets around 20 cities, each within 8 km of its centre, display statuses
 *    spread (online, offline, alarms, errors, missing, new…).
 * 2. The low-zoom grid's read (the whole fleet in zoom-10 cells), which zooms ≤ 10 roll up in memory.
 * 3. `POST /asset/assets/$map` over real HTTP for a 1920 × 1080 viewport at zooms 3, 8, 12, 14, 15 and 16,
 *    panned over the cities round by round: p50/p95 and the answer's size raw and gzipped (the server gzips it).
 *    Target: p95 ≤ 100 ms and ≤ 100 KB gzipped at any zoom.
 * 4. In Chromium (/usr/bin/chromium, software WebGL as everywhere here): the built console's /asset/map at zoom
 *    12 over a city — first render (navigation to the first cluster drawn) ≤ 2 s — then frames per second
 *    while the map is dragged for 5 s (≥ 50).
 *
 * The console build comes from BENCH_WEB_DIST, else apps/web/dist, else it is built into a temporary folder.
 */
const TOTAL = Number(process.env.BENCH_MAP_ASSETS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const PASSWORD = 'bench-password-1';
const ZOOMS = [3, 8, 12, 14, 15, 16];
const SCREEN = { width: 1920, height: 1080 };
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

/** Where the fleet parks: 20 European and Asian cities (lat, lng). */
const CITIES: [number, number][] = [
  [45.4642, 9.19],
  [41.3874, 2.1686],
  [37.5665, 126.978],
  [48.8566, 2.3522],
  [52.52, 13.405],
  [40.4168, -3.7038],
  [51.5072, -0.1276],
  [41.9028, 12.4964],
  [52.3676, 4.9041],
  [48.2082, 16.3738],
  [50.0755, 14.4378],
  [59.3293, 18.0686],
  [55.6761, 12.5683],
  [38.7223, -9.1393],
  [53.3498, -6.2603],
  [47.3769, 8.5417],
  [35.6762, 139.6503],
  [34.6937, 135.5023],
  [35.1796, 129.0756],
  [50.8503, 4.3517],
];
const RADIUS_KM = 8;

/**
 * 100,000 assets, deterministic (g decides everything): a city, a point in an 8 km disc around it, and a
 * display status mix — most online within the hour, some offline, a few alarms, errors, missing, new, retired.
 */
async function seedFleet(database: Database) {
  const { db } = database;
  const partners: string[] = [];
  for (let p = 0; p < 4; p++) partners.push((await seed.partner(db, { name: `Map bench partner ${p + 1}` })).id);
  const category = crypto.randomUUID();
  await db.execute(sql`insert into asset_categories (id, name, asset_type, is_iot)
    values (${category}, 'Map bench e-bike', 'EBIKE', true)`);
  const lat = `(array[${CITIES.map((c) => c[0]).join(',')}])[1 + g % ${CITIES.length}]`;
  const lng = `(array[${CITIES.map((c) => c[1]).join(',')}])[1 + g % ${CITIES.length}]`;
  // Two hashes of g in [0, 1): angle and radius (sqrt for an even spread over the disc).
  const u = `((g::bigint * 7919) % 10007) / 10007.0`;
  const v = `((g::bigint * 104729) % 99991) / 99991.0`;
  const r = `(${RADIUS_KM} * sqrt(${v}))`;
  const started = Date.now();
  await db.execute(
    sql.raw(`insert into assets (id, no, partner_id, category_id, life_cycle_state, usage_mode, iot_device_no,
      iot_vendor, charge_pct, iot_last_update_time, lock_state, alarm_at, error_at, latitude, longitude)
    select gen_random_uuid(), 'M' || lpad(g::text, 7, '0'),
      (array[${partners.map((p) => `'${p}'::uuid`).join(',')}])[1 + g % 4], '${category}'::uuid,
      case when g % 50 = 0 then 'Missing' when g % 37 = 0 then 'New' when g % 101 = 0 then 'Retired' else 'Ready' end,
      'customer-rental',
      'MDEV' || g, 'tbox', g % 101,
      now() - (case when g % 10 = 0 then 3 * 3600 else g % 3000 end) * interval '1 second',
      case when g % 3 = 0 then 'UNLOCKED' else 'LOCKED' end,
      case when g % 23 = 0 then now() - interval '2 hours' else null end,
      case when g % 41 = 0 then now() - interval '3 hours' else null end,
      ${lat} + ${r} * cos(2 * pi() * ${u}) / 111.32,
      ${lng} + ${r} * sin(2 * pi() * ${u}) / (111.32 * cos(radians(${lat})))
    from generate_series(1, ${TOTAL}) g`),
  );
  console.log(`  seeded ${TOTAL.toLocaleString('en')} assets in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The viewport of a 1920 × 1080 screen centred on (lat, lng) at a zoom (Web Mercator, 512-pixel world). */
function viewportAt(lat: number, lng: number, zoom: number) {
  const world = 512 * 2 ** zoom;
  const centre = mercatorOf(lng, lat);
  const x = centre.x * world;
  const y = centre.y * world;
  const toLng = (px: number) => positionAt(px / world, 0).lng;
  const toLat = (py: number) => positionAt(0, py / world).lat;
  const half = { w: Math.min(SCREEN.width, world) / 2, h: Math.min(SCREEN.height, world) / 2 };
  const west = Math.max(-180, toLng(x - half.w));
  const east = Math.min(180, toLng(x + half.w));
  return {
    west,
    east,
    south: Math.max(-85, toLat(y + half.h)),
    north: Math.min(85, toLat(y - half.h)),
  };
}

const shownStates = assetLifeCycleStates.filter((state) => state !== 'Removed');

async function measureApi(base: string, token: string) {
  const results: { zoom: number; p50: number; p95: number; raw: number; gzip: number; shown: string }[] = [];
  for (const zoom of ZOOMS) {
    const times: number[] = [];
    let raw = 0;
    let gzip = 0;
    let shown = '';
    for (let i = 0; i < ROUNDS + 3; i++) {
      // A different city (and a little offset) each round: the map as a user pans it, never the same query twice.
      const [lat, lng] = CITIES[i % CITIES.length] as [number, number];
      const jitter = ((i * 37) % 11) / 1000;
      // The console's default filter: every lifecycle state but Removed (document 2 §5).
      const body = { viewport: viewportAt(lat + jitter, lng - jitter, zoom), zoom, lifeCycleIn: shownStates };
      const started = performance.now();
      const res = await fetch(`${base}/asset/assets/$map`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      const ms = performance.now() - started;
      if (i < 3) continue;
      times.push(ms);
      const size = Buffer.byteLength(text);
      if (size > raw) {
        raw = size;
        gzip = gzipSync(text).byteLength;
        if (res.status === 200) {
          const { data } = JSON.parse(text) as {
            data: { mode: string; clusters: unknown[]; assets: unknown[]; total: number };
          };
          shown = `${data.mode}: ${data.clusters.length} clusters, ${data.assets.length} single, ${data.total} in view`;
        } else {
          shown = `${res.status} ${(JSON.parse(text) as { code: string }).code}`;
        }
      }
    }
    const row = { zoom, p50: quantile(times, 0.5), p95: quantile(times, 0.95), raw, gzip, shown };
    results.push(row);
    console.log(
      `  zoom ${String(zoom).padStart(2)}: p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms, largest ${(raw / 1024).toFixed(1)} KB raw / ${(gzip / 1024).toFixed(1)} KB gzip (${shown})`,
    );
  }
  return results;
}

function webDist(): { dir: string; temporary: boolean } {
  const configured = process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (existsSync(path.join(configured, 'index.html'))) return { dir: configured, temporary: false };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-bench-web-'));
  console.log(`  building the console into ${dir}…`);
  execFileSync('npx', ['vite', 'build', '--outDir', dir], { cwd: path.join(root, 'apps/web'), stdio: 'ignore' });
  return { dir, temporary: true };
}

/** First render and frames per second while dragging, in Chromium against the served console. */
async function measureBrowser(origin: string, token: string) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ viewport: SCREEN });
    await context.addInitScript(`localStorage.setItem('fleetdesk.token', ${JSON.stringify(token)})`);
    const page = await context.newPage();
    const [lat, lng] = CITIES[0] as [number, number];
    /**
     * BENCH_PROFILE=<file.cpuprofile>: the page's CPU profile of what `run` does, saved as the file plus `suffix`
     * (open it in Chromium's DevTools); a null suffix, or no BENCH_PROFILE, runs it unprofiled.
     */
    const profiled = async <T>(suffix: string | null, run: () => Promise<T>): Promise<T> => {
      const file = process.env.BENCH_PROFILE;
      if (!file || suffix === null) return run();
      const profiler = await context.newCDPSession(page);
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.start');
      const result = await run();
      const { profile } = await profiler.send('Profiler.stop');
      writeFileSync(`${file}${suffix}`, JSON.stringify(profile));
      await profiler.detach();
      return result;
    };
    const firstRenders: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      await profiled(i === 2 ? '.first-render' : null, async () => {
        await page.goto(`${origin}/asset/map?at=${lat},${lng},12`);
        await page.locator('button.fleetdesk-cluster').first().waitFor({ timeout: 60_000 });
      });
      firstRenders.push(Date.now() - started);
      if (process.env.BENCH_VERBOSE === '1') {
        // Where a first render's time goes: each request of the page, by start and end since navigation.
        const entries = (await page.evaluate(`performance.getEntriesByType('resource').map((e) =>
          [Math.round(e.startTime), Math.round(e.responseEnd), e.name.replace(location.origin, '')])`)) as [
          number,
          number,
          string,
        ][];
        for (const [start, end, name] of entries)
          console.log(`    ${String(start).padStart(5)} → ${String(end).padStart(5)} ms ${name}`);
      }
    }
    console.log(
      `  first render (navigation → first cluster drawn): ${firstRenders.map((ms) => `${ms} ms`).join(', ')}`,
    );

    const canvas = page.locator('canvas.maplibregl-canvas');
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no map canvas');
    const fps = async (seconds: number) => {
      // The page counts its own animation frames (the bench has no DOM types: the script is text).
      await page.evaluate(`(() => {
        window.__frames = 0;
        window.__counting = true;
        window.__long = [];
        window.__observer?.disconnect();
        window.__observer = new PerformanceObserver((list) => {
          if (window.__counting) for (const e of list.getEntries()) window.__long.push(Math.round(e.duration));
        });
        window.__observer.observe({ type: 'longtask' });
        const tick = () => {
          if (!window.__counting) return;
          window.__frames += 1;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      })()`);
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      const started = Date.now();
      let step = 0;
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      // Drag in a slow circle for the whole time, as a user pans around a city.
      while (Date.now() - started < seconds * 1000) {
        step += 1;
        const angle = step / 20;
        await page.mouse.move(cx + Math.cos(angle) * 200, cy + Math.sin(angle) * 120);
        await page.waitForTimeout(8);
      }
      await page.mouse.up();
      const frames = Number(await page.evaluate('window.__counting = false, window.__frames'));
      if (process.env.BENCH_VERBOSE === '1')
        console.log(
          `    main-thread tasks over 50 ms while dragging: ${await page.evaluate('window.__long.join(", ") || "none"')}`,
        );
      return frames / ((Date.now() - started) / 1000);
    };
    // Right after the first cluster the page is still filling in the atlas and opening its live stream.
    const early = await profiled('', () => fps(5));
    console.log(`  frames per second while dragging right after the first render (5 s): ${early.toFixed(1)}`);
    // Then as a user pans a map that has settled: no main-thread task over 50 ms for 1.5 s (at most 15 s).
    const settledIn = Number(
      await page.evaluate(`new Promise((resolve) => {
        const t0 = performance.now();
        let last = t0;
        const observer = new PerformanceObserver(() => { last = performance.now(); });
        observer.observe({ type: 'longtask' });
        const check = () => {
          const now = performance.now();
          if (now - last < 1500 && now - t0 < 15000) return setTimeout(check, 100);
          observer.disconnect();
          resolve(Math.round(now - t0));
        };
        check();
      })`),
    );
    const runs = [await fps(5), await fps(5)];
    console.log(
      `  frames per second while dragging the settled map (5 s each, settled after ${settledIn} ms): ${runs.map((f) => f.toFixed(1)).join(', ')}`,
    );

    // The same drag over a bare maplibre map (one background layer, nothing else) in the same browser: the
    // ceiling this renderer allows, whatever the console draws.
    const bare = `${origin}/__bench/bare.html`;
    const dist = path.join(root, 'node_modules/maplibre-gl/dist');
    await page.route(`${origin}/__bench/**`, (route) => {
      const name = new URL(route.request().url()).pathname.replace('/__bench/', '');
      if (name === 'bare.html') {
        return route.fulfill({
          contentType: 'text/html',
          body: `<html><head><link rel="stylesheet" href="maplibre-gl.css"></head><body style="margin:0">
            <canvas hidden></canvas><div id="map" style="width:100vw;height:100vh"></div><script type="module">
            import * as maplibregl from './maplibre-gl.mjs';
            maplibregl.setWorkerUrl('./maplibre-gl-worker.mjs');
            new maplibregl.Map({ container: 'map', center: [${lng}, ${lat}], zoom: 12, style: { version: 8, sources: {},
              layers: [{ id: 'bg', type: 'background', paint: { 'background-color': '#e8edf2' } }] } });
            </script></body></html>`,
        });
      }
      return route.fulfill({ path: path.join(dist, path.basename(name)) });
    });
    await page.goto(bare);
    await page.locator('canvas.maplibregl-canvas').waitFor();
    await page.waitForTimeout(1000);
    const bareRuns = [await fps(5), await fps(5)];
    console.log(
      `  bare maplibre, background only, same drag: ${bareRuns.map((f) => f.toFixed(1)).join(', ')} frames per second`,
    );
    return {
      firstRender: Math.max(...firstRenders.slice(1)),
      coldFirstRender: firstRenders[0] ?? 0,
      fps: runs,
      earlyFps: early,
      bareFps: bareRuns,
    };
  } finally {
    await browser.close();
  }
}

const { database, name, version } = await openBenchDatabase(`fleetdesk_bench_map_${TOTAL}`);
console.log(`\n## PostgreSQL ${version} (database ${name}), ${TOTAL.toLocaleString('en')} assets — ${machine()}`);
await database.migrate();
const [count] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from assets`);
if (Number(count?.n) === TOTAL) {
  console.log('  reusing the seeded database (BENCH_FRESH=1 rebuilds it)');
} else {
  await database.db.execute(sql`truncate assets, asset_categories, sites, partners cascade`);
  await seedFleet(database);
}
await database.db.execute(sql`vacuum analyze assets`);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleetdesk-bench-map-'));
const web = webDist();
const config = loadConfig({
  DATABASE_URL: 'memory://',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ADMIN_PASSWORD: PASSWORD,
  DEMO_DATA: '0',
  SIMULATOR: '0',
  WEB_DIST: web.dir,
  // The offline atlas, as the figures in docs/performance.md were measured: a street map from the internet would
  // make them depend on the network.
  MAP_STYLE_URL: 'offline',
  MQTT_PORT: String(20_000 + Math.floor(Math.random() * 10_000)),
});
const app = await buildApp(config, database);
await bootstrap(database.db, config, app.log);
await app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const login = await fetch(`${origin}/api/account/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: config.adminEmail, password: PASSWORD }),
});
if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
const { token } = ((await login.json()) as { data: { token: string } }).data;

/**
 * What the shared low-zoom grid costs: one read of the whole fleet, done at most every MAP_GRID_MAX_AGE_MS
 * (5 s) while somebody looks at a zoom ≤ 10, in the background of the requests it answers.
 */
async function measureGrid() {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < 6; i++) {
    const started = performance.now();
    size = (await gridCells(database.db, '*', ASSET_MAP_GRID_MAX_ROWS + 1)).length;
    if (i > 0) times.push(performance.now() - started);
  }
  console.log(
    `  low-zoom grid read (zoom ${ASSET_MAP_GRID_ZOOM}, ${size.toLocaleString('en')} rows): p50 ${quantile(times, 0.5).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
  );
}

try {
  await measureGrid();
  const api = await measureApi(`${origin}/api`, token);
  const browser = process.env.BENCH_BROWSER === '0' ? null : await measureBrowser(origin, token);
  console.log('\n## Targets');
  const worstP95 = Math.max(...api.map((r) => r.p95));
  const worstGzip = Math.max(...api.map((r) => r.gzip));
  console.log(
    `  map p95 ≤ 100 ms at every zoom: worst ${worstP95.toFixed(1)} ms — ${worstP95 <= 100 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `  ≤ 100 KB gzip at every zoom: largest ${(worstGzip / 1024).toFixed(1)} KB — ${worstGzip <= 100 * 1024 ? 'met' : 'NOT met'}`,
  );
  if (browser) {
    console.log(
      `  first render ≤ 2 s: ${browser.firstRender} ms warm (${browser.coldFirstRender} ms cold) — ${browser.firstRender <= 2000 ? 'met' : 'NOT met'}`,
    );
    const worstFps = Math.min(...browser.fps);
    console.log(
      `  ≥ 50 frames per second while panning: ${worstFps.toFixed(1)} — ${worstFps >= 50 ? 'met' : 'NOT met'} (right after the first render: ${browser.earlyFps.toFixed(1)}; a bare maplibre map redrawing every move: ${Math.min(...browser.bareFps).toFixed(1)})`,
    );
  }
} finally {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (web.temporary) rmSync(web.dir, { recursive: true, force: true });
}
process.exit(0);
