import {
  ADMIN_PERMISSION,
  type IotCommand,
  iotCommandActions,
  type PermissionFamily,
  type Platform,
  permissionCatalogue,
} from '@fleetdesk/contracts';

/**
 * The role editor's logic, apart from its rendering: the catalogue grouped by platform and family, what a
 * family's or a platform's "select all" box shows, and what ticking it does to the selected permissions.
 * Permission strings are `<family>.<action>`; each platform's selection is a separate list (the role's
 * `permissions` for the web platform, `appPermissions` for the app).
 */
export interface FamilyGroup {
  family: string;
  labelKey: string;
  /** Full permission strings, in catalogue order. */
  permissions: string[];
  /** Each permission's label key (`${labelKey}.${action}`). */
  actionLabelKeys: string[];
}

export type CheckState = 'all' | 'some' | 'none';

const toGroup = (family: PermissionFamily): FamilyGroup => ({
  family: family.family,
  labelKey: family.labelKey,
  permissions: family.actions.map((action) => `${family.family}.${action}`),
  actionLabelKeys: family.actions.map((action) => `${family.labelKey}.${action}`),
});

/** The families of one platform, in catalogue order. */
export function familiesOf(platform: Platform, catalogue: readonly PermissionFamily[] = permissionCatalogue) {
  return catalogue.filter((family) => family.platform === platform).map(toGroup);
}

/** Whether all, some or none of `permissions` are in the selection. */
export function checkState(selected: ReadonlySet<string>, permissions: readonly string[]): CheckState {
  const held = permissions.filter((permission) => selected.has(permission)).length;
  if (held === 0) return 'none';
  return held === permissions.length ? 'all' : 'some';
}

/** Adds or removes every permission of a family (or of a whole platform) and keeps the rest. */
export function setMany(selected: readonly string[], permissions: readonly string[], checked: boolean): string[] {
  const next = new Set(selected);
  for (const permission of permissions) {
    if (checked) next.add(permission);
    else next.delete(permission);
  }
  return ordered(next, selected);
}

/** Adds or removes one permission. */
export function setOne(selected: readonly string[], permission: string, checked: boolean): string[] {
  return setMany(selected, [permission], checked);
}

/** Every permission string of a platform. */
export const allPermissionsOf = (groups: readonly FamilyGroup[]): string[] => groups.flatMap((g) => g.permissions);

/**
 * A stable order (catalogue order, unknown strings such as base:admin first) so saving an unchanged role sends
 * the same list and the dirty check stays quiet.
 */
function ordered(next: ReadonlySet<string>, previous: readonly string[]): string[] {
  const unknown = previous.filter((permission) => !catalogueOrder.has(permission) && next.has(permission));
  return [...unknown, ...[...catalogueOrder].filter((permission) => next.has(permission))];
}

/** Web and app share some strings (`asset.read`); a Set keeps each once, in first-seen order. */
const catalogueOrder: ReadonlySet<string> = new Set(
  permissionCatalogue.flatMap((family) => family.actions.map((action) => `${family.family}.${action}`)),
);

/** A role holding base:admin has every permission; the editor shows it and locks the boxes. */
export const isAdminRole = (permissions: readonly string[]): boolean => permissions.includes(ADMIN_PERMISSION);

/** The number the role list shows: web and app permissions together. */
export const permissionCount = (role: { permissions: readonly string[]; appPermissions: readonly string[] }) =>
  role.permissions.length + role.appPermissions.length;

const IOT_COMMAND_FAMILY = 'iot_control.command.';

/**
 * The commands an IoT command permission lets its holder send (contracts' one list): the editor names them
 * beside the permission, so a command that shares another's permission (wake-up needs the status report's) is
 * still listed.
 */
export function commandsGrantedBy(permission: string): readonly IotCommand[] {
  if (!permission.startsWith(IOT_COMMAND_FAMILY)) return [];
  const action = permission.slice(IOT_COMMAND_FAMILY.length);
  return iotCommandActions.find((a) => a.action === action)?.commands ?? [];
}
