import { CUSTOMER_MIN_PASSWORD_LENGTH } from '@fleetdesk/contracts';
import { Alert, App, Button, Drawer, Flex, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/http.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { serverFieldsToFieldErrors, zodIssuesToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { useCreateCustomer } from '../api.ts';
import { customerUrls } from '../urls.ts';
import { type CustomerCreateFormValues, checkCreate, toCustomerCreate } from './customer-form.model.ts';
import { CustomerProfileFields } from './customer-profile.fields.tsx';

/**
 * "New customer": the partner they join first, their phone (unique within that partner), name, an initial password
 * and the optional profile. The contract is checked before sending; the server's refusals land on their fields.
 */
export function CustomerCreateDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<CustomerCreateFormValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const partners = usePartnerOptions();
  const create = useCreateCustomer();
  const onlyPartner = partners.data?.length === 1 ? partners.data[0]?.id : undefined;

  const submit = async (values: CustomerCreateFormValues) => {
    setProblem(null);
    const body = toCustomerCreate(values);
    const invalid = checkCreate(body);
    if (invalid) {
      const { fields, form: messages } = zodIssuesToFieldErrors(invalid.issues);
      form.setFields(fields as never);
      if (messages.length) setProblem(messages.join(' '));
      return;
    }
    try {
      const customer = await create.mutateAsync(body);
      void message.success(t('create.done', { name: `${customer.name.first} ${customer.name.last}` }));
      onClose();
      navigate(customerUrls.detail(customer.id));
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : null;
      if (fields) form.setFields(serverFieldsToFieldErrors(fields) as never);
      else if (isApiError(error) && error.status > 0 && error.status < 500) setProblem(error.message);
    }
  };

  return (
    <Drawer
      title={t('create.title')}
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
      footer={
        <Flex gap={8} justify="end">
          <Button onClick={onClose}>{t('action.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
            {t('action.create')}
          </Button>
        </Flex>
      }
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        name="customer-create"
        initialValues={{ partnerId: onlyPartner }}
        onFinish={submit}
        scrollToFirstError={{ block: 'center', focus: true }}
      >
        <Form.Item name="partnerId" label={t('field.partner')} extra={t('create.partnerHint')} required>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('field.partnerPlaceholder')}
            loading={partners.isPending}
            options={(partners.data ?? []).map((partner) => ({ value: partner.id, label: partner.name }))}
          />
        </Form.Item>
        <CustomerProfileFields />
        <Form.Item
          name="password"
          label={t('field.password')}
          extra={t('field.passwordHint', { count: CUSTOMER_MIN_PASSWORD_LENGTH })}
        >
          <Input.Password autoComplete="new-password" maxLength={256} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
