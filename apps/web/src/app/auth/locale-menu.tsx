import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from '../../shared/i18n/i18n.ts';
import { isLocale, type Locale, localeNames, locales } from '../../shared/i18n/locales.ts';
import { Icon } from './plain-icons.tsx';

/**
 * The login page's language menu, without antd (issue 27): a menu button as the WAI-ARIA pattern describes it, with
 * the same name, test id and menu items as the console's LocaleSwitcher (shared/ui/locale-switcher.tsx).
 */
export function LocaleMenu() {
  const { t, i18n } = useTranslation();
  const active = isLocale(i18n.language) ? i18n.language : currentLocale();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };

  // Focus moves to the chosen language when the menu opens, not on every language change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on opening only
  useEffect(() => {
    if (!open) return;
    focusItem(locales.indexOf(active));
    // A press anywhere else closes the menu, as a native one would.
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (locale: Locale) => {
    close();
    void changeLocale(locale);
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items().indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    if (event.key === 'ArrowDown') focusItem(index + 1);
    else if (event.key === 'ArrowUp') focusItem(index - 1);
    else if (event.key === 'Home') focusItem(0);
    else if (event.key === 'End') focusItem(-1);
    else if (event.key === 'Escape') close();
    else return;
    event.preventDefault();
  };

  return (
    <div className="fd-locale-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="fd-button fd-button-text"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // The name holds the visible language name (WCAG 2.5.3).
        aria-label={`${t('shell.language')}: ${localeNames[active]}`}
        data-testid="locale-switcher"
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Icon name="Globe" />
        {localeNames[active]}
      </button>
      {open && (
        <div id={menuId} ref={menu} role="menu" aria-label={t('shell.language')} onKeyDown={onMenuKey}>
          {locales.map((locale) => (
            <button
              key={locale}
              type="button"
              role="menuitem"
              tabIndex={-1}
              lang={locale}
              aria-current={locale === active ? 'true' : undefined}
              onClick={() => choose(locale)}
            >
              <span>{localeNames[locale]}</span>
              {locale === active && <Icon name="Check" />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
