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
import { partnerInScope } from '../../lib/scope.ts';
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
 * Own lists need private_list.me.<action> (or the general permission); someone else's list needs
 * private_list.<action>. A list the caller may neither read nor act on is reported as absent (404), so
 * list ids of other people are not confirmed to those who cannot see them; one they can see but not
 * change is 403.
 */
function assertMay(caller: Caller, ownerId: string, action: Action) {
  const can = (p: string) => satisfies(caller.permissions, requires(p));
  if (ownerId === caller.userId) {
    if (can(`private_list.me.${action}`) || can(`private_list.${action}`)) return;
    throw forbidden();
  }
  if (can(`private_list.${action}`)) return;
  if (!can('private_list.read')) throw notFound();
  throw forbidden();
}

export function createPrivateListService(deps: { db: Db }) {
  const { db } = deps;

  async function load(tx: DbOrTx, caller: Caller, id: string, action: Action) {
    const row = await repo.get(tx, id);
    if (!row) throw notFound();
    assertMay(caller, row.list.ownerId, action);
    return row;
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

  const snapshot = (row: repo.PrivateListRow, assetNos: string[]) => ({
    name: row.list.name,
    comment: row.list.comment,
    ownerId: row.list.ownerId,
    assetNos: [...assetNos].sort(),
  });

  async function snapshotOf(tx: DbOrTx, id: string) {
    const row = await repo.get(tx, id);
    if (!row) throw notFound();
    const nos = (await repo.assetNosOf(tx, id)).map((a) => a.no);
    return { row, audit: snapshot(row, nos) };
  }

  return {
    async mine(caller: Caller, q: PrivateListMineQuery) {
      const { rows, count } = await repo.query(db, { ownerId: caller.userId, name: q.name }, q);
      return { data: rows.map(toPrivateList), count };
    },

    async list(_caller: Caller, q: PrivateListQuery) {
      const { rows, count } = await repo.query(db, { ownerId: q.ownerId, name: q.name }, q);
      return { data: rows.map(toPrivateList), count };
    },

    async get(caller: Caller, id: string) {
      return toPrivateList(await load(db, caller, id, 'read'));
    },

    async create(caller: Caller, input: PrivateListInput) {
      return db.transaction(async (tx) => {
        const { ids, missing } = await resolve(tx, caller, input.assetNos, input.skipNotFound);
        // Skipping the unknown numbers must still leave something to list: an empty list is an empty upload.
        if (ids.length === 0)
          throw new DomainError(PRIVATE_LIST_NOT_FOUND_CODE, 422, PRIVATE_LIST_NOT_FOUND_MESSAGE, {
            notFound: missing,
          });
        const id = randomUUID();
        await repo.insert(tx, { id, name: input.name, comment: input.comment?.trim() || null, ownerId: caller.userId });
        await repo.addAssets(tx, id, ids);
        const { row, audit } = await snapshotOf(tx, id);
        await logChange(tx, caller, AUDIT_TYPE, id, null, audit);
        return { data: toPrivateList(row), notFound: missing };
      });
    },

    async update(caller: Caller, id: string, patch: PrivateListPatch) {
      return db.transaction(async (tx) => {
        if (!(await repo.lock(tx, id))) throw notFound();
        await load(tx, caller, id, 'update');
        const before = await snapshotOf(tx, id);
        let missing: string[] = [];
        if (patch.addAssetNos) {
          const resolved = await resolve(tx, caller, patch.addAssetNos, patch.skipNotFound);
          missing = resolved.missing;
          const onList = new Set(before.audit.assetNos);
          const added = resolved.nos.filter((no) => !onList.has(no));
          if (onList.size + added.length > PRIVATE_LIST_MAX) {
            throw validationError({ addAssetNos: PRIVATE_LIST_FULL_MESSAGE });
          }
          await repo.addAssets(tx, id, resolved.ids);
        }
        const values: { name?: string; comment?: string | null } = {};
        if (patch.name !== undefined) values.name = patch.name;
        if (patch.comment !== undefined) values.comment = patch.comment.trim() || null;
        await repo.update(tx, id, values);
        const after = await snapshotOf(tx, id);
        await logChange(tx, caller, AUDIT_TYPE, id, before.audit, after.audit);
        return { data: toPrivateList(after.row), notFound: missing };
      });
    },

    async remove(caller: Caller, id: string) {
      await db.transaction(async (tx) => {
        if (!(await repo.lock(tx, id))) throw notFound();
        await load(tx, caller, id, 'delete');
        const before = await snapshotOf(tx, id);
        await repo.remove(tx, id);
        await logChange(tx, caller, AUDIT_TYPE, id, before.audit, null);
      });
    },

    async assets(caller: Caller, id: string, page: { pageNo: number; pageSize: number }) {
      await load(db, caller, id, 'read');
      const { rows, count } = await repo.assetsOf(db, id, caller.scope, page);
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
        if (!(await repo.lock(tx, id))) throw notFound();
        await load(tx, caller, id, 'update');
        const before = await snapshotOf(tx, id);
        const onList = await repo.assetNosOf(tx, id);
        const wanted = new Set(unique(nos));
        const removable = onList.filter((a) => wanted.has(a.no) && partnerInScope(caller.scope, a.partnerId));
        const removed = new Set(removable.map((a) => a.no));
        await repo.removeAssets(
          tx,
          id,
          removable.map((a) => a.id),
        );
        if (removable.length) await repo.touch(tx, id);
        const after = await snapshotOf(tx, id);
        await logChange(tx, caller, AUDIT_TYPE, id, before.audit, after.audit);
        return { data: toPrivateList(after.row), notFound: [...wanted].filter((no) => !removed.has(no)) };
      });
    },

    async searchUsers(q: string) {
      return repo.searchUsers(db, q, PRIVATE_LIST_USER_SEARCH_MAX);
    },
  };
}
export type PrivateListService = ReturnType<typeof createPrivateListService>;
