import { PlusOutlined } from '@ant-design/icons';
import type { Customer } from '@fleetdesk/contracts';
import { Alert, App, Button, Card, Form, List, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { isApiError } from '../../../shared/http.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { useAddMembership } from '../api.ts';

/** The partners the customer belongs to, oldest first as the server lists them. */
export function CustomerMembershipsCard({
  customer,
  canAdd,
  onAdd,
}: {
  customer: Customer;
  canAdd: boolean;
  onAdd: () => void;
}) {
  const { t } = useTranslation('customers');
  return (
    <Card
      title={t('memberships.title')}
      extra={
        canAdd && (
          <Button icon={<PlusOutlined />} onClick={onAdd}>
            {t('memberships.add')}
          </Button>
        )
      }
    >
      <List
        size="small"
        dataSource={customer.memberships}
        rowKey={(m) => m.partner.id}
        locale={{ emptyText: t('memberships.none') }}
        data-testid="memberships"
        renderItem={(m) => (
          <List.Item>
            <Typography.Text strong>{m.partner.name}</Typography.Text>
            <Typography.Text type="secondary">
              {t('memberships.joinedAt', { at: formatDateTime(m.joinedAt) })}
            </Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** "Add partner": one more partner for the customer; their phone number must be unused there (shown on the field). */
export function AddPartnerModal({
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
  const [form] = Form.useForm<{ partnerId?: string }>();
  const partners = usePartnerOptions();
  const add = useAddMembership(customer.id);
  const [problem, setProblem] = useState<string | null>(null);
  const joined = new Set(customer.memberships.map((m) => m.partner.id));
  const options = (partners.data ?? []).filter((p) => !joined.has(p.id)).map((p) => ({ value: p.id, label: p.name }));

  const submit = async ({ partnerId }: { partnerId?: string }) => {
    setProblem(null);
    if (!partnerId) return;
    try {
      await add.mutateAsync(partnerId);
      void message.success(t('memberships.added', { partner: partners.data?.find((p) => p.id === partnerId)?.name }));
      onClose();
    } catch (error) {
      if (!isApiError(error)) return;
      const fields = error.fieldErrors;
      // The phone conflict names phoneNo, which this dialog shows on its one field: the partner.
      if (fields) form.setFields([{ name: 'partnerId', errors: Object.values(fields) }]);
      else if (error.status > 0 && error.status < 500) setProblem(error.message);
    }
  };

  return (
    <Modal
      open={open}
      title={t('memberships.modalTitle', { name: `${customer.name.first} ${customer.name.last}` })}
      onCancel={onClose}
      destroyOnHidden
      okText={t('memberships.addOk')}
      cancelText={t('action.cancel')}
      okButtonProps={{ loading: add.isPending }}
      onOk={() => form.submit()}
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" name="customer-add-partner" onFinish={submit}>
        <Form.Item
          name="partnerId"
          label={t('field.partner')}
          rules={[{ required: true, message: t('memberships.partnerRequired') }]}
          extra={options.length === 0 && !partners.isPending ? t('memberships.noneLeft') : t('memberships.hint')}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('field.partnerPlaceholder')}
            loading={partners.isPending}
            options={options}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
