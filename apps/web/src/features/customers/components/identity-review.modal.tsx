import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { Customer } from '@fleetdesk/contracts';
import { Alert, App, Button, Descriptions, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { useReviewIdentity } from '../api.ts';
import { imagesOnFile, useIdentityItems } from './customer-identity.card.tsx';
import { IdentityImage } from './identity-image.tsx';

const DENY_REASON_MAX = 300;

/**
 * The ID verification review (document 1 §2.5): the images large beside the document's fields, then Pass, or
 * Deny with a reason the customer will be told.
 */
export function IdentityReviewModal({
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
  const review = useReviewIdentity(customer.id);
  const [form] = Form.useForm<{ reason?: string }>();
  const [problem, setProblem] = useState<string | null>(null);
  const items = useIdentityItems(customer);
  const images = imagesOnFile(customer);
  const name = `${customer.name.first} ${customer.name.last}`;

  const decide = async (decision: 'approved' | 'denied') => {
    setProblem(null);
    let reason = '';
    if (decision === 'denied') {
      reason = (form.getFieldValue('reason') as string | undefined)?.trim() ?? '';
      if (!reason) {
        form.setFields([{ name: 'reason', errors: [t('review.reasonRequired')] }]);
        return;
      }
    }
    try {
      await review.mutateAsync(decision === 'approved' ? { decision } : { decision, reason });
      void message.success(t(decision === 'approved' ? 'review.approved' : 'review.denied', { name }));
      onClose();
    } catch (error) {
      if (!isApiError(error)) return;
      const fields = error.fieldErrors;
      if (fields?.reason) form.setFields([{ name: 'reason', errors: [fields.reason] }]);
      else if (error.status > 0 && error.status < 500) setProblem(error.message);
    }
  };

  return (
    <Modal
      open={open}
      title={t('review.title', { name })}
      onCancel={onClose}
      destroyOnHidden
      width={1000}
      footer={
        <Flex gap={8} justify="end">
          <Button onClick={onClose}>{t('action.cancel')}</Button>
          <Button
            danger
            icon={<CloseOutlined />}
            loading={review.isPending && review.variables?.decision === 'denied'}
            onClick={() => void decide('denied')}
          >
            {t('review.deny')}
          </Button>
          <Button
            type="primary"
            icon={<CheckOutlined />}
            loading={review.isPending && review.variables?.decision === 'approved'}
            onClick={() => void decide('approved')}
          >
            {t('review.pass')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        {problem && <Alert type="error" showIcon title={problem} />}
        {images.length > 0 ? (
          <Flex gap={16} wrap justify="center">
            {images.map((kind) => (
              <IdentityImage
                key={kind}
                customerId={customer.id}
                kind={kind}
                version={customer.identityVerification.submittedAt ?? ''}
                width={300}
                height={200}
              />
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('review.noImages')}</Typography.Text>
        )}
        <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} items={items} />
        <Form form={form} layout="vertical" name="identity-review">
          <Form.Item name="reason" label={t('review.reason')} extra={t('review.reasonHint')}>
            <Input.TextArea rows={2} maxLength={DENY_REASON_MAX} showCount />
          </Form.Item>
        </Form>
      </Flex>
    </Modal>
  );
}
