import { type PaymentPlanUnit, type PriceUnit, periodRent } from '@fleetdesk/contracts';

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

const cents = (v: string | number) => Math.round(Number(v) * 100);

/** What the next period's fee is computed from: the order's price and plan, what it was billed so far, its cap. */
export interface FeeBasis {
  unit_price: string;
  price_unit: string;
  plan_frequency: number;
  plan_unit: string;
  billed: string;
  max_amount: string | null;
}

/**
 * The fee of the next period: the rent, cut to what is left under the partner's maximum payment per order
 * (document 2 §9 "customer max payment amount per order stops further charges"); nothing left is a Capped fee.
 */
export function nextFee(order: FeeBasis) {
  const rent = cents(
    periodRent(
      Number(order.unit_price),
      order.price_unit as PriceUnit,
      order.plan_frequency,
      order.plan_unit as PaymentPlanUnit,
    ),
  );
  if (order.max_amount === null) return { amount: rent / 100, status: rent > 0 ? 'Pending' : 'Paid' };
  const left = Math.max(0, cents(order.max_amount) - cents(order.billed));
  const amount = Math.min(rent, left);
  return { amount: amount / 100, status: amount > 0 ? 'Pending' : rent > 0 ? 'Capped' : 'Paid' };
}
