import { randomUUID } from 'node:crypto';
import {
  isBeyondLeadTime,
  TAX_RATE_TOO_EARLY,
  type TaxGroup,
  type TaxGroupInput,
  type TaxGroupListQuery,
  type TaxGroupPatch,
  type TaxRate,
  type TaxSubject,
  taxSubjects,
} from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { toIso } from '../../lib/rows.ts';
import { allPartners } from '../../lib/scope.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as repo from './tax.repo.ts';

/** A first rate sent as "now" by a client whose clock runs a little ahead is still taken as starting now. */
const FIRST_RATE_CLOCK_TOLERANCE_MS = 60_000;

const nameTaken = () =>
  new DomainError('TaxGroupNameAlreadyExists', 409, 'A tax group with this name already exists', {
    fields: { name: 'A tax group with this name already exists' },
  });

const subjectOrder = (subject: string) => taxSubjects.indexOf(subject as TaxSubject);
const blankToNull = (v: string | undefined) => (v === undefined || v === '' ? null : v);

/**
 * The rate in force at `at` for each subject is the one with the latest effective time not after it; the
 * history is listed by subject, newest first, each rate marked past, current or scheduled.
 */
export function resolveRates(
  rates: readonly repo.TaxRateRow[],
  at: number,
): { history: TaxRate[]; current: TaxGroup['currentRates'] } {
  const current: TaxGroup['currentRates'] = { rental: null, 'service-hardware': null, 'service-labour': null };
  const currentIds = new Set<string>();
  for (const subject of taxSubjects) {
    const inForce = rates
      .filter((r) => r.subject === subject && r.effectiveAt.getTime() <= at)
      .reduce<repo.TaxRateRow | undefined>(
        (latest, r) => (latest && latest.effectiveAt >= r.effectiveAt ? latest : r),
        undefined,
      );
    if (inForce) {
      current[subject] = { rate: Number(inForce.rate), effectiveAt: toIso(inForce.effectiveAt) };
      currentIds.add(inForce.id);
    }
  }
  const history = [...rates]
    .sort(
      (a, b) => subjectOrder(a.subject) - subjectOrder(b.subject) || b.effectiveAt.getTime() - a.effectiveAt.getTime(),
    )
    .map(
      (r): TaxRate => ({
        id: r.id,
        subject: r.subject as TaxSubject,
        rate: Number(r.rate),
        effectiveAt: toIso(r.effectiveAt),
        status: currentIds.has(r.id) ? 'current' : r.effectiveAt.getTime() > at ? 'scheduled' : 'past',
        createdAt: toIso(r.createdAt),
      }),
    );
  return { history, current };
}

function toTaxGroup(row: repo.TaxGroupRow, rates: readonly repo.TaxRateRow[], siteCount: number): TaxGroup {
  const { history, current } = resolveRates(rates, Date.now());
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    country: row.country,
    note: row.note,
    currentRates: current,
    rates: history,
    siteCount,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

/** What the field log compares: the editable fields and the whole rate history. */
const audited = (g: TaxGroup) => ({
  name: g.name,
  displayName: g.displayName,
  country: g.country,
  note: g.note,
  rates: g.rates.map((r) => ({ subject: r.subject, rate: r.rate, effectiveAt: r.effectiveAt })),
});

const rateKey = (subject: string, effectiveAt: Date) => `${subject}@${effectiveAt.getTime()}`;

export function createTaxService(deps: { db: Db }) {
  const { db } = deps;

  async function load(tx: DbOrTx, id: string): Promise<TaxGroup> {
    const row = await repo.get(tx, id);
    if (!row) throw notFound();
    const [rates, counts] = await Promise.all([repo.ratesOf(tx, [id]), repo.siteCounts(tx, [id])]);
    return toTaxGroup(row, rates, counts.get(id) ?? 0);
  }

  /** Two concurrent requests can both pass the name check; the unique index then decides. */
  async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'tax_groups_name_key') throw nameTaken();
      if (constraint === 'tax_rates_group_subject_effective_key') {
        throw new DomainError('TaxRateAlreadyExists', 409, 'A rate for this subject and effective time already exists');
      }
      throw error;
    }
  }

  return {
    /** Tax groups with their current rates and site counts, searched, sorted and paged. */
    async list(query: TaxGroupListQuery): Promise<{ data: TaxGroup[]; count: number }> {
      const { rows, count } = await repo.list(db, query);
      const ids = rows.map((r) => r.id);
      const [rates, counts] = await Promise.all([repo.ratesOf(db, ids), repo.siteCounts(db, ids)]);
      return {
        data: rows.map((row) =>
          toTaxGroup(
            row,
            rates.filter((r) => r.taxGroupId === row.id),
            counts.get(row.id) ?? 0,
          ),
        ),
        count,
      };
    },

    /** One group with its history and the rate of each subject in force now; 404 when absent. */
    get: (id: string): Promise<TaxGroup> => load(db, id),

    /**
     * Creates a group; each subject's first rate starts now (or earlier, when migrating a known history). Tax
     * groups reach every partner's sites, so every write first needs scope "*" (403 PartnerOutOfScope).
     */
    async create(caller: Caller, input: TaxGroupInput): Promise<TaxGroup> {
      const all = allPartners(caller.scope);
      const now = new Date();
      const tooLate: Record<string, string> = {};
      input.rates.forEach((rate, index) => {
        if (rate.effectiveAt && Date.parse(rate.effectiveAt) > now.getTime() + FIRST_RATE_CLOCK_TOLERANCE_MS) {
          tooLate[`rates.${index}.effectiveAt`] =
            'The first rate must already be in force; schedule later changes after creating the group';
        }
      });
      if (Object.keys(tooLate).length > 0) throw validationError(tooLate);
      return guardUnique(() =>
        db.transaction(async (tx) => {
          if (await repo.nameTaken(tx, input.name)) throw nameTaken();
          const id = randomUUID();
          await repo.insert(tx, all, id, {
            name: input.name,
            displayName: input.displayName,
            country: input.country,
            note: blankToNull(input.note),
          });
          await repo.insertRates(
            tx,
            all,
            input.rates.map((r) => ({
              id: randomUUID(),
              taxGroupId: id,
              subject: r.subject,
              rate: r.rate.toFixed(3),
              effectiveAt: r.effectiveAt ? new Date(r.effectiveAt) : now,
              createdBy: caller.userId,
            })),
          );
          const created = await load(tx, id);
          await logChange(tx, caller, 'tax_group', id, null, audited(created));
          return created;
        }),
      );
    },

    /**
     * Changes the group's fields and appends rates. A rate already in the history is never changed; a new one
     * must start more than 10 minutes from now, and one subject cannot get two rates at the same instant (409).
     */
    async update(caller: Caller, id: string, patch: TaxGroupPatch): Promise<TaxGroup> {
      const all = allPartners(caller.scope);
      const now = Date.now();
      const tooEarly: Record<string, string> = {};
      (patch.rates ?? []).forEach((rate, index) => {
        if (!isBeyondLeadTime(rate.effectiveAt, now)) tooEarly[`rates.${index}.effectiveAt`] = TAX_RATE_TOO_EARLY;
      });
      if (Object.keys(tooEarly).length > 0) throw validationError(tooEarly);
      return guardUnique(() =>
        db.transaction(async (tx) => {
          const before = await load(tx, id);
          if (patch.name !== undefined && (await repo.nameTaken(tx, patch.name, id))) throw nameTaken();
          const taken = new Set(before.rates.map((r) => rateKey(r.subject, new Date(r.effectiveAt))));
          for (const rate of patch.rates ?? []) {
            const key = rateKey(rate.subject, new Date(rate.effectiveAt));
            if (taken.has(key)) {
              throw new DomainError(
                'TaxRateAlreadyExists',
                409,
                'A rate for this subject and effective time already exists',
                { subject: rate.subject, effectiveAt: new Date(rate.effectiveAt).toISOString() },
              );
            }
            taken.add(key);
          }
          await repo.update(tx, all, id, {
            ...(patch.name === undefined ? {} : { name: patch.name }),
            ...(patch.displayName === undefined ? {} : { displayName: patch.displayName }),
            ...(patch.country === undefined ? {} : { country: patch.country }),
            ...(patch.note === undefined ? {} : { note: blankToNull(patch.note) }),
          });
          await repo.insertRates(
            tx,
            all,
            (patch.rates ?? []).map((r) => ({
              id: randomUUID(),
              taxGroupId: id,
              subject: r.subject,
              rate: r.rate.toFixed(3),
              effectiveAt: new Date(r.effectiveAt),
              createdBy: caller.userId,
            })),
          );
          const after = await load(tx, id);
          await logChange(tx, caller, 'tax_group', id, audited(before), audited(after));
          return after;
        }),
      );
    },

    /** Deletes a group no site uses; otherwise 422 TaxGroupHasMembers listing the sites, archived ones included. */
    async remove(caller: Caller, id: string): Promise<void> {
      const all = allPartners(caller.scope);
      await db.transaction(async (tx) => {
        const before = await load(tx, id);
        const members = await repo.sitesUsing(tx, id);
        if (members.length > 0) {
          throw new DomainError(
            'TaxGroupHasMembers',
            422,
            `The tax group is used by ${members.length} site(s); give them another tax group first`,
            { sites: members },
          );
        }
        await repo.remove(tx, all, id);
        await logChange(tx, caller, 'tax_group', id, audited(before), null);
      });
    },
  };
}

export type TaxService = ReturnType<typeof createTaxService>;
