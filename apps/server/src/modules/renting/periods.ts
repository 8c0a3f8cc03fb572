import type { PaymentPlanUnit } from '@fleetdesk/contracts';

/** The end of a payment period: calendar months, so a monthly plan bills on the same day each month. */
export function addPeriod(from: Date, frequency: number, unit: PaymentPlanUnit): Date {
  const d = new Date(from);
  if (unit === 'months') {
    d.setUTCMonth(d.getUTCMonth() + frequency);
    return d;
  }
  const minutes = { minutes: 1, hours: 60, days: 1440, weeks: 10_080 }[unit];
  return new Date(d.getTime() + frequency * minutes * 60_000);
}
