import type { FileStorage } from '../../adapters/storage.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { DbOrTx } from '../client.ts';
import { seed } from './builders.ts';
import { seedDemoAssetEvents } from './demo-asset-events.ts';
import { seedDemoAssets } from './demo-assets.ts';
import { seedDemoCategories } from './demo-categories.ts';
import { seedDemoCustomers } from './demo-customers.ts';
import { seedDemoDocuments } from './demo-documents.ts';
import { seedDemoIntents } from './demo-intents.ts';
import { seedDemoOpenData } from './demo-open-data.ts';
import { seedDemoOperations } from './demo-operations.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedDemoPartnerOperations } from './demo-partner-operations.ts';
import { seedDemoPaymentMethods } from './demo-payment-methods.ts';
import { seedDemoPricing } from './demo-pricing.ts';
import { seedDemoRelocationLists } from './demo-relocation-lists.ts';
import { seedDemoReminders } from './demo-reminders.ts';
import { seedDemoSites } from './demo-sites.ts';
import { seedDemoSubscriptionTickets } from './demo-subscription-tickets.ts';
import { seedDemoSubscriptions } from './demo-subscriptions.ts';
import { seedDemoTaxGroups } from './demo-tax.ts';
import { seedDemoTrips } from './demo-trips.ts';
import { seedDemoWorkshop } from './demo-workshop.ts';

/** The demo partners, by city. */
export interface DemoPartners {
  milano: { id: string; name: string };
  barcelona: { id: string; name: string };
  seoul: { id: string; name: string };
}

/** The workshop's side of a manager's job (issue 22). */
function serviceLead() {
  return [
    'support.customer_ticket.read',
    'support.customer_ticket.read_detail',
    'support.customer_ticket.create',
    'support.customer_ticket.update',
    'support.customer_ticket.assign',
    'support.customer_ticket.check_in',
    'support.customer_ticket.complete',
    'support.customer_ticket.charge_owed_fee',
    'support.customer_ticket.exempt_refund',
    'support.customer_ticket.export_data',
    'checklist.work_item.read',
    'checklist.work_item.create',
    'checklist.work_item.update',
    'checklist.work_item.delete',
    'checklist.checklist.read',
    'checklist.checklist.create',
    'checklist.checklist.update',
    'checklist.checklist.delete',
    'checklist_record.read',
    'checklist_record.read_detail',
    'checklist_record.read_cost',
    // Plans maintenance: timers, reset rules, groups, and the reminders they raise.
    'work_reminder.read',
    'work_reminder.write',
    'work_reminder.log.read',
    // The B2B workshop's management side: every partner's B2B tickets, and the fee billed to the subscription.
    'super_user.support.ticket.read',
    'super_user.support.ticket.read_detail',
    'super_user.support.ticket.edit_charge',
    'super_user.support.ticket.exempt_refund',
  ];
}

/** The permissions of the demo roles: what each job needs day to day. */
export const demoRoles = {
  operationsManager: [
    'partner.read',
    'user.read',
    'user.create',
    'user.update',
    'user.delete',
    'role.read',
    'config.read',
    'customer_info_setting.read',
    'tax_group.read',
    'site.read',
    'site.write',
    'rental_partner_config.read',
    'setting.document.read',
    'setting.partner_document.read',
    'partner.payment.credit_card.read',
    'partner.payment.direct_debit.read',
    'asset.read',
    'asset.update',
    'asset_category.read',
    'asset.map.basic',
    // Runs the fleet day to day: trips and relocations, the everyday commands and their records, configs.
    'asset.trip.read',
    'asset.trip.export_data',
    'asset.transfer_record.read',
    'iot_control.record.read',
    'iot_control.config.basic',
    'iot_control.command.turn_on',
    'iot_control.command.turn_off',
    'iot_control.command.beep',
    'iot_control.command.light_turn_on',
    'iot_control.command.light_turn_off',
    'iot_control.command.status_report',
    'iot_control.command.position_report',
    // Rents at the counter: opens orders, swaps a faulty bike, ends rentals, turns intents into orders; refunds and
    // exemptions, and deposit refunds, stay with the owner.
    'order.read',
    'order.read_detail',
    'order.create',
    'order.end',
    'order.change_asset',
    'order.read_asset_record',
    'order.export_data',
    'renting_intent.read',
    'renting_intent.update',
    'deposit_refund_application.read',
    // Sets prices, deposits and discounts; reads the collect-return rules partner settings own.
    'program.read',
    'program.write',
    'program.rule_part.read',
    // Serves customers at the counter: reads their documents, reviews verifications, keeps profiles current.
    'customer.read',
    'customer.read_detail',
    'customer.update',
    'customer.export_data',
    // Runs the workshop: opens, assigns and closes service tickets, charges, exempts and refunds their fees, keeps
    // the work items and checklists, and reads what the work cost.
    ...serviceLead(),
  ],
  /** Works the tickets assigned to them (or that they start), at their partner's service centre. */
  mechanic: [
    'asset.read',
    'support.customer_ticket.read',
    'support.customer_ticket.read_detail',
    'support.customer_ticket.update_assigned_to_self',
    'support.customer_ticket.check_in',
    'checklist.checklist.read',
    'checklist.work_item.read',
    'checklist_record.read',
    'checklist_record.read_detail',
    // Sees which bikes are due for maintenance.
    'work_reminder.log.read',
    // Works B2B tickets too (the operation-app permission support.ticket.mechanic): finds them in the console.
    'super_user.support.ticket.read',
    'super_user.support.ticket.read_detail',
  ],
  /** Leads a service centre: the whole ticket, its money and the workshop's catalogue, for one partner. */
  serviceLead: ['asset.read', 'customer.read', 'customer.read_detail', 'site.read', 'user.read', ...serviceLead()],
  partnerViewer: ['partner.read', 'user.read', 'role.read', 'asset.read', 'order.read'],
  /** A subscribing company's fleet desk: its subscriptions, and the B2B tickets it reports on their assets. */
  fleetDesk: [
    'asset.read',
    'asset_subscription.order.read',
    'asset_subscription.order.read_detail',
    'support.ticket.read',
    'support.ticket.read_detail',
    'support.ticket.create',
    'support.ticket.update',
    'support.ticket.delete',
  ],
};

/**
 * A believable operator: three partners in real cities, the usual roles, and staff scoped to one partner.
 * Every demo login shares the admin password so a first-time user can try each view.
 */
export async function seedDemoData(
  db: DbOrTx,
  opts: { password: string; secrets: SecretBox; storage?: FileStorage | undefined },
) {
  const milano = await seed.partner(db, {
    name: 'Milano Bike Hub',
    email: 'ops@milanobikehub.it',
    addressCountry: 'IT',
    addressCity: 'Milano',
    addressZip: '20121',
    addressLine1: 'Via Solferino 12',
    contactName: 'Giulia Rossi',
    contactPhone: '+390212345678',
    contactWorkEmail: 'giulia.rossi@milanobikehub.it',
  });
  const barcelona = await seed.partner(db, {
    name: 'Barcelona E-Motion',
    email: 'hola@bcnemotion.es',
    addressCountry: 'ES',
    addressCity: 'Barcelona',
    addressZip: '08003',
    addressLine1: 'Carrer de la Princesa 25',
    contactName: 'Marc Puig',
    contactPhone: '+34931234567',
    contactWorkEmail: 'marc@bcnemotion.es',
  });
  const seoul = await seed.partner(db, {
    name: 'Seoul Scooter Co.',
    email: 'fleet@seoulscooter.kr',
    addressCountry: 'KR',
    addressCity: 'Seoul',
    addressZip: '04524',
    addressLine1: '110 Sejong-daero, Jung-gu',
    contactName: 'Kim Min-jun',
    contactPhone: '+82221234567',
    contactWorkEmail: 'minjun.kim@seoulscooter.kr',
  });

  const taxGroups = await seedDemoTaxGroups(db);
  await seedDemoSites(db, { milano, barcelona, seoul }, taxGroups);
  const partners: DemoPartners = { milano, barcelona, seoul };
  await seedDemoOperations(db, partners, opts.secrets);
  await seedDemoDocuments(db, partners, opts.secrets);
  await seedDemoPartnerOperations(db, partners, opts.secrets);
  await seedDemoPaymentMethods(db, partners, opts.secrets);
  await seedDemoCategories(db);
  await seedDemoAssets(db, partners);
  await seedDemoAssetEvents(db);
  await seedDemoTrips(db);
  await seedDemoPricing(db, partners);
  await seedDemoCustomers(db, partners, opts);
  await seedDemoIntents(db);
  await seedDemoOrders(db);

  const manager = await seed.role(db, { title: 'Operations manager', permissions: demoRoles.operationsManager });
  const mechanic = await seed.role(db, {
    title: 'Mechanic',
    permissions: demoRoles.mechanic,
    appPermissions: ['asset.read', 'checklist_record.create', 'support.ticket.mechanic'],
  });
  const viewer = await seed.role(db, { title: 'Partner viewer', permissions: demoRoles.partnerViewer });
  const lead = await seed.role(db, { title: 'Service lead', permissions: demoRoles.serviceLead });
  const fleetDesk = await seed.role(db, { title: 'Fleet desk (B2B)', permissions: demoRoles.fleetDesk });

  const password = opts.password;
  const elena = await seed.user(db, {
    username: 'ops.manager',
    name: 'Elena Bianchi',
    email: 'elena@fleetdesk.local',
    phoneNo: '+393331234567',
    password,
    roleIds: [manager.id],
  });
  const mechanicMilano = await seed.user(db, {
    username: 'mechanic.milano',
    name: 'Luca Ferrari',
    email: 'luca@milanobikehub.it',
    password,
    partnerScope: [milano.id],
    roleIds: [mechanic.id],
  });
  await seed.user(db, {
    username: 'viewer.barcelona',
    name: 'Laura Garcia',
    email: 'laura@bcnemotion.es',
    phoneNo: '+34611222333',
    password,
    partnerScope: [barcelona.id],
    roleIds: [viewer.id],
  });
  const jiwoo = await seed.user(db, {
    username: 'manager.seoul',
    name: 'Park Ji-woo',
    email: 'jiwoo@seoulscooter.kr',
    password,
    partnerScope: [seoul.id],
    roleIds: [manager.id],
  });
  const mechanicBarcelona = await seed.user(db, {
    username: 'mechanic.barcelona',
    name: 'Pau Vidal',
    email: 'pau@bcnemotion.es',
    password,
    partnerScope: [barcelona.id],
    roleIds: [mechanic.id],
  });
  const mechanicSeoul = await seed.user(db, {
    username: 'mechanic.seoul',
    name: 'Lee Seo-yeon',
    email: 'seoyeon@seoulscooter.kr',
    password,
    partnerScope: [seoul.id],
    roleIds: [mechanic.id],
  });
  const leadMilano = await seed.user(db, {
    username: 'lead.milano',
    name: 'Sara Colombo',
    email: 'sara@milanobikehub.it',
    password,
    partnerScope: [milano.id],
    roleIds: [lead.id],
  });
  await seed.user(db, {
    username: 'desk.milano',
    name: 'Giulia Russo',
    email: 'giulia@rapidocouriers.it',
    password,
    partnerScope: [milano.id],
    roleIds: [fleetDesk.id],
  });
  // After the staff exist: each relocation list names who collected it.
  await seedDemoRelocationLists(db, partners);
  // The workshops: Milano's lead runs hers; Elena (all partners) leads Barcelona's and Park Ji-woo Seoul's.
  const named = (user: { id: string }, name: string) => ({ id: user.id, name });
  const workshopStaff = {
    milano: { mechanic: named(mechanicMilano, 'Luca Ferrari'), lead: named(leadMilano, 'Sara Colombo') },
    barcelona: { mechanic: named(mechanicBarcelona, 'Pau Vidal'), lead: named(elena, 'Elena Bianchi') },
    seoul: { mechanic: named(mechanicSeoul, 'Lee Seo-yeon'), lead: named(jiwoo, 'Park Ji-woo') },
  };
  await seedDemoWorkshop(db, partners, workshopStaff, { storage: opts.storage });
  // After the workshop: its finalized records restarted some of the reminders' cycles.
  await seedDemoReminders(db, partners, workshopStaff);
  await seedDemoSubscriptions(db, partners);
  await seedDemoSubscriptionTickets(db, partners, opts.storage);
  await seedDemoOpenData(db, partners);
  return { partners: { milano, barcelona, seoul }, roles: { manager, mechanic, viewer, lead }, taxGroups };
}
