import { expect, type Locator, type Page } from '@playwright/test';

/** The console frame around every signed-in page: header, side menu, breadcrumbs, error results. */
export class Shell {
  readonly header: Locator;
  readonly userMenu: Locator;
  readonly localeSwitcher: Locator;
  readonly sideMenu: Locator;
  readonly breadcrumbs: Locator;
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByRole('banner');
    this.userMenu = page.getByTestId('user-menu');
    this.localeSwitcher = page.getByTestId('locale-switcher');
    this.sideMenu = page.getByRole('complementary').getByRole('menu').first();
    this.main = page.getByRole('main');
    this.breadcrumbs = this.main.getByRole('navigation').first();
  }

  /** The root, which sends a signed-in user on to the first page of their menu. */
  async gotoHome() {
    await this.page.goto('/');
    await expect(this.page).toHaveURL((url) => url.pathname !== '/');
    await expect(this.userMenu).toBeVisible();
  }

  /** A top-level group or entry of the side menu, by its visible label. */
  menuItem(label: string): Locator {
    return this.sideMenu.getByRole('menuitem').filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) });
  }

  /** A leaf entry (a link) of the side menu. */
  menuLink(label: string): Locator {
    return this.sideMenu.getByRole('link', { name: label, exact: true });
  }

  /** Every label the side menu shows right now (groups and entries, open submenus included). */
  async menuLabels(): Promise<string[]> {
    const texts = await this.sideMenu.locator('.ant-menu-title-content').allInnerTexts();
    return texts.map((text) => text.trim()).filter(Boolean);
  }

  /** Opens a submenu; the menu may open it by itself when the route lands inside it, so click only while closed. */
  async openGroup(label: string) {
    const group = this.menuItem(label);
    await expect(async () => {
      if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
      await expect(group).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
  }

  /** Opens every submenu, so that every entry the user may see is in the DOM. */
  async expandAll() {
    const closed = this.sideMenu.locator('[role="menuitem"][aria-expanded="false"]');
    // The menu also opens the submenu of the current route by itself, so a closed item can open under our feet.
    await expect(async () => {
      if ((await closed.count()) > 0) await closed.first().click({ timeout: 1_000 });
      expect(await closed.count()).toBe(0);
    }).toPass({ timeout: 10_000 });
  }

  /** The targets of every link in the (expanded) side menu. */
  async menuHrefs(): Promise<string[]> {
    await this.expandAll();
    return this.sideMenu.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  }

  async chooseLocale(name: string) {
    await this.localeSwitcher.click();
    await this.page.getByRole('menuitem', { name, exact: true }).click();
  }

  async logout(label = 'Logout') {
    await this.userMenu.click();
    await this.page.getByRole('menuitem', { name: new RegExp(`${escapeRegExp(label)}$`) }).click();
  }

  async expectSignedInAs(name: string) {
    await expect(this.userMenu).toContainText(name);
  }

  readonly notFound = () => this.page.getByText('Sorry, the page you visited does not exist.');
  readonly forbidden = () => this.page.getByText('You do not have permission to open this page.');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
