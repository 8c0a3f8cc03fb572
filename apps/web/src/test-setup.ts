import { i18n, loadLocale } from './shared/i18n/i18n.ts';
import { locales } from './shared/i18n/locales.ts';

// The console awaits its locale before the first render (main.tsx); component tests switch languages freely, so
// they get every locale up front.
await Promise.all(locales.map(loadLocale));
await i18n.changeLanguage('en-US');
