import type {
  DepositRefundApplicationStatus,
  DepositRefundStatus,
  DepositTransaction,
  PaymentRefundState,
} from '@fleetdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const applicationColors: Record<DepositRefundApplicationStatus, string> = {
  Waiting: 'gold',
  Approved: 'green',
  Canceled: 'default',
};

/** Document 2 §4: an application waits for review, then is approved or canceled. */
export function ApplicationStatusTag({ status }: { status: DepositRefundApplicationStatus }) {
  const { t } = useTranslation('deposits');
  return <Tag color={applicationColors[status]}>{t(`applicationStatus.${status}`)}</Tag>;
}

const refundColors: Record<DepositRefundStatus, string> = {
  Pending: 'processing',
  Succeeded: 'success',
  PartialSucceeded: 'warning',
  Failed: 'error',
};

/** How much of an approved application the provider gave back; absent before approval. */
export function RefundStatusTag({ status }: { status: DepositRefundStatus | null }) {
  const { t } = useTranslation('deposits');
  if (!status) return null;
  return <Tag color={refundColors[status]}>{t(`refundStatus.${status}`)}</Tag>;
}

type TransactionStatus = DepositTransaction['status'];
const transactionColors: Record<TransactionStatus, string> = {
  Pending: 'processing',
  Succeeded: 'success',
  Failed: 'error',
};

/**
 * Document 2 §4 "Customer transaction": Pending, Succeeded, Failed; a deposit payment some or all of which was
 * given back says so instead (Stripe's words).
 */
export function TransactionStatusTag({
  status,
  refundState = null,
}: {
  status: TransactionStatus;
  refundState?: PaymentRefundState | null;
}) {
  const { t } = useTranslation('deposits');
  if (refundState)
    return (
      <Tag color={refundState === 'Refunded' ? 'default' : 'warning'} data-status={refundState}>
        {t(`transactionStatus.${refundState}`)}
      </Tag>
    );
  return (
    <Tag color={transactionColors[status]} data-status={status}>
      {t(`transactionStatus.${status}`)}
    </Tag>
  );
}
