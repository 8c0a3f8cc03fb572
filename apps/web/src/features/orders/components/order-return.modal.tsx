import { ORDER_ERRORS, type Order } from '@fleetdesk/contracts';
import { Alert, App, Form, type FormInstance, Input, Modal, Select, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { useConfirmReturn, useOrderSiteOptions, useReturnLease } from '../api.ts';
import { DepositAtEndAlert } from './order-end.modal.tsx';
import {
  awaitsReturnConfirmation,
  canTakeReturn,
  checkReturnLease,
  type ReturnLeaseValues,
  type ReturnRefusal,
  returnOutcome,
  returnRefusalOf,
  returnSiteChoices,
} from './order-return.model.ts';

const REASON_MAX = 500;

interface DialogProps {
  order: Order;
  open: boolean;
  onClose: () => void;
}

/**
 * Runs a dialog's action: its refusal's field errors land on the form, a refusal of the whole action is kept to
 * show above it (until the next try).
 */
function useReturnAction(form: FormInstance) {
  const [problem, setProblem] = useState<ReturnRefusal['problem']>(null);
  const run = async (action: () => Promise<void>) => {
    setProblem(null);
    try {
      await action();
    } catch (error) {
      const refusal = returnRefusalOf(error);
      if (refusal.fields) form.setFields(refusal.fields);
      setProblem(refusal.problem);
    }
  };
  return { problem, run };
}

/**
 * The frame of both return dialogs: the refusal of the whole action above the form or, when the order no longer
 * allows the action (`stale`, the server's words for it), why, with the action disabled.
 */
function ReturnDialog({
  open,
  title,
  okText,
  busy,
  problem,
  stale,
  onOk,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  okText: string;
  busy: boolean;
  problem: ReturnRefusal['problem'];
  stale: string | null;
  onOk: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('orders');
  const shown = problem?.message ?? stale;
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ loading: busy, disabled: stale !== null }}
      cancelText={t('action.cancel')}
      onOk={onOk}
      onCancel={onClose}
      destroyOnHidden
    >
      {shown && (
        <Alert
          type={problem ? 'error' : 'warning'}
          showIcon
          title={shown}
          data-testid="return-refusal"
          data-code={problem?.code}
          style={{ marginBottom: 16 }}
        />
      )}
      {children}
    </Modal>
  );
}

/**
 * The order partner's sites, the rent site first and named so. Mounted with the open dialog only, so the sites are
 * read when a return is taken, not with every order shown. `value` and `onChange` come from the form item.
 */
function ReturnSiteSelect({
  order,
  disabled,
  ...field
}: {
  order: Order;
  disabled: boolean;
  value?: string;
  onChange?: (value: string | undefined) => void;
}) {
  const { t } = useTranslation('orders');
  const sites = useOrderSiteOptions();
  const options = returnSiteChoices(sites.data ?? [], order).map((s) => ({
    value: s.id,
    label: s.rentSite ? t('return.rentSiteOption', { name: s.name }) : s.name,
  }));
  return (
    <Select
      {...field}
      allowClear={!order.rentSite}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('return.noSite')}
      loading={sites.isPending}
      options={options}
      disabled={disabled}
      aria-label={t('field.returnSite')}
      style={{ maxWidth: 420 }}
    />
  );
}

/**
 * Takes the return at the counter (document 2 §4, docs/decisions.md "Returns"): where the asset came back (one of
 * the partner's sites, the rent site unless another is chosen) and an optional reason. The device is told to lock;
 * the order closes, or, when the partner's rule asks for manual confirmation, the lease waits as Returning. The
 * site refusals land on the site, the others above the form.
 */
export function ReturnLeaseModal({ order, open, onClose }: DialogProps) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const mutation = useReturnLease(order.id);
  // Untyped: the server's field errors come with paths, not with this form's keys.
  const [form] = Form.useForm();
  const action = useReturnAction(form);
  const returnable = canTakeReturn(order);
  const rentSiteId = order.rentSite?.id ?? null;

  const submit = () => {
    const checked = checkReturnLease(form.getFieldsValue(true) as ReturnLeaseValues, rentSiteId);
    if (!checked.body) {
      form.setFields(checked.errors);
      return;
    }
    const body = checked.body;
    void action.run(async () => {
      const done = await mutation.mutateAsync(body);
      const names = { assetNo: order.assetNo ?? '—', orderNo: order.orderNo };
      void message.success(t(returnOutcome(done) === 'returning' ? 'return.waiting' : 'return.closed', names));
      onClose();
    });
  };

  return (
    <ReturnDialog
      open={open}
      title={t('return.title', { orderNo: order.orderNo })}
      okText={t('return.submit')}
      busy={mutation.isPending}
      problem={action.problem}
      stale={returnable ? null : translateValidationMessage(ORDER_ERRORS.LeaseNotInUse)}
      onOk={submit}
      onClose={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        name="order-return"
        initialValues={{ returnSiteId: rentSiteId ?? undefined }}
        onFinish={submit}
        onValuesChange={(changed: ReturnLeaseValues) => {
          // A corrected field drops its old error at once; a new site may well be accepted.
          form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
        }}
      >
        <Typography.Paragraph>{t('return.explain', { assetNo: order.assetNo ?? '—' })}</Typography.Paragraph>
        <Form.Item name="returnSiteId" label={t('field.returnSite')} extra={t('return.siteHint')}>
          <ReturnSiteSelect order={order} disabled={!returnable} />
        </Form.Item>
        <Form.Item name="reason" label={t('return.reason')} extra={t('return.reasonHint')}>
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount disabled={!returnable} />
        </Form.Item>
      </Form>
    </ReturnDialog>
  );
}

/**
 * Confirms a return waiting as Returning once the asset was checked: the lease is returned, the asset free again
 * and the order closed. The reason is optional and kept on the order.
 */
export function ConfirmReturnModal({ order, open, onClose }: DialogProps) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const mutation = useConfirmReturn(order.id);
  const [form] = Form.useForm();
  const action = useReturnAction(form);
  const waiting = awaitsReturnConfirmation(order);

  const submit = ({ reason }: { reason?: string }) =>
    action.run(async () => {
      await mutation.mutateAsync(reason?.trim() || undefined);
      void message.success(t('confirmReturn.done', { assetNo: order.assetNo ?? '—', orderNo: order.orderNo }));
      onClose();
    });

  return (
    <ReturnDialog
      open={open}
      title={t('confirmReturn.title', { orderNo: order.orderNo })}
      okText={t('confirmReturn.submit')}
      busy={mutation.isPending}
      problem={action.problem}
      stale={waiting ? null : translateValidationMessage(ORDER_ERRORS.ReturnNotSubmitted)}
      onOk={() => form.submit()}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" name="order-confirm-return" onFinish={submit}>
        <Typography.Paragraph>{t('confirmReturn.explain', { assetNo: order.assetNo ?? '—' })}</Typography.Paragraph>
        {/* Confirming closes the order: its deposit goes the way ending would send it. */}
        {waiting && <DepositAtEndAlert order={order} />}
        <Form.Item name="reason" label={t('return.reason')} extra={t('return.reasonHint')}>
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount autoFocus disabled={!waiting} />
        </Form.Item>
      </Form>
    </ReturnDialog>
  );
}
