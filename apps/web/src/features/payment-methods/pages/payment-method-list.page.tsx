import { type PaymentMethod, paymentMethodEndpoints } from '@fleetdesk/contracts';
import { Flex, Form, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { EditLink, NewButton } from '../../../shared/ui/list-actions.tsx';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { usePaymentMethodList } from '../api.ts';
import { PaymentMethodDeleteButton } from '../components/payment-method-delete.button.tsx';
import { ModeTag, PartnerSelect, PaymentTypeSelect, usePaymentTypes } from '../components/payment-method-options.tsx';
import { paymentMethodList, paymentMethodUrls } from '../urls.ts';

/** /setting/partner/payment-method/list: the methods of the caller's partners, of the types they may read. */
export default function PaymentMethodListPage() {
  const { t } = useTranslation('payment-methods');
  const list = useListState(paymentMethodList);
  const result = usePaymentMethodList(list.query);
  const readable = usePaymentTypes('read');
  const settable = usePaymentTypes('setup');
  const canCreate = useCan(requirementOf(paymentMethodEndpoints.create));
  const canSetup = (method: PaymentMethod) => settable.includes(method.type);

  const columns: ListColumn<PaymentMethod>[] = [
    {
      key: 'partner',
      title: t('field.partner'),
      alwaysVisible: true,
      render: (_, method) => method.partner.name,
      exportValue: (method) => method.partner.name,
    },
    {
      key: 'type',
      title: t('field.type'),
      alwaysVisible: true,
      render: (_, method) =>
        canSetup(method) ? (
          <Link to={paymentMethodUrls.edit(method.partner.id, method.id)}>{t(`type.${method.type}`)}</Link>
        ) : (
          t(`type.${method.type}`)
        ),
      exportValue: (method) => t(`type.${method.type}`),
    },
    { key: 'provider', title: t('field.provider'), dataIndex: 'provider', defaultHidden: true },
    {
      key: 'mode',
      title: t('field.mode'),
      render: (_, method) => <ModeTag mode={method.mode} />,
      exportValue: (method) => t(`mode.${method.mode}`),
    },
    {
      key: 'isEnabled',
      title: t('field.isEnabled'),
      render: (_, method) =>
        method.isEnabled ? <Tag color="blue">{t('enabled.yes')}</Tag> : <Tag>{t('enabled.no')}</Tag>,
      exportValue: (method) => (method.isEnabled ? t('enabled.yes') : t('enabled.no')),
    },
    { key: 'statementDescriptor', title: t('field.statementDescriptor'), dataIndex: 'statementDescriptor' },
    {
      key: 'publishableKey',
      title: t('field.publishableKey'),
      dataIndex: 'publishableKey',
      defaultHidden: true,
      ellipsis: true,
    },
    dateTimeColumn('updatedAt', t('column.updatedAt')),
    dateTimeColumn('createdAt', t('column.createdAt'), { defaultHidden: true }),
  ];
  if (settable.length > 0) {
    columns.push({
      key: 'actions',
      title: t('column.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, method) =>
        canSetup(method) && (
          <Flex gap={4}>
            <EditLink
              to={paymentMethodUrls.edit(method.partner.id, method.id)}
              label={t('action.editNamed', { name: `${method.partner.name} · ${t(`type.${method.type}`)}` })}
            >
              {t('action.edit')}
            </EditLink>
            <PaymentMethodDeleteButton method={method} size="small" type="link" />
          </Flex>
        ),
    });
  }

  return (
    <ListPage
      listKey="paymentMethods"
      state={list}
      result={result}
      columns={columns}
      rowKey={(method) => method.id}
      emptyText={t('list.empty')}
      filters={
        <>
          <Form.Item name="partnerId" label={t('field.partner')}>
            <PartnerSelect allowClear style={{ minWidth: 200 }} />
          </Form.Item>
          <Form.Item name="type" label={t('field.type')}>
            <PaymentTypeSelect types={readable} allowClear style={{ minWidth: 180 }} />
          </Form.Item>
        </>
      }
      actions={canCreate && <NewButton to={paymentMethodUrls.new()}>{t('action.new')}</NewButton>}
    />
  );
}
