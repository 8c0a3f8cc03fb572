import { AuditOutlined } from '@ant-design/icons';
import { type Customer, type IdentityImageKind, identityImageKinds } from '@fleetdesk/contracts';
import { Alert, Button, Card, Descriptions, type DescriptionsProps, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { IdVerificationTag } from './id-verification-tag.tsx';
import { IdentityImage } from './identity-image.tsx';

/** The images on file, in the order front, back, selfie. */
export const imagesOnFile = (customer: Customer): IdentityImageKind[] =>
  identityImageKinds.filter((kind) => customer.identityVerification.images[kind]);

/** The document's fields as Descriptions items; absent values read "—". */
export function useIdentityItems(customer: Customer): NonNullable<DescriptionsProps['items']> {
  const { t } = useTranslation('customers');
  const iv = customer.identityVerification;
  const value = (v: string | null | undefined) => v || '—';
  return [
    {
      key: 'documentType',
      label: t('idVerification.documentType'),
      children: iv.documentType ? t(`idVerification.document.${iv.documentType}`) : '—',
    },
    { key: 'documentNumber', label: t('idVerification.documentNumber'), children: value(iv.documentNumber) },
    ...(iv.ssnOrItin
      ? [
          {
            key: 'ssnOrItin',
            label: t('idVerification.ssnOrItin'),
            children: <Typography.Text code>{iv.ssnOrItin}</Typography.Text>,
          },
        ]
      : []),
    { key: 'firstName', label: t('idVerification.firstName'), children: value(iv.firstName) },
    { key: 'lastName', label: t('idVerification.lastName'), children: value(iv.lastName) },
    { key: 'dateOfBirth', label: t('idVerification.dateOfBirth'), children: value(iv.dateOfBirth) },
    { key: 'issueDate', label: t('idVerification.issueDate'), children: value(iv.issueDate) },
    { key: 'expiryDate', label: t('idVerification.expiryDate'), children: value(iv.expiryDate) },
  ];
}

/**
 * Identity verification (document 2 §4): status, the document, the masked SSN/ITIN when the server sends it, and
 * the images for those with customer.read_detail. "Review" only while pending, for those who may review.
 */
export function CustomerIdentityCard({
  customer,
  canSeeImages,
  canReview,
  onReview,
}: {
  customer: Customer;
  canSeeImages: boolean;
  canReview: boolean;
  onReview: () => void;
}) {
  const { t } = useTranslation('customers');
  const iv = customer.identityVerification;
  const items = useIdentityItems(customer);
  const images = imagesOnFile(customer);

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          {t('idVerification.title')}
          <IdVerificationTag status={iv.status} />
        </Flex>
      }
      extra={
        canReview &&
        iv.status === 'pending' && (
          <Button type="primary" icon={<AuditOutlined />} onClick={onReview}>
            {t('idVerification.review')}
          </Button>
        )
      }
      data-testid="identity-card"
    >
      {iv.status === 'not-apply' ? (
        <Typography.Text type="secondary">{t('idVerification.nothingSubmitted')}</Typography.Text>
      ) : (
        <Flex vertical gap={16}>
          {iv.status === 'denied' && iv.denyReason && (
            <Alert type="error" showIcon title={t('idVerification.deniedBecause', { reason: iv.denyReason })} />
          )}
          <Descriptions
            column={{ xs: 1, sm: 2, lg: 4 }}
            items={[
              ...items,
              {
                key: 'submittedAt',
                label: t('idVerification.submittedAt'),
                children: formatDateTime(iv.submittedAt) || '—',
              },
              ...(iv.reviewedAt
                ? [
                    {
                      key: 'reviewed',
                      label: t('idVerification.reviewedBy'),
                      children: `${iv.reviewer?.name ?? t('fieldLog.system')} · ${formatDateTime(iv.reviewedAt)}`,
                    },
                  ]
                : []),
            ]}
          />
          {images.length > 0 &&
            (canSeeImages ? (
              <Flex gap={16} wrap>
                {images.map((kind) => (
                  <IdentityImage
                    key={kind}
                    customerId={customer.id}
                    kind={kind}
                    version={iv.submittedAt ?? ''}
                    width={180}
                    height={120}
                  />
                ))}
              </Flex>
            ) : (
              <Typography.Text type="secondary">{t('idVerification.imagesHidden')}</Typography.Text>
            ))}
        </Flex>
      )}
    </Card>
  );
}
