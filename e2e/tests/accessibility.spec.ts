import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { BASE_URL, TOKEN_KEY } from '../fixtures/env.ts';
import { expect, networkQuiet, test, trackRequests } from '../fixtures/test.ts';
import { Shell } from '../pages/shell.ts';

/**
 * Issue 27: axe-core over every route of the console (the owner's side menu, the hidden "new" pages and one detail
 * page of each kind) and the login page: no serious or critical WCAG 2.1 A/AA violation. One owner session for the
 * whole file: one shared page, moved from route to route.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Pages the side menu does not link to: the "new" forms (the list's "New" button opens them). */
const newPages = [
  '/asset/new',
  '/asset/category/new',
  '/b2c/service/ticket/new',
  '/checklist/management/new',
  '/checklist/work-item/new',
  '/marketing/deposit/new',
  '/marketing/discount-price/new',
  '/marketing/original-price/new',
  '/private-list/new',
  '/reminder/asset-timer-group/new',
  '/reminder/reset-rule/new',
  '/reminder/timer/new',
  '/renting/order/new',
  '/setting/general/partner/new',
  '/setting/general/tax-group/new',
  '/setting/partner/collect-return-rule/new',
  '/setting/partner/operations/new',
  '/setting/partner/payment-method/new',
  '/setting/partner/rental-config/new',
  '/setting/partner/site/new',
  '/subscription/management/new',
  '/subscription/package/new',
  '/subscription/service/ticket/new',
  '/team/role/new',
  '/team/user/new',
];

/**
 * Detail and edit pages, by a pattern of their path: the first link of that shape on a scanned list page gives the
 * id (the demo data's own rows), so no page needs a made-up id.
 */
const detailPatterns: RegExp[] = [
  /^\/asset\/detail\/[^/?]+$/,
  /^\/asset\/category\/[^/]+\/edit$/,
  /^\/customer\/detail\/[^/?]+$/,
  /^\/renting\/order\/detail\/[^/?]+$/,
  /^\/b2c\/service\/ticket\/detail\/[^/?]+$/,
  /^\/checklist\/record\/detail\/[^/?]+$/,
  /^\/checklist\/management\/detail\/[^/?]+$/,
  /^\/checklist\/work-item\/detail\/[^/?]+$/,
  /^\/relocation\/detail\/[^/?]+$/,
  /^\/reminder\/timer\/detail\/[^/?]+$/,
  /^\/reminder\/asset-timer-group\/detail\/[^/?]+$/,
  /^\/subscription\/service\/ticket\/detail\/[^/?]+$/,
  /^\/subscription\/management\/detail\/[^/?]+$/,
  /^\/setting\/general\/partner\/[^/]+\/edit$/,
  /^\/setting\/partner\/site\/[^/]+\/edit$/,
  /^\/team\/role\/[^/]+\/edit$/,
  /^\/marketing\/original-price\/[^/]+\/edit$/,
];

interface Finding {
  route: string;
  rules: { id: string; impact: string; count: number; targets: string[] }[];
}

/** Waits until the page has drawn its data: its main landmark, no request in flight, no spinner or skeleton. */
async function settled(page: Page) {
  const main = page.getByRole('main');
  await expect(main).toBeVisible();
  await networkQuiet(page, 300);
  await expect(main.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
}

/** axe's serious and critical violations of the page as it is now. */
async function scan(page: Page, route: string): Promise<Finding> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const rules = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      count: v.nodes.length,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  return { route, rules };
}

/**
 * Moves the single-page app to a route the way its own links do (history and a popstate the router listens to):
 * a reload per route would cost the whole file a minute of start-ups.
 */
async function navigate(page: Page, route: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, route);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === route);
}

/** Every link of the owner's side menu, its submenus opened one by one (the owner's menu is long). */
async function menuLinks(shell: Shell): Promise<string[]> {
  const closed = shell.sideMenu.locator('[role="menuitem"][aria-expanded="false"]');
  // dispatchEvent: the sider's collapse trigger covers the last group, and a click there would collapse the menu.
  for (let i = 0; i < 40 && (await closed.count()) > 0; i++) await closed.first().dispatchEvent('click');
  await expect(closed).toHaveCount(0);
  return shell.sideMenu.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

function summary(findings: Finding[]): string {
  return findings
    .map(({ route, rules }) =>
      rules.length === 0
        ? `  ok  ${route}`
        : `  ✗   ${route}\n${rules.map((r) => `        ${r.id} (${r.impact}) ×${r.count}: ${r.targets.join(' | ')}`).join('\n')}`,
    )
    .join('\n');
}

test.describe.configure({ mode: 'serial' });

test.describe('accessibility', () => {
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser, tokens }) => {
    const token = await tokens('owner');
    context = await browser.newContext({
      storageState: { cookies: [], origins: [{ origin: BASE_URL, localStorage: [{ name: TOKEN_KEY, value: token }] }] },
    });
    page = await context.newPage();
    trackRequests(page);
  });

  test.afterAll(async () => {
    await context?.close();
  });

  test('the login page has no serious or critical violation', async ({ browser }) => {
    const anonymousContext = await browser.newContext();
    const anonymous = await anonymousContext.newPage();
    trackRequests(anonymous);
    await anonymous.goto('/auth/login');
    await expect(anonymous.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    await networkQuiet(anonymous, 300);
    const finding = await scan(anonymous, '/auth/login');
    await anonymousContext.close();
    console.log(`axe, logged out:\n${summary([finding])}`);
    expect(finding.rules).toEqual([]);
  });

  test('every route of the console has no serious or critical violation', async () => {
    test.setTimeout(240_000);
    const started = Date.now();
    const shell = new Shell(page);
    await shell.gotoHome();
    const menu = (await menuLinks(shell)).filter((href) => href.startsWith('/'));
    const routes = [...new Set([...menu, ...newPages])];
    const details = new Map<RegExp, string>();
    const findings: Finding[] = [];

    const visit = async (route: string) => {
      const t0 = Date.now();
      await navigate(page, route);
      await settled(page);
      const t1 = Date.now();
      const finding = await scan(page, route);
      findings.push(finding);
      console.log(`${route} load ${t1 - t0} ms, axe ${Date.now() - t1} ms${finding.rules.length ? ` ${summary([finding])}` : ''}`);
      if (details.size === detailPatterns.length) return;
      const hrefs = await page
        .getByRole('main')
        .locator('a[href]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      for (const pattern of detailPatterns) {
        if (details.has(pattern)) continue;
        const href = hrefs.find((h) => pattern.test(h.split('?')[0]));
        if (href) details.set(pattern, href);
      }
    };

    for (const route of routes) await visit(route);
    for (const route of details.values()) await visit(route);

    const missing = detailPatterns.filter((p) => !details.has(p)).map(String);
    console.log(
      `axe over ${findings.length} routes in ${Math.round((Date.now() - started) / 1000)} s:\n${summary(findings)}` +
        (missing.length ? `\n  no link found for: ${missing.join(', ')}` : ''),
    );
    expect(findings.filter((f) => f.rules.length > 0)).toEqual([]);
  });
});
