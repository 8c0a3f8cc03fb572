import { RENTING_INTENT_MESSAGES, type RentingIntent } from '@fleetdesk/contracts';
import { Alert, App, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFieldsToFieldErrors, translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { useOrderSiteOptions } from '../../orders/api.ts';
import { useUpdateRentingIntent } from '../api.ts';
import { InstantItem } from './instant-picker.tsx';
import {
  appointmentWindowValid,
  type IntentEditValues,
  intentPatchOf,
  intentRefusalOf,
  isOpen,
} from './intent-list.model.ts';

const NOTE_MAX = 500;

/**
 * Changes an open intent's appointment window (its end after its start), its site (one of the intent partner's
 * sites) and its note. Only what changed is sent; the server's refusals land on their fields.
 */
export function IntentEditModal({ intent, onClose }: { intent: RentingIntent | null; onClose: () => void }) {
  const { t } = useTranslation('renting-intents');
  const { message } = App.useApp();
  // Untyped: the server's field errors come with paths, not with this form's keys.
  const [form] = Form.useForm();
  const update = useUpdateRentingIntent();
  const sites = useOrderSiteOptions();
  const [problem, setProblem] = useState<string | null>(null);
  const partnerSites = (sites.data ?? []).filter((s) => s.partnerId === intent?.partner.id);
  // A reader of intents who may not list sites still sees (and keeps) the intent's own.
  const siteOptions = [
    ...(intent?.site && !partnerSites.some((s) => s.id === intent.site?.id) ? [intent.site] : []),
    ...partnerSites,
  ].map((s) => ({ value: s.id, label: s.name }));

  const submit = async (values: IntentEditValues) => {
    if (!intent) return;
    setProblem(null);
    const body = intentPatchOf(intent, values);
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    try {
      await update.mutateAsync({ id: intent.id, body });
      void message.success(t('edit.done', { name: intent.customer.name }));
      onClose();
    } catch (error) {
      const refusal = intentRefusalOf(error);
      if (refusal.fields) form.setFields(serverFieldsToFieldErrors(refusal.fields));
      setProblem(refusal.problem);
    }
  };

  const editable = intent !== null && isOpen(intent);
  return (
    <Modal
      open={intent !== null}
      title={intent ? t('edit.title', { name: intent.customer.name }) : ''}
      okText={t('action.save')}
      cancelText={t('action.close')}
      okButtonProps={{ loading: update.isPending, disabled: !editable }}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => setProblem(null)}
      destroyOnHidden
    >
      {intent && (
        <Form
          form={form}
          layout="vertical"
          name="renting-intent-edit"
          onFinish={(values: IntentEditValues) => void submit(values)}
          initialValues={{
            appointmentStartFrom: intent.appointmentStartFrom,
            appointmentStartTo: intent.appointmentStartTo,
            siteId: intent.site?.id ?? null,
            note: intent.note ?? '',
          }}
        >
          {(problem || !editable) && (
            <Alert
              type="error"
              showIcon
              title={problem ?? translateValidationMessage(RENTING_INTENT_MESSAGES.notOpen)}
              style={{ marginBottom: 16 }}
            />
          )}
          <Typography.Paragraph type="secondary">
            {t('edit.about', { partner: intent.partner.name, category: intent.assetCategory.name })}
          </Typography.Paragraph>
          <InstantItem
            name="appointmentStartFrom"
            label={t('field.appointmentFrom')}
            rules={[{ required: true, message: t('edit.required') }]}
          />
          <InstantItem
            name="appointmentStartTo"
            label={t('field.appointmentTo')}
            dependencies={['appointmentStartFrom']}
            rules={[
              { required: true, message: t('edit.required') },
              ({ getFieldValue }) => ({
                validator: (_, value?: string) =>
                  !value || appointmentWindowValid(getFieldValue('appointmentStartFrom') as string | undefined, value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(translateValidationMessage(RENTING_INTENT_MESSAGES.rangeOrder))),
              }),
            ]}
          />
          <Form.Item name="siteId" label={t('field.site')} extra={t('edit.siteHint', { partner: intent.partner.name })}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('edit.noSite')}
              loading={sites.isPending}
              options={siteOptions}
              aria-label={t('field.site')}
            />
          </Form.Item>
          <Form.Item name="note" label={t('field.note')}>
            <Input.TextArea rows={3} maxLength={NOTE_MAX} showCount />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
