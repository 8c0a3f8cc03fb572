import { CheckCircleFilled, EditOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import {
  type Customer,
  type CustomerAddress,
  customerEndpoints,
  id as idSchema,
  rentingEndpoints,
} from '@fleetdesk/contracts';
import { Alert, Button, Card, Descriptions, Flex, Space, Tabs, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { DetailPage } from '../../../shared/ui/detail-page.tsx';
import { useUrlState } from '../../../shared/ui/url-state.ts';
import { orderUrls } from '../../orders/urls.ts';
import { useCounterSetup, useCustomer } from '../api.ts';
import { AddCardModal } from '../components/add-card.modal.tsx';
import { CustomerDeleteButton, CustomerRestoreButton } from '../components/customer-delete.button.tsx';
import { CustomerDepositsTab, useCustomerDepositsAccess } from '../components/customer-deposits.tab.tsx';
import { CustomerEditDrawer } from '../components/customer-edit.drawer.tsx';
import { CustomerFieldLogCard } from '../components/customer-field-log.card.tsx';
import { CustomerIdentityCard } from '../components/customer-identity.card.tsx';
import { CustomerMailButton } from '../components/customer-mail.button.tsx';
import { AddPartnerModal, CustomerMembershipsCard } from '../components/customer-memberships.card.tsx';
import { CustomerPaymentMethodsCard } from '../components/customer-payment-methods.card.tsx';
import { ConfirmReferrerModal, CustomerReferralCard } from '../components/customer-referral.card.tsx';
import { CustomerResetPasswordButton } from '../components/customer-reset-password.button.tsx';
import { CustomerStatusTag } from '../components/customer-status-tag.tsx';
import { EmailVerifiedModal } from '../components/email-verified.modal.tsx';
import { IdVerificationTag } from '../components/id-verification-tag.tsx';
import { IdentityReviewModal } from '../components/identity-review.modal.tsx';
import { type CustomerDialog, customerDetailScreen } from '../urls.ts';

/** /customer/detail/:customerId: one customer; an id that cannot exist is "not found" without asking the server. */
export default function CustomerDetailPage() {
  const { customerId = '' } = useParams();
  if (!idSchema.safeParse(customerId).success) return <DataMissing />;
  return <CustomerDetail id={customerId} />;
}

/** What each action needs (the endpoint's own requirement, so the button and the call never disagree). */
function useCustomerPermissions() {
  return {
    update: useCan(requirementOf(customerEndpoints.update)),
    remove: useCan(requirementOf(customerEndpoints.remove)),
    restore: useCan(requirementOf(customerEndpoints.restore)),
    seeImages: useCan(requirementOf(customerEndpoints.identityImage)),
    review: useCan(requirementOf(customerEndpoints.reviewIdentity)),
    markEmailVerified: useCan(requirementOf(customerEndpoints.markEmailVerified)),
    addCard: useCan(requirementOf(customerEndpoints.attachCard)),
    deletePayment: useCan(requirementOf(customerEndpoints.removePaymentMethod)),
    startLease: useCan(requirementOf(rentingEndpoints.createOrder)),
  };
}

function CustomerDetail({ id }: { id: string }) {
  const { t } = useTranslation('customers');
  const customer = useCustomer(id);
  const [screen, setScreen] = useUrlState(customerDetailScreen);
  const can = useCustomerPermissions();
  const deposits = useCustomerDepositsAccess();
  const c = customer.data;
  const name = c ? `${c.name.first} ${c.name.last}` : '';
  // A deleted customer is read-only until restored.
  const active = c?.status === 'active';
  // The customer's shared account (password, deletion, cards) is changed only with a scope over all their partners.
  const whole = c?.wholeCustomerInScope === true;
  const open = (dialog: CustomerDialog) => setScreen({ dialog });
  const close = () => setScreen({ dialog: undefined });

  return (
    <DetailPage
      title={
        c ? (
          <Space size={12} wrap>
            <span>{name}</span>
            <CustomerStatusTag status={c.status} />
            <IdVerificationTag status={c.identityVerification.status} />
          </Space>
        ) : undefined
      }
      documentTitle={name || undefined}
      loading={customer.isLoading}
      error={customer.error}
      extra={
        c &&
        (active ? (
          <>
            {can.update && (
              <Button type="primary" icon={<EditOutlined />} onClick={() => open('edit')}>
                {t('action.edit')}
              </Button>
            )}
            {can.startLease && (
              // It navigates, so it is a link (a new tab works); the button inside is only its look.
              <Link to={orderUrls.new({ customerId: c.id })}>
                <Button icon={<ShoppingCartOutlined />} tabIndex={-1}>
                  {t('action.startLease')}
                </Button>
              </Link>
            )}
            {can.update && whole && <CustomerResetPasswordButton customer={c} />}
            {can.update && <CustomerMailButton customer={c} />}
            {can.remove && whole && <CustomerDeleteButton customer={c} />}
          </>
        ) : (
          can.restore && whole && <CustomerRestoreButton customer={c} />
        ))
      }
      sections={[]}
    >
      {c && (
        <>
          {!active && <Alert type="warning" showIcon title={t('detail.deleted')} />}
          <Tabs
            // A link to the deposits tab opens the profile for someone who may not see deposits.
            activeKey={screen.tab === 'deposits' && !deposits.any ? 'profile' : screen.tab}
            onChange={(tab) => setScreen({ tab: tab as typeof screen.tab }, { replace: true })}
            items={[
              {
                key: 'profile',
                label: t('detail.tabProfile'),
                children: (
                  <Flex vertical gap={16}>
                    <ProfileCard
                      customer={c}
                      markVerified={
                        active &&
                        whole &&
                        can.markEmailVerified &&
                        c.email &&
                        !c.emailVerified && (
                          <Button size="small" onClick={() => open('verifyEmail')}>
                            {t('verifyEmail.button')}
                          </Button>
                        )
                      }
                    />
                    <CustomerMembershipsCard
                      customer={c}
                      canAdd={active && can.update}
                      onAdd={() => open('addPartner')}
                    />
                    <CustomerReferralCard
                      customer={c}
                      canConfirm={active && can.update}
                      onConfirmReferrer={() => open('referrer')}
                    />
                    <CustomerIdentityCard
                      customer={c}
                      canSeeImages={can.seeImages}
                      canReview={active && can.review}
                      onReview={() => open('review')}
                    />
                    <CustomerPaymentMethodsCard
                      customer={c}
                      canDelete={active && whole && can.deletePayment}
                      onAdd={active && whole && can.addCard ? () => open('addCard') : undefined}
                    />
                  </Flex>
                ),
              },
              ...(deposits.any
                ? [
                    {
                      key: 'deposits',
                      label: t('detail.tabDeposits'),
                      // A deleted customer is read-only: their deposits are shown, not refunded.
                      children: <CustomerDepositsTab customer={c} canRefund={active} />,
                    },
                  ]
                : []),
              {
                key: 'fieldLog',
                label: t('detail.tabFieldLog'),
                children: <CustomerFieldLogCard customerId={c.id} />,
              },
            ]}
          />
          {active && can.update && (
            <>
              <CustomerEditDrawer customer={c} open={screen.dialog === 'edit'} onClose={close} />
              <ConfirmReferrerModal
                customer={c}
                open={screen.dialog === 'referrer' && c.referrer === null}
                onClose={close}
              />
              <AddPartnerModal customer={c} open={screen.dialog === 'addPartner'} onClose={close} />
            </>
          )}
          {active && whole && can.addCard && (
            <AddCardModal customer={c} open={screen.dialog === 'addCard'} onClose={close} />
          )}
          {active && whole && can.markEmailVerified && c.email && !c.emailVerified && (
            <EmailVerifiedModal customer={c} open={screen.dialog === 'verifyEmail'} onClose={close} />
          )}
          {active && can.review && c.identityVerification.status === 'pending' && (
            <IdentityReviewModal customer={c} open={screen.dialog === 'review'} onClose={close} />
          )}
        </>
      )}
    </DetailPage>
  );
}

function addressText(address: CustomerAddress | null): string {
  if (!address) return '';
  return [
    address.line1,
    address.line2,
    [address.zip, address.city].filter(Boolean).join(' '),
    address.region,
    address.country,
  ]
    .filter((part) => part)
    .join(', ');
}

function ProfileCard({ customer: c, markVerified }: { customer: Customer; markVerified: ReactNode }) {
  const { t } = useTranslation('customers');
  const setup = useCounterSetup();
  // Without the client link no verification mail can be sent: staff are told so where the status shows.
  const noClientLink = setup.data !== undefined && setup.data.url === null;
  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  const text = (value: string | null | undefined) => value || dash;
  return (
    <Card title={t('detail.profile')}>
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
        items={[
          { key: 'phoneNo', label: t('field.phoneNo'), children: c.phoneNo },
          {
            key: 'email',
            label: t('field.email'),
            children: c.email ? (
              <Space size={4} wrap>
                <span>{c.email}</span>
                {c.emailVerified ? (
                  <Tag color="success" icon={<CheckCircleFilled />}>
                    {t('email.verified')}
                  </Tag>
                ) : (
                  <>
                    <Tag>{t('email.unverified')}</Tag>
                    {markVerified}
                    {noClientLink && (
                      <Typography.Text type="secondary" data-testid="no-client-link">
                        {t('mail.noClientLink')}
                      </Typography.Text>
                    )}
                  </>
                )}
              </Space>
            ) : (
              dash
            ),
          },
          { key: 'whatsApp', label: t('field.whatsApp'), children: text(c.whatsApp) },
          { key: 'contactAddress', label: t('field.contactAddress'), children: text(addressText(c.contactAddress)) },
          {
            key: 'overnightAddress',
            label: t('field.overnightAddress'),
            children: text(addressText(c.overnightAddress)),
          },
          {
            key: 'marketingReportedSource',
            label: t('field.marketingReportedSource'),
            children: c.marketingReportedSource ? t(`source.${c.marketingReportedSource}`) : dash,
          },
          {
            key: 'isMarketingConsented',
            label: t('field.isMarketingConsented'),
            children:
              c.isMarketingConsented === null ? dash : c.isMarketingConsented ? t('consent.yes') : t('consent.no'),
          },
          { key: 'createdAt', label: t('field.createdAt'), children: formatDateTime(c.createdAt) },
          { key: 'updatedAt', label: t('field.updatedAt'), children: formatDateTime(c.updatedAt) },
          { key: 'note', label: t('field.note'), children: text(c.note), span: 'filled' },
        ]}
      />
    </Card>
  );
}
