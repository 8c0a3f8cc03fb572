import type { CustomerFieldLog } from '@fleetdesk/contracts';
import { Card, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { useCustomerFieldLogs } from '../api.ts';
import { formatLogValue } from './customer-field-log.model.ts';

/** Logged fields whose values are enum members, with the key prefix of their translations. */
const enumPrefixes: Record<string, string> = {
  marketingReportedSource: 'source',
  'identity.status': 'idVerification.status',
  'identity.documentType': 'idVerification.document',
};
const imageFields = new Set(['identity.frontImage', 'identity.backImage', 'identity.selfie']);
const imageValues: Record<string, string> = { image: 'log.imageOnFile', 'new image': 'log.imageNew' };

/** Who changed which field of the customer, newest first (the server's order), paged. */
export function CustomerFieldLogCard({ customerId }: { customerId: string }) {
  const { t } = useTranslation('customers');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const logs = useCustomerFieldLogs(customerId, page.pageNo, page.pageSize);
  // Partner changes are logged as ids; a partner outside the caller's scope keeps showing its id.
  const partners = usePartnerOptions();
  const partnerNames = new Map((partners.data ?? []).map((p) => [p.id, p.name]));

  const translate = (field: string, value: string): string | null => {
    const prefix = enumPrefixes[field];
    if (prefix) return t(`${prefix}.${value}`, { defaultValue: value });
    if (field === 'partnerId' || field === 'memberships') return partnerNames.get(value) ?? value;
    if (field === 'password' && value === 'reset') return t('log.passwordReset');
    const imageKey = imageValues[value];
    if (imageFields.has(field) && imageKey) return t(imageKey);
    return null;
  };

  const show = (field: string, value: unknown) => {
    const text = formatLogValue(field, value, { yes: t('consent.yes'), no: t('consent.no'), translate });
    return text === null ? <Typography.Text type="secondary">—</Typography.Text> : text;
  };

  return (
    <Card title={t('fieldLog.title')}>
      <Table<CustomerFieldLog>
        rowKey="id"
        size="small"
        loading={logs.isLoading}
        dataSource={logs.data?.data ?? []}
        locale={{ emptyText: logs.isError ? t('fieldLog.failed') : t('fieldLog.empty') }}
        scroll={{ x: 'max-content' }}
        data-testid="customer-field-log"
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: logs.data?.count ?? 0,
          showSizeChanger: true,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          { key: 'when', title: t('fieldLog.when'), render: (_, r) => formatDateTime(r.createdAt), width: 180 },
          { key: 'who', title: t('fieldLog.who'), render: (_, r) => r.user?.name ?? t('fieldLog.system') },
          {
            key: 'field',
            title: t('fieldLog.field'),
            render: (_, r) => t(`log.${r.field}`, { defaultValue: r.field }),
          },
          {
            key: 'change',
            title: t('fieldLog.change'),
            render: (_, r) => (
              <span>
                {show(r.field, r.before)} → {show(r.field, r.after)}
              </span>
            ),
          },
        ]}
      />
    </Card>
  );
}
