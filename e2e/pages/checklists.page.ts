import { expect, type Locator, type Page } from '@playwright/test';
import { ListPageObject, pickOptions } from './list.ts';

/** Checklist → Management: the list. */
export class ChecklistListPage extends ListPageObject {
  async goto(query = '') {
    await this.page.goto(`/checklist/management/list${query}`);
    await expect(this.page.getByRole('main').locator('.ant-table')).toBeVisible();
  }

  checklistRow(name: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }
}

export interface GroupValues {
  name: string;
  items: string[];
  optional?: boolean;
}

/** The three-part checklist form: basic, groups, review. */
export class ChecklistFormPage {
  readonly main: Locator;
  readonly groups: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole('main');
    this.groups = page.getByTestId('group-list');
  }

  field(label: string): Locator {
    return this.main.locator('form').getByLabel(label, { exact: true });
  }

  async choose(combobox: Locator, option: string) {
    await combobox.click();
    await this.page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  }

  /** A button by its text (an icon's name may come first: "plus Add group"). */
  button(name: string): Locator {
    return this.main.getByRole('button', { name: new RegExp(`(^| )${name}$`) });
  }

  /** Adds a group through its dialog. */
  async addGroup(values: GroupValues) {
    await this.button('Add group').click();
    const dialog = this.page.getByRole('dialog').filter({ hasText: 'Add a work item group' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Group name', { exact: true }).fill(values.name);
    if (values.optional) await dialog.getByLabel('Required group', { exact: true }).click();
    await pickOptions(this.page, dialog.getByRole('combobox', { name: 'Work items' }), values.items);
    await dialog.getByRole('button', { name: 'Done', exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  /** The group names in the order shown. */
  groupNames(): Promise<string[]> {
    return this.groups.getByTestId('group-name').allInnerTexts();
  }

  handle(name: string): Locator {
    return this.groups.getByRole('button', { name: `Reorder group ${name}`, exact: true });
  }

  /**
   * Moves a group one place with the keyboard: focus its handle, Space picks it up, the arrow moves it, Space drops
   * it. Each step waits for the page's live announcement, as a screen reader user would hear it.
   */
  async keyboardMove(name: string, key: 'ArrowUp' | 'ArrowDown', to: number) {
    const names = await this.groupNames();
    await this.handle(name).focus();
    await this.page.keyboard.press('Space');
    await expect(this.page.getByText(`Group ${name} is over position ${names.indexOf(name) + 1}`)).toBeAttached();
    // dnd-kit's keyboard sensor listens for the arrows from a setTimeout(0) after the pick-up, and the announcement
    // can come first: a timeout of the page's own, queued after it, runs after the listener is there.
    await this.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await this.page.keyboard.press(key);
    await expect(this.page.getByText(`Group ${name} is over position ${to}`)).toBeAttached();
    await this.page.keyboard.press('Space');
    await expect(this.page.getByText(`Group ${name} dropped at position ${to}`)).toBeAttached();
  }

  /** Drags a group's handle onto another group's card with the mouse, in small steps (dnd-kit follows pointer moves). */
  async drag(name: string, onto: string) {
    const from = await this.handle(name).boundingBox();
    const to = await this.groups.locator(`[data-group-name="${onto}"]`).boundingBox();
    if (!from || !to) throw new Error('group not on screen');
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
    await this.page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + (to.y > from.y ? 10 : -10), {
      steps: 12,
    });
    await this.page.mouse.up();
  }
}
