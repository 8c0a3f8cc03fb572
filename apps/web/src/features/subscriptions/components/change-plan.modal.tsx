import type { SubscriptionOrder } from '@fleetdesk/contracts';
import { Alert, App, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { isApiError } from '../../../shared/http.ts';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { useResetOnOpen } from '../../orders/components/reset-on-open.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { useChangePlan, useSubscriptionPackage } from '../api.ts';

/**
 * Chooses the plan of the package the order takes from the first period not yet fixed (`changesFrom`); the current
 * period keeps its plan. Choosing the plan already in effect there withdraws a pending change.
 */
export function ChangePlanModal({
  order,
  open,
  onClose,
}: {
  order: SubscriptionOrder;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('subscriptions');
  const { message } = App.useApp();
  const price = usePriceLabels();
  const pkg = useSubscriptionPackage(order.package.id, open);
  const mutation = useChangePlan(order.id);
  const [planId, setPlanId] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const upcoming = order.nextPlan ?? order.plan;
  useResetOnOpen(open, () => {
    setPlanId(upcoming.id);
    setProblem(null);
  });

  const submit = async () => {
    if (!planId) return;
    setProblem(null);
    try {
      const changed = await mutation.mutateAsync({ planId });
      void message.success(t('changePlan.done', { plan: (changed.nextPlan ?? changed.plan).name }));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.status > 0 && error.status < 500)
        setProblem(translateValidationMessage(error.message));
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
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
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
              label: `${plan.name} · ${price.money(plan.basicFee, order.currency)}`,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
