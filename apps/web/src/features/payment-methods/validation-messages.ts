import { i18n } from '../../shared/i18n/i18n.ts';
import { locales } from '../../shared/i18n/locales.ts';

const PREFIX = 'validation.';

/**
 * The contract's English messages of this feature ("Statement descriptor must be 5 to 22 characters") are
 * translated in this feature's own files under "validation.<message>" and join the shared validation
 * namespace when the feature loads, so form errors read in the user's language like every other message.
 */
export function registerValidationMessages(namespace: string) {
  for (const locale of locales) {
    const bundle = (i18n.getResourceBundle(locale, namespace) ?? {}) as Record<string, string>;
    const messages = Object.fromEntries(
      Object.entries(bundle)
        .filter(([key]) => key.startsWith(PREFIX))
        .map(([key, value]) => [key.slice(PREFIX.length), value]),
    );
    i18n.addResourceBundle(locale, 'validation', messages, true, false);
  }
}

registerValidationMessages('payment-methods');
