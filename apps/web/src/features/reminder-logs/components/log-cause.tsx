import { type AssetTimerLog, checklistRecordEndpoints, customerTicketEndpoints } from '@fleetdesk/contracts';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { recordUrls, ticketDetailUrl } from '../../checklist-records/urls.ts';
import { causeOf } from './reminder-logs.model.ts';

/**
 * Why a row was written, in words: a finalized record links to the record and its ticket (for those who may open
 * them), a property change says which value, a manual reset shows its note.
 */
export function LogCause({ log }: { log: Pick<AssetTimerLog, 'cause' | 'causeRef'> }) {
  const { t } = useTranslation('reminder-logs');
  const canOpenRecord = useCan(requirementOf(checklistRecordEndpoints.get));
  const canOpenTicket = useCan(requirementOf(customerTicketEndpoints.get));
  const cause = causeOf(log);
  const label = t(`cause.${cause.kind}`);
  if (cause.kind === 'checklistRecord') {
    return (
      <Flex gap={8} wrap data-cause={cause.kind}>
        <Typography.Text>{label}</Typography.Text>
        {cause.recordId && canOpenRecord && <Link to={recordUrls.detail(cause.recordId)}>{t('cause.openRecord')}</Link>}
        {cause.ticketId && canOpenTicket && <Link to={ticketDetailUrl(cause.ticketId)}>{t('cause.openTicket')}</Link>}
      </Flex>
    );
  }
  if (cause.kind === 'assetProperty') {
    return (
      <Flex vertical data-cause={cause.kind}>
        <Typography.Text>{label}</Typography.Text>
        {cause.property && (
          <Typography.Text type="secondary">
            {t('cause.propertyIs', { property: cause.property, value: cause.value ?? '' })}
          </Typography.Text>
        )}
      </Flex>
    );
  }
  if (cause.kind === 'manual') {
    return (
      <Flex vertical data-cause={cause.kind}>
        <Typography.Text>{label}</Typography.Text>
        {cause.note && (
          <Typography.Text type="secondary" ellipsis={{ tooltip: cause.note }} style={{ maxWidth: 260 }}>
            {cause.note}
          </Typography.Text>
        )}
      </Flex>
    );
  }
  return <Typography.Text data-cause={cause.kind}>{label}</Typography.Text>;
}
