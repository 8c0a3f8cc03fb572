import { PlusOutlined } from '@ant-design/icons';
import {
  creditCardPolicies,
  customerPlans,
  depositPolicies,
  type OperationSetting,
  operationServiceNames,
  operationSettingEndpoints,
  operationSettingInput,
  operationSettingPatch,
} from '@fleetdesk/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { isApiError } from '../../../shared/http.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useLeaveGuard } from '../../../shared/ui/leave-guard.ts';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import {
  fieldsOf,
  useConfirmOperationSetting,
  useCreateOperationSetting,
  useDeleteOperationSetting,
  useOperationSettings,
  usePartnersWithSetting,
  useUpdateOperationSetting,
} from '../api.ts';
import { CurrencySelect, EnumSelect, PartnerSelect, TimezoneInput } from '../components/operation-inputs.tsx';
import { fieldEntries, toFieldErrors } from '../components/operation-messages.ts';
import { ServiceKeysDrawer } from '../components/service-keys.drawer.tsx';
import { SmsServiceDrawer } from '../components/sms-service.drawer.tsx';

const NEW_ROW_ID = 'new';

/** What the editable row's form holds (only one row is ever in edit). */
interface RowValues {
  accountPartnerId?: string;
  customerPlan?: string;
  creditCardPolicy?: string;
  depositPolicy?: string;
  currency?: string;
  timezone?: string;
}

type Row = OperationSetting | { id: typeof NEW_ROW_ID };
const isNew = (row: Row): row is { id: typeof NEW_ROW_ID } => row.id === NEW_ROW_ID;

/**
 * General settings → Operations (document 1 §2.5): the list edits inline, one row at a time; adding and
 * deleting confirm, and confirming a setting as the business model fixes its currency.
 */
export default function OperationSettingsPage() {
  const { t } = useTranslation('operations');
  const { message, modal } = App.useApp();
  const canWrite = useCan(requirementOf(operationSettingEndpoints.update));
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const result = useOperationSettings(paging);
  const partners = usePartnerOptions();
  const partnersSet = usePartnersWithSetting(canWrite);
  const create = useCreateOperationSetting();
  const update = useUpdateOperationSetting();
  const confirm = useConfirmOperationSetting();
  const remove = useDeleteOperationSetting();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<Row | null>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [drawer, setDrawer] = useState<{ kind: 'keys' | 'sms'; setting: OperationSetting } | null>(null);
  useLeaveGuard(editing !== null && dirty);

  const freePartners = useMemo(
    () => (partners.data ?? []).filter((p) => !partnersSet.data?.has(p.id)),
    [partners.data, partnersSet.data],
  );

  /** "Only one operation can edit at the same time!": a second row never opens while one is in edit. */
  const begin = (row: Row) => {
    if (editing) {
      void message.warning({ content: t('oneAtATime'), key: 'operations-one-at-a-time' });
      return;
    }
    form.resetFields();
    if (isNew(row)) {
      form.setFieldsValue({ customerPlan: 'paid-for-rent', creditCardPolicy: 'required', depositPolicy: 'required' });
    } else {
      form.setFieldsValue({
        customerPlan: row.customerPlan,
        creditCardPolicy: row.creditCardPolicy,
        depositPolicy: row.depositPolicy,
        currency: row.currency,
        timezone: row.timezone,
      });
    }
    setDirty(false);
    setEditing(row);
  };

  const stop = () => {
    setEditing(null);
    setDirty(false);
    form.resetFields();
  };

  const cancel = () => {
    if (!dirty) {
      stop();
      return;
    }
    modal.confirm({
      title: t('form.leaveConfirm', { ns: 'common' }),
      okText: t('action.discard'),
      cancelText: t('form.stay', { ns: 'common' }),
      onOk: stop,
    });
  };

  const showServerErrors = (error: unknown) => {
    const fields = isApiError(error) ? fieldsOf(error) : null;
    if (fields) form.setFields(toFieldErrors(fieldEntries(fields)));
  };

  const save = async () => {
    if (!editing) return;
    const values = form.getFieldsValue(true) as RowValues;
    // Clear the previous attempt's messages first: a fixed cell must not keep its old error.
    form.setFields(Object.keys(values).map((name) => ({ name, errors: [] })));
    const body = {
      ...(isNew(editing) ? { accountPartnerId: values.accountPartnerId } : {}),
      customerPlan: values.customerPlan,
      creditCardPolicy: values.creditCardPolicy,
      depositPolicy: values.depositPolicy,
      currency: values.currency,
      timezone: values.timezone ?? '',
    };
    const parsed = (isNew(editing) ? operationSettingInput : operationSettingPatch).safeParse(body);
    if (!parsed.success) {
      form.setFields(toFieldErrors(parsed.error.issues));
      void message.error({ content: t('form.fixFields', { ns: 'common' }), key: 'operations-fix' });
      return;
    }
    const run = async () => {
      setSaving(true);
      try {
        if (isNew(editing)) await create.mutateAsync(operationSettingInput.parse(body));
        else await update.mutateAsync({ id: editing.id, body: operationSettingPatch.parse(body) });
        void message.success(t(isNew(editing) ? 'saved.added' : 'saved.updated'));
        stop();
      } catch (error) {
        showServerErrors(error);
      } finally {
        setSaving(false);
      }
    };
    if (!isNew(editing)) {
      await run();
      return;
    }
    const partnerName = partners.data?.find((p) => p.id === values.accountPartnerId)?.name ?? '';
    modal.confirm({
      title: t('confirmAdd.title', { partner: partnerName }),
      content: t('confirmAdd.description'),
      okText: t('action.add'),
      cancelText: t('action.cancel', { ns: 'common' }),
      onOk: run,
    });
  };

  // Ctrl+Enter (⌘+Enter) saves the row in edit, as it submits the other forms; plain Enter stays with the
  // selects, which use it to pick an option.
  const saveRef = useRef(save);
  saveRef.current = save;
  const shortcutActive = editing !== null && drawer === null && !saving;
  useEffect(() => {
    if (!shortcutActive) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      void saveRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shortcutActive]);

  const rows: Row[] = [...(editing && isNew(editing) ? [editing] : []), ...((result.data?.data ?? []) as Row[])];
  const isEditing = (row: Row) => editing !== null && editing.id === row.id;

  const cell = (name: keyof RowValues, node: React.ReactNode) => (
    <Form.Item name={name} style={{ margin: 0 }}>
      {node}
    </Form.Item>
  );

  const columns: TableColumnsType<Row> = [
    {
      key: 'partner',
      width: 180,
      title: t('field.partner'),
      fixed: 'left',
      render: (_, row) =>
        isNew(row) ? (
          cell(
            'accountPartnerId',
            <PartnerSelect
              options={freePartners}
              loading={partners.isPending || partnersSet.isPending}
              aria-label={t('field.partner')}
            />,
          )
        ) : (
          <Flex vertical gap={4} align="flex-start">
            <Typography.Text strong>{row.partnerName}</Typography.Text>
            {row.isConfirmed ? (
              <Tooltip title={t('status.confirmedAt', { at: formatDateTime(row.confirmedAt) })}>
                <Tag color="green">{t('status.confirmed')}</Tag>
              </Tooltip>
            ) : (
              <Tag color="gold">{t('status.draft')}</Tag>
            )}
          </Flex>
        ),
    },
    {
      key: 'customerPlan',
      width: 150,
      title: t('field.customerPlan'),
      render: (_, row) =>
        isEditing(row)
          ? cell(
              'customerPlan',
              <EnumSelect values={customerPlans} prefix="plan" aria-label={t('field.customerPlan')} />,
            )
          : !isNew(row) && t(`plan.${row.customerPlan}`),
    },
    {
      key: 'creditCardPolicy',
      width: 150,
      title: t('field.creditCardPolicy'),
      render: (_, row) =>
        isEditing(row)
          ? cell(
              'creditCardPolicy',
              <EnumSelect values={creditCardPolicies} prefix="creditCard" aria-label={t('field.creditCardPolicy')} />,
            )
          : !isNew(row) && t(`creditCard.${row.creditCardPolicy}`),
    },
    {
      key: 'depositPolicy',
      width: 145,
      title: t('field.depositPolicy'),
      render: (_, row) =>
        isEditing(row)
          ? cell(
              'depositPolicy',
              <EnumSelect values={depositPolicies} prefix="deposit" aria-label={t('field.depositPolicy')} />,
            )
          : !isNew(row) && t(`deposit.${row.depositPolicy}`),
    },
    {
      key: 'currency',
      width: 140,
      title: t('field.currency'),
      render: (_, row) => {
        if (isNew(row) || (isEditing(row) && !row.isConfirmed)) {
          return cell('currency', <CurrencySelect aria-label={t('field.currency')} />);
        }
        if (isEditing(row) && row.isConfirmed) {
          return (
            <Tooltip title={t('currencyLocked')}>
              <Typography.Text data-testid="currency-locked">{row.currency} 🔒</Typography.Text>
            </Tooltip>
          );
        }
        return row.currency;
      },
    },
    {
      key: 'timezone',
      width: 120,
      title: t('field.timezone'),
      render: (_, row) =>
        isEditing(row)
          ? cell('timezone', <TimezoneInput aria-label={t('field.timezone')} />)
          : !isNew(row) && row.timezone,
    },
    {
      key: 'services',
      width: 130,
      title: t('field.services'),
      render: (_, row) => {
        if (isNew(row)) return null;
        const configured = operationServiceNames.filter((s) => row.services[s] !== null);
        const summary = configured.length ? configured.map((s) => t(`service.${s}`)).join(', ') : t('services.none');
        return (
          <Flex vertical align="flex-start">
            <Tooltip title={summary}>
              <Button
                size="small"
                type="link"
                style={{ paddingInline: 0 }}
                onClick={() => setDrawer({ kind: 'keys', setting: row })}
              >
                {t('action.keys')}
              </Button>
            </Tooltip>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('services.count', { count: configured.length, total: operationServiceNames.length })}
            </Typography.Text>
            <Button
              size="small"
              type="link"
              style={{ paddingInline: 0 }}
              onClick={() => setDrawer({ kind: 'sms', setting: row })}
            >
              {t('action.sms')}
            </Button>
          </Flex>
        );
      },
    },
    {
      key: 'actions',
      width: 200,
      title: t('field.actions'),
      fixed: 'right',
      render: (_, row) => {
        if (isEditing(row)) {
          return (
            <Flex gap={4}>
              <Tooltip title={t('form.submitHint', { ns: 'common' })}>
                <Button type="primary" size="small" loading={saving} onClick={save}>
                  {t('action.save', { ns: 'common' })}
                </Button>
              </Tooltip>
              <Button size="small" onClick={cancel} disabled={saving}>
                {t('action.cancel', { ns: 'common' })}
              </Button>
            </Flex>
          );
        }
        if (isNew(row) || !canWrite) return null;
        return (
          <Flex vertical align="flex-start">
            <Flex gap={0}>
              <Button
                size="small"
                type="link"
                onClick={() => begin(row)}
                aria-label={t('action.editRow', { partner: row.partnerName })}
              >
                {t('action.edit')}
              </Button>
              {row.isConfirmed ? (
                <Tooltip title={t('deleteConfirmedHint')}>
                  <Button size="small" type="link" danger disabled>
                    {t('action.delete')}
                  </Button>
                </Tooltip>
              ) : (
                <ConfirmButton
                  size="small"
                  type="link"
                  danger
                  title={t('confirmDelete.title', { partner: row.partnerName })}
                  description={t('confirmDelete.description')}
                  okText={t('action.delete')}
                  onConfirm={async () => {
                    await remove.mutateAsync(row.id);
                    void message.success(t('saved.deleted'));
                  }}
                >
                  {t('action.delete')}
                </ConfirmButton>
              )}
            </Flex>
            {!row.isConfirmed && (
              <ConfirmButton
                mode="modal"
                size="small"
                type="link"
                // Long in some languages ("Conferma come modello di business"): wrap inside the column.
                style={{ whiteSpace: 'normal', height: 'auto', textAlign: 'start' }}
                title={t('confirmModel.title', { partner: row.partnerName })}
                description={t('confirmModel.description', { currency: row.currency, partner: row.partnerName })}
                okText={t('confirmModel.ok')}
                onConfirm={async () => {
                  await confirm.mutateAsync(row.id);
                  void message.success(t('saved.confirmed', { partner: row.partnerName }));
                }}
              >
                {t('action.confirmModel')}
              </ConfirmButton>
            )}
          </Flex>
        );
      },
    },
  ];
  if (!canWrite) columns.pop();

  const addButton = canWrite && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => begin({ id: NEW_ROW_ID })}>
      {t('action.add')}
    </Button>
  );

  return (
    <PageContainer extra={addButton}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('intro')}
      </Typography.Paragraph>
      <Card>
        {result.error ? (
          <Alert
            type="error"
            showIcon
            title={t('list.loadFailed', { ns: 'common' })}
            description={result.error.message}
            action={
              <Button size="small" onClick={() => result.refetch()}>
                {t('action.retry', { ns: 'common' })}
              </Button>
            }
          />
        ) : (
          <Form form={form} component={false} onValuesChange={() => setDirty(true)}>
            <Table<Row>
              rowKey="id"
              columns={columns}
              dataSource={rows}
              loading={result.isFetching}
              tableLayout="fixed"
              scroll={{ x: 1205 }}
              rowClassName={(row) => (isEditing(row) ? 'operation-row-editing' : '')}
              locale={{
                emptyText: (
                  <Empty description={t('empty')} image={Empty.PRESENTED_IMAGE_SIMPLE}>
                    {addButton}
                  </Empty>
                ),
              }}
              pagination={{
                current: paging.pageNo,
                pageSize: paging.pageSize,
                total: result.data?.count ?? 0,
                showSizeChanger: true,
                pageSizeOptions: [10, 20, 50, 100],
                showTotal: (total) => t('list.total', { ns: 'common', count: total }),
                onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
              }}
            />
          </Form>
        )}
      </Card>
      {drawer?.kind === 'keys' && (
        <ServiceKeysDrawer setting={drawer.setting} canWrite={canWrite} onClose={() => setDrawer(null)} />
      )}
      {drawer?.kind === 'sms' && (
        <SmsServiceDrawer
          partnerId={drawer.setting.accountPartnerId}
          partnerName={drawer.setting.partnerName}
          canWrite={canWrite}
          onClose={() => setDrawer(null)}
        />
      )}
    </PageContainer>
  );
}
