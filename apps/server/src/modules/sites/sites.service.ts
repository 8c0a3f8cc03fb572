import { randomUUID } from 'node:crypto';
import {
  formatCoordinates,
  parseCoordinates,
  type Site,
  type SiteInput,
  type SitePatch,
  type SiteQuery,
  type SiteRef,
  type SiteType,
} from '@fleetdesk/contracts';
import type { FileStorage } from '../../adapters/storage.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { reencodeImage } from '../../lib/images.ts';
import { toIso } from '../../lib/rows.ts';
import { assertPartnerInScope } from '../../lib/scope.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as repo from './sites.repo.ts';

const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

/** The columns a site input sets; only the keys present in a patch are returned, so a PATCH leaves the rest. */
function toValues(input: SitePatch): Partial<repo.SiteValues> {
  const values: Partial<repo.SiteValues> = {};
  const text = ['region', 'country', 'zip', 'address', 'phone', 'website', 'openingHoursNote', 'note'] as const;
  for (const key of text) if (key in input) values[key] = blankToNull(input[key]);
  if (input.appointmentUrl !== undefined) values.appointmentUrl = blankToNull(input.appointmentUrl);
  if (input.partnerId !== undefined) values.partnerId = input.partnerId;
  if (input.taxGroupId !== undefined) values.taxGroupId = input.taxGroupId;
  if (input.name !== undefined) values.name = input.name;
  if (input.type !== undefined) values.type = input.type;
  if (input.city !== undefined) values.city = input.city;
  if (input.fenceRadius !== undefined) values.fenceRadius = input.fenceRadius;
  if (input.isArchived !== undefined) values.isArchived = input.isArchived;
  if (input.coordinates !== undefined) {
    const position = parseCoordinates(input.coordinates);
    values.latitude = position?.latitude ?? null;
    values.longitude = position?.longitude ?? null;
  }
  return values;
}

export function toSite({ site: row, partnerName, taxGroupName }: repo.SiteRow): Site {
  const positioned = row.latitude !== null && row.longitude !== null;
  return {
    id: row.id,
    legacyId: row.legacyId,
    partner: { id: row.partnerId, name: partnerName },
    taxGroup: row.taxGroupId ? { id: row.taxGroupId, name: taxGroupName ?? '' } : null,
    name: row.name,
    region: row.region,
    type: row.type as SiteType,
    country: row.country,
    city: row.city,
    zip: row.zip,
    address: row.address,
    coordinates: positioned ? formatCoordinates(row.latitude as number, row.longitude as number) : null,
    latitude: row.latitude,
    longitude: row.longitude,
    phone: row.phone,
    website: row.website,
    openingHoursNote: row.openingHoursNote,
    fenceRadius: row.fenceRadius,
    note: row.note,
    imageUrl: row.imageUrl,
    appointmentUrl: row.appointmentUrl,
    isArchived: row.isArchived,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

/** What the field log records: the stored fields, names of linked objects left out. */
const audited = (s: Site) => {
  const { createdAt: _c, updatedAt: _u, id: _i, partner, taxGroup, coordinates: _xy, ...fields } = s;
  return { ...fields, partnerId: partner.id, taxGroupId: taxGroup?.id ?? null };
};

export function createSiteService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  /** Reads a site the caller may see: 404 when absent or of a partner outside the scope, alike. */
  async function visible(tx: DbOrTx, caller: Caller, id: string) {
    const row = await repo.get(tx, caller.scope, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Checks what the schema cannot: every partner in scope (403 first, so nobody learns which partners exist),
   * then that partners and tax groups exist (400 on the field, `prefix` naming the batch row).
   */
  async function checkLinks(tx: DbOrTx, caller: Caller, rows: { prefix: string; input: SitePatch }[]) {
    for (const { input } of rows) if (input.partnerId) assertPartnerInScope(caller.scope, input.partnerId);
    const partnerIds = rows.flatMap((r) => (r.input.partnerId ? [r.input.partnerId] : []));
    const taxGroupIds = rows.flatMap((r) => (r.input.taxGroupId ? [r.input.taxGroupId] : []));
    const [partners, taxGroups] = await Promise.all([
      repo.existingPartnerIds(tx, caller.scope, [...new Set(partnerIds)]),
      repo.existingTaxGroupIds(tx, [...new Set(taxGroupIds)]),
    ]);
    const fields: Record<string, string> = {};
    for (const { prefix, input } of rows) {
      if (input.partnerId && !partners.has(input.partnerId)) fields[`${prefix}partnerId`] = 'Unknown partner';
      if (input.taxGroupId && !taxGroups.has(input.taxGroupId)) fields[`${prefix}taxGroupId`] = 'Unknown tax group';
    }
    if (Object.keys(fields).length > 0) throw validationError(fields);
  }

  /** One change to one visible site, with its field log, in one transaction. */
  async function change(caller: Caller, id: string, apply: (tx: DbOrTx) => Promise<void>) {
    return db.transaction(async (tx) => {
      const before = toSite(await visible(tx, caller, id));
      await apply(tx);
      const after = toSite((await repo.get(tx, caller.scope, id)) as repo.SiteRow);
      await logChange(tx, caller, 'site', id, audited(before), audited(after));
      return after;
    });
  }

  /** Creates every site or none, in one transaction; field errors are keyed by `fieldPrefix(row)`. */
  async function createMany(caller: Caller, inputs: SiteInput[], fieldPrefix: (index: number) => string) {
    return db.transaction(async (tx) => {
      await checkLinks(
        tx,
        caller,
        inputs.map((input, index) => ({ prefix: fieldPrefix(index), input })),
      );
      const rows = inputs.map((input) => ({
        id: randomUUID(),
        values: { isArchived: false, ...toValues(input) } as repo.SiteValues,
      }));
      await repo.insert(tx, caller.scope, rows);
      const created = (
        await repo.getMany(
          tx,
          caller.scope,
          rows.map((r) => r.id),
        )
      ).map(toSite);
      for (const site of created) await logChange(tx, caller, 'site', site.id, null, audited(site));
      return created;
    });
  }

  return {
    /** Sites of in-scope partners, filtered (non-archived by default), sorted and paged. */
    async query(caller: Caller, query: SiteQuery): Promise<{ data: Site[]; count: number }> {
      const { rows, count } = await repo.list(db, caller.scope, query);
      return { data: rows.map(toSite), count };
    },

    /** Every non-archived in-scope site as reference data. */
    all: async (caller: Caller): Promise<SiteRef[]> =>
      (await repo.listRefs(db, caller.scope)).map((r) => ({ ...r, type: r.type as SiteType })),

    async get(caller: Caller, id: string): Promise<Site> {
      return toSite(await visible(db, caller, id));
    },

    /** Creates one site for a partner in the caller's scope. */
    async create(caller: Caller, input: SiteInput): Promise<Site> {
      const [created] = await createMany(caller, [input], () => '');
      return created as Site;
    },

    /** Creates every site of a batch or none; field errors name the row ("sites.3.zip"). */
    batchCreate: (caller: Caller, inputs: SiteInput[]): Promise<Site[]> =>
      createMany(caller, inputs, (index) => `sites.${index}.`),

    /** Changes the fields the patch carries; moving a site needs both partners in scope. */
    update: (caller: Caller, id: string, patch: SitePatch): Promise<Site> =>
      change(caller, id, async (tx) => {
        await checkLinks(tx, caller, [{ prefix: '', input: patch }]);
        await repo.update(tx, caller.scope, id, toValues(patch));
      }),

    /** Deletes a site nothing uses (assets, orders, relocation lists); otherwise 422 SiteInUse with the counts. */
    async remove(caller: Caller, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = toSite(await visible(tx, caller, id));
        const references = await repo.references(tx, id);
        if (Object.values(references).some((n) => n > 0)) {
          throw new DomainError(
            'SiteInUse',
            422,
            'The site is still used by assets, orders or relocation lists; archive it instead',
            references,
          );
        }
        await repo.remove(tx, caller.scope, id);
        await logChange(tx, caller, 'site', id, audited(before), null);
      });
    },

    /** Stores a re-encoded image (JPEG or PNG by content) and points the site at it. */
    async uploadImage(caller: Caller, id: string, content: Buffer): Promise<Site> {
      // Existence in scope first: a caller must not learn about someone else's site from how the bytes are judged.
      await visible(db, caller, id);
      const image = await reencodeImage(content, 1600);
      const key = `sites/${randomUUID()}.${image.format}`;
      await storage.put(key, image.content);
      return change(caller, id, (tx) => repo.update(tx, caller.scope, id, { imageUrl: `/api/files/${key}` }));
    },

    async removeImage(caller: Caller, id: string): Promise<Site> {
      return change(caller, id, (tx) => repo.update(tx, caller.scope, id, { imageUrl: null }));
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
