import { expect, type Locator, type Page } from '@playwright/test';
import { answerConfirm, confirmDialog, ListPageObject, pickOptions } from './list.ts';
import { FormPageObject } from './partners.page.ts';

/** Team → User: the list. */
export class UserListPage extends ListPageObject {
  readonly heading: Locator;
  readonly newButton: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { name: 'User', level: 4 });
    this.newButton = page.getByRole('button', { name: /New user/ });
  }

  async goto(query = '') {
    await this.page.goto(`/team/user/list${query}`);
    await expect(this.heading).toBeVisible();
  }

  edit(username: string): Locator {
    return this.page.getByRole('link', { name: `Edit user ${username}` });
  }

  async delete(username: string, name: string) {
    await this.page.getByRole('button', { name: `Delete user ${username}` }).click();
    await answerConfirm(this.page, `Delete user "${name}" (${username})?`, 'Delete');
  }
}

export interface UserValues {
  username?: string;
  name?: string;
  email?: string;
  phoneNo?: string;
  password?: string;
  /** 'all' or the partner names to select. */
  scope?: 'all' | string[];
  roles?: string[];
}

/** Team → User: new and edit. */
export class UserFormPage extends FormPageObject {
  readonly rolesSelect: Locator;
  readonly partnersSelect: Locator;

  constructor(page: Page) {
    super(page);
    this.rolesSelect = this.form.getByRole('combobox', { name: 'Roles' });
    this.partnersSelect = this.form.getByRole('combobox', { name: /Partners/ });
  }

  async fill(values: UserValues) {
    const text: [keyof UserValues, string][] = [
      ['username', 'Username'],
      ['name', 'Name'],
      ['email', 'Email'],
      ['phoneNo', 'Phone'],
      ['password', 'Initial password'],
    ];
    for (const [key, label] of text) {
      const value = values[key];
      if (typeof value === 'string') await this.field(label).fill(value);
    }
    if (values.scope === 'all') await this.form.getByRole('radio', { name: 'All partners' }).check();
    if (Array.isArray(values.scope)) {
      await this.form.getByRole('radio', { name: 'Selected partners' }).check();
      await pickOptions(this.page, this.partnersSelect, values.scope);
    }
    if (values.roles) await pickOptions(this.page, this.rolesSelect, values.roles);
  }

  /** Removes a chosen option (a tag) from a multiple select. */
  async removeRole(role: string) {
    const tag = this.form.locator('.ant-select-selection-item, .ant-select-selection-overflow-item').filter({
      hasText: role,
    });
    await tag.getByRole('img', { name: 'close' }).click();
  }
}

/** Team → Role: the list. */
export class RoleListPage extends ListPageObject {
  readonly heading: Locator;
  readonly newButton: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { name: 'Role', level: 4 });
    this.newButton = page.getByRole('button', { name: /New role/ });
  }

  async goto(query = '') {
    await this.page.goto(`/team/role/list${query}`);
    await expect(this.heading).toBeVisible();
  }

  edit(title: string): Locator {
    return this.page.getByRole('link', { name: `Edit role ${title}` });
  }
}

/** Team → Role: new and edit, with the permission matrix. */
export class RoleFormPage extends FormPageObject {
  readonly affectedNotice: Locator;

  constructor(page: Page) {
    super(page);
    this.affectedNotice = page.getByTestId('role-affected-notice');
  }

  /** The checkbox of one action inside a permission family's group ("Asset" → "Export data"). */
  permission(family: string, action: string, platform: 'web' | 'app' = 'web'): Locator {
    return this.platform(platform)
      .getByRole('group', { name: family, exact: true })
      .getByRole('checkbox', { name: action, exact: true });
  }

  /** The matrix card of one platform (web platform, operation app). */
  platform(platform: 'web' | 'app'): Locator {
    return this.form.locator('.ant-card').filter({ has: this.page.getByTestId(`permissions-${platform}-select-all`) });
  }

  confirm(text: string | RegExp): Locator {
    return confirmDialog(this.page, text);
  }
}
