import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';

/**
 * A refusal of the ticket API in the user's language, by its code (document 2 §8): the workbench says what went
 * wrong and what to do ("add an e-mail and charge again"). An unknown code falls back to the API's own sentence,
 * which the http layer has already translated when the console knows it.
 */
export function useTicketErrorText() {
  const { t } = useTranslation('customer-tickets');
  return (error: unknown): string => {
    if (!isApiError(error)) return t('error.unknown');
    return t(`error.${error.code}`, { defaultValue: error.message || t('error.unknown') });
  };
}
