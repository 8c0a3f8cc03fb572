import { type PartnerOperations, partnerOperationsEndpoints } from '@fleetdesk/contracts';
import { Flex, Form, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { EditLink, NewButton } from '../../../shared/ui/list-actions.tsx';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { offsetLabel } from '../../account/components/account-options.ts';
import { usePartnerOperationsList } from '../api.ts';
import { PartnerOperationsDeleteButton } from '../components/partner-operations-delete.button.tsx';
import { partnerOperationsList, partnerOperationsUrls } from '../urls.ts';

const selfJoinColour = { open: 'green', approval: 'gold', closed: 'default' } as const;

export default function PartnerOperationsListPage() {
  const { t } = useTranslation('partner-operations');
  const list = useListState(partnerOperationsList);
  const result = usePartnerOperationsList(list.query);
  const partners = usePartnerOptions();
  const canWrite = useCan(requirementOf(partnerOperationsEndpoints.update));
  const canCreate = useCan(requirementOf(partnerOperationsEndpoints.create));

  const columns: ListColumn<PartnerOperations>[] = [
    {
      key: 'partner',
      title: t('field.partner'),
      alwaysVisible: true,
      render: (_, row) =>
        canWrite ? <Link to={partnerOperationsUrls.edit(row.partner.id)}>{row.partner.name}</Link> : row.partner.name,
      exportValue: (row) => row.partner.name,
    },
    { key: 'currency', title: t('field.currency'), dataIndex: 'currency' },
    {
      key: 'timezone',
      title: t('field.timezone'),
      dataIndex: 'timezone',
      render: (value: string) => offsetLabel(value),
    },
    {
      key: 'customerMaxPaymentAmount',
      title: t('field.customerMaxPaymentAmount'),
      align: 'right',
      defaultHidden: true,
      render: (_, row) =>
        row.customerMaxPaymentAmount === null
          ? t('placeholder.noCap')
          : row.customerMaxPaymentAmount.toLocaleString(undefined, { style: 'currency', currency: row.currency }),
      exportValue: (row) => row.customerMaxPaymentAmount ?? '',
    },
    {
      key: 'customerSelfJoinPolicy',
      title: t('column.selfJoin'),
      render: (_, row) => (
        <Tag color={selfJoinColour[row.customerSelfJoinPolicy]}>{t(`selfJoin.${row.customerSelfJoinPolicy}`)}</Tag>
      ),
      exportValue: (row) => row.customerSelfJoinPolicy,
    },
    {
      key: 'webChannel',
      title: t('field.webChannel'),
      render: (_, row) => t(`webChannel.${row.webChannel.type}`),
      exportValue: (row) => row.webChannel.type,
    },
    {
      key: 'signUpEmailDomains',
      title: t('field.signUpEmailDomains'),
      defaultHidden: true,
      render: (_, row) => row.signUpEmailDomains.join(', '),
      exportValue: (row) => row.signUpEmailDomains.join(' '),
    },
    dateTimeColumn('updatedAt', t('column.updatedAt')),
    dateTimeColumn('createdAt', t('column.createdAt'), { defaultHidden: true }),
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: t('column.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, row) => (
        <Flex gap={4}>
          <EditLink
            to={partnerOperationsUrls.edit(row.partner.id)}
            label={t('action.editNamed', { name: row.partner.name })}
          >
            {t('action.edit')}
          </EditLink>
          <PartnerOperationsDeleteButton partner={row.partner} size="small" type="link" />
        </Flex>
      ),
    });
  }

  return (
    <ListPage
      listKey="partnerOperations"
      state={list}
      result={result}
      columns={columns}
      rowKey={(row) => row.partner.id}
      emptyText={t('list.empty')}
      filters={
        <Form.Item name="partnerId" label={t('field.partner')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('placeholder.allPartners')}
            loading={partners.isPending}
            options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            style={{ minWidth: 220 }}
          />
        </Form.Item>
      }
      actions={canCreate && <NewButton to={partnerOperationsUrls.new()}>{t('action.new')}</NewButton>}
    />
  );
}
