import type { Discount } from '@fleetdesk/contracts';
import { Alert, Form, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { serverFieldsToFieldErrors, zodIssuesToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { useGuardedClose } from '../../../shared/ui/leave-guard.ts';
import { useRescheduleDiscount } from '../api.ts';
import {
  asOverlapError,
  discountEditsFor,
  rescheduleBodyOf,
  rescheduleForm,
  rescheduleValuesOf,
} from './pricing.model.ts';
import { ScheduleFields } from './schedule-fields.tsx';

/** Moves the end of an open discount, and its start while it has not started (a new start > 10 minutes ahead). */
export function DiscountRescheduleModal({
  discount,
  open,
  onClose,
}: {
  discount: Discount;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('pricing');
  const [form] = Form.useForm();
  const reschedule = useRescheduleDiscount(discount.id);
  const [dirty, setDirty] = useState(false);
  const [failed, setFailed] = useState(false);
  const schema = useMemo(() => rescheduleForm(discount), [discount]);
  const edits = discountEditsFor(discount.status);
  const close = () => {
    setDirty(false);
    setFailed(false);
    onClose();
  };
  const guardedClose = useGuardedClose(dirty, close);

  const submit = async () => {
    setFailed(false);
    const parsed = schema.safeParse(form.getFieldsValue(true));
    if (!parsed.success) {
      form.setFields(zodIssuesToFieldErrors(parsed.error.issues).fields);
      setFailed(true);
      return;
    }
    try {
      await reschedule.mutateAsync(rescheduleBodyOf(parsed.data));
      close();
    } catch (caught) {
      const error = asOverlapError(caught, (name) => t('refusal.overlaps', { name }));
      const fields = isApiError(error) ? error.fieldErrors : null;
      if (fields) form.setFields(serverFieldsToFieldErrors(fields));
      setFailed(true);
    }
  };

  return (
    <Modal
      open={open}
      title={t('reschedule.title', { name: discount.name })}
      okText={t('reschedule.ok')}
      cancelText={t('action.cancel')}
      confirmLoading={reschedule.isPending}
      onOk={submit}
      onCancel={guardedClose}
      width={720}
      destroyOnHidden
    >
      {failed && <Alert type="error" showIcon title={t('reschedule.failed')} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        initialValues={rescheduleValuesOf(discount)}
        onValuesChange={() => setDirty(true)}
        preserve={false}
      >
        <ScheduleFields startDisabled={edits.start ? undefined : t('reschedule.startedHint')} />
      </Form>
    </Modal>
  );
}
