import { App, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { useChangePlan, useSubscriptionPackage } from '../api.ts';
import { type OrderDialogProps, useDialogRefusal } from './order-dialog.tsx';
import { planValidAt } from './order-form.model.ts';

/**
 * Chooses the plan of the package the order takes from the first period not yet fixed (`changesFrom`); the current
 * period keeps its plan. Choosing the plan already in effect there withdraws a pending change.
 */
export function ChangePlanModal({ order, open, onClose }: OrderDialogProps) {
  const { t } = useTranslation('subscriptions');
  const { message } = App.useApp();
  const price = usePriceLabels();
  const pkg = useSubscriptionPackage(order.package.id, open);
  const mutation = useChangePlan(order.id);
  const [planId, setPlanId] = useState<string | undefined>();
  const upcoming = order.nextPlan ?? order.plan;
  const refusal = useDialogRefusal(open, () => setPlanId(upcoming.id));

  const submit = async () => {
    if (!planId) return;
    refusal.clear();
    try {
      const changed = await mutation.mutateAsync({ planId });
      void message.success(t('changePlan.done', { plan: (changed.nextPlan ?? changed.plan).name }));
      onClose();
    } catch (error) {
      refusal.show(error);
    }
  };

  return (
    <Modal
      open={open}
      title={t('changePlan.title', { no: order.no })}
      okText={t('changePlan.submit')}
      cancelText={t('action.cancel')}
      okButtonProps={{ loading: mutation.isPending, disabled: !planId || planId === upcoming.id }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {refusal.alert}
      <Typography.Paragraph type="secondary" data-testid="change-plan-from">
        {t('changePlan.explain', { time: formatDateTime(order.changesFrom), plan: order.plan.name })}
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={t('field.plan')} required>
          <Select
            value={planId}
            onChange={setPlanId}
            loading={pkg.isPending}
            aria-label={t('field.plan')}
            options={(pkg.data?.plans ?? []).map((plan) => ({
              value: plan.id,
              title: plan.name,
              // A plan not on offer when the change applies cannot be chosen (one that cannot be first can).
              disabled: order.changesFrom !== null && !planValidAt(plan, Date.parse(order.changesFrom)),
              label: `${plan.name} · ${price.money(plan.basicFee, order.currency)}`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
