/**
 * The permission catalogue (document 1 §6.2), kept as data so the role editor, the server guard and the
 * menu all read the same list. A permission string is `<family>.<action>`; `base:admin` grants everything.
 */
import { iotCommandActions } from './iot-commands.ts';

export type Platform = 'web' | 'app';

export interface PermissionFamily {
  family: string;
  platform: Platform;
  /** i18n key of the family's label; each action's label key is `${labelKey}.${action}`. */
  labelKey: string;
  actions: readonly string[];
}

const crud = ['read', 'create', 'update', 'delete'] as const;
const rw = ['read', 'write'] as const;

const web = (family: string, actions: readonly string[]): PermissionFamily => ({
  family,
  platform: 'web',
  labelKey: `permission.${family}`,
  actions,
});
const app = (family: string, actions: readonly string[]): PermissionFamily => ({
  family,
  platform: 'app',
  labelKey: `permission.app.${family}`,
  actions,
});

export const permissionCatalogue: readonly PermissionFamily[] = [
  web('asset', ['read', 'create', 'update', 'delete', 'export_data']),
  web('asset.map', ['basic']),
  web('asset.transfer_record', ['read']),
  web('asset.trip', ['read', 'export_data']),
  web('asset_category', ['read', 'create', 'update', 'read_disabled']),
  // Derived from the commands themselves, so the role editor lists every command the command menu offers.
  web(
    'iot_control.command',
    iotCommandActions.map((a) => a.action),
  ),
  web('iot_control.config', ['basic']),
  web('iot_control.record', ['read']),
  web('customer', ['read', 'read_detail', 'update', 'delete', 'refund_deposit', 'export_data']),
  web('customer.payment', ['delete']),
  web('deposit_refund_application', ['read', 'confirm']),
  web('order', [
    'read',
    'read_detail',
    'create',
    'read_asset_record',
    'end',
    'exempt_refund',
    'export_data',
    'change_asset',
  ]),
  web('renting_intent', ['read', 'update']),
  web('support.customer_ticket', [
    'read',
    'read_detail',
    'create',
    'update',
    'update_assigned_to_self',
    'exempt_refund',
    'complete',
    'charge_owed_fee',
    'assign',
    'export_data',
    'check_in',
  ]),
  web('program', rw),
  web('collection_list', ['read']),
  web('work_reminder', rw),
  web('work_reminder.log', ['read']),
  web('private_list', ['read', 'update', 'delete']),
  web('private_list.me', crud),
  web('user', crud),
  web('role', crud),
  web('checklist.work_item', crud),
  web('checklist.checklist', crud),
  web('checklist_record', ['read', 'read_detail', 'read_cost']),
  web('asset_subscription.order', [
    'read',
    'read_detail',
    'manage',
    'create',
    'update',
    'change_plan',
    'change_asset',
    'unsubscribe',
    'payoff',
    'force_close',
    'exempt_refund',
  ]),
  web('asset_subscription.package', crud),
  web('support.ticket', [...crud, 'read_detail']),
  web('super_user.support.ticket', ['read', 'read_detail', 'edit_charge', 'exempt_refund']),
  web('partner', rw),
  web('config', rw),
  web('setting.document', rw),
  web('customer_info_setting', rw),
  web('tax_group', rw),
  web('site', rw),
  web('rental_partner_config', rw),
  web('program.rule_part', rw),
  web('setting.partner_document', rw),
  web('partner.payment.credit_card', ['read', 'setup']),
  web('partner.payment.direct_debit', ['read', 'setup']),
  web('open_data.agency_client', ['read', 'create', 'delete']),
  // The operation app is what field staff carry: relocation, inspection, and the B2B mechanic's own permission.
  app('asset', ['read', 'update']),
  app('iot_control.command', [
    'turn_on',
    'turn_off',
    'beep',
    'light_turn_on',
    'light_turn_off',
    'power_battery_unlock',
  ]),
  app('collection_list', ['read', 'collect', 'launch']),
  app('checklist_record', ['read', 'create']),
  app('support.customer_ticket', ['read', 'update_assigned_to_self']),
  app('support.ticket', ['mechanic']),
];

export const ADMIN_PERMISSION = 'base:admin';

const permissionsOf = (platform: Platform) =>
  permissionCatalogue.filter((f) => f.platform === platform).flatMap((f) => f.actions.map((a) => `${f.family}.${a}`));

/** Every web-platform permission string. */
export const webPermissions: readonly string[] = permissionsOf('web');
/** Every operation-app permission string. */
export const appPermissions: readonly string[] = permissionsOf('app');

/**
 * A requirement is a list of alternatives; each alternative lists permissions that must all be held
 * (document 1 §6.1). An empty list means "signed in is enough".
 */
export type Requirement = readonly (readonly string[])[];

/** The one decision used by the server guard, the menu, the routes and the buttons. */
export function satisfies(held: ReadonlySet<string> | readonly string[], requirement: Requirement): boolean {
  const set = held instanceof Set ? held : new Set(held as readonly string[]);
  if (set.has(ADMIN_PERMISSION)) return true;
  if (requirement.length === 0) return true;
  return requirement.some((alternative) => alternative.every((p) => set.has(p)));
}

/** Shorthand for the common case of one permission: `requires('user.read')`. */
export const requires = (...alternatives: string[]): Requirement => alternatives.map((p) => [p]);

/**
 * A caller holds an operation-app permission as `app:<family>.<action>`: the names overlap with web ones
 * (`asset.read` exists on both platforms) and must not grant each other.
 */
export const appPermission = (permission: string) => `app:${permission}`;
/** Calls of the operation app: `requiresApp('collection_list.collect')`. */
export const requiresApp = (...alternatives: string[]): Requirement => alternatives.map((p) => [appPermission(p)]);

/** The B2B mechanic's permission is an operation-app one (document 1 §6.1): held as `app:support.ticket.mechanic`. */
export const MECHANIC = appPermission('support.ticket.mechanic');

/** The B2B service ticket permissions by role in the workflow (subscription-tickets.ts says who does what). */
export const SUBSCRIPTION_TICKET_PERMISSIONS = {
  mechanic: MECHANIC,
  read: 'support.ticket.read',
  readDetail: 'support.ticket.read_detail',
  create: 'support.ticket.create',
  update: 'support.ticket.update',
  delete: 'support.ticket.delete',
  manageRead: 'super_user.support.ticket.read',
  manageReadDetail: 'super_user.support.ticket.read_detail',
  editCharge: 'super_user.support.ticket.edit_charge',
  exemptRefund: 'super_user.support.ticket.exempt_refund',
} as const;
