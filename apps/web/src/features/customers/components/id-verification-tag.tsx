import type { IdVerificationStatus } from '@fleetdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Document 2 §4's colours: pending orange, approved green, denied red, not apply grey. */
const colours: Record<IdVerificationStatus, string> = {
  pending: 'orange',
  approved: 'green',
  denied: 'red',
  'not-apply': 'default',
};

export function IdVerificationTag({ status }: { status: IdVerificationStatus }) {
  const { t } = useTranslation('customers');
  return (
    <Tag color={colours[status]} data-testid="id-verification-status">
      {t(`idVerification.status.${status}`)}
    </Tag>
  );
}
