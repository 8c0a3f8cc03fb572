import type { SubmitDraftBody } from '@fleetdesk/contracts';
import { sql } from 'drizzle-orm';
import { localPaymentProvider } from '../../adapters/payments.ts';
import type { FileStorage } from '../../adapters/storage.ts';
import type { Caller } from '../../lib/caller.ts';
import { createChecklistRecordService } from '../../modules/checklist-records/checklist-records.service.ts';
import { createPaymentService } from '../../modules/payments/payments.service.ts';
import { createSubscriptionBilling } from '../../modules/subscriptions/billing.ts';
import { createSubscriptionOrderService } from '../../modules/subscriptions/orders.service.ts';
import { createSubscriptionTicketService } from '../../modules/subscriptions/tickets.service.ts';
import type { Db, DbOrTx } from '../client.ts';
import { rows } from '../sql.ts';
import type { DemoPartners } from './demo.ts';
import { quiet } from './quiet-log.ts';

/**
 * B2B service tickets of the demo (issue 24), made through the services after the subscriptions: on the Milano
 * courier fleet one ticket just reported, one in the workshop with a draft record, one Ready whose fee is owed on
 * the order (its service trade Pending, billed with the next trade) and one completed and paid; on the Barcelona
 * hotel fleet one just reported.
 */
export async function seedDemoSubscriptionTickets(db: DbOrTx, partners: DemoPartners, storage?: FileStorage) {
  const asDb = db as Db;
  const payments = createPaymentService({
    db: asDb,
    provider: localPaymentProvider({ db: asDb, webhookSecret: 'demo-seed' }),
    log: quiet,
  });
  const billing = createSubscriptionBilling({ db: asDb, payments, usageLagMs: 2 * 86_400_000 });
  const orders = createSubscriptionOrderService({ db: asDb, payments, billing });
  const mail = { send: async () => undefined };
  // Reports without photos and drafts without attachments never touch the file storage.
  const tickets = createSubscriptionTicketService({
    db: asDb,
    payments,
    mail,
    log: quiet,
    orders,
    storage: storage as FileStorage,
  });
  const records = createChecklistRecordService({ db: asDb, storage: storage as FileStorage });
  const [manager] = await rows<{ id: string }>(db, sql`select id from users where username = 'ops.manager'`);
  const [mechanic] = await rows<{ id: string }>(db, sql`select id from users where username = 'mechanic.milano'`);
  if (!manager || !mechanic) return;
  const caller: Caller = {
    userId: manager.id,
    sessionId: '',
    username: 'ops.manager',
    permissions: new Set(['base:admin']),
    scope: '*',
  };

  /** The assets a live order holds now, by its note. */
  const held = async (note: string) =>
    rows<{ no: string; order_id: string }>(
      db,
      sql`select a.no, o.id as order_id from subscription_order_assets h join subscription_orders o on o.id = h.order_id
          join assets a on a.id = h.asset_id
          where o.note = ${note} and h.released_at is null and o.status <> 'finished' order by a.no`,
    );
  const centreOf = async (partnerId: string) =>
    (
      await rows<{ id: string }>(
        db,
        sql`select id from sites where partner_id = ${partnerId}::uuid and type = 'service-center' and not is_archived
            order by name limit 1`,
      )
    )[0]?.id;
  /** A draft of the partner's first checklist for the asset's category: every work item, its first labour option. */
  async function draftFor(ticketId: string): Promise<SubmitDraftBody | undefined> {
    const [checklist] = await rows<{ id: string }>(
      db,
      sql`select c.id from checklists c join customer_tickets t on t.id = ${ticketId}::uuid
          where c.partner_id = t.asset_partner_id and t.category_id = any(c.asset_category_ids)
            and c.status = 'Inuse' order by c.name limit 1`,
    );
    if (!checklist) return undefined;
    const items = await rows<{ group_id: string; work_item_id: string; option_id: string }>(
      db,
      sql`select g.id as group_id, wi.id as work_item_id,
            (select o.id from work_item_options o where o.work_item_id = wi.id
             order by (o.type = 'labour') desc, o.position limit 1) as option_id
          from checklist_work_item_groups g cross join unnest(g.work_item_ids) with ordinality as u(id, n)
          join work_items wi on wi.id = u.id
          where g.checklist_id = ${checklist.id}::uuid order by g.position, u.n`,
    );
    const groups = new Map<string, SubmitDraftBody['groups'][number]>();
    for (const i of items) {
      if (!i.option_id) continue;
      const group = groups.get(i.group_id) ?? { groupId: i.group_id, workItems: [] };
      group.workItems.push({ workItemId: i.work_item_id, options: [{ optionId: i.option_id, quantity: 1 }] });
      groups.set(i.group_id, group);
    }
    return { checklistId: checklist.id, durationMinutes: 35, groups: [...groups.values()] };
  }

  const courier = await held('Rapido Couriers: Porta Romana hub');
  const hotel = await held('Hotel Arts: guest bikes');
  const centre = await centreOf(partners.milano.id);
  if (courier.length < 4 || !centre) return;
  const report = (assetNo: string, issues: string[], comment: string, contactName: string) =>
    tickets.create(caller, { assetNo, issues, comment, contactName, contactPhone: '+390245678901' });
  /** Reported, checked in at Milano's centre, assigned to Luca, started and a record drafted. */
  async function worked(assetNo: string, issues: string[], comment: string) {
    const t = await report(assetNo, issues, comment, 'Rapido dispatch');
    await tickets.checkIn(caller, t.id, centre);
    await tickets.assign(caller, t.id, mechanic?.id as string);
    await tickets.start(caller, t.id);
    const draft = await draftFor(t.id);
    if (draft) await records.submitDraft(caller, t.id, draft, 'b2b');
    return t;
  }

  await report(courier[0]?.no as string, ['Brakes'], 'Rear brake squeaks when the box is loaded', 'Rapido dispatch');
  await worked(courier[1]?.no as string, ['Battery', 'Display'], 'Battery drops from 60% to 10% on a hill');
  // Paid: finished, then charged with the order's payoff; the workshop completed it.
  const paid = await worked(courier[2]?.no as string, ['Flat'], 'Front tyre flat twice this week');
  await tickets.finish(caller, paid.id);
  await billing.charge(new Date(), courier[2]?.order_id);
  await tickets.complete(caller, paid.id);
  // Ready, its fee owed on the order until the next trade.
  const owed = await worked(courier[3]?.no as string, ['Motor'], 'Motor cuts out above 20 km/h');
  await tickets.finish(caller, owed.id);
  if (hotel[0])
    await report(hotel[0].no, ['Kickstand'], 'Kickstand loose on the guest bike by the pool', 'Hotel Arts concierge');
}
