import { randomUUID } from 'node:crypto';
import {
  type AssetLifeCycleState,
  type AssetTurnoverState,
  RELOCATION_COMPLETED_CODE,
  RELOCATION_NOT_COLLECTABLE_CODE,
  type RelocationCollectInput,
  type RelocationLaunchInput,
  type RelocationList,
  type RelocationListDetail,
  type RelocationListQuery,
  type RelocationSiteOption,
} from '@fleetdesk/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { DomainError, notFound, validationError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { toIso, toIsoOrNull } from '../../lib/rows.ts';
import { logChange } from '../audit/audit.repo.ts';
import * as repo from './relocation-lists.repo.ts';

const AUDIT_TYPE = 'relocation_list';
/** Lifecycle states of assets that are out of service for good: nobody relocates them. */
const NOT_RELOCATABLE: readonly string[] = ['Removed', 'Retired'];

const ref = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

function toRelocationList(row: repo.RelocationListRow): RelocationList {
  const l = row.list;
  return {
    id: l.id,
    partner: { id: l.partnerId, name: row.partnerName },
    fromSite: { id: l.fromSiteId, name: row.fromSiteName },
    toSite: ref(l.toSiteId, row.toSiteName),
    staff: ref(l.staffId, row.staffName),
    launchStaff: ref(l.launchStaffId, row.launchStaffName),
    assetCount: l.assetCount,
    checkoutAt: toIso(l.checkoutAt),
    checkinAt: toIsoOrNull(l.checkinAt),
    status: l.checkinAt ? 'completed' : 'open',
    note: l.note,
    createdAt: toIso(l.createdAt),
    updatedAt: toIso(l.updatedAt),
  };
}

/** Why an asset cannot be collected at this site, or null when it can. */
function refusalOf(asset: repo.MovableAsset, site: { id: string; partnerId: string }, onOpenList: boolean) {
  if (asset.partnerId !== site.partnerId) return 'The asset belongs to another partner than the site';
  if (asset.turnoverState === 'Dispatching' || onOpenList) return 'The asset is already being relocated';
  if (asset.turnoverState === 'RentingOut') return 'The asset is renting out';
  if (asset.turnoverState !== 'InSite') return 'The turnover state of the asset is unknown';
  if (NOT_RELOCATABLE.includes(asset.lifeCycleState)) return `The asset is ${asset.lifeCycleState}`;
  if (asset.siteId !== site.id) return 'The asset is not at this site';
  return null;
}

/** What an asset's field log records of a relocation step: the same field names as the asset module. */
const placed = (a: { siteId: string | null; turnoverState: string }) => ({
  siteId: a.siteId,
  turnoverState: a.turnoverState,
});

export function createRelocationListService(deps: { db: Db }) {
  const { db } = deps;

  const absent = () => notFound('The relocation list does not exist');

  /** An in-scope list; one of another partner is absent (404), as a missing one. */
  async function found(tx: DbOrTx, caller: Caller, id: string) {
    const row = await repo.get(tx, caller.scope, id);
    if (!row) throw absent();
    return row;
  }

  async function detail(tx: DbOrTx, caller: Caller, row: repo.RelocationListRow): Promise<RelocationListDetail> {
    const items = await repo.assetsOf(tx, caller.scope, row.list.id);
    return {
      ...toRelocationList(row),
      assets: items.map((a) => ({
        no: a.no,
        exists: a.assetId !== null,
        category: ref(a.categoryId, a.categoryName),
        site: ref(a.siteId, a.siteName),
        lifeCycleState: (a.lifeCycleState as AssetLifeCycleState | null) ?? null,
        turnoverState: (a.turnoverState as AssetTurnoverState | null) ?? null,
      })),
    };
  }

  return {
    /** The in-scope lists matching the filters, one page. */
    async list(caller: Caller, q: RelocationListQuery): Promise<{ data: RelocationList[]; count: number }> {
      const { rows, count } = await repo.query(db, caller.scope, q, q);
      return { data: rows.map(toRelocationList), count };
    },

    /** One list with its assets as they are now. */
    async get(caller: Caller, id: string): Promise<RelocationListDetail> {
      return detail(db, caller, await found(db, caller, id));
    },

    /** Sites of the caller's partners for the console's filters. */
    sites: (caller: Caller): Promise<RelocationSiteOption[]> => repo.sitesInScope(db, caller.scope),

    /**
     * Checks assets out of a site into a new open list, all or nothing: each must be in scope, of the site's
     * partner, at the site, InSite, in service and on no other open list. They leave the site (siteId null)
     * and go Dispatching until the list is launched.
     */
    async collect(caller: Caller, input: RelocationCollectInput): Promise<RelocationListDetail> {
      return db.transaction(async (tx) => {
        const site = await repo.getSite(tx, caller.scope, input.fromSiteId);
        if (!site) throw validationError({ fromSiteId: 'Unknown site' });

        // The first position of each number names the row in errors; repeats are collected once.
        const firstIndex = new Map<string, number>();
        input.assetNos.forEach((no, i) => {
          if (!firstIndex.has(no)) firstIndex.set(no, i);
        });
        const wanted = [...firstIndex.keys()];
        const locked = await repo.lockAssetsByNos(tx, caller.scope, wanted);
        const byNo = new Map(locked.map((a) => [a.no, a]));

        const unknown: Record<string, string> = {};
        for (const no of wanted) {
          if (!byNo.has(no)) unknown[`assetNos.${firstIndex.get(no)}`] = 'Unknown asset number';
        }
        if (Object.keys(unknown).length > 0) throw validationError(unknown);

        const open = await repo.onOpenLists(
          tx,
          caller.scope,
          locked.map((a) => a.id),
        );
        const refused: Record<string, string> = {};
        for (const no of wanted) {
          const asset = byNo.get(no) as repo.MovableAsset;
          const reason = refusalOf(asset, site, open.has(asset.id));
          if (reason) refused[`assetNos.${firstIndex.get(no)}`] = reason;
        }
        const refusals = Object.values(refused);
        if (refusals.length > 0) {
          const message =
            refusals.length === 1 ? (refusals[0] as string) : `${refusals.length} assets cannot be collected`;
          throw new DomainError(RELOCATION_NOT_COLLECTABLE_CODE, 422, message, { fields: refused });
        }

        const id = randomUUID();
        const assets = wanted.map((no) => byNo.get(no) as repo.MovableAsset);
        const note = input.note?.trim() || null;
        await repo.insert(tx, caller.scope, {
          id,
          partnerId: site.partnerId,
          fromSiteId: site.id,
          staffId: caller.userId,
          assetCount: assets.length,
          checkoutAt: new Date(),
          note,
        });
        await repo.addAssets(
          tx,
          caller.scope,
          id,
          assets.map((a) => a.id),
        );
        const moved = { siteId: null, turnoverState: 'Dispatching' };
        await repo.moveAssets(
          tx,
          caller.scope,
          assets.map((a) => a.id),
          moved,
        );
        for (const a of assets) await logChange(tx, caller, 'asset', a.id, placed(a), moved);
        await logChange(tx, caller, AUDIT_TYPE, id, null, {
          partnerId: site.partnerId,
          fromSiteId: site.id,
          staffId: caller.userId,
          assetNos: assets.map((a) => a.no).sort(),
          note,
        });
        return detail(tx, caller, await found(tx, caller, id));
      });
    },

    /**
     * Checks an open list in at a site of its partner: every asset of it that is still Dispatching stands
     * InSite there. Assets staff corrected meanwhile (or deleted) are left as they are.
     */
    async launch(caller: Caller, id: string, input: RelocationLaunchInput): Promise<RelocationListDetail> {
      return db.transaction(async (tx) => {
        if (!(await repo.lock(tx, caller.scope, id))) throw absent();
        const row = await found(tx, caller, id);
        if (row.list.checkinAt) {
          throw new DomainError(RELOCATION_COMPLETED_CODE, 409, 'The relocation list was launched already', {
            checkinAt: toIso(row.list.checkinAt),
          });
        }
        const site = await repo.getSite(tx, caller.scope, input.toSiteId);
        if (!site) throw validationError({ toSiteId: 'Unknown site' });
        if (site.partnerId !== row.list.partnerId) {
          const message = 'The site belongs to another partner than the relocation list';
          throw new DomainError('SiteOfAnotherPartner', 422, message, { fields: { toSiteId: message } });
        }
        if (site.isArchived) {
          const message = 'The site is archived';
          throw new DomainError('SiteArchived', 422, message, { fields: { toSiteId: message } });
        }

        const dispatching = (await repo.lockAssetsOfList(tx, caller.scope, id)).filter(
          (a) => a.turnoverState === 'Dispatching',
        );
        const moved = { siteId: site.id, turnoverState: 'InSite' };
        await repo.moveAssets(
          tx,
          caller.scope,
          dispatching.map((a) => a.id),
          moved,
        );
        for (const a of dispatching) await logChange(tx, caller, 'asset', a.id, placed(a), moved);
        const checkinAt = new Date();
        await repo.markLaunched(tx, caller.scope, id, { toSiteId: site.id, launchStaffId: caller.userId, checkinAt });
        await logChange(
          tx,
          caller,
          AUDIT_TYPE,
          id,
          { toSiteId: null, launchStaffId: null, checkinAt: null },
          { toSiteId: site.id, launchStaffId: caller.userId, checkinAt: toIso(checkinAt) },
        );
        return detail(tx, caller, await found(tx, caller, id));
      });
    },
  };
}

export type RelocationListService = ReturnType<typeof createRelocationListService>;
