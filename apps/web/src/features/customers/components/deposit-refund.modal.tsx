import type { CustomerDeposit, DepositRefundApplication } from '@fleetdesk/contracts';
import { Alert, App, Descriptions, Form, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { useRefundDeposit } from '../../deposits/api.ts';
import { depositRefusalOf } from '../../deposits/components/deposit-refusal.model.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { refundAmountOf } from './deposit-refund.model.ts';

const NOTE_MAX = 500;

interface RefundFormValues {
  quantity: number;
  note?: string;
}

/**
 * Refunds deposits of one partner and category that no asset needs: how many (1 to the refundable count) and an
 * optional note; the dialog shows what goes back before staff confirm. A refusal (the count changed meanwhile)
 * says how many can still be refunded.
 */
export function DepositRefundModal({
  customerId,
  customerName,
  deposit,
  onClose,
}: {
  customerId: string;
  customerName: string;
  /** The deposit row being refunded; null closes the dialog. */
  deposit: CustomerDeposit | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('deposits');
  const { message } = App.useApp();
  const { money } = usePriceLabels();
  const [form] = Form.useForm<RefundFormValues>();
  const quantity = Form.useWatch('quantity', form) ?? 1;
  const refund = useRefundDeposit(customerId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const refundable = deposit?.refundableQuantity ?? 0;
  const serverWords = (text: string) => t(`msg.${text}`, { defaultValue: text });

  const report = (application: DepositRefundApplication) => {
    const amount = money(application.amount, application.currency);
    if (application.refundStatus === 'Succeeded')
      void message.success(t('refund.done', { amount, name: customerName }));
    else if (application.refundStatus === 'Pending') void message.info(t('refund.pending', { amount }));
    else
      void message.warning(
        t('refund.unsettled', { amount, refunded: money(application.refundedAmount, application.currency) }),
      );
  };

  const submit = async (values: RefundFormValues) => {
    if (!deposit) return;
    setRefusal(null);
    try {
      const note = values.note?.trim();
      const application = await refund.mutateAsync({
        partnerId: deposit.partner.id,
        assetCategoryId: deposit.assetCategory.id,
        quantity: values.quantity,
        ...(note ? { note } : {}),
      });
      report(application);
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : null;
      if (fields) {
        form.setFields(
          Object.entries(fields)
            .filter(([name]) => name === 'quantity' || name === 'note')
            .map(([name, text]) => ({ name: name as keyof RefundFormValues, errors: [serverWords(text)] })),
        );
        return;
      }
      const found = depositRefusalOf(error);
      if (found?.code === 'NotFound') setRefusal(serverWords(found.message));
      if (found?.code !== 'NotRefundable') return;
      setRefusal(
        found.refundableQuantity === null
          ? t('refusal.notRefundable')
          : t('refusal.onlyRefundable', { count: found.refundableQuantity }),
      );
    }
  };

  return (
    <Modal
      open={deposit !== null}
      title={t('refund.title', { name: customerName })}
      onCancel={onClose}
      afterClose={() => setRefusal(null)}
      destroyOnHidden
      okText={t('refund.ok')}
      cancelText={t('action.close')}
      okButtonProps={{ loading: refund.isPending, disabled: refundable === 0 }}
      onOk={() => form.submit()}
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      {deposit && (
        <>
          <Descriptions
            size="small"
            column={1}
            style={{ marginTop: 16, marginBottom: 16 }}
            items={[
              { key: 'partner', label: t('field.partner'), children: deposit.partner.name },
              { key: 'category', label: t('field.category'), children: deposit.assetCategory.name },
              {
                key: 'paid',
                label: t('deposits.paid'),
                children: t('refund.paid', {
                  count: deposit.paidQuantity,
                  amount: money(deposit.paidAmount, deposit.currency),
                }),
              },
              { key: 'refundable', label: t('deposits.refundable'), children: refundable },
            ]}
          />
          <Form<RefundFormValues>
            form={form}
            layout="vertical"
            name="customer-deposit-refund"
            initialValues={{ quantity: 1 }}
            onFinish={submit}
          >
            <Form.Item
              name="quantity"
              label={t('refund.quantity')}
              extra={t('refund.quantityHint', { max: refundable })}
              rules={[
                { required: true, message: t('refund.quantityRequired') },
                {
                  type: 'integer',
                  min: 1,
                  max: Math.max(refundable, 1),
                  message: t('refund.quantityRange', { max: refundable }),
                },
              ]}
            >
              <InputNumber autoFocus min={1} max={Math.max(refundable, 1)} precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="note" label={t('refund.note')} rules={[{ max: NOTE_MAX }]}>
              <Input.TextArea rows={2} maxLength={NOTE_MAX} showCount />
            </Form.Item>
          </Form>
          <Alert
            type="info"
            showIcon
            data-testid="refund-summary"
            title={t('refund.summary', {
              count: quantity,
              amount: money(refundAmountOf(deposit, quantity), deposit.currency),
              name: customerName,
            })}
          />
        </>
      )}
    </Modal>
  );
}
