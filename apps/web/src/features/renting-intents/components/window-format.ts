import dayjs from 'dayjs';
import { formatDateTime } from '../../../shared/format.ts';

/** How an appointment window's instants are written: in the user's locale and time zone (see appointmentWindowText). */
export const windowFormat = {
  dateTime: formatDateTime,
  time: (iso: string) => dayjs(iso).format('LT'),
  day: (iso: string) => dayjs(iso).format('YYYY-MM-DD'),
};
