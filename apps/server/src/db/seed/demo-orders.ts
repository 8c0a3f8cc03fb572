import { randomUUID } from 'node:crypto';
import { type PaymentPlanUnit, type PriceUnit, periodRent, TEST_CARDS } from '@fleetdesk/contracts';
import { eq, sql } from 'drizzle-orm';
import { localPaymentProvider } from '../../adapters/payments.ts';
import { addPeriod } from '../../modules/billing/periods.ts';
import { createDepositService, recordRefundApplication } from '../../modules/deposits/deposits.service.ts';
import { issueInvoices } from '../../modules/invoicing/invoicing.service.ts';
import * as ordersRepo from '../../modules/orders/orders.repo.ts';
import { orderNumber } from '../../modules/orders/orders.service.ts';
import { createPaymentService } from '../../modules/payments/payments.service.ts';
import type { Db, DbOrTx } from '../client.ts';
import { assets, leases, orderFees, orders, payments, rentalConfigs, rentingConfig } from '../schema/index.ts';
import { rows } from '../sql.ts';
import { quiet } from './quiet-log.ts';

const DAY = 86_400_000;

interface Renter {
  customer_id: string;
  payment_method_id: string;
  provider_ref: string;
}
interface Offer {
  program_id: string;
  category_id: string;
  category: string;
  unit_price: string;
  price_unit: string;
  currency: string;
  plan_id: string;
  plan_frequency: number;
  plan_unit: string;
  deposit: string | null;
  site_id: string | null;
}

/** What each demo partner's history holds: days ago it started, periods paid, and whether it ended. */
const stories = [
  { startedDaysAgo: 9, periods: 2, ended: false, deposit: 'held' },
  { startedDaysAgo: 40, periods: 2, ended: true, deposit: 'refunded' },
  { startedDaysAgo: 3, periods: 1, ended: false, deposit: 'held' },
  { startedDaysAgo: 26, periods: 1, ended: true, deposit: 'waiting' },
  { startedDaysAgo: 33, periods: 3, ended: true, deposit: 'refunded' },
  { startedDaysAgo: 1, periods: 1, ended: false, deposit: 'held' },
  { startedDaysAgo: 18, periods: 2, ended: true, deposit: 'held' },
] as const;

/**
 * Orders as the console would have left them over the last six weeks, for Milano and Barcelona: closed ones (their
 * deposits refunded through approved applications, one application still waiting, one deposit still held) and open
 * ones holding a city e-bike or an urban bike. Every payment goes through the real payment service and the local
 * provider, so the ledger, the provider's own records and the refund bounds agree, and staff can refund them; then
 * the rows are dated back. Invoicing is on with an identity per partner, and each paid period has its invoice.
 * Assets are taken from the end of the fleet (highest numbers) and only paying customers rent, so the free assets
 * and renters the end-to-end tests look for stay free.
 */
export async function seedDemoOrders(db: DbOrTx, now = new Date()) {
  const asDb = db as Db;
  const paymentService = createPaymentService({
    db: asDb,
    // The seed's provider only charges and refunds; webhooks are signed when delivered, with the app's secret.
    provider: localPaymentProvider({ db: asDb, webhookSecret: 'demo-seed' }),
    log: quiet,
  });
  const deposits = createDepositService({ db: asDb, payments: paymentService });
  const [owner] = await rows<{ id: string }>(db, sql`select u.id from users u order by u.created_at limit 1`);
  const ownerCaller = {
    userId: owner?.id ?? '',
    sessionId: 'demo-seed',
    username: 'demo-seed',
    permissions: new Set<string>(),
    scope: '*' as const,
  };

  const partners = await rows<{ id: string; name: string; prefix: string }>(
    db,
    sql`select id, name, case name when 'Milano Bike Hub' then 'MBH' else 'BEM' end as prefix from partners
        where name in ('Milano Bike Hub', 'Barcelona E-Motion') order by name desc`,
  );
  await db
    .insert(rentingConfig)
    .values({ id: 1, invoiceEnabled: true, invoiceEnabledAt: new Date(now.getTime() - 60 * DAY) })
    .onConflictDoUpdate({
      target: rentingConfig.id,
      set: { invoiceEnabled: true, invoiceEnabledAt: new Date(now.getTime() - 60 * DAY) },
    });

  const waiting: string[] = [];
  const toApprove: string[] = [];
  for (const partner of partners) {
    await db
      .insert(rentalConfigs)
      .values({
        partnerId: partner.id,
        invoicePrefix: partner.prefix,
        sellerName: `${partner.name} S.r.l.`,
        vatNumber: partner.prefix === 'MBH' ? 'IT01234567890' : 'ESB12345678',
        invoiceFooter: 'Thank you for riding with us.',
      })
      .onConflictDoNothing();
    const renters = await rows<Renter>(
      db,
      sql`select c.id as customer_id, pm.id as payment_method_id, pm.provider_ref
          from customers c join customer_memberships m on m.customer_id = c.id and m.partner_id = ${partner.id}
          join lateral (select id, provider_ref from customer_payment_methods
                        where customer_id = c.id and valid and deleted_at is null
                          and provider_ref in (${TEST_CARDS.success.token}, ${TEST_CARDS.mastercard.token})
                        order by created_at limit 1) pm on true
          where c.deleted_at is null and c.email_verified_at is not null
          order by c.created_at limit ${stories.length}`,
    );
    const offers = await rows<Offer>(
      db,
      sql`select p.id as program_id, ac.id as category_id, ac.name as category, pp.unit_price, pp.price_unit,
            pp.currency, pl.id as plan_id, pl.frequency as plan_frequency, pl.unit as plan_unit, dp.amount as deposit,
            (select s.id from sites s where s.partner_id = p.partner_id and not s.is_archived order by s.name limit 1)
              as site_id
          from rental_programs p join asset_categories ac on ac.id = p.asset_category_id
          join program_pricing_parts pp on pp.program_id = p.id
          join program_payment_plans pl on pl.program_id = p.id and pl.unit = 'weeks'
          left join program_deposit_parts dp on dp.program_id = p.id
          where p.partner_id = ${partner.id} and ac.name in ('City e-bike', 'Urban bike')
          order by ac.name`,
    );
    // Two of the partner's paying customers are left without history, for a first rental in a demo (and the
    // end-to-end tests); the others carry the stories, several each.
    const carrying = Math.max(1, renters.length - 2);
    for (const [n, story] of stories.entries()) {
      const renter = renters[n % carrying];
      const offer = offers[n % offers.length];
      if (!renter || !offer) break;
      const [asset] = await rows<{ id: string }>(
        db,
        sql`select a.id from assets a where a.partner_id = ${partner.id} and a.category_id = ${offer.category_id}
              and a.life_cycle_state = 'Ready' and a.usage_mode = 'customer-rental' and a.turnover_state = 'InSite'
              and not exists (select 1 from leases l where l.asset_id = a.id and l.status in ('InUse', 'Returning'))
            order by a.no desc limit 1`,
      );
      if (!asset) continue;
      const start = new Date(now.getTime() - story.startedDaysAgo * DAY - (n % 3) * 3_600_000);
      const unit = offer.plan_unit as PaymentPlanUnit;
      const rent = periodRent(Number(offer.unit_price), offer.price_unit as PriceUnit, offer.plan_frequency, unit);
      const end = story.ended ? addPeriod(start, offer.plan_frequency * story.periods, unit) : null;
      const next = story.ended ? null : addPeriod(start, offer.plan_frequency * story.periods, unit);
      const orderId = randomUUID();
      const deposit = offer.deposit === null ? null : Number(offer.deposit);
      await db.insert(orders).values({
        id: orderId,
        orderNo: orderNumber(start),
        customerId: renter.customer_id,
        partnerId: partner.id,
        assetCategoryId: offer.category_id,
        programId: offer.program_id,
        status: story.ended ? 'Closed' : 'Open',
        rentSiteId: offer.site_id,
        returnSiteId: story.ended ? offer.site_id : null,
        paymentPlanId: offer.plan_id,
        planFrequency: offer.plan_frequency,
        planUnit: offer.plan_unit,
        unitPrice: Number(offer.unit_price),
        priceUnit: offer.price_unit,
        currency: offer.currency,
        startTime: start,
        endTime: end,
        nextPaymentTime: next,
        paymentMethodId: renter.payment_method_id,
        checkoutState: 'Completed',
        depositAmount: deposit,
        endReason: story.ended ? 'Returned at the counter' : null,
        createdBy: owner?.id ?? null,
        createdAt: start,
        updatedAt: end ?? start,
      });
      await db.insert(leases).values({
        id: randomUUID(),
        orderId,
        assetId: asset.id,
        customerId: renter.customer_id,
        status: story.ended ? 'Returned' : 'InUse',
        startedAt: start,
        returnSubmittedAt: end,
        returnedAt: end,
        createdAt: start,
        updatedAt: end ?? start,
      });
      if (!story.ended) await db.update(assets).set({ turnoverState: 'RentingOut' }).where(eq(assets.id, asset.id));

      if (deposit !== null) {
        const row = await ordersRepo.depositRow(db, '*', {
          id: randomUUID(),
          customerId: renter.customer_id,
          partnerId: partner.id,
          assetCategoryId: offer.category_id,
          currency: offer.currency,
        });
        // As the checkout does: the charge belongs to the customer's deposit row.
        const charge = await paymentService.charge({
          customerId: renter.customer_id,
          subjectType: 'deposit',
          subjectId: row.id,
          amount: deposit,
          currency: offer.currency,
          paymentMethod: renter.provider_ref,
          key: `order:${orderId}:deposit`,
          description: `Deposit, ${offer.category}`,
        });
        await backdate(db, charge.id, start);
        await ordersRepo.creditDeposit(db, '*', row.id, 1, deposit);
        await db
          .update(orders)
          .set({ depositPaymentId: charge.id, depositCreditedAt: start })
          .where(eq(orders.id, orderId));
        if (story.deposit !== 'held') {
          const applicationId = randomUUID();
          // Through the deposits module, so the staff who confirm refunds are notified as in real life.
          await recordRefundApplication(db, {
            id: applicationId,
            customerId: renter.customer_id,
            partnerId: partner.id,
            assetCategoryId: offer.category_id,
            quantity: 1,
            amount: deposit,
            currency: offer.currency,
            note: story.deposit === 'waiting' ? 'Asked at the counter when returning the bike' : null,
            createdAt: end ?? now,
            updatedAt: end ?? now,
          });
          (story.deposit === 'waiting' ? waiting : toApprove).push(applicationId);
        }
      }

      for (let sequence = 1; sequence <= story.periods; sequence++) {
        const periodStart = addPeriod(start, offer.plan_frequency * (sequence - 1), unit);
        const feeId = randomUUID();
        await db.insert(orderFees).values({
          id: feeId,
          orderId,
          sequence,
          periodStart,
          periodEnd: addPeriod(periodStart, offer.plan_frequency, unit),
          amount: rent,
          status: 'Pending',
          createdAt: periodStart,
          updatedAt: periodStart,
        });
        const charge = await paymentService.charge({
          customerId: renter.customer_id,
          subjectType: 'order-fee',
          subjectId: feeId,
          amount: rent,
          currency: offer.currency,
          paymentMethod: renter.provider_ref,
          key: `order-fee:${feeId}:1`,
          description: `Rent, period ${sequence}`,
        });
        await backdate(db, charge.id, periodStart);
        await db
          .update(orderFees)
          .set({ paymentId: charge.id, status: 'Paid', attempts: 1, updatedAt: periodStart })
          .where(eq(orderFees.id, feeId));
      }
    }
  }
  // Approved through the deposit service (as staff would), so the refunds are real ledger rows with their status.
  if (toApprove.length > 0) await deposits.approve(ownerCaller, toApprove);
  await issueInvoices(asDb);
  // Invoices are dated with the period they bill.
  await db.execute(sql`update order_invoices i set issued_at = f.period_start, created_at = f.period_start
                       from order_fees f where f.id = i.fee_id`);
  return { waitingApplications: waiting.length, approvedApplications: toApprove.length };
}

/** The payment happened when its period started: the ledger says so. */
async function backdate(db: DbOrTx, paymentId: string, at: Date) {
  await db.update(payments).set({ createdAt: at, updatedAt: at, settledAt: at }).where(eq(payments.id, paymentId));
}
