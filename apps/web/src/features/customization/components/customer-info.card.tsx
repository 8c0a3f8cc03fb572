import { LockOutlined } from '@ant-design/icons';
import {
  alwaysRequiredCustomerFields,
  type CustomerFieldMode,
  type CustomerInfoSetting,
  type CustomerInfoSettingInput,
  customerFieldModes,
  customerIdentityFields,
  customerInfoDependencyProblems,
  customerProfileFields,
} from '@fleetdesk/contracts';
import { Alert, App, Button, Card, Flex, Segmented, Table, type TableColumnType, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { useSaveCustomerInfoSetting } from '../api.ts';

type Group = 'profile' | 'identity' | 'fixed';
interface FieldRow {
  path: string;
  group: Group;
  field: string;
}

const rows: FieldRow[] = [
  ...alwaysRequiredCustomerFields.map((field) => ({ path: `fixed.${field}`, group: 'fixed' as const, field })),
  ...customerProfileFields.map((field) => ({ path: `profile.${field}`, group: 'profile' as const, field })),
  ...customerIdentityFields.map((field) => ({ path: `identity.${field}`, group: 'identity' as const, field })),
];

const settingOf = ({ profile, identity }: CustomerInfoSetting): CustomerInfoSettingInput => ({ profile, identity });

function modeAt(setting: CustomerInfoSettingInput, path: string): CustomerFieldMode {
  const [group, field] = path.split('.') as ['profile' | 'identity', string];
  return (setting[group] as Record<string, CustomerFieldMode>)[field] as CustomerFieldMode;
}

function withMode(setting: CustomerInfoSettingInput, path: string, mode: CustomerFieldMode): CustomerInfoSettingInput {
  const [group, field] = path.split('.') as ['profile' | 'identity', string];
  return { ...setting, [group]: { ...setting[group], [field]: mode } };
}

/**
 * Customer information collection: one row per customer field with its mode. Phone and name are always
 * required and shown locked; the dependency rules of the contract are checked as the user clicks, so Save
 * is only offered for a setting the server will take.
 */
export function CustomerInfoCard({
  setting,
  canWrite,
  onDirtyChange,
}: {
  setting: CustomerInfoSetting;
  canWrite: boolean;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('customization');
  const { modal, message } = App.useApp();
  const save = useSaveCustomerInfoSetting();
  const stored = useMemo(() => settingOf(setting), [setting]);
  const [draft, setDraft] = useState(stored);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  useEffect(() => setDraft(stored), [stored]);

  const changed = rows.filter((r) => r.group !== 'fixed' && modeAt(draft, r.path) !== modeAt(stored, r.path));
  const dirty = changed.length > 0;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const label = (path: string) => t(`field.${path}`);
  const problems: Record<string, string> = {};
  for (const problem of customerInfoDependencyProblems(draft)) {
    problems[problem.field] = t('dependency', {
      field: label(problem.field),
      mode: t(`mode.${problem.mode}`).toLowerCase(),
      dependsOn: label(problem.dependsOn),
      dependsOnMode: t(`mode.${problem.dependsOnMode}`).toLowerCase(),
    });
  }
  const errorOf = (path: string) => problems[path] ?? serverErrors[path];

  const submit = () =>
    modal.confirm({
      title: t('customerInfo.confirm'),
      content: (
        <ul style={{ paddingInlineStart: 20, margin: 0 }}>
          {changed.map((r) => (
            <li key={r.path}>
              {t('customerInfo.change', {
                field: label(r.path),
                from: t(`mode.${modeAt(stored, r.path)}`),
                to: t(`mode.${modeAt(draft, r.path)}`),
              })}
            </li>
          ))}
        </ul>
      ),
      okText: t('action.save'),
      cancelText: t('action.cancel'),
      onOk: async () => {
        setServerErrors({});
        try {
          await save.mutateAsync(draft);
          message.success(t('customerInfo.saved'));
        } catch (error) {
          const fields = isApiError(error) ? error.fieldErrors : null;
          if (fields) {
            setServerErrors(
              Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translateValidationMessage(v)])),
            );
          }
        }
      },
    });

  const columns: TableColumnType<FieldRow>[] = [
    {
      key: 'field',
      title: t('column.field'),
      render: (_, row) => (
        <Flex vertical>
          <span>
            {row.group === 'fixed' && <LockOutlined style={{ marginInlineEnd: 6 }} />}
            {label(row.path)}
          </span>
          {row.group === 'identity' && (row.field === 'firstName' || row.field === 'lastName') && (
            <Typography.Text type="secondary">{t('hint.asOnDocument')}</Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'group',
      title: t('column.group'),
      render: (_, row) => <Tag color={row.group === 'identity' ? 'purple' : undefined}>{t(`group.${row.group}`)}</Tag>,
    },
    {
      key: 'mode',
      title: t('column.mode'),
      render: (_, row) =>
        row.group === 'fixed' ? (
          <Typography.Text type="secondary">{t('mode.alwaysRequired')}</Typography.Text>
        ) : (
          <Flex vertical gap={4}>
            <Segmented<CustomerFieldMode>
              aria-label={label(row.path)}
              size="small"
              disabled={!canWrite}
              value={modeAt(draft, row.path)}
              options={customerFieldModes.map((mode) => ({ value: mode, label: t(`mode.${mode}`) }))}
              onChange={(mode) => {
                setServerErrors({});
                setDraft((current) => withMode(current, row.path, mode));
              }}
            />
            {errorOf(row.path) && (
              <Typography.Text type="danger" role="alert">
                {errorOf(row.path)}
              </Typography.Text>
            )}
          </Flex>
        ),
    },
  ];

  return (
    <Card
      title={t('customerInfo.title')}
      extra={setting.isDefault && <Tag>{t('defaults')}</Tag>}
      data-testid="customer-info-card"
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('customerInfo.description')}
        </Typography.Paragraph>
        {!canWrite && <Alert type="info" showIcon title={t('readOnly')} />}
        <Table<FieldRow> size="small" rowKey="path" columns={columns} dataSource={rows} pagination={false} />
        {canWrite && (
          <Flex gap={8}>
            <Button
              type="primary"
              disabled={!dirty || Object.keys(problems).length > 0}
              loading={save.isPending}
              onClick={submit}
            >
              {t('action.save')}
            </Button>
            <Button disabled={!dirty} onClick={() => setDraft(stored)}>
              {t('action.discard')}
            </Button>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
