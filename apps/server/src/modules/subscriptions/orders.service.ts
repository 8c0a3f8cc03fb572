import { randomUUID } from 'node:crypto';
import {
  type ExemptRefundInput,
  SUBSCRIPTION_MESSAGES as M,
  type PlanDurationUnit,
  type SubscribableAsset,
  type SubscriptionOrder,
  type SubscriptionOrderAsset,
  type SubscriptionOrderInput,
  type SubscriptionOrderQuery,
  type SubscriptionOrderSummary,
  type SubscriptionOrderUpdate,
  type SubscriptionPeriod,
  type SubscriptionTrade,
  type SubscriptionTradeQuery,
  tabStatuses,
} from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toCsv } from '../../lib/csv.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { allPartners, assertPartnerInScope, type Scope } from '../../lib/scope.ts';
import { logChange } from '../audit/audit.repo.ts';
import type { PaymentService } from '../payments/payments.service.ts';
import { followUp, type SubscriptionBilling } from './billing.ts';
import * as repo from './orders.repo.ts';
import { basicFeeOf, firstPeriod, fullLengthMs } from './periods.ts';

const num = Number;
/** A start a moment in the past (the form's "now" travelling to the server) still counts as now. */
const START_SKEW_MS = 60_000;

const fieldRefusal = (code: string, field: string, message: string, data: Record<string, unknown> = {}) =>
  new DomainError(code, 422, message, { ...data, fields: { [field]: message } });
const notActive = () =>
  new DomainError('SubscriptionNotActive', 409, 'The subscription has ended or is ending: it cannot change');
const noNextPeriod = (endsAt: Date | string | null) =>
  new DomainError('NoNextPeriod', 409, 'No period follows: the subscription ends at the end of the current period', {
    endsAt: toIsoOrNull(endsAt),
  });

/** Two orders raced for one asset: the held-asset index let one through; the other is told so on its field. */
const heldElsewhere = (error: unknown) =>
  uniqueViolation(error) === 'subscription_order_assets_held_key'
    ? fieldRefusal('AssetNotSubscribable', 'assetNos', 'An asset was just taken by another subscription')
    : error;

/** Why an asset cannot be subscribed to an order (null: it can). */
function assetProblem(a: repo.CandidateAsset, order: { partnerId: string; categoryId: string; id?: string }) {
  if (a.partner_id !== order.partnerId) return 'belongs to another partner';
  if (a.category_id !== order.categoryId) return "is not of the package's category";
  if (a.held_by !== null && a.held_by !== order.id) return 'is in another subscription';
  if (a.leased) return 'is rented out';
  if (a.usage_mode === 'non-leasable') return 'is a retail asset, not leasable';
  if (a.life_cycle_state !== 'Ready') return 'is not Ready';
  return null;
}

export function createSubscriptionOrderService(deps: {
  db: Db;
  payments: PaymentService;
  billing: SubscriptionBilling;
}) {
  const { db, billing } = deps;
  const billingLag = billing.usageLagMs;

  /** The assets of these numbers, refused unless all exist in scope and can join the order (kept ones always can). */
  async function resolveAssets(
    tx: DbOrTx,
    scope: Scope,
    order: { partnerId: string; categoryId: string; id?: string },
    nos: readonly string[],
    kept: ReadonlySet<string> = new Set(),
  ) {
    const unique = [...new Set(nos)];
    const found = await repo.assetsByNo(tx, scope, unique);
    const byNo = new Map(found.map((a) => [a.no, a]));
    const missing = unique.filter((no) => !byNo.has(no));
    if (missing.length > 0)
      throw fieldRefusal('AssetsNotFound', 'assetNos', `Some asset numbers do not exist: ${missing.join(', ')}`, {
        notFound: missing,
      });
    const refused = found
      .filter((a) => !kept.has(a.id))
      .map((a) => ({ no: a.no, problem: assetProblem(a, order) }))
      .filter((r): r is { no: string; problem: string } => r.problem !== null);
    if (refused.length > 0)
      throw fieldRefusal(
        'AssetNotSubscribable',
        'assetNos',
        refused
          .slice(0, 5)
          .map((r) => `${r.no} ${r.problem}`)
          .join('; '),
        { assets: refused },
      );
    return found.map((a) => a.id);
  }

  function planOf(pkg: NonNullable<Awaited<ReturnType<typeof repo.packageWithPlans>>>, planId: string) {
    const plan = pkg.plans.find((p) => p.id === planId);
    if (!plan) throw fieldRefusal('PlanNotInPackage', 'planId', M.planNotInPackage);
    return plan;
  }

  function checkPlanAt(plan: repo.PlanRow, at: Date, mode: string) {
    if (!(new Date(plan.valid_since).getTime() <= at.getTime() && at.getTime() < new Date(plan.valid_until).getTime()))
      throw fieldRefusal('PlanNotValid', 'planId', M.planNotValid);
    if (mode === 'fixed' && plan.duration_unit !== 'months')
      throw fieldRefusal('ValidationError', 'usagePeriodMode', M.fixedPatternMonths);
  }

  async function checkSite(tx: DbOrTx, scope: Scope, partnerId: string, siteId: string) {
    const site = await repo.partnerSite(tx, scope, partnerId, siteId);
    if (!site)
      throw fieldRefusal('ValidationError', 'assetTransferSiteId', "The site is not one of the partner's sites");
    return site;
  }

  const snapshot = (o: repo.OrderRow) => ({
    planId: o.plan_id,
    nextPlanId: o.next_plan_id,
    assetQuota: o.asset_quota,
    assetTransferSiteId: o.asset_transfer_site_id,
    renewStrategy: o.renew_strategy,
    terminateTime: toIsoOrNull(o.terminate_time),
    note: o.note,
    paymentType: o.payment_type,
    paymentMethod: o.payment_method,
    status: o.status,
    endsAt: toIsoOrNull(o.ends_at),
  });

  async function locked(tx: DbOrTx, caller: Caller, id: string) {
    const order = await repo.lockOrder(tx, caller.scope, id);
    if (!order) throw notFound();
    return order;
  }

  /** The first period a change reaches (the one after the last fixed), or a refusal when none follows. */
  function changeTarget(order: repo.OrderRow) {
    if (order.status !== 'subscribed') throw notActive();
    if (order.next_fix_at === null) throw noNextPeriod(order.ends_at);
    return order.fixed_through + 1;
  }

  // ------------------------------------------------------------------------------------------------- views

  const fees = (r: repo.OrderViewRow) => ({
    total: num(r.fee_total),
    pending: num(r.fee_pending),
    processing: num(r.fee_processing),
    paid: num(r.fee_paid),
    owe: num(r.fee_owe),
    refunded: num(r.fee_refunded),
    exempted: num(r.fee_exempted),
    deducted: num(r.fee_deducted),
  });

  const toSummary = (r: repo.OrderViewRow): SubscriptionOrderSummary => ({
    id: r.id,
    no: r.no,
    partner: { id: r.partner_id, name: r.partner_name },
    package: { id: r.package_id, name: r.package_name },
    plan: { id: r.plan_id, name: r.plan_name },
    nextPlan: r.next_plan_id ? { id: r.next_plan_id, name: r.next_plan_name ?? '' } : null,
    category: { id: r.category_id, name: r.category_name },
    status: r.status as SubscriptionOrderSummary['status'],
    assetQuota: r.asset_quota,
    assetCount: r.asset_count,
    renewStrategy: r.renew_strategy as SubscriptionOrderSummary['renewStrategy'],
    startTime: toIso(r.start_time),
    terminateTime: toIsoOrNull(r.terminate_time),
    currentPeriodEnd: r.status === 'finished' ? null : toIsoOrNull(r.current_period_end),
    currency: r.currency,
    fees: fees(r),
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
  });

  const toPeriod = (p: repo.PeriodRow): SubscriptionPeriod => ({
    id: p.id,
    sequence: p.sequence,
    startsAt: toIso(p.starts_at),
    endsAt: toIso(p.ends_at),
    plan: { id: p.plan_id, name: p.plan_name },
    basicFee: num(p.basic_fee),
    usageFee: num(p.usage_fee),
    usageFeeUpperLimit: num(p.usage_fee_upper_limit),
    deductible: p.deductible,
    assetCount: p.asset_count,
    closedAt: toIsoOrNull(p.closed_at),
  });

  async function view(tx: DbOrTx, scope: Scope, id: string, now = new Date()): Promise<SubscriptionOrder> {
    return (await load(tx, scope, id, now)).order;
  }

  /** The order as the API answers it, with the row it was read from. */
  async function load(tx: DbOrTx, scope: Scope, id: string, now: Date) {
    const row = await repo.orderView(tx, scope, id);
    if (!row) throw notFound();
    const periods = await repo.periodsOf(tx, scope, id, [row.fixed_through - 1, row.fixed_through]);
    const finished = row.status === 'finished';
    const running = periods.find((p) => new Date(p.starts_at) <= now && now < new Date(p.ends_at));
    const current = finished ? undefined : (running ?? periods.find((p) => new Date(p.starts_at) > now));
    const next = current ? periods.find((p) => p.sequence > current.sequence) : undefined;
    const last = periods.at(-1);
    const continues = row.status === 'subscribed' && row.next_fix_at !== null;
    const order: SubscriptionOrder = {
      ...toSummary(row),
      assetTransferSite: { id: row.asset_transfer_site_id, name: row.site_name },
      note: row.note,
      usagePeriodMode: row.usage_period_mode as SubscriptionOrder['usagePeriodMode'],
      billingCycleFixedPattern: row.billing_day_of_month === null ? null : { dayOfMonth: row.billing_day_of_month },
      payment: { type: row.payment_type as SubscriptionOrder['payment']['type'], paymentMethod: row.payment_method },
      timezone: row.timezone,
      currentPeriod: current ? toPeriod(current) : null,
      nextPeriod: next ? toPeriod(next) : null,
      changesFrom: continues && last ? toIso(last.ends_at) : null,
      endedAt: toIsoOrNull(row.ended_at),
    };
    return { order, row };
  }

  const toTrade = (t: repo.TradeRow): SubscriptionTrade => ({
    id: t.id,
    feeType: t.fee_type as SubscriptionTrade['feeType'],
    state: t.state as SubscriptionTrade['state'],
    period: { sequence: t.sequence, startsAt: toIso(t.starts_at), endsAt: toIso(t.ends_at) },
    amount: num(t.amount),
    exempted: num(t.exempted),
    refunded: num(t.refunded),
    usageHours: t.usage_seconds === null ? null : Math.round((t.usage_seconds / 3600) * 100) / 100,
    deductedHours: t.deducted_seconds === null ? null : Math.round((t.deducted_seconds / 3600) * 100) / 100,
    deducted: num(t.deducted),
    claimableAt: toIso(t.claimable_at),
    attempts: t.attempts,
    lastAttemptAt: toIsoOrNull(t.last_attempt_at),
    failureMessage: t.failure_message,
    paidAt: toIsoOrNull(t.paid_at),
    currency: t.currency,
    createdAt: toIso(t.created_at),
  });

  async function listWith(scope: Scope, q: SubscriptionOrderQuery) {
    const { data, count } = await repo.listOrders(db, scope, {
      statuses: tabStatuses[q.tab],
      partnerIdIn: q.partnerIdIn,
      packageIdIn: q.packageIdIn,
      no: q.no,
      sort: q.sort,
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    });
    return { data: data.map(toSummary), count };
  }

  const service = {
    /** Orders in the caller's scope, by tab. */
    list: (caller: Caller, q: SubscriptionOrderQuery) => listWith(caller.scope, q),

    /** Every partner's orders: only for a caller whose scope is all (document 1 §2.5 scope-mismatch page). */
    managementList: (caller: Caller, q: SubscriptionOrderQuery) => listWith(allPartners(caller.scope), q),

    /** One order with its current and next period. */
    get: (caller: Caller, id: string) => view(db, caller.scope, id),

    /** The order's assets in the current period or in the one changes go to. */
    async assets(caller: Caller, id: string, q: { set: 'current' | 'next'; pageNo: number; pageSize: number }) {
      const { order, row } = await load(db, caller.scope, id, new Date());
      const sequence =
        q.set === 'next' && order.changesFrom
          ? row.fixed_through + 1
          : (order.currentPeriod?.sequence ?? row.fixed_through);
      const { data, count } = await repo.assetPage(db, caller.scope, id, sequence, q);
      return {
        data: data.map(
          (a): SubscriptionOrderAsset => ({
            id: a.id,
            no: a.no,
            category: { id: a.category_id, name: a.category_name },
            site: a.site_id ? { id: a.site_id, name: a.site_name ?? '' } : null,
            lifeCycleState: a.life_cycle_state as SubscriptionOrderAsset['lifeCycleState'],
            fromPeriod: a.from_sequence,
            untilPeriod: a.until_sequence,
          }),
        ),
        count,
      };
    },

    /** The order's periods, newest first. */
    async periods(caller: Caller, id: string, p: { pageNo: number; pageSize: number }) {
      if (!(await repo.orderView(db, caller.scope, id))) throw notFound();
      const { data, count } = await repo.periodPage(db, caller.scope, id, p);
      return { data: data.map(toPeriod), count };
    },

    /** The order's trades, newest period first. */
    async trades(caller: Caller, id: string, q: SubscriptionTradeQuery) {
      if (!(await repo.orderView(db, caller.scope, id))) throw notFound();
      const { data, count } = await repo.tradePage(db, caller.scope, id, q);
      return { data: data.map(toTrade), count };
    },

    /** The order's trades as CSV rows (an order has two trades per period: its life bounds the file). */
    async exportTrades(caller: Caller, id: string, q: Omit<SubscriptionTradeQuery, 'pageNo' | 'pageSize'>) {
      const order = await repo.orderView(db, caller.scope, id);
      if (!order) throw notFound();
      const trades = (await repo.allTrades(db, caller.scope, id, q)).map(toTrade);
      const csv = toCsv(
        [
          'order',
          'period',
          'periodStart',
          'periodEnd',
          'feeType',
          'state',
          'amount',
          'exempted',
          'refunded',
          'usageHours',
          'deductedHours',
          'deducted',
          'currency',
          'claimableAt',
          'attempts',
          'lastAttemptAt',
          'failureMessage',
          'paidAt',
        ],
        trades.map((t) => [
          order.no,
          t.period.sequence,
          t.period.startsAt,
          t.period.endsAt,
          t.feeType,
          t.state,
          t.amount,
          t.exempted,
          t.refunded,
          t.usageHours,
          t.deductedHours,
          t.deducted,
          t.currency,
          t.claimableAt,
          t.attempts,
          t.lastAttemptAt,
          t.failureMessage,
          t.paidAt,
        ]),
      );
      return { csv, filename: `${order.no}-trades.csv` };
    },

    /** Ready assets of the partner and category that nothing holds. */
    async subscribable(
      caller: Caller,
      q: { partnerId: string; categoryId: string; no?: string; orderId?: string; pageNo: number; pageSize: number },
    ) {
      assertPartnerInScope(caller.scope, q.partnerId);
      const { data, count } = await repo.subscribableAssets(db, caller.scope, q);
      return {
        data: data.map(
          (a): SubscribableAsset => ({
            id: a.id,
            no: a.no,
            site: a.site_id ? { id: a.site_id, name: a.site_name ?? '' } : null,
            lifeCycleState: a.life_cycle_state as SubscribableAsset['lifeCycleState'],
          }),
        ),
        count,
      };
    },

    /** Subscribes a partner: the order, its assets, its first period and that period's basic trade. */
    async create(caller: Caller, input: SubscriptionOrderInput, now = new Date()) {
      assertPartnerInScope(caller.scope, input.partnerId);
      const start = input.startTime ? new Date(input.startTime) : now;
      if (start.getTime() < now.getTime() - START_SKEW_MS)
        throw fieldRefusal('ValidationError', 'startTime', M.startInFuture);
      if (input.terminateTime !== null && new Date(input.terminateTime).getTime() <= start.getTime())
        throw fieldRefusal('ValidationError', 'terminateTime', M.terminateAfterStart);
      const id = randomUUID();
      try {
        await db.transaction(async (tx) => {
          const pkg = await repo.packageWithPlans(tx, caller.scope, input.packageId);
          if (pkg?.partner_id !== input.partnerId)
            throw fieldRefusal('ValidationError', 'packageId', "The package is not one of the partner's packages");
          const plan = planOf(pkg, input.planId);
          if (plan.cannot_be_first_plan) throw fieldRefusal('PlanCannotBeFirst', 'planId', M.cannotBeFirstPlan);
          checkPlanAt(plan, start, input.usagePeriodMode);
          const terms = await repo.partnerTerms(tx, caller.scope, input.partnerId);
          if (!terms?.currency)
            throw new DomainError(
              'PartnerConfigIncomplete',
              422,
              "Set the partner's currency in Partner operations before subscribing it",
            );
          await checkSite(tx, caller.scope, input.partnerId, input.assetTransferSiteId as string);
          const assetIds = await resolveAssets(
            tx,
            caller.scope,
            { partnerId: input.partnerId, categoryId: pkg.category_id },
            input.assetNos,
          );
          const duration = {
            durationUnit: plan.duration_unit as PlanDurationUnit,
            durationQuantity: plan.duration_quantity,
          };
          const dayOfMonth =
            input.usagePeriodMode === 'fixed' ? (input.billingCycleFixedPattern?.dayOfMonth ?? 1) : null;
          const first = firstPeriod(start, duration, terms.timezone, dayOfMonth);
          const order = {
            renew_strategy: input.renewStrategy,
            terminate_time: input.terminateTime,
          };
          const after = followUp(order, first);
          await repo.insertOrder(tx, {
            id,
            no: await repo.nextOrderNo(tx),
            partnerId: input.partnerId,
            packageId: input.packageId,
            categoryId: pkg.category_id,
            planId: plan.id,
            assetQuota: input.assetQuota,
            assetTransferSiteId: input.assetTransferSiteId as string,
            renewStrategy: input.renewStrategy,
            terminateTime: input.terminateTime,
            note: input.note,
            usagePeriodMode: input.usagePeriodMode,
            billingDayOfMonth: dayOfMonth,
            paymentType: input.payment.type,
            paymentMethod: input.payment.paymentMethod,
            currency: terms.currency,
            timezone: terms.timezone,
            startTime: start.toISOString(),
            ...after,
          });
          await repo.addAssets(tx, id, assetIds, 1);
          const basicFee = num(plan.basic_fee);
          const fullMs = fullLengthMs(first.anchorOffset < 0 ? first.endsAt : first.startsAt, duration, terms.timezone);
          await repo.insertPeriods(tx, caller.scope, [
            {
              id: randomUUID(),
              orderId: id,
              sequence: 1,
              startsAt: first.startsAt.toISOString(),
              endsAt: first.endsAt.toISOString(),
              planId: plan.id,
              basicFee,
              usageFee: num(plan.usage_fee),
              usageFeeUpperLimit: num(plan.usage_fee_upper_limit),
              deductible: plan.deductible,
              anchorAt: first.anchorAt.toISOString(),
              anchorOffset: first.anchorOffset,
              closesAt: new Date(first.endsAt.getTime() + billingLag).toISOString(),
              basicAmount: basicFeeOf(basicFee, first, fullMs),
              basicTradeId: randomUUID(),
            },
          ]);
          await logChange(tx, caller, 'subscription-order', id, null, {
            ...input,
            assetNos: [...new Set(input.assetNos)].sort(),
          });
        });
      } catch (error) {
        throw heldElsewhere(error);
      }
      // A period that starts now is claimable at once: charge it without waiting for the next round.
      await billing.charge(new Date(), id);
      return { data: await view(db, caller.scope, id) };
    },

    /** Edits the order's terms; the quota never below the assets listed for the period changes go to. */
    async update(caller: Caller, id: string, input: SubscriptionOrderUpdate, now = new Date()) {
      await db.transaction(async (tx) => {
        const order = await locked(tx, caller, id);
        if (order.status === 'finished') throw notActive();
        await checkSite(tx, caller.scope, order.partner_id, input.assetTransferSiteId as string);
        const listed = await repo.assetIdsAt(tx, order.id, order.fixed_through + (order.next_fix_at ? 1 : 0));
        if (input.assetQuota < listed.length)
          throw fieldRefusal('ValidationError', 'assetQuota', M.quotaBelowAssets, { listed: listed.length });
        const terminateChanged = toIsoOrNull(order.terminate_time) !== toIsoOrNull(input.terminateTime);
        if (input.terminateTime !== null && terminateChanged && new Date(input.terminateTime) <= now)
          throw fieldRefusal('ValidationError', 'terminateTime', M.startInFuture);
        let next = { nextFixAt: toIsoOrNull(order.next_fix_at), endsAt: toIsoOrNull(order.ends_at) };
        if (order.status === 'subscribed') {
          const [last] = await repo.periodsOf(tx, caller.scope, id, [order.fixed_through]);
          if (last)
            next = followUp(
              { renew_strategy: input.renewStrategy, terminate_time: input.terminateTime },
              { startsAt: new Date(last.starts_at), endsAt: new Date(last.ends_at) },
            );
        }
        await repo.updateTerms(tx, caller.scope, id, {
          assetQuota: input.assetQuota,
          assetTransferSiteId: input.assetTransferSiteId as string,
          renewStrategy: input.renewStrategy,
          terminateTime: input.terminateTime,
          note: input.note,
          paymentType: input.payment.type,
          paymentMethod: input.payment.paymentMethod,
          ...next,
        });
        const after = await repo.lockOrder(tx, caller.scope, id);
        await logChange(tx, caller, 'subscription-order', id, snapshot(order), after ? snapshot(after) : null);
      });
      return { data: await view(db, caller.scope, id) };
    },

    /** Changes the plan from the first period not yet fixed (choosing the current plan again undoes a change). */
    async changePlan(caller: Caller, id: string, planId: string) {
      await db.transaction(async (tx) => {
        const order = await locked(tx, caller, id);
        changeTarget(order);
        const pkg = await repo.packageWithPlans(tx, caller.scope, order.package_id);
        if (!pkg) throw notFound();
        const plan = planOf(pkg, planId);
        const [last] = await repo.periodsOf(tx, caller.scope, id, [order.fixed_through]);
        checkPlanAt(plan, new Date(last?.ends_at ?? Date.now()), order.usage_period_mode);
        const next = plan.id === order.plan_id ? null : plan.id;
        await repo.setNextPlan(tx, caller.scope, id, next);
        await logChange(tx, caller, 'subscription-order', id, { nextPlanId: order.next_plan_id }, { nextPlanId: next });
      });
      return { data: await view(db, caller.scope, id) };
    },

    /** Sets the assets of the first period not yet fixed: at most the quota; new ones must be subscribable. */
    async changeAssets(caller: Caller, id: string, assetNos: readonly string[]) {
      try {
        await db.transaction(async (tx) => {
          const order = await locked(tx, caller, id);
          const target = changeTarget(order);
          const unique = [...new Set(assetNos)];
          if (unique.length > order.asset_quota)
            throw fieldRefusal('ValidationError', 'assetNos', M.assetsAboveQuota, { quota: order.asset_quota });
          const current = new Set((await repo.assetIdsAt(tx, id, target)).map((a) => a.asset_id));
          const wanted = await resolveAssets(
            tx,
            caller.scope,
            { partnerId: order.partner_id, categoryId: order.category_id, id },
            unique,
            current,
          );
          const wantedSet = new Set(wanted);
          const removed = [...current].filter((a) => !wantedSet.has(a));
          const added = wanted.filter((a) => !current.has(a));
          await repo.removeAssets(tx, id, removed, target);
          await repo.addAssets(tx, id, added, target);
          await logChange(
            tx,
            caller,
            'subscription-order',
            id,
            { assetsFromPeriod: target, assetCount: current.size },
            { assetsFromPeriod: target, assetCount: wanted.length, added: added.length, removed: removed.length },
          );
        });
      } catch (error) {
        throw heldElsewhere(error);
      }
      return { data: await view(db, caller.scope, id) };
    },

    /** Ends the subscription at the end of the current period: nothing follows it. */
    async unsubscribe(caller: Caller, id: string, now = new Date()) {
      await db.transaction(async (tx) => {
        const order = await locked(tx, caller, id);
        if (order.status !== 'subscribed') throw notActive();
        const periods = await repo.periodsOf(tx, caller.scope, id, [order.fixed_through - 1, order.fixed_through]);
        // The period running now, or the first one when the subscription has not started yet.
        const current = periods.find((p) => new Date(p.starts_at) <= now && now < new Date(p.ends_at)) ?? periods[0];
        if (!current) throw notFound();
        const end = new Date(current.ends_at);
        await repo.dropPeriodsFrom(tx, id, end);
        await repo.dropAssetsFrom(tx, id, current.sequence + 1);
        await repo.setStatus(tx, caller.scope, id, {
          status: 'unsubscribing',
          endsAt: end.toISOString(),
          fixedThrough: current.sequence,
        });
        await logChange(
          tx,
          caller,
          'subscription-order',
          id,
          { status: order.status, endsAt: toIsoOrNull(order.ends_at) },
          { status: 'unsubscribing', endsAt: end.toISOString() },
        );
      });
      return { data: await view(db, caller.scope, id) };
    },

    /** Charges every trade of the order that is due or failed, now. */
    async payoff(caller: Caller, id: string) {
      const order = await repo.orderView(db, caller.scope, id);
      if (!order) throw notFound();
      if (num(order.fee_owe) + num(order.fee_pending) <= 0)
        throw new DomainError('NothingToPay', 409, 'Nothing is owed or due on this subscription');
      const charged = await billing.charge(new Date(), id);
      if (charged === 0)
        throw new DomainError(
          'NothingToPay',
          409,
          'Nothing is due yet: the pending trades are for periods not started',
        );
      return { data: await view(db, caller.scope, id) };
    },

    /** Ends the subscription now: the running period is cut and its usage made final, the assets go back. */
    async forceClose(caller: Caller, id: string, now = new Date()) {
      await db.transaction(async (tx) => {
        const order = await locked(tx, caller, id);
        if (order.status === 'finished') throw notActive();
        const periods = await repo.periodsOf(tx, caller.scope, id, [order.fixed_through - 1, order.fixed_through]);
        const running = periods.find((p) => new Date(p.starts_at) <= now && now < new Date(p.ends_at));
        await repo.dropPeriodsFrom(tx, id, now);
        if (running) await repo.cutPeriod(tx, running.id, now);
        for (;;) if ((await billing.closePeriods(tx, now, id)) === 0) break;
        const lastSequence = running?.sequence ?? periods.filter((p) => new Date(p.starts_at) < now).at(-1)?.sequence;
        await repo.setStatus(tx, caller.scope, id, {
          status: 'finished',
          endsAt: now.toISOString(),
          endedAt: now.toISOString(),
          fixedThrough: lastSequence ?? 0,
        });
        await repo.releaseAssets(tx, { orderId: id, toSite: order.asset_transfer_site_id });
        await logChange(
          tx,
          caller,
          'subscription-order',
          id,
          { status: order.status, endsAt: toIsoOrNull(order.ends_at) },
          { status: 'finished', endsAt: now.toISOString() },
        );
      });
      await billing.charge(new Date(), id);
      return { data: await view(db, caller.scope, id) };
    },

    /** Exempts part of a trade still to pay, or refunds part of a paid one through the ledger. */
    async exemptRefund(caller: Caller, id: string, input: ExemptRefundInput) {
      const exempt = input.exemptAmount ?? 0;
      const refund = input.refundAmount ?? 0;
      if (exempt > 0) {
        await db.transaction(async (tx) => {
          const trade = await repo.lockTrade(tx, caller.scope, id, input.tradeId);
          if (!trade) throw notFound('No such trade on this subscription');
          if (!['Pending', 'Claimable', 'Failed'].includes(trade.state))
            throw new DomainError('TradeStateInvalid', 409, 'Only a trade still to pay can be exempted', {
              state: trade.state,
            });
          const due = Math.round((num(trade.amount) - num(trade.exempted)) * 100);
          if (Math.round(exempt * 100) > due)
            throw fieldRefusal('ValidationError', 'exemptAmount', `At most ${(due / 100).toFixed(2)} is still to pay`);
          await repo.exemptTrade(tx, trade.id, exempt, Math.round(exempt * 100) === due);
          await logChange(
            tx,
            caller,
            'subscription-trade',
            trade.id,
            { exempted: num(trade.exempted) },
            { exempted: num(trade.exempted) + exempt, reason: input.reason },
          );
        });
      }
      if (refund > 0) {
        const trade = await db.transaction((tx) => repo.lockTrade(tx, caller.scope, id, input.tradeId));
        if (!trade) throw notFound('No such trade on this subscription');
        if (trade.state !== 'Succeeded' || trade.payment_id === null)
          throw new DomainError('TradeStateInvalid', 409, 'Only a paid trade can be refunded', { state: trade.state });
        const refundable = Math.round((num(trade.amount) - num(trade.exempted) - num(trade.refunded)) * 100);
        if (Math.round(refund * 100) > refundable)
          throw fieldRefusal('ValidationError', 'refundAmount', `At most ${(refundable / 100).toFixed(2)} was paid`);
        await deps.payments.refund({
          chargeId: trade.payment_id,
          amount: refund,
          reason: input.reason,
          key: `subscription-trade-refund:${trade.id}:${randomUUID()}`,
        });
        await db.transaction(async (tx) => {
          await repo.addRefunded(tx, trade.id, refund);
          await logChange(
            tx,
            caller,
            'subscription-trade',
            trade.id,
            { refunded: num(trade.refunded) },
            { refunded: num(trade.refunded) + refund, reason: input.reason },
          );
        });
      }
      return { data: await view(db, caller.scope, id) };
    },
  };
  return service;
}

export type SubscriptionOrderService = ReturnType<typeof createSubscriptionOrderService>;
