import { type ChecklistRecord, checklistRecordEndpoints, id } from '@fleetdesk/contracts';
import { Card, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { DetailPage, type DetailSection } from '../../../shared/ui/detail-page.tsx';
import { assetUrls } from '../../assets/urls.ts';
import { useRecord, useRecordAttachments } from '../api.ts';
import { AttachmentGallery } from '../components/attachment-gallery.tsx';
import { CostStatementCard } from '../components/cost-statement.card.tsx';
import { RecordGroups } from '../components/record-groups.tsx';
import { DurationText, RecordStatusTag } from '../components/record-status-tag.tsx';
import { ticketDetailUrl } from '../urls.ts';

/**
 * /checklist/record/detail/:checklistRecordId: one record — its asset, checklist, ticket, creator, finish time,
 * duration and comment; what was done per group and work item; the photos and videos; and, for read_cost, the cost
 * statement.
 */
export default function RecordDetailPage() {
  const { checklistRecordId = '' } = useParams();
  // An address that cannot name a record is "not found" without asking the server.
  if (!id.safeParse(checklistRecordId).success) return <DataMissing />;
  return <RecordDetail recordId={checklistRecordId} />;
}

function RecordDetail({ recordId }: { recordId: string }) {
  const { t } = useTranslation('checklist-records');
  const record = useRecord(recordId);
  const canReadCost = useCan(requirementOf(checklistRecordEndpoints.costStatement));
  const r = record.data;
  return (
    <DetailPage
      title={
        r ? (
          <Flex gap={12} align="center" wrap>
            <span>{t('detail.title', { assetNo: r.asset.no, checklist: r.checklist.name })}</span>
            <RecordStatusTag status={r.status} excluded={r.excludedAt !== null} />
          </Flex>
        ) : (
          t('detail.loading')
        )
      }
      documentTitle={r ? t('detail.title', { assetNo: r.asset.no, checklist: r.checklist.name }) : undefined}
      loading={record.isLoading}
      error={record.error}
      sections={r ? [headerSection(r, t)] : []}
    >
      {r && (
        <>
          <Card title={t('groups.title')}>
            <RecordGroups record={r} />
          </Card>
          <AttachmentsCard record={r} />
          {canReadCost && <CostStatementCard recordId={r.id} />}
        </>
      )}
    </DetailPage>
  );
}

function headerSection(
  r: ChecklistRecord,
  t: (key: string, values?: Record<string, unknown>) => string,
): DetailSection {
  return {
    key: 'header',
    items: [
      {
        key: 'asset',
        label: t('field.asset'),
        children: <Link to={assetUrls.detail(r.asset.no)}>{r.asset.no}</Link>,
      },
      { key: 'checklist', label: t('field.checklist'), children: r.checklist.name },
      {
        key: 'ticket',
        label: t('field.ticket'),
        children: r.ticket ? <Link to={ticketDetailUrl(r.ticket.id)}>{r.ticket.ticketNo}</Link> : '—',
      },
      { key: 'partner', label: t('field.partner'), children: r.partner.name },
      { key: 'site', label: t('field.site'), children: r.site?.name ?? '—' },
      { key: 'creator', label: t('field.creator'), children: r.creator?.name ?? '—' },
      {
        key: 'finalizedAt',
        label: t('field.finalizedAt'),
        children: r.finalizedAt ? formatDateTime(r.finalizedAt) : t('detail.notFinalized'),
      },
      { key: 'duration', label: t('field.duration'), children: <DurationText minutes={r.durationMinutes} /> },
      ...(r.excludedAt
        ? [{ key: 'excludedAt', label: t('field.excludedAt'), children: formatDateTime(r.excludedAt) }]
        : []),
      {
        key: 'comment',
        label: t('field.comment'),
        span: 'filled' as const,
        children: r.comment ? (
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{r.comment}</Typography.Paragraph>
        ) : (
          '—'
        ),
      },
    ],
  };
}

function AttachmentsCard({ record }: { record: ChecklistRecord }) {
  const { t } = useTranslation('checklist-records');
  const attachments = useRecordAttachments(record.id);
  const names = Object.fromEntries(record.groups.flatMap((g) => g.workItems.map((item) => [item.id, item.name])));
  return (
    <Card title={t('attachments.title')} data-testid="record-attachments">
      {attachments.isPending ? (
        <Spin />
      ) : attachments.isError ? (
        <Typography.Text type="danger">{t('attachments.loadFailed')}</Typography.Text>
      ) : (
        <AttachmentGallery recordId={record.id} attachments={attachments.data} workItemNames={names} />
      )}
    </Card>
  );
}
