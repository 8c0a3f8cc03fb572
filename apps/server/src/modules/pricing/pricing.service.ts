import { randomUUID } from 'node:crypto';
import {
  type DepositPart,
  type DepositPartInput,
  DISCOUNT_LEAD_MS,
  type Discount,
  type DiscountCreate,
  type DiscountListQuery,
  type DiscountReschedule,
  type DiscountStatus,
  type DiscountUpdate,
  discountedPrice,
  type PartListQuery,
  type PaymentPlanUnit,
  PRICING_MESSAGES,
  type PriceUnit,
  type PricingPart,
  type PricingPartInput,
  type ProgramKey,
  type ProgramListQuery,
  type RentalProgram,
  type RulePart,
  type RulePartInput,
  requires,
  satisfies,
} from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { assertPartnerInScope, type Scope } from '../../lib/scope.ts';
import { logChange, writeFieldLogs } from '../audit/audit.repo.ts';
import * as categoriesRepo from '../categories/categories.repo.ts';
import * as partnersRepo from '../partners/partners.repo.ts';
import * as repo from './pricing.repo.ts';

type PartKind = repo.PartKind;
/** What each part kind answers and accepts. */
interface Parts {
  pricing: { part: PricingPart; input: PricingPartInput };
  deposit: { part: DepositPart; input: DepositPartInput };
  rule: { part: RulePart; input: RulePartInput };
}

const partNames: Record<PartKind, string> = {
  pricing: 'an original price',
  deposit: 'a deposit',
  rule: 'a collect-return rule',
};
const partMissing = (kind: PartKind) =>
  notFound(`This partner and category have no ${partNames[kind].replace(/^an? /, '')} yet`);
const partExists = (kind: PartKind) =>
  new DomainError('Conflict', 409, `This partner and category already have ${partNames[kind]}; change it instead`);
const discountEnded = (what: string) => new DomainError('DiscountEnded', 422, what);
const money = (v: number | string) => Math.round(Number(v) * 100) / 100;

/** Document 2 §4: cancelled, ended, active or scheduled, as the SQL filter computes it. */
export function discountStatus(
  d: { cancelledAt: Date | null; startTime: Date; endTime: Date | null },
  now = new Date(),
): DiscountStatus {
  if (d.cancelledAt) return 'cancelled';
  if (d.endTime && d.endTime <= now) return 'ended';
  return d.startTime <= now ? 'active' : 'scheduled';
}

const ownerOf = (p: repo.ProgramRow) => ({
  programId: p.id,
  partner: { id: p.partner_id, name: p.partner_name },
  assetCategory: { id: p.category_id, name: p.category_name },
});

function toPricing(p: repo.ProgramRow, part: repo.PricingRow, plans: repo.PlanRow[]): PricingPart {
  return {
    ...ownerOf(p),
    unitPrice: money(part.unitPrice),
    priceUnit: part.priceUnit as PriceUnit,
    currency: part.currency,
    paymentPlans: plans
      .filter((plan) => plan.programId === p.id)
      .map((plan) => ({
        id: plan.id,
        frequency: plan.frequency,
        unit: plan.unit as PaymentPlanUnit,
        priority: plan.priority,
      })),
    rentalFeeNotice: {
      en: part.rentalFeeNotice.en ?? '',
      it: part.rentalFeeNotice.it ?? null,
      es: part.rentalFeeNotice.es ?? null,
    },
    createdAt: toIso(part.createdAt),
    updatedAt: toIso(part.updatedAt),
  };
}

function toDeposit(p: repo.ProgramRow, part: repo.DepositRow): DepositPart {
  return {
    ...ownerOf(p),
    amount: money(part.amount),
    currency: part.currency,
    notice: part.notice ? { en: part.notice.en ?? '', it: part.notice.it ?? null, es: part.notice.es ?? null } : null,
    createdAt: toIso(part.createdAt),
    updatedAt: toIso(part.updatedAt),
  };
}

function toRule(p: repo.ProgramRow, part: repo.RuleRow): RulePart {
  return {
    ...ownerOf(p),
    assetRentalLimit: part.assetRentalLimit,
    manualConfirmationPolicy: part.manualConfirmationPolicy as RulePart['manualConfirmationPolicy'],
    crossSiteReturnPolicy: part.crossSiteReturnPolicy as RulePart['crossSiteReturnPolicy'],
    returnLocationDetection: part.returnLocationDetection as RulePart['returnLocationDetection'],
    assetConditionDetection: { locked: part.requireLocked },
    createdAt: toIso(part.createdAt),
    updatedAt: toIso(part.updatedAt),
  };
}

function toDiscount(d: repo.DiscountRow, now = new Date()): Discount {
  const startTime = new Date(d.start_time);
  const endTime = d.end_time === null ? null : new Date(d.end_time);
  const cancelledAt = d.cancelled_at === null ? null : new Date(d.cancelled_at);
  const unitPrice = money(d.unit_price);
  const discountPercent = Number(d.discount_percent);
  return {
    id: d.id,
    name: d.name,
    partner: { id: d.partner_id, name: d.partner_name },
    assetCategory: { id: d.category_id, name: d.category_name },
    paymentPlan: {
      id: d.payment_plan_id,
      frequency: d.plan_frequency,
      unit: d.plan_unit as PaymentPlanUnit,
      priority: d.plan_priority,
    },
    description: d.description,
    startTime: toIso(startTime),
    endTime: toIsoOrNull(endTime),
    discountPercent,
    unitPrice,
    discountedUnitPrice: discountedPrice(unitPrice, discountPercent),
    priceUnit: d.price_unit as PriceUnit,
    currency: d.currency,
    status: discountStatus({ cancelledAt, startTime, endTime }, now),
    cancelledAt: toIsoOrNull(cancelledAt),
    createdAt: toIso(d.created_at),
    updatedAt: toIso(d.updated_at),
  };
}

const auditedDiscount = (d: Discount) => ({
  name: d.name,
  description: d.description,
  paymentPlanId: d.paymentPlan.id,
  startTime: d.startTime,
  endTime: d.endTime,
  discountPercent: d.discountPercent,
  cancelledAt: d.cancelledAt,
});

export function createPricingService(deps: { db: Db }) {
  const { db } = deps;

  /** Partner and category of a program being written: known (400), and the partner in scope (403). */
  async function assertKey(tx: DbOrTx, caller: Caller, key: ProgramKey) {
    const fields: Record<string, string> = {};
    if ((await partnersRepo.existingIds(tx, [key.partnerId])).length === 0) fields.partnerId = 'Unknown partner';
    if (!(await categoriesRepo.get(tx, key.assetCategoryId))) fields.assetCategoryId = 'Unknown asset category';
    if (Object.keys(fields).length) throw validationError(fields);
    assertPartnerInScope(caller.scope, key.partnerId);
  }

  /**
   * The program of a partner the request names: 403 for a partner outside the scope (before telling whether it
   * exists), then the program or undefined.
   */
  async function visibleProgram(tx: DbOrTx, caller: Caller, key: ProgramKey, opts: { lock?: boolean } = {}) {
    assertPartnerInScope(caller.scope, key.partnerId);
    return repo.programOf(tx, caller.scope, key.partnerId, key.assetCategoryId, opts);
  }

  async function assemble(tx: DbOrTx, scope: Scope, programs: repo.ProgramRow[]): Promise<RentalProgram[]> {
    const ids = programs.map((p) => p.id);
    const [{ parts, plans }, deposits, rules] = await Promise.all([
      repo.pricingOf(tx, scope, ids),
      repo.depositsOf(tx, scope, ids),
      repo.rulesOf(tx, scope, ids),
    ]);
    return programs.map((p) => {
      const pricing = parts.find((x) => x.programId === p.id);
      const deposit = deposits.find((x) => x.programId === p.id);
      const rule = rules.find((x) => x.programId === p.id);
      return {
        id: p.id,
        partner: { id: p.partner_id, name: p.partner_name },
        assetCategory: { id: p.category_id, name: p.category_name },
        pricing: pricing ? toPricing(p, pricing, plans) : null,
        deposit: deposit ? toDeposit(p, deposit) : null,
        rule: rule ? toRule(p, rule) : null,
        createdAt: toIso(p.created_at),
        updatedAt: toIso(p.updated_at),
      };
    });
  }

  async function programOrThrow(tx: DbOrTx, scope: Scope, program: repo.ProgramRow | undefined) {
    if (!program) throw notFound('This partner and category have no rental program yet');
    const [assembled] = await assemble(tx, scope, [program]);
    return assembled as RentalProgram;
  }

  /** The partner's confirmed operation setting: it fixes the currency and the card policy prices depend on. */
  async function operationOf(tx: DbOrTx, scope: Scope, partnerId: string) {
    const operation = await repo.operationOf(tx, scope, partnerId);
    if (!operation?.confirmedAt) {
      throw new DomainError(
        'PartnerConfigIncomplete',
        422,
        "Confirm the partner's operation setting first: it fixes the currency of its prices",
        { missing: ['operationSetting'] },
      );
    }
    return operation;
  }

  /** Refuses (409 DependentDiscounts, listing them) or deletes the open discounts a change would orphan. */
  async function settleDependents(
    tx: DbOrTx,
    caller: Caller,
    dependents: { id: string; name: string }[],
    confirmed: boolean | undefined,
  ) {
    if (dependents.length === 0) return;
    if (!confirmed) {
      throw new DomainError(
        'DependentDiscounts',
        409,
        `This change deletes ${dependents.length} discount price${dependents.length === 1 ? '' : 's'}; confirm to go on`,
        { discounts: dependents },
      );
    }
    await repo.deleteDiscounts(
      tx,
      caller.scope,
      dependents.map((d) => d.id),
    );
    for (const d of dependents) {
      await writeFieldLogs(tx, {
        entityType: 'discount',
        entityId: d.id,
        userId: caller.userId,
        changes: [{ field: 'deleted', before: false, after: true }],
      });
    }
  }

  async function writePricing(
    tx: DbOrTx,
    caller: Caller,
    program: repo.ProgramRow,
    input: PricingPartInput,
    current: PricingPart | null,
  ) {
    const operation = await operationOf(tx, caller.scope, program.partner_id);
    if (input.unitPrice > 0 && operation.creditCardPolicy !== 'required') {
      throw new DomainError('CreditCardPolicyRequired', 422, PRICING_MESSAGES.creditCardRequired, {
        fields: { unitPrice: PRICING_MESSAGES.creditCardRequired },
      });
    }
    const keyOf = (p: { frequency: number; unit: string }) => `${p.frequency} ${p.unit}`;
    const existing = new Map((current?.paymentPlans ?? []).map((p) => [keyOf(p), p]));
    const wanted = new Set(input.paymentPlans.map(keyOf));
    const removed = (current?.paymentPlans ?? []).filter((p) => !wanted.has(keyOf(p)));
    const repriced =
      current !== null && (current.unitPrice !== input.unitPrice || current.priceUnit !== input.priceUnit);
    const dependents = repriced
      ? await repo.openDiscounts(tx, caller.scope, program.id)
      : await repo.openDiscounts(
          tx,
          caller.scope,
          program.id,
          removed.map((p) => p.id),
        );
    await settleDependents(tx, caller, dependents, input.confirmDiscountDeletion);
    await repo.upsertPricing(tx, caller.scope, program.id, {
      unitPrice: input.unitPrice,
      priceUnit: input.priceUnit,
      currency: operation.currency,
      rentalFeeNotice: input.rentalFeeNotice,
    });
    const keep: { id: string; priority: number }[] = [];
    const add: { id: string; frequency: number; unit: string; priority: number }[] = [];
    for (const plan of input.paymentPlans) {
      const found = existing.get(keyOf(plan));
      if (found) keep.push({ id: found.id, priority: plan.priority });
      else add.push({ id: randomUUID(), ...plan });
    }
    await repo.replacePlans(tx, caller.scope, program.id, keep, add);
  }

  async function writeDeposit(tx: DbOrTx, scope: Scope, program: repo.ProgramRow, input: DepositPartInput) {
    const operation = await operationOf(tx, scope, program.partner_id);
    await repo.upsertDeposit(tx, scope, program.id, {
      amount: input.amount,
      currency: operation.currency,
      notice: input.notice ?? null,
    });
  }

  async function writeRule(tx: DbOrTx, scope: Scope, program: repo.ProgramRow, input: RulePartInput) {
    await repo.upsertRule(tx, scope, program.id, {
      assetRentalLimit: input.assetRentalLimit,
      manualConfirmationPolicy: input.manualConfirmationPolicy,
      crossSiteReturnPolicy: input.crossSiteReturnPolicy,
      returnLocationDetection: input.returnLocationDetection,
      requireLocked: input.assetConditionDetection.locked,
    });
  }

  const partOf = (program: RentalProgram, kind: PartKind) => program[kind];
  const flat = (part: object | null) => (part ? (JSON.parse(JSON.stringify(part)) as Record<string, unknown>) : null);
  const audited = (part: PricingPart | DepositPart | RulePart | null) => {
    const values = flat(part);
    if (values)
      for (const key of ['programId', 'partner', 'assetCategory', 'createdAt', 'updatedAt']) delete values[key];
    return values;
  };

  /** Writes one part (create or replace) and logs it; the program row appears with the first part. */
  async function writePart<K extends PartKind>(
    caller: Caller,
    kind: K,
    key: ProgramKey,
    input: Parts[K]['input'],
    mode: 'create' | 'replace',
  ): Promise<Parts[K]['part']> {
    return db.transaction(async (tx) => {
      await assertKey(tx, caller, key);
      const program =
        mode === 'create'
          ? await repo.ensureProgram(tx, caller.scope, randomUUID(), key.partnerId, key.assetCategoryId)
          : await repo.programOf(tx, caller.scope, key.partnerId, key.assetCategoryId, { lock: true });
      if (!program) throw partMissing(kind);
      const before = partOf(await programOrThrow(tx, caller.scope, program), kind);
      if (mode === 'create' && before) throw partExists(kind);
      if (mode === 'replace' && !before) throw partMissing(kind);
      if (kind === 'pricing')
        await writePricing(tx, caller, program, input as PricingPartInput, before as PricingPart | null);
      else if (kind === 'deposit') await writeDeposit(tx, caller.scope, program, input as DepositPartInput);
      else await writeRule(tx, caller.scope, program, input as RulePartInput);
      await repo.touchProgram(tx, caller.scope, program.id);
      const after = partOf(await programOrThrow(tx, caller.scope, program), kind);
      await logChange(
        tx,
        caller,
        'program',
        program.id,
        prefixed(kind, audited(before)),
        prefixed(kind, audited(after)),
      );
      return after as Parts[K]['part'];
    });
  }

  const prefixed = (kind: PartKind, values: Record<string, unknown> | null) =>
    values ? Object.fromEntries(Object.entries(values).map(([k, v]) => [`${kind}.${k}`, v])) : null;

  /** A discount of an in-scope partner; another partner's is 404 exactly as a missing one. */
  async function discountOrThrow(tx: DbOrTx, caller: Caller, id: string, opts: { lock?: boolean } = {}) {
    const row = await repo.discountById(tx, caller.scope, id, opts);
    if (!row) throw notFound();
    return row;
  }

  function assertStartAhead(startTime: string, now: Date) {
    if (Date.parse(startTime) <= now.getTime() + DISCOUNT_LEAD_MS)
      throw validationError({ startTime: PRICING_MESSAGES.discountStart });
  }

  async function assertNoOverlap(
    tx: DbOrTx,
    scope: Scope,
    planId: string,
    start: string,
    end: string | null,
    exceptId?: string,
  ) {
    const other = await repo.overlapping(tx, scope, planId, new Date(start), end ? new Date(end) : null, exceptId);
    if (other) {
      throw new DomainError(
        'DiscountOverlaps',
        409,
        `The discount "${other.name}" of the same payment plan overlaps this time`,
        { discount: other },
      );
    }
  }

  async function reloadDiscount(tx: DbOrTx, scope: Scope, id: string) {
    return toDiscount((await repo.discountById(tx, scope, id)) as repo.DiscountRow);
  }

  async function changeDiscount(
    caller: Caller,
    id: string,
    change: (tx: DbOrTx, current: Discount, row: repo.DiscountRow, now: Date) => Promise<void>,
  ) {
    return db.transaction(async (tx) => {
      const row = await discountOrThrow(tx, caller, id, { lock: true });
      const now = new Date();
      const before = toDiscount(row, now);
      await change(tx, before, row, now);
      const after = await reloadDiscount(tx, caller.scope, id);
      await logChange(tx, caller, 'discount', id, auditedDiscount(before), auditedDiscount(after));
      return after;
    });
  }

  return {
    /** Programs in scope with all their parts. */
    async listPrograms(caller: Caller, query: ProgramListQuery) {
      if (query.partnerId) assertPartnerInScope(caller.scope, query.partnerId);
      const { rows, count } = await repo.listPrograms(db, caller.scope, query);
      return { data: await assemble(db, caller.scope, rows), count };
    },

    /** One program by id; another partner's is 404 exactly as a missing one. */
    async getProgram(caller: Caller, id: string) {
      const program = await repo.programById(db, caller.scope, id);
      if (!program) throw notFound();
      return programOrThrow(db, caller.scope, program);
    },

    async findProgram(caller: Caller, key: ProgramKey) {
      return programOrThrow(db, caller.scope, await visibleProgram(db, caller, key));
    },

    /** Creates the program of a partner and category with the parts given (409 when it exists). */
    async createProgram(
      caller: Caller,
      input: ProgramKey & { pricing?: PricingPartInput; deposit?: DepositPartInput; rule?: RulePartInput },
    ) {
      if (input.rule && !satisfies(caller.permissions, requires('program.rule_part.write'))) {
        throw new DomainError('Forbidden', 403, 'Writing collect-return rules needs program.rule_part.write');
      }
      return db.transaction(async (tx) => {
        await assertKey(tx, caller, input);
        if (await repo.programOf(tx, caller.scope, input.partnerId, input.assetCategoryId))
          throw new DomainError('Conflict', 409, 'This partner and category already have a rental program');
        const program = await repo.ensureProgram(
          tx,
          caller.scope,
          randomUUID(),
          input.partnerId,
          input.assetCategoryId,
        );
        if (input.pricing) await writePricing(tx, caller, program, input.pricing, null);
        if (input.deposit) await writeDeposit(tx, caller.scope, program, input.deposit);
        if (input.rule) await writeRule(tx, caller.scope, program, input.rule);
        const created = await programOrThrow(tx, caller.scope, program);
        await logChange(tx, caller, 'program', program.id, null, {
          partnerId: input.partnerId,
          assetCategoryId: input.assetCategoryId,
          ...prefixed('pricing', audited(created.pricing)),
          ...prefixed('deposit', audited(created.deposit)),
          ...prefixed('rule', audited(created.rule)),
        });
        return created;
      });
    },

    /** Deletes a program with its parts; its open discounts go too, once confirmed. */
    async deleteProgram(caller: Caller, id: string, confirmed: boolean) {
      await db.transaction(async (tx) => {
        const program = await repo.programById(tx, caller.scope, id);
        if (!program) throw notFound();
        await settleDependents(tx, caller, await repo.openDiscounts(tx, caller.scope, id), confirmed);
        await repo.deleteProgram(tx, caller.scope, id);
        await writeFieldLogs(tx, {
          entityType: 'program',
          entityId: id,
          userId: caller.userId,
          changes: [{ field: 'deleted', before: false, after: true }],
        });
      });
    },

    /** Programs in scope that have a part of this kind, as that part. */
    async listParts<K extends PartKind>(caller: Caller, kind: K, query: PartListQuery) {
      if (query.partnerId) assertPartnerInScope(caller.scope, query.partnerId);
      const { rows, count } = await repo.listPartPrograms(db, caller.scope, kind, query);
      const programs = await assemble(db, caller.scope, rows);
      const data = programs.map((p) => partOf(p, kind)).filter((p) => p !== null) as Parts[K]['part'][];
      return { data, count };
    },

    async getPart<K extends PartKind>(caller: Caller, kind: K, key: ProgramKey): Promise<Parts[K]['part']> {
      const program = await visibleProgram(db, caller, key);
      const part = program ? partOf(await programOrThrow(db, caller.scope, program), kind) : null;
      if (!part) throw partMissing(kind);
      return part as Parts[K]['part'];
    },

    createPart: <K extends PartKind>(caller: Caller, kind: K, key: ProgramKey, input: Parts[K]['input']) =>
      writePart(caller, kind, key, input, 'create'),
    replacePart: <K extends PartKind>(caller: Caller, kind: K, key: ProgramKey, input: Parts[K]['input']) =>
      writePart(caller, kind, key, input, 'replace'),

    /** Deletes one part; deleting the original price deletes (once confirmed) the program's open discounts. */
    async removePart(caller: Caller, kind: PartKind, key: ProgramKey, confirmed: boolean) {
      await db.transaction(async (tx) => {
        const program = await visibleProgram(tx, caller, key, { lock: true });
        const before = program ? partOf(await programOrThrow(tx, caller.scope, program), kind) : null;
        if (!program || !before) throw partMissing(kind);
        if (kind === 'pricing')
          await settleDependents(tx, caller, await repo.openDiscounts(tx, caller.scope, program.id), confirmed);
        await repo.deletePart(tx, caller.scope, kind, program.id);
        await repo.touchProgram(tx, caller.scope, program.id);
        await logChange(tx, caller, 'program', program.id, prefixed(kind, audited(before)), null);
      });
    },

    async listDiscounts(caller: Caller, query: DiscountListQuery) {
      if (query.partnerId) assertPartnerInScope(caller.scope, query.partnerId);
      const { rows, count } = await repo.listDiscounts(db, caller.scope, query);
      const now = new Date();
      return { data: rows.map((r) => toDiscount(r, now)), count };
    },

    async getDiscount(caller: Caller, id: string) {
      return toDiscount(await discountOrThrow(db, caller, id));
    },

    /**
     * Creates a discount price for one payment plan of a program's original price: starting more than 10 minutes
     * from now, not overlapping another discount of the same plan. The price it discounts is kept with it.
     */
    async createDiscount(caller: Caller, input: DiscountCreate) {
      const now = new Date();
      assertStartAhead(input.startTime, now);
      return db.transaction(async (tx) => {
        await assertKey(tx, caller, input);
        const program = await repo.programOf(tx, caller.scope, input.partnerId, input.assetCategoryId, { lock: true });
        const pricing = program ? (await programOrThrow(tx, caller.scope, program)).pricing : null;
        if (!program || !pricing)
          throw validationError({ paymentPlanId: 'This partner and category have no original price to discount' });
        const plan = pricing.paymentPlans.find((p) => p.id === input.paymentPlanId);
        if (!plan) throw validationError({ paymentPlanId: 'Unknown payment plan of this original price' });
        await assertNoOverlap(tx, caller.scope, plan.id, input.startTime, input.endTime);
        const id = randomUUID();
        await repo.insertDiscount(tx, caller.scope, {
          id,
          programId: program.id,
          paymentPlanId: plan.id,
          name: input.name,
          description: input.description ?? null,
          startTime: new Date(input.startTime),
          endTime: input.endTime ? new Date(input.endTime) : null,
          discountPercent: input.discountPercent,
          unitPrice: pricing.unitPrice,
          priceUnit: pricing.priceUnit,
          currency: pricing.currency,
          planFrequency: plan.frequency,
          planUnit: plan.unit,
          planPriority: plan.priority,
        });
        const created = await reloadDiscount(tx, caller.scope, id);
        await logChange(tx, caller, 'discount', id, null, auditedDiscount(created));
        return created;
      });
    },

    /** Changes a discount; once ended or cancelled only its name and description, its plan only before it starts. */
    async updateDiscount(caller: Caller, id: string, input: DiscountUpdate) {
      return changeDiscount(caller, id, async (tx, current, row) => {
        const closed = current.status === 'ended' || current.status === 'cancelled';
        if (closed && (input.discountPercent !== undefined || input.paymentPlanId !== undefined))
          throw discountEnded('Once a discount has ended only its name and description can change');
        const values: repo.DiscountValues = {};
        if (input.name !== undefined) values.name = input.name;
        if (input.description !== undefined) values.description = input.description;
        if (input.discountPercent !== undefined) values.discountPercent = input.discountPercent;
        if (input.paymentPlanId !== undefined && input.paymentPlanId !== current.paymentPlan.id) {
          if (current.status !== 'scheduled')
            throw discountEnded('The payment plan of a discount that has started cannot change');
          const program = await repo.programById(tx, caller.scope, row.program_id);
          const pricing = program ? (await programOrThrow(tx, caller.scope, program)).pricing : null;
          const plan = pricing?.paymentPlans.find((p) => p.id === input.paymentPlanId);
          if (!plan) throw validationError({ paymentPlanId: 'Unknown payment plan of this original price' });
          await assertNoOverlap(tx, caller.scope, plan.id, current.startTime, current.endTime, id);
          Object.assign(values, {
            paymentPlanId: plan.id,
            planFrequency: plan.frequency,
            planUnit: plan.unit,
            planPriority: plan.priority,
          });
        }
        await repo.updateDiscount(tx, caller.scope, id, values);
      });
    },

    /** Moves a discount: the start only while it is scheduled (still 10 minutes ahead), the end while it has not ended. */
    async rescheduleDiscount(caller: Caller, id: string, input: DiscountReschedule) {
      return changeDiscount(caller, id, async (tx, current, _row, now) => {
        if (current.status === 'ended' || current.status === 'cancelled')
          throw discountEnded('A discount that has ended or was cancelled cannot be rescheduled');
        if (current.status === 'scheduled') assertStartAhead(input.startTime, now);
        else if (Date.parse(input.startTime) !== Date.parse(current.startTime))
          throw validationError({ startTime: 'A discount that has started keeps its start' });
        if (input.endTime && Date.parse(input.endTime) <= now.getTime())
          throw validationError({ endTime: 'The end must be later than now' });
        await assertNoOverlap(tx, caller.scope, current.paymentPlan.id, input.startTime, input.endTime, id);
        await repo.updateDiscount(tx, caller.scope, id, {
          startTime: new Date(input.startTime),
          endTime: input.endTime ? new Date(input.endTime) : null,
        });
      });
    },

    /** Cancels a scheduled or active discount; from then on it is kept only for the record. */
    async cancelDiscount(caller: Caller, id: string) {
      return changeDiscount(caller, id, async (tx, current, _row, now) => {
        if (current.status === 'ended' || current.status === 'cancelled')
          throw discountEnded('The discount has already ended or was cancelled');
        await repo.updateDiscount(tx, caller.scope, id, { cancelledAt: now });
      });
    },
  };
}

export type PricingService = ReturnType<typeof createPricingService>;
