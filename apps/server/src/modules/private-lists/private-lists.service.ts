import { randomUUID } from 'node:crypto';
import {
  PRIVATE_LIST_FULL_MESSAGE,
  PRIVATE_LIST_MAX,
  PRIVATE_LIST_NOT_FOUND_CODE,
  PRIVATE_LIST_NOT_FOUND_MESSAGE,
  PRIVATE_LIST_USER_SEARCH_MAX,
  type PrivateList,
  type PrivateListAsset,
  type PrivateListInput,
  type PrivateListMineQuery,
  type PrivateListPatch,
  type PrivateListQuery,
  requires,
  satisfies,
} from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, forbidden, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toIso } from '../../lib/rows.ts';
import { getManyByNos } from '../assets/assets.repo.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as repo from './private-lists.repo.ts';

const AUDIT_TYPE = 'private_list';

function toPrivateList({ list, ownerName, assetCount }: repo.PrivateListRow): PrivateList {
  return {
    id: list.id,
    name: list.name,
    comment: list.comment,
    assetCount,
    owner: { id: list.ownerId, name: ownerName },
    createdAt: toIso(list.createdAt),
    updatedAt: toIso(list.updatedAt),
  };
}

const unique = (nos: readonly string[]) => [...new Set(nos)];

type Action = 'read' | 'update' | 'delete';

/**
 * Whose lists the caller reaches for an action: their own with private_list.me.<action>, and anyone's
 * (their own included) with private_list.<action> as long as every asset on it lies in their scope.
 */
function reachFor(caller: Caller, action: Action): repo.ListReach {
  const can = (p: string) => satisfies(caller.permissions, requires(p));
  return { userId: caller.userId, own: can(`private_list.me.${action}`), others: can(`private_list.${action}`) };
}

export function createPrivateListService(deps: { db: Db }) {
  const { db } = deps;

  /**
   * A list out of reach for the action is absent (404) unless the caller may read it: then it is theirs to
   * see but not to change (403). A list the caller may not read is never confirmed to exist.
   */
  async function refusal(tx: DbOrTx, caller: Caller, id: string, action: Action) {
    if (action !== 'read' && (await repo.get(tx, caller.scope, reachFor(caller, 'read'), id))) return forbidden();
    return notFound();
  }

  /** The ids of in-scope assets by number and the numbers not found (unknown or out of scope). */
  async function resolve(tx: DbOrTx, caller: Caller, nos: readonly string[], skipNotFound: boolean | undefined) {
    const wanted = unique(nos);
    const found = await getManyByNos(tx, caller.scope, wanted);
    const byNo = new Map(found.map((r) => [r.asset.no, r.asset.id]));
    const missing = wanted.filter((no) => !byNo.has(no));
    if (missing.length && !skipNotFound) {
      throw new DomainError(PRIVATE_LIST_NOT_FOUND_CODE, 422, PRIVATE_LIST_NOT_FOUND_MESSAGE, { notFound: missing });
    }
    return { ids: wanted.flatMap((no) => byNo.get(no) ?? []), nos: wanted.filter((no) => byNo.has(no)), missing };
  }

  /** The list as the caller reaches it and its field-log view (every asset number on it). */
  async function snapshotOf(tx: DbOrTx, caller: Caller, reach: repo.ListReach, id: string) {
    const row = await repo.get(tx, caller.scope, reach, id);
    if (!row) throw notFound();
    const assetNos = (await repo.assetNosOf(tx, caller.scope, reach, id)).sort();
    const audit = { name: row.list.name, comment: row.list.comment, ownerId: row.list.ownerId, assetNos };
    return { row, audit };
  }

  /** Locks a list for a change, or refuses it (404 or 403, see refusal). */
  async function lockFor(tx: DbOrTx, caller: Caller, id: string, action: Action) {
    const reach = reachFor(caller, action);
    if (!(await repo.lock(tx, caller.scope, reach, id))) throw await refusal(tx, caller, id, action);
    return reach;
  }

  return {
    /** The caller's own lists. */
    async mine(caller: Caller, q: PrivateListMineQuery) {
      const own = { userId: caller.userId, own: true, others: false };
      const { rows, count } = await repo.query(db, caller.scope, own, { name: q.name }, q);
      return { data: rows.map(toPrivateList), count };
    },

    /** The lists the caller may read: their own and those whose assets all lie in their scope. */
    async list(caller: Caller, q: PrivateListQuery) {
      const { rows, count } = await repo.query(db, caller.scope, reachFor(caller, 'read'), q, q);
      return { data: rows.map(toPrivateList), count };
    },

    /** One list the caller may read. */
    async get(caller: Caller, id: string) {
      const row = await repo.get(db, caller.scope, reachFor(caller, 'read'), id);
      if (!row) throw notFound();
      return toPrivateList(row);
    },

    /** Creates a list of the caller's own from in-scope asset numbers. */
    async create(caller: Caller, input: PrivateListInput) {
      return db.transaction(async (tx) => {
        const { ids, missing } = await resolve(tx, caller, input.assetNos, input.skipNotFound);
        // Skipping the unknown numbers must still leave something to list: an empty list is an empty upload.
        if (ids.length === 0)
          throw new DomainError(PRIVATE_LIST_NOT_FOUND_CODE, 422, PRIVATE_LIST_NOT_FOUND_MESSAGE, {
            notFound: missing,
          });
        const id = randomUUID();
        const own = { userId: caller.userId, own: true, others: false };
        await repo.insert(tx, { id, name: input.name, comment: input.comment?.trim() || null, ownerId: caller.userId });
        await repo.addAssets(tx, caller.scope, own, id, ids);
        const { row, audit } = await snapshotOf(tx, caller, own, id);
        await logChange(tx, caller, AUDIT_TYPE, id, null, audit);
        return { data: toPrivateList(row), notFound: missing };
      });
    },

    /** Renames, comments or adds in-scope assets, up to 100 in all. */
    async update(caller: Caller, id: string, patch: PrivateListPatch) {
      return db.transaction(async (tx) => {
        const reach = await lockFor(tx, caller, id, 'update');
        const before = await snapshotOf(tx, caller, reach, id);
        let missing: string[] = [];
        if (patch.addAssetNos) {
          const resolved = await resolve(tx, caller, patch.addAssetNos, patch.skipNotFound);
          missing = resolved.missing;
          const onList = new Set(before.audit.assetNos);
          const added = resolved.nos.filter((no) => !onList.has(no));
          if (onList.size + added.length > PRIVATE_LIST_MAX) {
            throw validationError({ addAssetNos: PRIVATE_LIST_FULL_MESSAGE });
          }
          await repo.addAssets(tx, caller.scope, reach, id, resolved.ids);
        }
        const values: { name?: string; comment?: string | null } = {};
        if (patch.name !== undefined) values.name = patch.name;
        if (patch.comment !== undefined) values.comment = patch.comment.trim() || null;
        await repo.update(tx, caller.scope, reach, id, values);
        const after = await snapshotOf(tx, caller, reach, id);
        await logChange(tx, caller, AUDIT_TYPE, id, before.audit, after.audit);
        return { data: toPrivateList(after.row), notFound: missing };
      });
    },

    /** Deletes a list the caller reaches for deletion. */
    async remove(caller: Caller, id: string) {
      await db.transaction(async (tx) => {
        const reach = await lockFor(tx, caller, id, 'delete');
        const before = await snapshotOf(tx, caller, reach, id);
        await repo.remove(tx, caller.scope, reach, id);
        await logChange(tx, caller, AUDIT_TYPE, id, before.audit, null);
      });
    },

    /** The list's assets within the caller's scope, one page. */
    async assets(caller: Caller, id: string, page: { pageNo: number; pageSize: number }) {
      const reach = reachFor(caller, 'read');
      if (!(await repo.get(db, caller.scope, reach, id))) throw notFound();
      const { rows, count } = await repo.assetsOf(db, caller.scope, reach, id, page);
      const data: PrivateListAsset[] = rows.map((r) => ({
        no: r.no,
        partner: { id: r.partnerId, name: r.partnerName },
        category: { id: r.categoryId, name: r.categoryName },
        site: r.siteId ? { id: r.siteId, name: r.siteName ?? '' } : null,
        lifeCycleState: r.lifeCycleState as PrivateListAsset['lifeCycleState'],
        addedAt: toIso(r.addedAt),
      }));
      return { data, count };
    },

    /** Removes the numbers that are on the list and in the caller's scope; the others come back as notFound. */
    async removeAssets(caller: Caller, id: string, nos: readonly string[]) {
      return db.transaction(async (tx) => {
        const reach = await lockFor(tx, caller, id, 'update');
        const before = await snapshotOf(tx, caller, reach, id);
        const wanted = unique(nos);
        // Touched first: removing the last asset empties the list, and an empty list of another user is out of
        // a partner scope's reach, so neither the touch nor the read back would find it afterwards.
        const onList = new Set(before.audit.assetNos);
        if (wanted.some((no) => onList.has(no))) await repo.touch(tx, caller.scope, reach, id);
        await repo.removeAssets(tx, caller.scope, reach, id, wanted);
        // The lock above decided this change; an emptied list shows nothing of any partner, so it is read back whole.
        const emptied = !(await repo.get(tx, caller.scope, reach, id));
        const after = emptied
          ? await snapshotOf(tx, { ...caller, scope: '*' }, { userId: caller.userId, own: false, others: true }, id)
          : await snapshotOf(tx, caller, reach, id);
        await logChange(tx, caller, AUDIT_TYPE, id, before.audit, after.audit);
        const left = new Set(after.audit.assetNos);
        const removed = new Set(before.audit.assetNos.filter((no) => !left.has(no)));
        return { data: toPrivateList(after.row), notFound: wanted.filter((no) => !removed.has(no)) };
      });
    },

    /** Staff the caller may see whose name or username contains the text, for the owner filter. */
    async searchUsers(caller: Caller, q: string) {
      return repo.searchUsers(db, caller.scope, q, PRIVATE_LIST_USER_SEARCH_MAX);
    },
  };
}
export type PrivateListService = ReturnType<typeof createPrivateListService>;
