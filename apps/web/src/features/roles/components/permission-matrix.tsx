import type { Platform } from '@fleetdesk/contracts';
import { Card, Checkbox, Flex, Typography } from 'antd';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  allPermissionsOf,
  type CheckState,
  checkState,
  commandsGrantedBy,
  type FamilyGroup,
  familiesOf,
  setMany,
  setOne,
} from './permission-matrix.model.ts';

export interface PermissionMatrixProps {
  platform: Platform;
  /** Set by Form.Item: the selected permission strings of this platform. */
  value?: string[];
  onChange?: (value: string[]) => void;
  /** Everything shown ticked and locked (a base:admin role). */
  allGranted?: boolean;
  disabled?: boolean;
}

const boxProps = (state: CheckState) => ({ checked: state === 'all', indeterminate: state === 'some' });

/**
 * One platform's permissions: a card with a platform-wide "select all", then one row per family with its own
 * "select all" and a checkbox per action. Each family is a labelled group, so a screen reader (and a test)
 * can tell the "View" of Asset from the "View" of Order.
 */
export function PermissionMatrix({ platform, value, onChange, allGranted, disabled }: PermissionMatrixProps) {
  const { t } = useTranslation('roles');
  const label = (key: string) => t(key, { ns: 'permission' });
  const groups = useMemo(() => familiesOf(platform), [platform]);
  const selected = useMemo(
    () => new Set(allGranted ? allPermissionsOf(groups) : (value ?? [])),
    [allGranted, groups, value],
  );
  const locked = disabled || allGranted;
  const platformState = checkState(selected, allPermissionsOf(groups));
  const change = (next: string[]) => onChange?.(next);
  const selectedCount = allPermissionsOf(groups).filter((p) => selected.has(p)).length;

  return (
    <Card
      size="small"
      title={label(`permission.platform.${platform}`)}
      extra={
        <Flex gap={12} align="center">
          <Typography.Text type="secondary">
            {t('matrix.selectedCount', { count: selectedCount, total: allPermissionsOf(groups).length })}
          </Typography.Text>
          <Checkbox
            {...boxProps(platformState)}
            disabled={locked}
            onChange={(event) => change(setMany(value ?? [], allPermissionsOf(groups), event.target.checked))}
            data-testid={`permissions-${platform}-select-all`}
          >
            {t('matrix.selectAllPlatform', { platform: label(`permission.platform.${platform}`) })}
          </Checkbox>
        </Flex>
      }
      styles={{ body: { padding: 0 } }}
    >
      {groups.map((group, index) => (
        <FamilyRow
          key={group.family}
          group={group}
          selected={selected}
          locked={locked}
          striped={index % 2 === 1}
          label={label}
          onChange={(permissions, checked) => change(setMany(value ?? [], permissions, checked))}
          onToggle={(permission, checked) => change(setOne(value ?? [], permission, checked))}
        />
      ))}
    </Card>
  );
}

function FamilyRow({
  group,
  selected,
  locked,
  striped,
  label,
  onChange,
  onToggle,
}: {
  group: FamilyGroup;
  selected: ReadonlySet<string>;
  locked: boolean | undefined;
  striped: boolean;
  label: (key: string) => string;
  onChange: (permissions: string[], checked: boolean) => void;
  onToggle: (permission: string, checked: boolean) => void;
}) {
  const headingId = useId();
  const familyLabel = label(group.labelKey);
  return (
    <Flex
      role="group"
      aria-labelledby={headingId}
      wrap
      gap={8}
      align="flex-start"
      style={{
        padding: '8px 12px',
        borderTop: '1px solid rgba(5, 5, 5, 0.06)',
        background: striped ? 'rgba(0, 0, 0, 0.015)' : undefined,
      }}
    >
      <div style={{ width: 200, flex: '0 0 auto' }}>
        <Checkbox
          {...boxProps(checkState(selected, group.permissions))}
          disabled={locked}
          onChange={(event) => onChange(group.permissions, event.target.checked)}
        >
          <Typography.Text strong id={headingId}>
            {familyLabel}
          </Typography.Text>
        </Checkbox>
      </div>
      <Flex wrap gap="4px 0" align="flex-start" style={{ flex: '1 1 240px' }}>
        {group.permissions.map((permission, i) => (
          <Checkbox
            key={permission}
            checked={selected.has(permission)}
            disabled={locked}
            onChange={(event) => onToggle(permission, event.target.checked)}
            data-permission={permission}
          >
            {label(group.actionLabelKeys[i] ?? permission)}
            <GrantedCommands permission={permission} />
          </Checkbox>
        ))}
      </Flex>
    </Flex>
  );
}

/** Beside an IoT command permission that sends more than one command: every command it sends, by its name. */
function GrantedCommands({ permission }: { permission: string }) {
  const { t } = useTranslation('iot');
  const commands = commandsGrantedBy(permission);
  if (commands.length < 2) return null;
  return (
    <Typography.Text type="secondary" data-granted-commands={commands.join(' ')}>
      {' '}
      ({commands.map((c) => t(`command.${c}`)).join(', ')})
    </Typography.Text>
  );
}
