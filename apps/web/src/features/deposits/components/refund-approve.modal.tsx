import type { DepositRefundApplication } from '@fleetdesk/contracts';
import { Alert, App, Descriptions, Flex, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { useApproveApplications } from '../api.ts';
import { type DepositRefusal, depositRefusalOf } from './deposit-refusal.model.ts';
import { refundTotals } from './refund-application.model.ts';

/**
 * The refund confirmation (document 1 §2.5): what approving gives back — each application, then the customers,
 * deposits and money per currency — before $approve refunds it. A refusal is explained here and the list refreshed.
 */
export function RefundApproveModal({
  applications,
  open,
  onClose,
  onApproved,
  onNoLongerWaiting,
}: {
  applications: readonly DepositRefundApplication[];
  open: boolean;
  onClose: () => void;
  /** After a successful approval (the selection is spent). */
  onApproved: () => void;
  /** Ids the server says are no longer waiting: they leave the selection. */
  onNoLongerWaiting: (ids: string[]) => void;
}) {
  const { t } = useTranslation('deposits');
  const { message } = App.useApp();
  const { money } = usePriceLabels();
  const approve = useApproveApplications();
  const [refusal, setRefusal] = useState<{ refusal: DepositRefusal; names: string[] } | null>(null);
  const totals = refundTotals(applications);
  const nameOf = (id: string) => {
    const a = applications.find((row) => row.id === id);
    return a ? `${a.customer.name} (${a.assetCategory.name})` : id;
  };

  const submit = async () => {
    setRefusal(null);
    try {
      const approved = await approve.mutateAsync(applications.map((a) => a.id));
      const refunded = approved.filter((a) => a.refundStatus === 'Succeeded').length;
      if (refunded === approved.length) void message.success(t('approve.done', { count: approved.length }));
      else
        void message.warning(
          t('approve.doneUnsettled', { count: approved.length, refunded, unsettled: approved.length - refunded }),
        );
      onApproved();
    } catch (error) {
      const found = depositRefusalOf(error);
      if (!found) return;
      setRefusal({ refusal: found, names: found.code === 'ApplicationNotWaiting' ? found.ids.map(nameOf) : [] });
      if (found.code === 'ApplicationNotWaiting') onNoLongerWaiting(found.ids);
    }
  };

  return (
    <Modal
      open={open}
      title={t('approve.title')}
      onCancel={onClose}
      afterClose={() => setRefusal(null)}
      destroyOnHidden
      width={760}
      okText={t('approve.ok')}
      cancelText={t('action.close')}
      okButtonProps={{ loading: approve.isPending, disabled: applications.length === 0 }}
      onOk={submit}
    >
      <Flex vertical gap={16}>
        {refusal && <RefusalAlert refusal={refusal.refusal} names={refusal.names} />}
        <Table<DepositRefundApplication>
          rowKey="id"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content', y: 280 }}
          dataSource={[...applications]}
          locale={{ emptyText: t('approve.nothingLeft') }}
          aria-label={t('approve.title')}
          columns={[
            {
              key: 'customer',
              title: t('field.customer'),
              render: (_, a) => (
                <Flex vertical>
                  <span>{a.customer.name}</span>
                  <Typography.Text type="secondary">{a.customer.phoneNo}</Typography.Text>
                </Flex>
              ),
            },
            { key: 'partner', title: t('field.partner'), render: (_, a) => a.partner.name },
            { key: 'category', title: t('field.category'), render: (_, a) => a.assetCategory.name },
            { key: 'quantity', title: t('field.quantity'), align: 'right', dataIndex: 'quantity' },
            { key: 'amount', title: t('field.amount'), align: 'right', render: (_, a) => money(a.amount, a.currency) },
          ]}
        />
        <Descriptions
          size="small"
          bordered
          column={1}
          data-testid="refund-totals"
          items={[
            { key: 'customers', label: t('approve.customers'), children: totals.customers },
            { key: 'quantity', label: t('approve.deposits'), children: totals.quantity },
            {
              key: 'amounts',
              label: t('approve.total'),
              children: (
                <Flex vertical>
                  {totals.amounts.map((a) => (
                    <Typography.Text strong key={a.currency}>
                      {money(a.amount, a.currency)}
                    </Typography.Text>
                  ))}
                </Flex>
              ),
            },
          ]}
        />
        <Typography.Text type="secondary">{t('approve.hint')}</Typography.Text>
      </Flex>
    </Modal>
  );
}

/**
 * A refusal of $approve or $cancel in words: which applications were left out, how many deposits are left, or the
 * server's own words for a record that is gone. The list behind the dialog was read again in every case.
 */
export function RefusalAlert({ refusal, names }: { refusal: DepositRefusal; names: readonly string[] }) {
  const { t } = useTranslation('deposits');
  if (refusal.code === 'ApplicationNotWaiting')
    return (
      <Alert
        type="warning"
        showIcon
        title={t('refusal.notWaiting', { count: Math.max(names.length, 1) })}
        description={names.length > 0 ? names.join(', ') : undefined}
      />
    );
  if (refusal.code === 'NotFound')
    return (
      <Alert
        type="warning"
        showIcon
        title={t(`msg.${refusal.message}`, { defaultValue: refusal.message })}
        description={t('refusal.refreshed')}
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      title={t('refusal.notRefundableApproval')}
      description={
        refusal.refundableQuantity === null
          ? undefined
          : t('refusal.refundableNow', { count: refusal.refundableQuantity })
      }
    />
  );
}
