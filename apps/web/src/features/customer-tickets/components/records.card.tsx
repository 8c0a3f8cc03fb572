import { EditOutlined, PaperClipOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import type { ChecklistRecord, CustomerTicket } from '@fleetdesk/contracts';
import { Alert, Button, Card, Empty, Flex, List, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useTicketRecords } from '../../checklist-records/api.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { useExcludeRecord } from '../api.ts';
import { useTicketErrorText } from './ticket-error.ts';

/** The record detail screen of the checklist records feature (document 1 §2.3 "Checklist records"). */
const recordDetailUrl = (recordId: string) => `/checklist/record/detail/${recordId}`;

/**
 * The checklist records of the ticket: each with its checklist, state, what it charges and its photos; "Start a
 * checklist" while the ticket is worked, and "Exclude" (confirmed) takes a record off the ticket's fees.
 */
export function RecordsCard({
  ticket,
  onStart,
  onContinue,
}: {
  ticket: CustomerTicket;
  /** Opens the record form; absent when the caller may not work checklists on this ticket now. */
  onStart?: () => void;
  /** Opens the record form on a draft of the ticket. */
  onContinue?: (recordId: string) => void;
}) {
  const { t } = useTranslation('customer-tickets');
  const records = useTicketRecords(ticket.id, true, ticket.kind);
  const price = usePriceLabels();
  const errorText = useTicketErrorText();
  const exclude = useExcludeRecord(ticket.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const mayExclude = ticket.allowedActions.includes('workChecklists');

  const excludeRecord = async (record: ChecklistRecord) => {
    setRefusal(null);
    try {
      await exclude.mutateAsync(record.id);
    } catch (error) {
      setRefusal(errorText(error));
    }
  };

  return (
    <Card
      title={t('records.title')}
      data-testid="ticket-records"
      extra={
        onStart && (
          <Button type="primary" size="large" icon={<PlusOutlined />} onClick={onStart}>
            {t('records.start')}
          </Button>
        )
      }
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          style={{ marginBottom: 12 }}
          title={refusal}
        />
      )}
      {records.error ? (
        <Alert type="error" showIcon title={t('records.loadFailed')} description={records.error.message} />
      ) : (
        <List<ChecklistRecord>
          loading={records.isPending}
          dataSource={records.data ?? []}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={onStart ? t('records.emptyStart') : t('records.empty')}
              />
            ),
          }}
          renderItem={(record) => (
            <List.Item
              data-testid="ticket-record"
              actions={[
                ...(onContinue && record.status === 'New'
                  ? [
                      <Button key="continue" size="large" icon={<EditOutlined />} onClick={() => onContinue(record.id)}>
                        {t('records.continue')}
                      </Button>,
                    ]
                  : []),
                ...(mayExclude && !record.excludedAt
                  ? [
                      <ConfirmButton
                        key="exclude"
                        size="large"
                        icon={<StopOutlined />}
                        mode="modal"
                        danger
                        title={t('records.excludeConfirm', { name: record.checklist.name })}
                        description={t('records.excludeExplain')}
                        okText={t('records.exclude')}
                        onConfirm={() => excludeRecord(record)}
                      >
                        {t('records.exclude')}
                      </ConfirmButton>,
                    ]
                  : []),
              ]}
            >
              <List.Item.Meta
                title={
                  <Space wrap>
                    <Link to={recordDetailUrl(record.id)}>{record.checklist.name}</Link>
                    <Tag color={record.status === 'Finish' ? 'success' : 'processing'}>
                      {t(`records.status.${record.status}`)}
                    </Tag>
                    {record.excludedAt && <Tag color="default">{t('records.excluded')}</Tag>}
                  </Space>
                }
                description={
                  <Flex gap={16} wrap>
                    <span>{record.creator?.name ?? ''}</span>
                    <span>
                      {record.finalizedAt
                        ? t('records.finalizedAt', { time: formatDateTime(record.finalizedAt) })
                        : t('records.updatedAt', { time: formatDateTime(record.updatedAt) })}
                    </span>
                    <span>{t('detail.minutes', { count: record.durationMinutes })}</span>
                    <span>
                      <PaperClipOutlined /> {record.attachmentCount}
                    </span>
                    {record.chargeTotal !== null && (
                      <Typography.Text strong delete={record.excludedAt !== null}>
                        {price.money(record.chargeTotal, record.currency)}
                      </Typography.Text>
                    )}
                  </Flex>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
