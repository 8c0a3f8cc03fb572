import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { rentingIntents } from '../schema/index.ts';
import { rows } from '../sql.ts';

const HOUR = 3_600_000;

/**
 * Renting intents as the customer app leaves them: Milano and Barcelona customers asking for a city e-bike at one
 * of the partner's sites, over the coming days — most pending, some confirmed, one canceled and one overdue.
 */
export async function seedDemoIntents(db: DbOrTx, now = new Date()) {
  const wishes = await rows<{ customer_id: string; partner_id: string; category_id: string; site_id: string | null }>(
    db,
    sql`select m.customer_id, m.partner_id, ac.id as category_id,
          (select s.id from sites s where s.partner_id = m.partner_id and not s.is_archived order by s.name limit 1) as site_id
        from customer_memberships m join customers c on c.id = m.customer_id
        join partners p on p.id = m.partner_id
        join asset_categories ac on ac.name = 'City e-bike'
        where c.deleted_at is null and p.name in ('Milano Bike Hub', 'Barcelona E-Motion')
        order by c.created_at desc limit 14`,
  );
  const day = new Date(now);
  day.setUTCHours(9, 0, 0, 0);
  await db.insert(rentingIntents).values(
    wishes.map((w, n) => {
      const from = new Date(day.getTime() + (n - 1) * 24 * HOUR + (n % 4) * 2 * HOUR);
      const status = n % 5 === 3 ? 'Confirmed' : n === 6 ? 'Canceled' : 'Pending';
      return {
        id: randomUUID(),
        customerId: w.customer_id,
        partnerId: w.partner_id,
        assetCategoryId: w.category_id,
        siteId: w.site_id,
        appointmentStartFrom: from,
        appointmentStartTo: new Date(from.getTime() + HOUR),
        status,
        note: n % 4 === 1 ? 'Needs a child seat' : null,
        cancelReason: status === 'Canceled' ? 'The customer found another bike' : null,
        createdAt: new Date(now.getTime() - (14 - n) * 5 * HOUR),
        updatedAt: new Date(now.getTime() - (14 - n) * 5 * HOUR),
      };
    }),
  );
}
