import { i18n, loadLocale, loadPageTranslations } from './shared/i18n/i18n.ts';
import { locales } from './shared/i18n/locales.ts';

// The console awaits its locale before the first render (main.tsx) and the console's namespaces with its routes;
// component tests switch languages freely, so they get every namespace of every locale up front.
await loadPageTranslations();
await Promise.all(locales.map(loadLocale));
await i18n.changeLanguage('en-US');
