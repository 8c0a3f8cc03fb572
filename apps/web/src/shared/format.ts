import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';

// Localised formats ("L LT") follow the dayjs locale the providers switch with the interface language.
dayjs.extend(localizedFormat);

/** A timestamp as date and time in the user's locale; empty for absent values. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('L LT') : '';
}
