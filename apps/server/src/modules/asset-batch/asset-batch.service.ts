import {
  ASSET_BATCH_DUPLICATE_MESSAGE,
  type Asset,
  type AssetBatchUpdateInput,
  type AssetInput,
} from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { foreignKeyViolation, uniqueViolation } from '../../lib/db-errors.ts';
import {
  checkChanges,
  checkCreates,
  enabledCategory,
  insertCreates,
  removalProblem,
  writeChanges,
  writeRemovals,
} from '../assets/asset-rules.ts';
import * as assetsRepo from '../assets/assets.repo.ts';
import { toAsset } from '../assets/assets.service.ts';

const NOT_FOUND = 'Asset deleted or not found';

type Fields = Record<string, string>;
const hasAny = (fields: Fields) => Object.keys(fields).length > 0;

/** A refusal's field messages: its `data.fields`, or its message on `fallback`. */
export function fieldsOfProblem(problem: DomainError, fallback: string): Fields {
  const fields = (problem.data as { fields?: Fields } | null)?.fields;
  return fields && hasAny(fields) ? fields : { [fallback]: problem.message };
}

/** Every refusal of one row, keyed `<prefix>.<field>` (the first message of a field wins). */
function rowFields(into: Fields, prefix: string, problems: readonly DomainError[]) {
  for (const problem of problems) {
    for (const [field, message] of Object.entries(fieldsOfProblem(problem, 'no'))) {
      into[`${prefix}.${field}`] ??= message;
    }
  }
}

function occurrences(values: readonly string[]) {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return counts;
}

/**
 * A batch is written in one transaction after every row passed; two requests can still pass the checks at
 * once, and then a unique index refuses the second at write time. The checks run again to name the rows;
 * if they find nothing (the other request has not committed the same way), a 409 asks to try again.
 */
async function raceSafe<T>(write: () => Promise<T>, recheck: () => Promise<Fields>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === undefined && foreignKeyViolation(error) === undefined) throw error;
    const fields = await recheck();
    if (hasAny(fields)) throw validationError(fields);
    throw new DomainError('Conflict', 409, 'The assets changed meanwhile; reload and try again');
  }
}

/** Batch create, edit and delete of up to 100 assets, each all or nothing with every row's refusals. */
export function createAssetBatchService(deps: { db: Db }) {
  const { db } = deps;

  /** Checks new assets of one enabled category: the refusals of each input, by its index. */
  async function checkNew(tx: DbOrTx, caller: Caller, categoryId: string, inputs: readonly AssetInput[]) {
    await enabledCategory(tx, categoryId);
    const definitions = await assetsRepo.propertiesOf(tx, [categoryId]);
    const { problems, planned } = await checkCreates(tx, caller, categoryId, definitions, inputs);
    return { problems, planned, definitions };
  }

  function createFields(problems: readonly (readonly DomainError[])[]) {
    const fields: Fields = {};
    problems.forEach((p, i) => {
      rowFields(fields, `assets.${i}`, p);
    });
    return fields;
  }

  /** Creates checked assets in one transaction; `refuse` answers when any row has a refusal. */
  async function createAll(
    caller: Caller,
    categoryId: string,
    inputs: readonly AssetInput[],
    refuse: (problems: DomainError[][]) => Error,
  ): Promise<Asset[]> {
    const check = (tx: DbOrTx) => checkNew(tx, caller, categoryId, inputs);
    return raceSafe(
      () =>
        db.transaction(async (tx) => {
          const { problems, planned, definitions } = await check(tx);
          if (problems.some((p) => p.length > 0)) throw refuse(problems);
          const created = await insertCreates(tx, caller, planned);
          return created.map((row) => toAsset(row, definitions));
        }),
      async () => createFields((await check(db)).problems),
    );
  }

  /** The rows of a batch edit that name visible assets once, and the refusals of the others. */
  async function checkEdits(tx: DbOrTx, caller: Caller, rows: AssetBatchUpdateInput['assets']) {
    const nos = rows.map((r) => r.no);
    const found = new Map(
      (await assetsRepo.getManyByNos(tx, caller.scope, [...new Set(nos)])).map((r) => [r.asset.no, r]),
    );
    const counts = occurrences(nos);
    const fields: Fields = {};
    const items: { index: number; row: assetsRepo.AssetRow; patch: Omit<(typeof rows)[number], 'no'> }[] = [];
    rows.forEach(({ no, ...patch }, index) => {
      const row = found.get(no);
      if ((counts.get(no) ?? 0) > 1) fields[`assets.${index}.no`] = ASSET_BATCH_DUPLICATE_MESSAGE;
      else if (!row) fields[`assets.${index}.no`] = NOT_FOUND;
      else items.push({ index, row, patch });
    });
    const categoryIds = [...new Set(items.map((i) => i.row.asset.categoryId))];
    const definitions = await assetsRepo.propertiesOf(tx, categoryIds);
    const definitionsOf = new Map(categoryIds.map((id) => [id, definitions.filter((d) => d.categoryId === id)]));
    const { problems, planned } = await checkChanges(tx, caller.scope, items, definitionsOf);
    items.forEach((item, k) => {
      rowFields(fields, `assets.${item.index}`, problems[k] ?? []);
    });
    return { fields, planned, definitions };
  }

  /** The visible assets of a batch delete, and the refusals of the numbers that are not or may not go. */
  async function checkRemovals(tx: DbOrTx, caller: Caller, nos: readonly string[]) {
    const found = new Map(
      (await assetsRepo.getManyByNos(tx, caller.scope, [...new Set(nos)])).map((r) => [r.asset.no, r]),
    );
    const counts = occurrences(nos);
    const fields: Fields = {};
    const rows: assetsRepo.AssetRow[] = [];
    nos.forEach((no, index) => {
      const row = found.get(no);
      const problem = row ? removalProblem(row) : null;
      if ((counts.get(no) ?? 0) > 1) fields[`nos.${index}`] = ASSET_BATCH_DUPLICATE_MESSAGE;
      else if (!row) fields[`nos.${index}`] = NOT_FOUND;
      else if (problem) fields[`nos.${index}`] = problem.message;
      else rows.push(row);
    });
    return { fields, rows };
  }

  return {
    /** Creates up to 100 assets of one enabled category, all or none (400 with every row's refusals). */
    create: (caller: Caller, categoryId: string, inputs: readonly AssetInput[]) =>
      createAll(caller, categoryId, inputs, (problems) => validationError(createFields(problems))),

    /** The refusals of each new asset (fields relative to the asset), for the import's preview. */
    async check(caller: Caller, categoryId: string, inputs: readonly AssetInput[]): Promise<DomainError[][]> {
      return (await checkNew(db, caller, categoryId, inputs)).problems;
    },

    /** The batch create with the caller's own answer to refused rows (the import's 422 report). */
    createAll,

    /** Changes up to 100 assets (each by its number, its own category's rules), all or none. */
    async update(caller: Caller, rows: AssetBatchUpdateInput['assets']): Promise<Asset[]> {
      return raceSafe(
        () =>
          db.transaction(async (tx) => {
            await assetsRepo.lockByNos(
              tx,
              caller.scope,
              rows.map((r) => r.no),
            );
            const { fields, planned, definitions } = await checkEdits(tx, caller, rows);
            if (hasAny(fields)) throw validationError(fields);
            const changed = await writeChanges(tx, caller, planned);
            return changed.map((row) => toAsset(row, definitions));
          }),
        async () => (await checkEdits(db, caller, rows)).fields,
      );
    },

    /** Deletes up to 100 assets that are neither renting out nor dispatching, all or none. */
    async remove(caller: Caller, nos: readonly string[]): Promise<void> {
      await raceSafe(
        () =>
          db.transaction(async (tx) => {
            await assetsRepo.lockByNos(tx, caller.scope, nos);
            const { fields, rows } = await checkRemovals(tx, caller, nos);
            if (hasAny(fields)) throw validationError(fields);
            await writeRemovals(tx, caller, rows);
          }),
        async () => (await checkRemovals(db, caller, nos)).fields,
      );
    },
  };
}

export type AssetBatchService = ReturnType<typeof createAssetBatchService>;
