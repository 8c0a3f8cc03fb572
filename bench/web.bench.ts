/**
 * bench:web (issue 27): the console's first screens as a reader's browser gets them. Builds, starts the compiled
 * server with the demo data, and in Chromium measures the JS + CSS bytes transferred (compressed, as on the wire)
 * and the Largest Contentful Paint of /auth/login and /dashboard/asset, cold (empty cache) and warm (reload).
 * Exits 1 when a cold figure is above its budget.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { machine } from './common.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'bench-web-password';
const OWNER = 'owner@fleetdesk.local';
/** The issue's budgets, KB of gzip-compressed JS + CSS. */
const BUDGET_KB = { login: 150, dashboard: 250 } as const;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'memory://',
      DEMO_DATA: '1',
      // The simulator's fleet would load the machine, not the page; the pages read the seeded data.
      SIMULATOR: '0',
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      MQTT_PORT: String(await freePort()),
      MAP_STYLE_URL: 'offline',
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 600 || child.exitCode !== null) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Load {
  /** Compressed JS + CSS bytes that came over the network (cache hits count 0). */
  codeBytes: number;
  /** Of codeBytes, the charts library, which the dashboard fetches once its data is in (after its first paint). */
  chartBytes: number;
  allBytes: number;
  requests: number;
  lcpMs: number;
}

/** Counts what crosses the network from now until `settle` resolves, by Chromium's own accounting (CDP). */
async function measure(page: Page, run: () => Promise<void>): Promise<Omit<Load, 'lcpMs'>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  // Type and address of each response, by request, for when its bytes are counted.
  const responses = new Map<string, { type: string; url: string }>();
  let codeBytes = 0;
  let chartBytes = 0;
  let allBytes = 0;
  let requests = 0;
  cdp.on('Network.responseReceived', (e) => responses.set(e.requestId, { type: e.type, url: e.response.url }));
  cdp.on('Network.loadingFinished', (e) => {
    requests++;
    allBytes += e.encodedDataLength;
    const { type, url } = responses.get(e.requestId) ?? { type: '', url: '' };
    if (type === 'Script' || type === 'Stylesheet') {
      codeBytes += e.encodedDataLength;
      if (/\/echarts-setup-[^/]*\.js$/.test(url)) chartBytes += e.encodedDataLength;
      // BENCH_WEB_FILES=1 lists what each load fetched, to see what a page's figure is made of.
      if (process.env.BENCH_WEB_FILES === '1')
        console.log(`  ${(e.encodedDataLength / 1024).toFixed(1).padStart(7)} KB ${url}`);
    }
  });
  await run();
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await cdp.detach();
  return { codeBytes, chartBytes, allBytes, requests };
}

/** The page's Largest Contentful Paint, ms after navigation start. */
const lcp = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
        }).observe({ type: 'largest-contentful-paint' as 'mark', buffered: true });
        setTimeout(() => resolve(Number.NaN), 3000);
      }),
  );

async function load(page: Page, url: string, ready: (page: Page) => Promise<void>, reload = false): Promise<Load> {
  const sizes = await measure(page, async () => {
    if (reload) await page.reload();
    else await page.goto(url);
    await ready(page);
  });
  return { ...sizes, lcpMs: await lcp(page) };
}

const loginReady = (page: Page) =>
  page.getByRole('button', { name: 'Login', exact: true }).waitFor({ state: 'visible', timeout: 60_000 });
const dashboardReady = (page: Page) =>
  page.getByRole('heading', { name: 'Asset Dashboard' }).waitFor({ state: 'visible', timeout: 60_000 });

async function signIn(page: Page) {
  await page.getByRole('textbox', { name: /Email or username/ }).fill(OWNER);
  await page.getByRole('textbox', { name: /^\*?\s*Password$/ }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** What the page functions use of the browser (the bench compiles without the DOM library). */
interface BrowserGlobals {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}
const TOKEN_KEY = 'fleetdesk.token';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  if (process.env.BENCH_WEB_BUILD !== '0') execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
  const rows: { name: string; load: Load; budget?: number }[] = [];
  const fresh = async (): Promise<BrowserContext> =>
    browser.newContext({ baseURL: server.base, locale: 'en-US', viewport: { width: 1366, height: 860 } });
  try {
    // 1. The login page, cold then warm.
    let context = await fresh();
    let page = await context.newPage();
    rows.push({ name: '/auth/login cold', load: await load(page, '/auth/login', loginReady), budget: BUDGET_KB.login });
    rows.push({ name: '/auth/login warm', load: await load(page, '/auth/login', loginReady, true) });
    // 2. Signing in from there: what the dashboard adds to what the login page brought.
    const afterLogin = await measure(page, async () => {
      await signIn(page);
      await dashboardReady(page);
    });
    rows.push({ name: 'sign in → /dashboard/asset', load: { ...afterLogin, lcpMs: Number.NaN } });
    rows.push({ name: '/dashboard/asset warm', load: await load(page, '/dashboard/asset', dashboardReady, true) });
    await context.close();
    // 3. The dashboard in a fresh tab with a session: everything it needs, from nothing.
    context = await fresh();
    page = await context.newPage();
    await page.goto('/auth/login');
    await loginReady(page);
    await signIn(page);
    await dashboardReady(page);
    await context.clearCookies();
    const token = await page.evaluate(
      (key) => (globalThis as unknown as BrowserGlobals).localStorage.getItem(key),
      TOKEN_KEY,
    );
    await context.close();
    context = await fresh();
    await context.addInitScript(
      ([key, t]) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(key, t ?? ''),
      [TOKEN_KEY, token] as const,
    );
    page = await context.newPage();
    rows.push({
      name: '/dashboard/asset cold',
      load: await load(page, '/dashboard/asset', dashboardReady),
      budget: BUDGET_KB.dashboard,
    });
    await context.close();
  } finally {
    await browser.close();
    server.stop();
  }
  console.log(`bench:web — ${machine()}, Chromium ${browser.version()}`);
  console.log('page                          JS+CSS KB  charts  all KB  requests  LCP ms  budget');
  let over = false;
  for (const { name, load: l, budget } of rows) {
    const fails = budget !== undefined && l.codeBytes / 1024 > budget;
    over ||= fails;
    console.log(
      `${name.padEnd(30)}${kb(l.codeBytes).padStart(9)}${(l.chartBytes ? kb(l.chartBytes) : '–').padStart(8)}${kb(l.allBytes).padStart(8)}${String(l.requests).padStart(10)}${(Number.isNaN(l.lcpMs) ? '–' : l.lcpMs.toFixed(0)).padStart(8)}  ${budget === undefined ? '' : `${budget} KB ${fails ? 'OVER' : 'ok'}`}`,
    );
  }
  if (over) {
    console.log('A cold load is above its budget.');
    process.exitCode = 1;
  }
}

await main();
