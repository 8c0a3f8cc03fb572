import type { Locator, Page } from '@playwright/test';
import { ListPageObject } from './list.ts';

/** The reminder log (/reminder/asset-timer-log/list) and the log centre (/reminder/asset-timer-log-center/list). */
export class ReminderLogsPage extends ListPageObject {
  readonly main: Locator;

  constructor(page: Page) {
    super(page);
    this.main = page.getByRole('main');
  }

  centre(search = '') {
    return this.page.goto(`/reminder/asset-timer-log-center/list${search}`);
  }

  log(search = '') {
    return this.page.goto(`/reminder/asset-timer-log/list${search}`);
  }

  /** The rows of one asset (the asset number is a link in its first cell). */
  rowsOf(assetNo: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('link', { name: assetNo, exact: true }) });
  }

  /** The state tag of a centre row, or the kind tag of a log row (data-state / data-kind). */
  tag(row: Locator): Locator {
    return row.locator('[data-state], [data-kind]');
  }
}
