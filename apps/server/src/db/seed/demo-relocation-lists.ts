import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Caller } from '../../lib/caller.ts';
import { createRelocationListService } from '../../modules/relocation-lists/relocation-lists.service.ts';
import type { Db, DbOrTx } from '../client.ts';
import { assets, relocationLists, sites, users } from '../schema/index.ts';
import type { DemoPartners } from './demo.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** One demo relocation: from the partner's n-th site by name to its m-th (null: still on the road), by whom, when. */
interface DemoRelocation {
  partner: keyof DemoPartners;
  from: number;
  to: number | null;
  count: number;
  staff: string;
  daysAgo: number;
  hoursOnRoad: number;
  note?: string;
}

const relocations: DemoRelocation[] = [
  { partner: 'milano', from: 1, to: 2, count: 5, staff: 'mechanic.milano', daysAgo: 9, hoursOnRoad: 3 },
  {
    partner: 'milano',
    from: 2,
    to: 1,
    count: 3,
    staff: 'mechanic.milano',
    daysAgo: 4,
    hoursOnRoad: 2,
    note: 'Brakes to check at the service center',
  },
  { partner: 'milano', from: 0, to: null, count: 4, staff: 'mechanic.milano', daysAgo: 0, hoursOnRoad: 0 },
  { partner: 'barcelona', from: 1, to: 2, count: 6, staff: 'ops.manager', daysAgo: 6, hoursOnRoad: 4 },
  { partner: 'seoul', from: 2, to: 1, count: 4, staff: 'manager.seoul', daysAgo: 3, hoursOnRoad: 5 },
  {
    partner: 'seoul',
    from: 1,
    to: null,
    count: 2,
    staff: 'manager.seoul',
    daysAgo: 1,
    hoursOnRoad: 0,
    note: 'Rebalancing for the evening peak',
  },
];

/**
 * A few relocation lists on the demo sites: completed ones and open ones still on the road. They go through
 * the relocation service, so the assets' sites, turnover and field logs agree with the lists; only the list
 * times are moved into the past afterwards.
 */
export async function seedDemoRelocationLists(db: DbOrTx, partners: DemoPartners) {
  // The seed runs in one transaction; the service's own transactions become savepoints within it.
  const service = createRelocationListService({ db: db as Db });
  const now = Date.now();
  const taken: string[] = [];
  for (const r of relocations) {
    // Sites are created together (same created_at), so they are picked by name to keep the demo stable.
    const partnerSites = await db
      .select({ id: sites.id })
      .from(sites)
      .where(eq(sites.partnerId, partners[r.partner].id))
      .orderBy(asc(sites.name), asc(sites.id));
    const from = partnerSites[r.from];
    const to = r.to === null ? null : partnerSites[r.to];
    const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.username, r.staff));
    if (!from || (r.to !== null && !to) || !staff) continue;
    const candidates = await db
      .select({ no: assets.no })
      .from(assets)
      .where(
        and(
          eq(assets.siteId, from.id),
          eq(assets.turnoverState, 'InSite'),
          inArray(assets.lifeCycleState, ['Ready', 'NotReady', 'New']),
          taken.length ? notInArray(assets.no, taken) : undefined,
        ),
      )
      // A stable but mixed pick (by number alone every list would hold the same category).
      .orderBy(sql`md5(${assets.no})`)
      .limit(r.count);
    if (candidates.length === 0) continue;
    const nos = candidates.map((c) => c.no);
    taken.push(...nos);

    const caller: Caller = {
      userId: staff.id,
      sessionId: '',
      username: r.staff,
      permissions: new Set(['base:admin']),
      scope: '*',
    };
    const list = await service.collect(caller, { fromSiteId: from.id, assetNos: nos, note: r.note });
    if (to) await service.launch(caller, list.id, { toSiteId: to.id });

    const checkoutAt = new Date(now - r.daysAgo * DAY - 6 * HOUR);
    const checkinAt = to ? new Date(checkoutAt.getTime() + r.hoursOnRoad * HOUR) : null;
    await db
      .update(relocationLists)
      .set({ checkoutAt, checkinAt, createdAt: checkoutAt, updatedAt: checkinAt ?? checkoutAt })
      .where(eq(relocationLists.id, list.id));
  }
}
