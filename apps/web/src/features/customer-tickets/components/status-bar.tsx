import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  FlagOutlined,
  LoginOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
} from '@ant-design/icons';
import {
  type CustomerTicket,
  customerTicketEndpoints,
  subscriptionTicketEndpoints,
  type TicketStatusAction,
  ticketPauseReasons,
} from '@fleetdesk/contracts';
import { Alert, Button, Card, Flex, Form, Input, Modal, Select, Steps, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { useStatusAction } from '../api.ts';
import { useTicketKind } from '../ticket-kind.tsx';
import type { TicketDialog } from '../urls.ts';
import { CenterSelect } from './center-select.tsx';
import { useTicketErrorText } from './ticket-error.ts';
import { type StatusButton, statusBarOf, statusButtonsOf, statusSteps } from './ticket-status.model.ts';

const icons: Record<TicketStatusAction, ReactNode> = {
  checkIn: <LoginOutlined />,
  start: <PlayCircleOutlined />,
  resume: <PlayCircleOutlined />,
  pause: <PauseCircleOutlined />,
  finish: <FlagOutlined />,
  complete: <CheckCircleOutlined />,
  fail: <CloseCircleOutlined />,
};
/** Actions that ask something first (a reason, or a confirmation that the card will be charged). */
const withDialog: Partial<Record<TicketStatusAction, TicketDialog>> = {
  pause: 'pause',
  fail: 'fail',
  finish: 'finish',
};
const primary = new Set<TicketStatusAction>(['checkIn', 'start', 'resume', 'finish', 'complete']);

/**
 * The workbench's status bar: where the ticket stands (New → Checked-in → Processing/Paused → Ready → Completed,
 * Unsuccessful in red where it stopped) and, as large touch buttons, only the actions the server allows this caller
 * now. Pause asks a reason of document 2 and a note, fail a reason; finish confirms and says the card is charged.
 */
export function StatusBar({
  ticket,
  dialog,
  onDialog,
}: {
  ticket: CustomerTicket;
  dialog: TicketDialog | undefined;
  onDialog: (dialog: TicketDialog | undefined) => void;
}) {
  const { t } = useTranslation('customer-tickets');
  const errorText = useTicketErrorText();
  const { kind } = useTicketKind();
  const mayComplete = useCan(
    requirementOf(kind === 'b2b' ? subscriptionTicketEndpoints.complete : customerTicketEndpoints.complete),
  );
  const action = useStatusAction(ticket.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const bar = statusBarOf(ticket);
  const buttons = statusButtonsOf(ticket, mayComplete);

  const run = async (name: TicketStatusAction, body?: unknown) => {
    setRefusal(null);
    try {
      await action.mutateAsync({ action: name, body });
      onDialog(undefined);
      return true;
    } catch (error) {
      setRefusal(errorText(error));
      return false;
    }
  };

  const press = (button: StatusButton) => {
    // A B2B check-in names the service centre the asset is brought to.
    const asks = kind === 'b2b' && button.action === 'checkIn' ? 'checkIn' : withDialog[button.action];
    if (asks) onDialog(asks);
    else void run(button.action);
  };

  const stepTitle = (step: (typeof statusSteps)[number], index: number) => {
    if (ticket.status === 'unsuccessful' && index === bar.current) return t('status.unsuccessful');
    if (step === 'working') return t(`status.${bar.workingLabel}`);
    return t(`status.${step}`);
  };

  return (
    <Card data-testid="status-bar">
      <Steps
        current={bar.current}
        status={bar.state}
        responsive={false}
        size="small"
        items={statusSteps.map((step, index) => ({ key: step, title: stepTitle(step, index) }))}
      />
      {ticket.status === 'paused' && ticket.pauseReason && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 16 }}
          data-testid="pause-reason"
          title={t('detail.pausedBecause', { reason: t(`pauseReason.${ticket.pauseReason}`) })}
          description={ticket.pauseNote ?? undefined}
        />
      )}
      {ticket.status === 'unsuccessful' && ticket.failReason && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          title={t('detail.failedBecause', { reason: ticket.failReason })}
        />
      )}
      {buttons.length > 0 && (
        <Flex gap={12} wrap style={{ marginTop: 16 }} data-testid="status-actions">
          {buttons.map((button) => (
            <Tooltip key={button.action} title={button.disabledReason ? t('detail.completeOwed') : undefined}>
              <Button
                size="large"
                style={{ minHeight: 48, minWidth: 132 }}
                type={primary.has(button.action) ? 'primary' : 'default'}
                danger={button.action === 'fail'}
                icon={icons[button.action]}
                disabled={button.disabledReason !== null}
                loading={action.isPending && action.variables?.action === button.action}
                onClick={() => press(button)}
              >
                {t(`action.${button.action}`)}
              </Button>
            </Tooltip>
          ))}
        </Flex>
      )}
      {buttons.some((b) => b.disabledReason === 'owedFee') && (
        <Typography.Paragraph type="warning" style={{ marginTop: 8, marginBottom: 0 }} data-testid="complete-blocked">
          {t('detail.completeOwed')}
        </Typography.Paragraph>
      )}
      {refusal && dialog === undefined && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          style={{ marginTop: 16 }}
          data-testid="action-refusal"
          title={refusal}
        />
      )}
      <PauseModal
        open={dialog === 'pause'}
        loading={action.isPending}
        refusal={refusal}
        onCancel={() => onDialog(undefined)}
        onSubmit={(body) => run('pause', body)}
      />
      <FailModal
        open={dialog === 'fail'}
        loading={action.isPending}
        refusal={refusal}
        onCancel={() => onDialog(undefined)}
        onSubmit={(body) => run('fail', body)}
      />
      <CheckInModal
        open={dialog === 'checkIn'}
        loading={action.isPending}
        refusal={refusal}
        onCancel={() => onDialog(undefined)}
        onSubmit={(body) => run('checkIn', body)}
      />
      <FinishModal
        ticket={ticket}
        open={dialog === 'finish'}
        loading={action.isPending}
        refusal={refusal}
        onCancel={() => onDialog(undefined)}
        onSubmit={() => run('finish')}
      />
    </Card>
  );
}

interface ReasonModalProps<B> {
  open: boolean;
  loading: boolean;
  refusal: string | null;
  onCancel: () => void;
  onSubmit: (body: B) => Promise<boolean>;
}

/** Pausing needs one of document 2's pause reasons; a note says more (which part is awaited). */
function PauseModal(props: ReasonModalProps<{ pauseReason: string; note?: string }>) {
  const { t } = useTranslation('customer-tickets');
  const [form] = Form.useForm<{ pauseReason: string; note?: string }>();
  const submit = async () => {
    const values = await form.validateFields();
    const note = values.note?.trim();
    if (await props.onSubmit({ pauseReason: values.pauseReason, ...(note ? { note } : {}) })) form.resetFields();
  };
  return (
    <Modal
      open={props.open}
      title={t('pause.title')}
      okText={t('action.pause')}
      cancelText={t('action.cancel')}
      okButtonProps={{ loading: props.loading, size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      onOk={() => void submit()}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="ticket-pause" size="large" onFinish={() => void submit()}>
        {props.refusal && <Alert type="error" showIcon title={props.refusal} style={{ marginBottom: 16 }} />}
        <Form.Item
          name="pauseReason"
          label={t('field.pauseReason')}
          rules={[{ required: true, message: t('pause.reasonRequired') }]}
        >
          <Select
            aria-label={t('field.pauseReason')}
            options={ticketPauseReasons.map((r) => ({ value: r, label: t(`pauseReason.${r}`) }))}
          />
        </Form.Item>
        <Form.Item name="note" label={t('pause.note')}>
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** B2B check-in: the service centre the asset is brought to (the B2B ticket names none until then). */
function CheckInModal(props: ReasonModalProps<{ centerSiteId: string }>) {
  const { t } = useTranslation('customer-tickets');
  const [form] = Form.useForm<{ centerSiteId: string }>();
  const submit = async () => {
    // An invalid form shows its errors on the fields: nothing to send.
    const values = await form.validateFields().catch(() => null);
    if (values && (await props.onSubmit({ centerSiteId: values.centerSiteId }))) form.resetFields();
  };
  return (
    <Modal
      open={props.open}
      title={t('checkIn.title')}
      okText={t('action.checkIn')}
      cancelText={t('action.cancel')}
      okButtonProps={{ loading: props.loading, size: 'large', 'data-testid': 'check-in-confirm' }}
      cancelButtonProps={{ size: 'large' }}
      onOk={() => void submit()}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="ticket-check-in" size="large" onFinish={() => void submit()}>
        {props.refusal && <Alert type="error" showIcon title={props.refusal} style={{ marginBottom: 16 }} />}
        <Form.Item
          name="centerSiteId"
          label={t('field.center')}
          rules={[{ required: true, message: t('checkIn.centerRequired') }]}
        >
          <CenterSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Closing a ticket as unsuccessful needs a reason (document 2 §4). */
function FailModal(props: ReasonModalProps<{ reason: string }>) {
  const { t } = useTranslation('customer-tickets');
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async () => {
    const values = await form.validateFields();
    if (await props.onSubmit({ reason: values.reason.trim() })) form.resetFields();
  };
  return (
    <Modal
      open={props.open}
      title={t('fail.title')}
      okText={t('action.fail')}
      okButtonProps={{ danger: true, loading: props.loading, size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      cancelText={t('action.cancel')}
      onOk={() => void submit()}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="ticket-fail" size="large" onFinish={() => void submit()}>
        {props.refusal && <Alert type="error" showIcon title={props.refusal} style={{ marginBottom: 16 }} />}
        <Typography.Paragraph type="secondary">{t('fail.explain')}</Typography.Paragraph>
        <Form.Item
          name="reason"
          label={t('fail.reason')}
          rules={[{ required: true, whitespace: true, message: t('fail.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Finishing is final for the records and charges the customer's card: said before it happens. */
function FinishModal({
  ticket,
  ...props
}: Omit<ReasonModalProps<undefined>, 'onSubmit'> & { ticket: CustomerTicket; onSubmit: () => Promise<boolean> }) {
  const { t } = useTranslation('customer-tickets');
  const price = usePriceLabels();
  return (
    <Modal
      open={props.open}
      title={t('finish.title', { ticketNo: ticket.ticketNo })}
      okText={t('finish.confirm')}
      okButtonProps={{ loading: props.loading, size: 'large' }}
      cancelButtonProps={{ size: 'large' }}
      cancelText={t('action.cancel')}
      onOk={() => void props.onSubmit()}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      {props.refusal && <Alert type="error" showIcon title={props.refusal} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph>{t('finish.records')}</Typography.Paragraph>
      <Typography.Paragraph strong data-testid="finish-charge">
        {ticket.subscriptionOrder
          ? t('finish.billOrder', { orderNo: ticket.subscriptionOrder.orderNo })
          : ticket.customer
            ? t('finish.charge', { customer: ticket.customer.name, currency: ticket.currency })
            : t('finish.noCustomer')}
      </Typography.Paragraph>
      {ticket.serviceFee !== null && (
        <Typography.Paragraph type="secondary">
          {t('finish.fee', { amount: price.money(ticket.serviceFee, ticket.currency) })}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
