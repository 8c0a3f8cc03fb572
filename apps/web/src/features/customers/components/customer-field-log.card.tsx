import type { CustomerFieldLog } from '@fleetdesk/contracts';
import { Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { FieldLogTable } from '../../../shared/ui/field-log-table.tsx';
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

  const labels = { yes: t('consent.yes'), no: t('consent.no'), translate };

  return (
    <Card title={t('fieldLog.title')}>
      <FieldLogTable<CustomerFieldLog>
        logs={logs}
        paging={page}
        onPaging={setPage}
        fieldLabel={(field) => t(`log.${field}`, { defaultValue: field })}
        show={(field, value) => formatLogValue(field, value, labels)}
        testId="customer-field-log"
      />
    </Card>
  );
}
