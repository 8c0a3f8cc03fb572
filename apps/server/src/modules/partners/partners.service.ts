import { randomUUID } from 'node:crypto';
import {
  isTimeZone,
  type Partner,
  type PartnerInput,
  type PartnerListQuery,
  type PartnerRef,
} from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toIso } from '../../lib/rows.ts';
import { allPartners } from '../../lib/scope.ts';
import { logChange } from '../audit/audit.repo.ts';
import { recomputeCycles } from '../reminders/cycle.repo.ts';
import {
  purgeDeletedReminderConfig,
  reminderConfigOf,
  idsOfPartner as timersOfPartner,
} from '../reminders/timers.repo.ts';

export const TIME_ZONE_MESSAGE = 'Please choose a valid time zone';

import * as repo from './partners.repo.ts';

const blankToNull = (v: string | undefined) => (v === undefined || v === '' ? null : v);

/** The zone's canonical IANA name ('utc' → 'UTC'), or a field error when this runtime does not know it. */
function timezoneOf(input: PartnerInput): string | undefined {
  if (input.timezone === undefined) return undefined;
  if (!isTimeZone(input.timezone)) throw validationError({ timezone: TIME_ZONE_MESSAGE });
  return new Intl.DateTimeFormat('en-US', { timeZone: input.timezone }).resolvedOptions().timeZone;
}

function toValues(input: PartnerInput): repo.PartnerValues {
  return {
    timezone: timezoneOf(input),
    name: input.name,
    email: blankToNull(input.email),
    note: blankToNull(input.note),
    addressCountry: blankToNull(input.address?.country),
    addressCity: blankToNull(input.address?.city),
    addressZip: blankToNull(input.address?.zip),
    addressLine1: blankToNull(input.address?.line1),
    addressLine2: blankToNull(input.address?.line2),
    addressState: blankToNull(input.address?.state),
    contactName: blankToNull(input.contactPerson?.name),
    contactPhone: blankToNull(input.contactPerson?.phone),
    contactWorkEmail: blankToNull(input.contactPerson?.workEmail),
    attachments: input.attachments ?? [],
  };
}

export function toPartner(row: repo.PartnerRow): Partner {
  return {
    id: row.id,
    legacyId: row.legacyId,
    name: row.name,
    email: row.email,
    note: row.note,
    address: {
      country: row.addressCountry,
      city: row.addressCity,
      zip: row.addressZip,
      line1: row.addressLine1,
      line2: row.addressLine2,
      state: row.addressState,
    },
    contactPerson: { name: row.contactName, phone: row.contactPhone, workEmail: row.contactWorkEmail },
    attachments: row.attachments,
    timezone: row.timezone,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

const audited = (p: Partner) => {
  const { createdAt: _c, updatedAt: _u, id: _i, ...fields } = p;
  return fields;
};

export function createPartnerService(deps: { db: Db }) {
  const { db } = deps;

  /** Reads a partner in the caller's scope: 404 when absent or outside it (a 403 would confirm the id exists). */
  async function visible(tx: DbOrTx, caller: Caller, id: string) {
    const row = await repo.get(tx, caller.scope, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    /** Partners in scope, searched, sorted and paged. */
    async list(caller: Caller, query: PartnerListQuery): Promise<{ data: Partner[]; count: number }> {
      const { rows, count } = await repo.list(db, caller.scope, query);
      return { data: rows.map(toPartner), count };
    },

    /** Id and name of every partner in scope, for pickers and filters. */
    all: (caller: Caller): Promise<PartnerRef[]> => repo.listRefs(db, caller.scope),

    /** One partner in the caller's scope. */
    async get(caller: Caller, id: string): Promise<Partner> {
      return toPartner(await visible(db, caller, id));
    },

    /** Creates a partner; only account users (scope "*") may, since no one else could see it afterwards. */
    async create(caller: Caller, input: PartnerInput): Promise<Partner> {
      const scope = allPartners(caller.scope);
      return db.transaction(async (tx) => {
        const row = toPartner(await repo.insert(tx, scope, randomUUID(), toValues(input)));
        await logChange(tx, caller, 'partner', row.id, null, audited(row));
        return row;
      });
    },

    /** Changes a partner in the caller's scope. */
    async update(caller: Caller, id: string, input: PartnerInput): Promise<Partner> {
      return db.transaction(async (tx) => {
        const before = toPartner(await visible(tx, caller, id));
        const updated = await repo.update(tx, caller.scope, id, toValues(input));
        if (!updated) throw notFound();
        const after = toPartner(updated);
        // Calendar timers and schedules run on the partner's clock: their running cycles follow the new zone.
        if (after.timezone !== before.timezone) {
          for (const timerId of await timersOfPartner(tx, caller.scope, id)) {
            await recomputeCycles(tx, '*', { timerId });
          }
        }
        await logChange(tx, caller, 'partner', id, audited(before), audited(after));
        return after;
      });
    },

    /** Deletes a partner nothing references; otherwise 422 ReferencedByOthers listing what does. */
    async remove(caller: Caller, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = toPartner(await visible(tx, caller, id));
        const references = await repo.references(tx, id);
        if (references.users.length > 0) {
          throw new DomainError(
            'ReferencedByOthers',
            422,
            `The partner is still used by ${references.users.length} staff member(s); change their partner scope first`,
            references,
          );
        }
        if (references.sites.length > 0) {
          throw new DomainError(
            'ReferencedByOthers',
            422,
            `The partner still has ${references.sites.length} site(s); delete or move them first`,
            references,
          );
        }
        if (references.assets > 0) {
          throw new DomainError(
            'ReferencedByOthers',
            422,
            `The partner still has ${references.assets} asset(s); delete them first`,
            references,
          );
        }
        if (references.subscriptionPackages > 0) {
          throw new DomainError(
            'ReferencedByOthers',
            422,
            `The partner still has ${references.subscriptionPackages} subscription package(s); delete them first`,
            references,
          );
        }
        const reminders = await reminderConfigOf(tx, caller.scope, id);
        if (reminders > 0) {
          throw new DomainError(
            'ReferencedByOthers',
            422,
            `The partner still has ${reminders} timer(s) or reset rule(s); delete them first`,
            references,
          );
        }
        await purgeDeletedReminderConfig(tx, caller.scope, id);
        if (!(await repo.remove(tx, caller.scope, id))) throw notFound();
        await logChange(tx, caller, 'partner', id, audited(before), null);
      });
    },
  };
}

export type PartnerService = ReturnType<typeof createPartnerService>;
