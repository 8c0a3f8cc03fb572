import { useTranslation } from 'react-i18next';
import { durationParts } from './trip-format.ts';

/** "1 h 02 min" / "12 min 05 s" in the interface language. */
export function useFormatDuration() {
  const { t } = useTranslation('trips');
  return (seconds: number) => {
    const { h, m, s } = durationParts(seconds);
    if (h > 0) return t('duration.hm', { h, m: String(m).padStart(2, '0') });
    return t('duration.ms', { m, s: String(s).padStart(2, '0') });
  };
}
