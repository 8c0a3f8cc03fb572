import { randomUUID } from 'node:crypto';
import {
  ADMIN_PERMISSION,
  type AssetCategory,
  type AssetProperty,
  type AssetType,
  type CategoryInput,
  type CategoryListQuery,
  type CategorySummary,
  type PropertyCreateInput,
  type PropertyInput,
  type PropertyUpdateMethod,
  type PropertyValueType,
} from '@fleetdesk/contracts';
import type { FileStorage } from '../../adapters/storage.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { reencodeImage } from '../../lib/images.ts';
import { toIso } from '../../lib/rows.ts';
import { type AllPartners, allPartners } from '../../lib/scope.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as repo from './categories.repo.ts';

export const CATEGORY_NAME_TAKEN = 'A category with this name already exists';
export const PROPERTY_NAME_TAKEN = 'A property with this name already exists in this category';

const categoryNameTaken = () =>
  new DomainError('CategoryWithSameNameExists', 409, CATEGORY_NAME_TAKEN, { fields: { name: CATEGORY_NAME_TAKEN } });
const propertyNameTaken = (path: string) =>
  new DomainError('PropertyWithSameNameExists', 409, PROPERTY_NAME_TAKEN, { fields: { [path]: PROPERTY_NAME_TAKEN } });
const propertyMissing = (path: string) =>
  new DomainError('PropertyNotExist', 404, 'This property does not exist in this category', {
    fields: { [path]: 'This property does not exist in this category' },
  });

/** Holders of read_disabled (and admins) see disabled categories; for everyone else they do not exist. */
const seesDisabled = (caller: Caller) =>
  caller.permissions.has(ADMIN_PERMISSION) || caller.permissions.has('asset_category.read_disabled');

const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);
const nameKey = (name: string) => name.toLowerCase();

export function toProperty(row: repo.PropertyRow): AssetProperty {
  return {
    id: row.id,
    categoryId: row.categoryId,
    name: row.name,
    valueType: row.valueType as PropertyValueType,
    updateMethod: row.updateMethod as PropertyUpdateMethod,
    isUnique: row.isUnique,
    position: row.position,
  };
}

export function toCategory({ category: row, properties, hasAssets }: repo.CategoryWithProperties): AssetCategory {
  return {
    id: row.id,
    name: row.name,
    assetType: row.assetType as AssetType,
    imageUrl: row.imageUrl,
    detailUrl: row.detailUrl,
    description: row.description,
    isIot: row.isIot,
    isEnabled: row.isEnabled,
    hasAssets: Boolean(hasAssets),
    properties: properties.map(toProperty),
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

/** What the field log records: the stored fields, properties as one list so a change shows before and after. */
const audited = (c: AssetCategory) => ({
  name: c.name,
  assetType: c.assetType,
  imageUrl: c.imageUrl,
  detailUrl: c.detailUrl,
  description: c.description,
  isIot: c.isIot,
  isEnabled: c.isEnabled,
  properties: c.properties.map(({ id, name, valueType, updateMethod, isUnique }) => ({
    id,
    name,
    valueType,
    updateMethod,
    isUnique,
  })),
});

const categoryValues = (input: CategoryInput) => ({
  name: input.name,
  assetType: input.assetType,
  detailUrl: blankToNull(input.detailUrl),
  description: blankToNull(input.description),
  isIot: input.isIot,
});

/** The second of two properties with the same name (case-insensitive) in one form is the one marked. */
function assertDistinctNames(properties: readonly { name: string }[]) {
  const seen = new Set<string>();
  properties.forEach((p, index) => {
    const key = nameKey(p.name);
    if (seen.has(key)) throw propertyNameTaken(`properties.${index}.name`);
    seen.add(key);
  });
}

/** A race past the service's own checks lands on a unique index; it still gets the spec's code. */
function asNameConflict(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'asset_categories_name_key') throw categoryNameTaken();
  if (constraint === 'asset_properties_category_name_key') {
    throw new DomainError('PropertyWithSameNameExists', 409, PROPERTY_NAME_TAKEN);
  }
  throw error;
}

export function createCategoryService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  /** A category the caller may see: 404 when absent or disabled and the caller may not see disabled ones. */
  async function visible(tx: DbOrTx, caller: Caller, id: string, lock = false) {
    const row = await repo.get(tx, id, lock);
    if (!row || (!row.category.isEnabled && !seesDisabled(caller))) throw notFound();
    return row;
  }

  async function reload(tx: DbOrTx, id: string) {
    return toCategory((await repo.get(tx, id)) as repo.CategoryWithProperties);
  }

  /**
   * One change to one visible category, with its field log, in one transaction. A category reaches every
   * partner's assets, so the caller's scope must be "*" (403 PartnerOutOfScope before anything is read).
   */
  async function change(
    caller: Caller,
    id: string,
    apply: (tx: DbOrTx, all: AllPartners, before: repo.CategoryWithProperties) => Promise<void>,
  ) {
    const all = allPartners(caller.scope);
    return db
      .transaction(async (tx) => {
        const row = await visible(tx, caller, id, true);
        const before = toCategory(row);
        await apply(tx, all, row);
        const after = await reload(tx, id);
        await logChange(tx, caller, 'assetCategory', id, audited(before), audited(after));
        return after;
      })
      .catch(asNameConflict);
  }

  /**
   * Applies the property list of a PUT: existing properties matched by id are renamed or re-flagged, new ones
   * added, left-out ones removed. Refusals (all before any write): an id of another category, a value type
   * change once the category has assets, uniqueness switched on while assets hold values (they may repeat),
   * and removing a property some asset has a value for.
   */
  async function replaceProperties(
    tx: DbOrTx,
    all: AllPartners,
    current: repo.CategoryWithProperties,
    inputs: PropertyInput[],
  ) {
    const categoryId = current.category.id;
    const existing = new Map(current.properties.map((p) => [p.id, p]));
    const sent = new Set<string>();
    inputs.forEach((p, index) => {
      if (p.id === undefined) return;
      if (!existing.has(p.id)) throw propertyMissing(`properties.${index}.id`);
      if (sent.has(p.id)) throw validationError({ [`properties.${index}.id`]: 'This property is listed twice' });
      sent.add(p.id);
    });

    const kept = inputs.flatMap((p, index) =>
      p.id ? [{ input: p, index, row: existing.get(p.id) as repo.PropertyRow }] : [],
    );
    const removed = current.properties.filter((p) => !sent.has(p.id));
    const withValues = await repo.propertiesWithValues(
      tx,
      categoryId,
      [...removed, ...kept.filter((k) => k.input.isUnique && !k.row.isUnique).map((k) => k.row)].map((p) => p.id),
    );

    for (const { input, index, row } of kept) {
      if (input.valueType !== row.valueType && current.hasAssets) {
        throw new DomainError(
          'Conflict',
          409,
          `The value type of "${row.name}" cannot change: the category already has assets`,
          {
            fields: { [`properties.${index}.valueType`]: 'The value type cannot change once the category has assets' },
          },
        );
      }
      if (input.isUnique && !row.isUnique && withValues.has(row.id)) {
        throw new DomainError(
          'Conflict',
          409,
          `"${row.name}" cannot become unique: assets already have values for it, which may repeat`,
          { fields: { [`properties.${index}.isUnique`]: 'Assets already have values for this property' } },
        );
      }
    }
    const blocked = removed.filter((p) => withValues.has(p.id));
    if (blocked.length > 0) {
      throw new DomainError(
        'Conflict',
        409,
        `${blocked.map((p) => `"${p.name}"`).join(', ')} cannot be removed: assets have values for it`,
        { properties: blocked.map((p) => ({ id: p.id, name: p.name })) },
      );
    }

    await repo.deleteProperties(
      tx,
      all,
      removed.map((p) => p.id),
    );
    await repo.forgetUniqueValues(
      tx,
      all,
      kept.filter((k) => k.row.isUnique && !k.input.isUnique).map((k) => k.row.id),
    );
    await repo.parkPropertyNames(
      tx,
      all,
      kept.filter((k) => k.input.name !== k.row.name).map((k) => k.row.id),
    );
    for (const { input, index, row } of kept) {
      await repo.updateProperty(tx, all, row.id, {
        name: input.name,
        valueType: input.valueType,
        updateMethod: input.updateMethod,
        isUnique: input.isUnique,
        position: index,
      });
    }
    await repo.insertProperties(
      tx,
      all,
      inputs.flatMap((p, index) =>
        p.id
          ? []
          : [
              {
                id: randomUUID(),
                categoryId,
                name: p.name,
                valueType: p.valueType,
                updateMethod: p.updateMethod,
                isUnique: p.isUnique,
                position: index,
              },
            ],
      ),
    );
  }

  return {
    async list(caller: Caller, query: CategoryListQuery): Promise<{ data: AssetCategory[]; count: number }> {
      const { rows, count } = await repo.list(db, query, seesDisabled(caller));
      return { data: rows.map(toCategory), count };
    },

    async summaries(caller: Caller): Promise<CategorySummary[]> {
      const rows = await repo.summaries(db, seesDisabled(caller));
      return rows.map((r) => ({ ...r, assetType: r.assetType as AssetType }));
    },

    async get(caller: Caller, id: string): Promise<AssetCategory> {
      return toCategory(await visible(db, caller, id));
    },

    async properties(caller: Caller, id: string): Promise<AssetProperty[]> {
      return (await visible(db, caller, id)).properties.map(toProperty);
    },

    /** The category and all its properties in one transaction; a new category is enabled. */
    async create(caller: Caller, input: CategoryInput): Promise<AssetCategory> {
      const all = allPartners(caller.scope);
      input.properties.forEach((p, index) => {
        if (p.id !== undefined) throw propertyMissing(`properties.${index}.id`);
      });
      assertDistinctNames(input.properties);
      return db
        .transaction(async (tx) => {
          if (await repo.nameTakenBy(tx, input.name)) throw categoryNameTaken();
          const id = randomUUID();
          await repo.insertCategory(tx, all, id, { ...categoryValues(input), isEnabled: true });
          await repo.insertProperties(
            tx,
            all,
            input.properties.map((p, position) => ({
              id: randomUUID(),
              categoryId: id,
              name: p.name,
              valueType: p.valueType,
              updateMethod: p.updateMethod,
              isUnique: p.isUnique,
              position,
            })),
          );
          const created = await reload(tx, id);
          await logChange(tx, caller, 'assetCategory', id, null, audited(created));
          return created;
        })
        .catch(asNameConflict);
    },

    /** Replaces the fields and the property list (see replaceProperties for what is refused). */
    update(caller: Caller, id: string, input: CategoryInput): Promise<AssetCategory> {
      assertDistinctNames(input.properties);
      return change(caller, id, async (tx, all, current) => {
        if (await repo.nameTakenBy(tx, input.name, id)) throw categoryNameTaken();
        await replaceProperties(tx, all, current, input.properties);
        await repo.updateCategory(tx, all, id, categoryValues(input));
      });
    },

    /** Enabling changes the category only: assets set to Removed by the disable stay Removed. */
    enable(caller: Caller, id: string): Promise<AssetCategory> {
      return change(caller, id, async (tx, all, current) => {
        if (!current.category.isEnabled) await repo.updateCategory(tx, all, id, { isEnabled: true });
      });
    },

    /**
     * Disables the category and sets every one of its assets to Removed in the same transaction, data kept.
     * Repeating it changes nothing, but still sweeps assets that are not Removed, so the rule holds whatever
     * happened in between.
     */
    disable(caller: Caller, id: string): Promise<AssetCategory> {
      return change(caller, id, async (tx, all, current) => {
        if (current.category.isEnabled) await repo.updateCategory(tx, all, id, { isEnabled: false });
        await repo.removeAssetsOf(tx, all, id, caller.userId);
      });
    },

    /** Stores a re-encoded image (JPEG or PNG by content) and points the category at it. */
    async uploadImage(caller: Caller, id: string, content: Buffer): Promise<AssetCategory> {
      // Scope and existence first: a refused caller must not get the bytes decoded and stored.
      allPartners(caller.scope);
      await visible(db, caller, id);
      const image = await reencodeImage(content, 800);
      const key = `categories/${randomUUID()}.${image.format}`;
      await storage.put(key, image.content);
      return change(caller, id, (tx, all) => repo.updateCategory(tx, all, id, { imageUrl: `/api/files/${key}` }));
    },

    removeImage(caller: Caller, id: string): Promise<AssetCategory> {
      return change(caller, id, async (tx, all, current) => {
        if (current.category.imageUrl !== null) await repo.updateCategory(tx, all, id, { imageUrl: null });
      });
    },

    async propertyList(caller: Caller, categoryId: string): Promise<AssetProperty[]> {
      return (await visible(db, caller, categoryId)).properties.map(toProperty);
    },

    /** Appends one property at the end of the category's list. */
    async createProperty(caller: Caller, input: PropertyCreateInput): Promise<AssetProperty> {
      const propertyId = randomUUID();
      await change(caller, input.categoryId, async (tx, all, current) => {
        if (current.properties.some((p) => nameKey(p.name) === nameKey(input.name))) throw propertyNameTaken('name');
        await repo.insertProperties(tx, all, [
          {
            id: propertyId,
            categoryId: input.categoryId,
            name: input.name,
            valueType: input.valueType,
            updateMethod: input.updateMethod,
            isUnique: input.isUnique,
            position: Math.max(-1, ...current.properties.map((p) => p.position)) + 1,
          },
        ]);
      });
      const [created] = (await repo.properties(db, input.categoryId)).filter((p) => p.id === propertyId);
      return toProperty(created as repo.PropertyRow);
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
