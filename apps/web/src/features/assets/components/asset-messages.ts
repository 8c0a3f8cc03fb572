import { i18n } from '../../../shared/i18n/i18n.ts';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';

/**
 * Contract messages of the asset search and batches that the shared validation namespace does not carry
 * ("From and To must have the same length") are keyed in the assets namespace by their English text.
 */
export function translateAssetMessage(message: string): string {
  return i18n.exists(message, { ns: 'assets' })
    ? i18n.t(message, { ns: 'assets' })
    : translateValidationMessage(message);
}
