import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { BASE_URL } from '../fixtures/env.ts';
import { ListPageObject } from './list.ts';

export type Language = 'English' | 'Italian' | 'Spanish';

/** Settings → customer communication lists (general: the three account documents; partner: paged list). */
export class DocumentListPage extends ListPageObject {
  heading(name: string): Locator {
    return this.page.getByRole('heading', { name, level: 4 });
  }
}

/**
 * A document editor page: one tab per language, each a TinyMCE iframe (titled with the language), and the
 * form's Save button.
 */
export class DocumentEditorPage {
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('main').locator('form');
  }

  tab(language: Language): Locator {
    return this.page.getByRole('tab', { name: new RegExp(`^${language}`) });
  }

  frame(language: Language | string): FrameLocator {
    return this.page.getByTestId(`document-editor-${language}`).locator('iframe').contentFrame();
  }

  body(language: Language | string): Locator {
    return this.frame(language).locator('body#tinymce');
  }

  /** Waits until the editor of a language has started (its content body is editable). */
  async ready(language: Language | string = 'English') {
    await expect(this.body(language)).toHaveAttribute('contenteditable', 'true', { timeout: 20_000 });
  }

  /** Replaces the text of a language through the keyboard, as a person would. */
  async write(language: Language, text: string) {
    await this.tab(language).click();
    const body = this.body(language);
    await body.click();
    await body.press('ControlOrMeta+a');
    await body.press('Delete');
    if (text) await body.pressSequentially(text);
  }

  /** Puts HTML into a language's editor through TinyMCE's API (for content the toolbar would not produce). */
  async setHtml(language: Language, html: string) {
    await this.page.evaluate(
      ([label, content]) => {
        const tinymce = (
          window as unknown as { tinymce: { get(): { getContainer(): HTMLElement; setContent(h: string): void }[] } }
        ).tinymce;
        const editor = tinymce.get().find((e) => e.getContainer().closest(`[data-testid="document-editor-${label}"]`));
        if (!editor) throw new Error(`no editor for ${label}`);
        editor.setContent(content);
      },
      [language, html] as const,
    );
  }

  async save() {
    await this.form.getByRole('button', { name: 'Save', exact: true }).click();
  }

  /** The field error shown on a language's tab. */
  errorIn(language: Language): Locator {
    return this.page
      .getByRole('tabpanel', { name: new RegExp(`^${language}`) })
      .locator('.ant-form-item-explain-error');
  }
}

/** Records every request the page makes that does not go to the console's own server (a CDN, a font host). */
export function watchForeignRequests(page: Page): string[] {
  const foreign: string[] = [];
  const own = new URL(BASE_URL).origin;
  page.on('request', (request) => {
    const url = request.url();
    if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:')) return;
    if (new URL(url).origin !== own) foreign.push(url);
  });
  return foreign;
}
