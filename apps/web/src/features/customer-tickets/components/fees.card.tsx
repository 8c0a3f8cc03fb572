import { DollarOutlined, EditOutlined, MailOutlined, ReloadOutlined } from '@ant-design/icons';
import { type CustomerTicket, customerTicketEndpoints, subscriptionTicketEndpoints } from '@fleetdesk/contracts';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { isApiError } from '../../../shared/http.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { subscriptionUrls } from '../../subscriptions/urls.ts';
import { useChargeTicket, useEditTicketCharge, useExemptOrRefund, useSendInvoice } from '../api.ts';
import { useTicketErrorText } from './ticket-error.ts';
import { chargeStateOf, exemptRefundMax } from './ticket-status.model.ts';

const paymentColors: Record<string, string> = { Succeeded: 'success', Failed: 'error', Pending: 'processing' };

/**
 * Fees and payments: the service fee of the finalized records, what was paid, what is owed, what was exempted or
 * refunded and why; every payment attempt with its failure in words; "Charge again" (once per 24 h, with the time it
 * opens again) and the exempt-or-refund dialog for those allowed.
 */
export function FeesCard({
  ticket,
  exemptOpen,
  onExempt,
}: {
  ticket: CustomerTicket;
  exemptOpen: boolean;
  onExempt: (open: boolean) => void;
}) {
  const { t } = useTranslation('customer-tickets');
  const { message } = App.useApp();
  const price = usePriceLabels();
  const errorText = useTicketErrorText();
  const charge = useChargeTicket(ticket.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const money = (amount: number) => price.money(amount, ticket.currency);
  const b2b = ticket.kind === 'b2b';
  // A B2B fee is billed to the subscription order as a trade: never charged to a card from here.
  const mayCharge = useCan(requirementOf(customerTicketEndpoints.charge)) && !b2b;
  const chargeState = chargeStateOf(ticket, mayCharge, Date.now());
  const canAdjust =
    useCan(requirementOf(b2b ? subscriptionTicketEndpoints.exemptOrRefund : customerTicketEndpoints.exemptOrRefund)) &&
    ticket.allowedActions.includes('exemptOrRefund');
  const canEditCharge = b2b && ticket.allowedActions.includes('editCharge');
  const [editingCharge, setEditingCharge] = useState(false);

  const chargeAgain = async () => {
    setRefusal(null);
    try {
      const after = await charge.mutateAsync(undefined);
      void message.info(after.owed > 0 ? t('fees.stillOwed', { amount: money(after.owed) }) : t('fees.charged'));
    } catch (error) {
      const retryAt =
        isApiError(error) && typeof (error.data as { retryAt?: unknown } | null)?.retryAt === 'string'
          ? (error.data as { retryAt: string }).retryAt
          : null;
      setRefusal(retryAt ? t('fees.chargeOpensAt', { time: formatDateTime(retryAt) }) : errorText(error));
    }
  };

  const lastFailure = [...ticket.payments].reverse().find((p) => p.kind === 'charge' && p.status === 'Failed');

  return (
    // The actions sit in the body, not the title bar: in the detail's narrow column they would squeeze the title.
    <Card title={t('fees.title')} data-testid="ticket-fees">
      {(chargeState.offered || canEditCharge || canAdjust) && (
        <Flex gap={8} wrap style={{ marginBottom: 12 }}>
          {chargeState.offered && (
            <Button
              size="large"
              icon={<ReloadOutlined />}
              disabled={chargeState.opensAt !== null}
              loading={charge.isPending}
              onClick={() => void chargeAgain()}
            >
              {t('action.charge')}
            </Button>
          )}
          {canEditCharge && (
            <Button
              size="large"
              icon={<EditOutlined />}
              data-testid="edit-charge"
              onClick={() => setEditingCharge(true)}
            >
              {t('action.editCharge')}
            </Button>
          )}
          {canAdjust && (
            <Button size="large" icon={<DollarOutlined />} onClick={() => onExempt(true)}>
              {t('action.exemptOrRefund')}
            </Button>
          )}
        </Flex>
      )}
      {b2b && <ServiceTradeLine ticket={ticket} />}
      <Descriptions
        size="small"
        column={{ xs: 2, sm: 4, xl: 2 }}
        items={[
          {
            key: 'serviceFee',
            label: t('fees.serviceFee'),
            children: ticket.serviceFee === null ? t('fees.notYet') : money(ticket.serviceFee),
          },
          { key: 'paid', label: t('fees.paid'), children: <span data-testid="fee-paid">{money(ticket.paid)}</span> },
          {
            key: 'owed',
            label: t('fees.owed'),
            children: (
              <Typography.Text type={ticket.owed > 0 ? 'danger' : undefined} strong data-testid="fee-owed">
                {money(ticket.owed)}
              </Typography.Text>
            ),
          },
          {
            key: 'exempt',
            label: t('fees.exemptRefund'),
            children:
              ticket.exemptRefundAmount > 0
                ? `${money(ticket.exemptRefundAmount)}${ticket.exemptRefundReason ? ` · ${ticket.exemptRefundReason}` : ''}`
                : '—',
          },
        ]}
      />
      {chargeState.offered && chargeState.opensAt && (
        <Typography.Paragraph type="secondary" data-testid="charge-opens">
          {t('fees.chargeOpensAt', { time: formatDateTime(chargeState.opensAt) })}
        </Typography.Paragraph>
      )}
      {ticket.owed > 0 && lastFailure && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="charge-failed"
          title={t('fees.lastFailed', { time: formatDateTime(lastFailure.createdAt) })}
          description={paymentFailureText(t, lastFailure)}
        />
      )}
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          style={{ marginBottom: 16 }}
          data-testid="charge-refusal"
          title={refusal}
        />
      )}
      {ticket.payments.length > 0 && (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={ticket.payments}
          data-testid="ticket-payments"
          columns={[
            { key: 'at', title: t('fees.at'), render: (_, p) => formatDateTime(p.createdAt) },
            { key: 'kind', title: t('fees.kind'), render: (_, p) => t(`paymentKind.${p.kind}`) },
            { key: 'amount', title: t('fees.amount'), align: 'right', render: (_, p) => money(p.amount) },
            {
              key: 'status',
              title: t('field.status'),
              render: (_, p) => (
                <Tag color={paymentColors[p.status] ?? 'default'}>
                  {t(`paymentStatus.${p.status}`, { defaultValue: p.status })}
                </Tag>
              ),
            },
            { key: 'method', title: t('fees.method'), render: (_, p) => p.paymentMethod ?? '' },
            {
              key: 'failure',
              title: t('fees.failure'),
              render: (_, p) => (p.status === 'Failed' ? paymentFailureText(t, p) : ''),
            },
          ]}
        />
      )}
      {ticket.adjustments.length > 0 && (
        <Flex vertical gap={4} style={{ marginTop: 12 }} data-testid="ticket-adjustments">
          {ticket.adjustments.map((a) => (
            <Typography.Text key={a.id} type="secondary">
              {t(`adjustment.${a.kind}`, {
                amount: money(a.amount),
                reason: a.reason,
                user: a.user?.name ?? '—',
                time: formatDateTime(a.createdAt),
              })}
            </Typography.Text>
          ))}
        </Flex>
      )}
      {canAdjust && <ExemptRefundModal ticket={ticket} open={exemptOpen} onClose={() => onExempt(false)} />}
      {canEditCharge && (
        <EditChargeModal ticket={ticket} open={editingCharge} onClose={() => setEditingCharge(false)} />
      )}
    </Card>
  );
}

/**
 * B2B: where the fee stands on the subscription order — billed as a `service` trade in a state (owed, charged,
 * paid…), or not billed yet — and a link to the order's trades, instead of card payments and an invoice.
 */
export function ServiceTradeLine({ ticket }: { ticket: CustomerTicket }) {
  const { t } = useTranslation('customer-tickets');
  const order = ticket.subscriptionOrder;
  if (!order) return null;
  const state = ticket.serviceTrade?.state;
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} data-testid="service-trade">
      <Typography.Text data-trade-state={state ?? 'none'}>
        {state ? t(`fees.trade.${state}`, { orderNo: order.orderNo }) : t('fees.notBilled', { orderNo: order.orderNo })}
      </Typography.Text>
      <Link to={subscriptionUrls('order').trade(order.id)} data-testid="order-trades-link">
        {t('fees.orderTrades')}
      </Link>
    </Flex>
  );
}

/** B2B: the operator changes the fee billed to the subscription (0 bills nothing), with a reason, before it is charged. */
function EditChargeModal({ ticket, open, onClose }: { ticket: CustomerTicket; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('customer-tickets');
  const { message, modal } = App.useApp();
  const price = usePriceLabels();
  const errorText = useTicketErrorText();
  const mutation = useEditTicketCharge(ticket.id);
  const [form] = Form.useForm<{ amount?: number; reason?: string }>();
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async () => {
    setRefusal(null);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const amount = values.amount ?? 0;
    const confirmed = await modal.confirm({
      title: t('editCharge.confirm', { amount: price.money(amount, ticket.currency) }),
      okText: t('action.editCharge'),
      cancelText: t('action.cancel'),
    });
    if (!confirmed) return;
    try {
      await mutation.mutateAsync({ amount, reason: (values.reason ?? '').trim() });
      void message.success(t('editCharge.done'));
      form.resetFields();
      onClose();
    } catch (error) {
      setRefusal(errorText(error));
    }
  };

  return (
    <Modal
      open={open}
      title={t('editCharge.title', { ticketNo: ticket.ticketNo })}
      okText={t('action.save')}
      cancelText={t('action.cancel')}
      okButtonProps={{ loading: mutation.isPending, size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="ticket-edit-charge"
        size="large"
        initialValues={{ amount: ticket.serviceFee ?? undefined }}
        onFinish={() => void submit()}
      >
        {refusal && (
          <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="edit-charge-refusal" />
        )}
        <Typography.Paragraph type="secondary">{t('editCharge.explain')}</Typography.Paragraph>
        <Form.Item
          name="amount"
          label={t('fees.amount')}
          rules={[{ required: true, message: t('exempt.amountRequired') }]}
        >
          <InputNumber<number> min={0} step={1} precision={2} prefix={ticket.currency} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('exempt.reason')}
          rules={[{ required: true, whitespace: true, message: t('exempt.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** A failed attempt in words: the provider's decline code when the console knows it, else its message. */
function paymentFailureText(t: Translate, payment: CustomerTicket['payments'][number]): string {
  const fallback = payment.failureMessage ?? payment.failureCode ?? t('error.unknown');
  return payment.failureCode ? t(`decline.${payment.failureCode}`, { defaultValue: fallback }) : fallback;
}

interface ExemptRefundValues {
  kind: 'exempt' | 'refund';
  amount?: number;
  reason?: string;
}

/**
 * Exempts part of what is owed or refunds part of what was paid: never more than that (document 1 §7.7). The
 * server decides which it is from what the ticket holds; the console offers the kind that applies and its maximum.
 */
function ExemptRefundModal({ ticket, open, onClose }: { ticket: CustomerTicket; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('customer-tickets');
  const { message } = App.useApp();
  const price = usePriceLabels();
  const errorText = useTicketErrorText();
  const mutation = useExemptOrRefund(ticket.id);
  const [form] = Form.useForm<ExemptRefundValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const max = exemptRefundMax(ticket);
  const kind = Form.useWatch('kind', form) ?? (max.exempt > 0 ? 'exempt' : 'refund');
  const most = kind === 'exempt' ? max.exempt : max.refund;
  const money = (amount: number) => price.money(amount, ticket.currency);

  const submit = async () => {
    setRefusal(null);
    const values = await form.validateFields();
    try {
      await mutation.mutateAsync({ amount: values.amount ?? 0, reason: (values.reason ?? '').trim() });
      void message.success(
        t(kind === 'exempt' ? 'exempt.exempted' : 'exempt.refunded', { amount: money(values.amount ?? 0) }),
      );
      form.resetFields();
      onClose();
    } catch (error) {
      setRefusal(errorText(error));
    }
  };

  return (
    <Modal
      open={open}
      title={t('exempt.title', { ticketNo: ticket.ticketNo })}
      okText={t('exempt.confirm')}
      cancelText={t('action.cancel')}
      okButtonProps={{ loading: mutation.isPending, disabled: most <= 0, size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="ticket-exempt-refund"
        size="large"
        initialValues={{ kind: max.exempt > 0 ? 'exempt' : 'refund' }}
        onFinish={() => void submit()}
      >
        {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
        <Form.Item name="kind" label={t('exempt.kind')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'exempt', label: t('exempt.exempt'), disabled: max.exempt <= 0 },
              { value: 'refund', label: t('exempt.refund'), disabled: max.refund <= 0 },
            ]}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary" data-testid="exempt-max">
          {t(kind === 'exempt' ? 'exempt.maxExempt' : 'exempt.maxRefund', { max: money(most) })}
        </Typography.Paragraph>
        <Form.Item
          name="amount"
          label={t('fees.amount')}
          rules={[
            { required: true, message: t('exempt.amountRequired') },
            {
              validator: (_, value?: number) =>
                value === undefined || (value > 0 && value <= most)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('exempt.amountRange', { max: money(most) }))),
            },
          ]}
        >
          <InputNumber<number> min={0} step={1} precision={2} prefix={ticket.currency} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('exempt.reason')}
          rules={[{ required: true, whitespace: true, message: t('exempt.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The ticket's invoice: number, amounts, tax group and whether it reached the customer by e-mail. */
export function InvoiceCard({ ticket }: { ticket: CustomerTicket }) {
  const { t } = useTranslation('customer-tickets');
  const { message } = App.useApp();
  const price = usePriceLabels();
  const errorText = useTicketErrorText();
  const send = useSendInvoice(ticket.id);
  const canSend = useCan(requirementOf(customerTicketEndpoints.sendInvoice));
  const [refusal, setRefusal] = useState<string | null>(null);
  const invoice = ticket.invoice;
  if (!invoice) return null;
  const sendAgain = async () => {
    setRefusal(null);
    try {
      await send.mutateAsync(undefined);
      void message.success(t('invoice.resent'));
    } catch (error) {
      setRefusal(errorText(error));
    }
  };
  const money = (amount: number) => price.money(amount, invoice.currency);
  const emailColor = { pending: 'processing', sent: 'success', failed: 'error' } as const;
  return (
    <Card title={t('invoice.title')} data-testid="ticket-invoice">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'no', label: t('invoice.no'), children: <span data-testid="invoice-no">{invoice.invoiceNo}</span> },
          { key: 'issuedAt', label: t('invoice.issuedAt'), children: formatDateTime(invoice.issuedAt) },
          {
            key: 'email',
            label: t('invoice.email'),
            children: (
              <Tag color={emailColor[invoice.emailStatus]} icon={<MailOutlined />}>
                {t(`invoice.emailStatus.${invoice.emailStatus}`)}
              </Tag>
            ),
          },
          { key: 'net', label: t('invoice.net'), children: money(invoice.net) },
          { key: 'tax', label: t('invoice.tax'), children: money(invoice.tax) },
          { key: 'gross', label: t('invoice.gross'), children: <strong>{money(invoice.gross)}</strong> },
          ...(invoice.taxGroupName
            ? [{ key: 'taxGroup', label: t('invoice.taxGroup'), children: invoice.taxGroupName }]
            : []),
        ]}
      />
      {invoice.emailStatus === 'failed' && (
        <Alert
          type="warning"
          showIcon
          title={refusal ?? t('error.TicketSendInvoiceFailed')}
          style={{ marginTop: 12 }}
          action={
            canSend ? (
              <Button icon={<MailOutlined />} loading={send.isPending} onClick={() => void sendAgain()}>
                {t('invoice.resend')}
              </Button>
            ) : undefined
          }
        />
      )}
      <Table
        size="small"
        rowKey={(_, index) => String(index)}
        pagination={false}
        scroll={{ x: 'max-content' }}
        style={{ marginTop: 12 }}
        dataSource={invoice.lines}
        columns={[
          { key: 'description', title: t('invoice.line'), dataIndex: 'description' },
          { key: 'quantity', title: t('invoice.quantity'), dataIndex: 'quantity', align: 'right' },
          { key: 'net', title: t('invoice.net'), align: 'right', render: (_, l) => money(l.net) },
          {
            key: 'taxRate',
            title: t('invoice.taxRate'),
            align: 'right',
            render: (_, l) => (l.taxRate === null ? '' : price.percent(l.taxRate)),
          },
          { key: 'tax', title: t('invoice.tax'), align: 'right', render: (_, l) => money(l.tax) },
          { key: 'gross', title: t('invoice.gross'), align: 'right', render: (_, l) => money(l.gross) },
        ]}
      />
    </Card>
  );
}
