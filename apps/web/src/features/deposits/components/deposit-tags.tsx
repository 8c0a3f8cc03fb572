import type { DepositRefundApplicationStatus, DepositRefundStatus, DepositTransaction } from '@fleetdesk/contracts';
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

/** Document 2 §4 "Customer transaction": Pending, Succeeded, Failed. */
export function TransactionStatusTag({ status }: { status: TransactionStatus }) {
  const { t } = useTranslation('deposits');
  return <Tag color={transactionColors[status]}>{t(`transactionStatus.${status}`)}</Tag>;
}
