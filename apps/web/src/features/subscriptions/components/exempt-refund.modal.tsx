import { Alert, App, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { refusalFields } from '../../../shared/http.ts';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { useExemptRefund, useOrderTrades } from '../api.ts';
import {
  adjustableTrades,
  adjustmentMax,
  adjustmentOf,
  type ExemptRefundValues,
  exemptRefundBodyOf,
} from './exempt-refund.model.ts';
import { type OrderDialogProps, useDialogRefusal } from './order-dialog.tsx';

const REASON_MAX = 500;
/** The trades offered: the newest hundred (a trade older than that is found on the trade list's page). */
const tradesQuery = { pageNo: 1, pageSize: 100 };

/**
 * Exempts part of a trade still to pay or refunds part of a paid one: the trade is picked first, which decides which
 * of the two it is and how much is left; the server checks again and its refusal lands on the amount.
 */
export function ExemptRefundModal({ order, open, onClose }: OrderDialogProps) {
  const { t } = useTranslation('subscriptions');
  const { message } = App.useApp();
  const price = usePriceLabels();
  const money = (amount: number) => price.money(amount, order.currency);
  const trades = useOrderTrades(order.id, tradesQuery, open);
  const mutation = useExemptRefund(order.id);
  const [form] = Form.useForm<ExemptRefundValues>();
  const refusal = useDialogRefusal(open, () => form.resetFields());
  const offered = adjustableTrades(trades.data?.data ?? []);
  const tradeId = Form.useWatch('tradeId', form);
  const trade = offered.find((tr) => tr.id === tradeId);
  const adjustment = trade ? adjustmentOf(trade) : null;

  const submit = async () => {
    refusal.clear();
    const values = form.getFieldsValue(true) as ExemptRefundValues;
    const checked = exemptRefundBodyOf(values, trade, (max) => t('exemptRefund.tooMuch', { max: money(max) }));
    if (!checked.ok) {
      form.setFields(
        checked.issues.map((i) => ({ name: i.path as never, errors: [translateValidationMessage(i.message)] })),
      );
      return;
    }
    try {
      await mutation.mutateAsync(checked.body);
      void message.success(t(checked.body.refundAmount ? 'exemptRefund.refunded' : 'exemptRefund.exempted'));
      onClose();
    } catch (error) {
      const fields = refusalFields(error);
      if (fields) {
        form.setFields(
          Object.entries(fields).map(([name, text]) => {
            const amount = name === 'exemptAmount' || name === 'refundAmount';
            // "At most 12.50 is still to pay": another change came first; said again with the order's currency.
            const most = amount ? /^At most ([\d.]+)/.exec(text) : null;
            return {
              name: (amount ? 'amount' : name) as never,
              errors: [
                most ? t('exemptRefund.tooMuch', { max: money(Number(most[1])) }) : translateValidationMessage(text),
              ],
            };
          }),
        );
      } else refusal.show(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('exemptRefund.title', { no: order.no })}
      okText={t(adjustment === 'refund' ? 'exemptRefund.confirmRefund' : 'exemptRefund.confirmExempt')}
      cancelText={t('action.cancel')}
      okButtonProps={{ loading: mutation.isPending, disabled: !trade }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {refusal.alert}
      {!trades.isPending && offered.length === 0 && (
        <Alert type="info" showIcon title={t('exemptRefund.nothing')} style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        layout="vertical"
        name="subscription-exempt-refund"
        onFinish={() => void submit()}
        onValuesChange={(changed: ExemptRefundValues) =>
          form.setFields(Object.keys(changed).map((name) => ({ name: name as never, errors: [] })))
        }
      >
        <Form.Item name="tradeId" label={t('exemptRefund.trade')} required>
          <Select
            loading={trades.isPending}
            aria-label={t('exemptRefund.trade')}
            options={offered.map((tr) => ({
              value: tr.id,
              label: `#${tr.period.sequence} · ${t(`feeType.${tr.feeType}`)} · ${t(`tradeState.${tr.state}`)} · ${money(tr.amount)}`,
            }))}
          />
        </Form.Item>
        {trade && (
          <Typography.Paragraph type="secondary" data-testid="exempt-refund-max">
            {t(adjustment === 'refund' ? 'exemptRefund.maxRefund' : 'exemptRefund.maxExempt', {
              max: money(adjustmentMax(trade)),
            })}
          </Typography.Paragraph>
        )}
        <Form.Item
          name="amount"
          label={t(adjustment === 'refund' ? 'exemptRefund.refundAmount' : 'exemptRefund.exemptAmount')}
          required
        >
          <InputNumber<number>
            min={0}
            step={1}
            precision={2}
            prefix={order.currency}
            disabled={!trade}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item name="reason" label={t('exemptRefund.reason')} required>
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
