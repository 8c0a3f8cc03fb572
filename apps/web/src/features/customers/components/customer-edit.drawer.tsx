import type { Customer } from '@fleetdesk/contracts';
import { Alert, App, Button, Drawer, Flex, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { serverFieldsToFieldErrors, zodIssuesToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { useUpdateCustomer } from '../api.ts';
import {
  type CustomerProfileFormValues,
  checkPatch,
  customerPatchOf,
  customerToFormValues,
  sharedAccountEditable,
} from './customer-form.model.ts';
import { CustomerProfileFields } from './customer-profile.fields.tsx';

/** Edit the profile; only the fields that changed are sent (each change is one field log entry). */
export function CustomerEditDrawer({
  customer,
  open,
  onClose,
}: {
  customer: Customer;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const [form] = Form.useForm<CustomerProfileFormValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateCustomer(customer.id);
  const sharedReadOnly = !sharedAccountEditable(customer);

  const submit = async (values: CustomerProfileFormValues) => {
    setProblem(null);
    const patch = customerPatchOf(customer, values);
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    const invalid = checkPatch(patch);
    if (invalid) {
      const { fields, form: messages } = zodIssuesToFieldErrors(invalid.issues);
      form.setFields(fields as never);
      if (messages.length) setProblem(messages.join(' '));
      return;
    }
    try {
      await update.mutateAsync(patch);
      void message.success(t('edit.saved'));
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : null;
      if (fields) form.setFields(serverFieldsToFieldErrors(fields) as never);
      else if (isApiError(error) && error.status > 0 && error.status < 500) setProblem(error.message);
    }
  };

  return (
    <Drawer
      title={t('edit.title', { name: `${customer.name.first} ${customer.name.last}` })}
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
      footer={
        <Flex gap={8} justify="end">
          <Button onClick={onClose}>{t('action.cancel')}</Button>
          <Button type="primary" loading={update.isPending} onClick={() => form.submit()}>
            {t('action.save')}
          </Button>
        </Flex>
      }
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      {sharedReadOnly && <Alert type="info" showIcon title={t('edit.sharedReadOnly')} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        name="customer-edit"
        initialValues={customerToFormValues(customer)}
        onFinish={submit}
        scrollToFirstError={{ block: 'center', focus: true }}
      >
        <CustomerProfileFields sharedReadOnly={sharedReadOnly} />
      </Form>
    </Drawer>
  );
}
