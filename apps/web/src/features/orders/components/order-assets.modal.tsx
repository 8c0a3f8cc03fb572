import type { OrderAssetRecord } from '@fleetdesk/contracts';
import { Alert, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { assetUrls } from '../../assets/urls.ts';
import { useOrderAssetRecords } from '../api.ts';
import { DetailTable } from './detail-table.tsx';
import { LeaseStatusTag } from './order-status-tag.tsx';

const unlockColors: Record<string, string> = { successful: 'success', pending: 'processing' };

/**
 * The order's assets over time (document 1 §2.5 "assets-history modal"), oldest first: which asset, when it was
 * unlocked, submitted for return and returned, and what the device answered to the unlock.
 */
export function OrderAssetsModal({ orderId, open, onClose }: { orderId: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const records = useOrderAssetRecords(orderId, open);
  const time = (value: string | null) => (value ? formatDateTime(value) : '—');

  return (
    <Modal open={open} title={t('assets.title')} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      {records.isError ? (
        <Alert type="error" showIcon title={t('assets.failed')} />
      ) : (
        <DetailTable<OrderAssetRecord>
          loading={records.isLoading}
          dataSource={records.data ?? []}
          empty={t('assets.none')}
          data-testid="order-asset-records"
          columns={[
            {
              key: 'assetNo',
              title: t('field.asset'),
              render: (_, r) => <Link to={assetUrls.detail(r.assetNo)}>{r.assetNo}</Link>,
            },
            { key: 'status', title: t('field.leaseStatus'), render: (_, r) => <LeaseStatusTag status={r.status} /> },
            { key: 'startedAt', title: t('assets.startedAt'), render: (_, r) => time(r.startedAt) },
            {
              key: 'returnSubmittedAt',
              title: t('assets.returnSubmittedAt'),
              render: (_, r) => time(r.returnSubmittedAt),
            },
            { key: 'returnedAt', title: t('assets.returnedAt'), render: (_, r) => time(r.returnedAt) },
            {
              key: 'unlock',
              title: t('assets.unlock'),
              render: (_, r) =>
                r.unlock ? (
                  <span>
                    <Tag color={unlockColors[r.unlock.status] ?? 'error'}>
                      {t(`assets.unlockStatus.${r.unlock.status}`, { defaultValue: r.unlock.status })}
                    </Tag>
                    {r.unlock.failedReason && <Typography.Text type="danger">{r.unlock.failedReason}</Typography.Text>}
                  </span>
                ) : (
                  <Typography.Text type="secondary">{t('assets.noDevice')}</Typography.Text>
                ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
