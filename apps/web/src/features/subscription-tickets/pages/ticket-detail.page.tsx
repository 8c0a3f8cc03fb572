import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { type CustomerTicket, id as idSchema } from '@fleetdesk/contracts';
import { Alert, App, Button, Card, Col, Descriptions, Flex, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { DetailPage } from '../../../shared/ui/detail-page.tsx';
import { useTicket } from '../../customer-tickets/api.ts';
import { ServiceTradeLine } from '../../customer-tickets/components/fees.card.tsx';
import { HistoryCard } from '../../customer-tickets/components/history.card.tsx';
import { useTicketErrorText } from '../../customer-tickets/components/ticket-error.ts';
import { TicketStatusTag } from '../../customer-tickets/components/ticket-status-tag.tsx';
import { TicketKindProvider } from '../../customer-tickets/ticket-kind.tsx';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { subscriptionUrls } from '../../subscriptions/urls.ts';
import { useDeleteSubscriptionTicket } from '../api.ts';
import { TicketPhotosCard } from '../components/ticket-photos.card.tsx';
import { b2bTicketKind, subscriptionTicketUrls } from '../urls.ts';

/** /subscription/service/ticket/detail/:ticketId: the partner's read view of its ticket. */
export default function SubscriptionTicketDetailPage() {
  const { ticketId = '' } = useParams();
  if (!idSchema.safeParse(ticketId).success) return <DataMissing />;
  return (
    <TicketKindProvider value={b2bTicketKind}>
      <PartnerTicketDetail id={ticketId} />
    </TicketKindProvider>
  );
}

/**
 * Where the ticket stands, the asset and its subscription order, the issues, description and contact, the service
 * centre once checked in, the photos (added and removed while the ticket is new), the fee and its trade on the order,
 * and the history. Edit and Withdraw while the workshop
 * has not checked the asset in (the server lists 'update' / 'delete').
 */
function PartnerTicketDetail({ id }: { id: string }) {
  const { t } = useTranslation('subscription-tickets');
  const { t: tt } = useTranslation('customer-tickets');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const errorText = useTicketErrorText();
  const ticket = useTicket(id);
  const withdraw = useDeleteSubscriptionTicket(id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const tk = ticket.data;

  const remove = async (ticketNo: string) => {
    setRefusal(null);
    try {
      await withdraw.mutateAsync();
      void message.success(t('detail.withdrawn', { ticketNo }));
      navigate(subscriptionTicketUrls.list());
    } catch (error) {
      setRefusal(errorText(error));
    }
  };

  return (
    <DetailPage
      title={
        tk ? (
          <Space size={12} wrap>
            <span data-testid="ticket-no" data-ticket-no={tk.ticketNo}>
              {tt('detail.title', { ticketNo: tk.ticketNo })}
            </span>
            <TicketStatusTag status={tk.status} />
          </Space>
        ) : (
          tt('detail.titleLoading')
        )
      }
      documentTitle={tk?.ticketNo}
      loading={ticket.isLoading}
      error={ticket.error}
      sections={[]}
      extra={
        tk && (
          <Space wrap>
            {tk.allowedActions.includes('update') && (
              <Button
                icon={<EditOutlined />}
                data-testid="edit-ticket"
                onClick={() => navigate(subscriptionTicketUrls.edit(tk.id))}
              >
                {t('detail.edit')}
              </Button>
            )}
            {tk.allowedActions.includes('delete') && (
              <ConfirmButton
                mode="modal"
                danger
                icon={<DeleteOutlined />}
                data-testid="withdraw-ticket"
                title={t('detail.withdrawConfirm', { ticketNo: tk.ticketNo })}
                description={t('detail.withdrawExplain')}
                okText={t('detail.withdraw')}
                onConfirm={() => remove(tk.ticketNo)}
              >
                {t('detail.withdraw')}
              </ConfirmButton>
            )}
          </Space>
        )
      }
    >
      {tk && (
        <Flex vertical gap={16}>
          {refusal && (
            <Alert
              type="error"
              showIcon
              closable={{ onClose: () => setRefusal(null) }}
              title={refusal}
              data-testid="action-refusal"
            />
          )}
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={15}>
              <Flex vertical gap={16}>
                <TicketSummaryCard ticket={tk} />
                <TicketPhotosCard ticket={tk} />
              </Flex>
            </Col>
            <Col xs={24} xl={9}>
              <Flex vertical gap={16}>
                <FeeCard ticket={tk} />
                <HistoryCard ticket={tk} />
              </Flex>
            </Col>
          </Row>
        </Flex>
      )}
    </DetailPage>
  );
}

function TicketSummaryCard({ ticket }: { ticket: CustomerTicket }) {
  const { t } = useTranslation('subscription-tickets');
  const { t: tt } = useTranslation('customer-tickets');
  const contact = [ticket.contactName, ticket.contactPhone, ticket.contactEmail].filter(Boolean).join(' · ');
  return (
    <Card title={tt('detail.ticket')} data-testid="ticket-info">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'status', label: tt('field.status'), children: <TicketStatusTag status={ticket.status} /> },
          {
            key: 'asset',
            label: tt('field.asset'),
            children: <span data-testid="ticket-asset">{ticket.asset.no}</span>,
          },
          { key: 'category', label: tt('field.category'), children: ticket.category.name },
          {
            key: 'order',
            label: tt('field.subscriptionOrder'),
            children: ticket.subscriptionOrder ? (
              <Link
                to={subscriptionUrls('order').detail(ticket.subscriptionOrder.id)}
                data-testid="ticket-subscription-order"
              >
                {ticket.subscriptionOrder.orderNo}
              </Link>
            ) : (
              '—'
            ),
          },
          {
            key: 'center',
            label: tt('field.center'),
            children: <span data-testid="ticket-center">{ticket.center?.name ?? t('detail.notCheckedIn')}</span>,
          },
          { key: 'createdAt', label: tt('field.createdAt'), children: formatDateTime(ticket.createdAt) },
          {
            key: 'issues',
            label: tt('field.issues'),
            span: 2,
            children: (
              <Flex gap={4} wrap data-testid="ticket-issues">
                {ticket.issues.map((i) => (
                  <Tag key={i}>{tt(`issue.${i}`)}</Tag>
                ))}
              </Flex>
            ),
          },
          {
            key: 'description',
            label: t('field.description'),
            span: 2,
            children: (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }} data-testid="ticket-comment">
                {ticket.comment || '—'}
              </Typography.Paragraph>
            ),
          },
          {
            key: 'contact',
            label: tt('detail.contactInfo'),
            span: 2,
            children: <span data-testid="ticket-contact">{contact || '—'}</span>,
          },
        ]}
      />
    </Card>
  );
}

/** The fee of the finalized records and where it stands on the subscription order. */
function FeeCard({ ticket }: { ticket: CustomerTicket }) {
  const { t: tt } = useTranslation('customer-tickets');
  const price = usePriceLabels();
  return (
    <Card title={tt('fees.title')} data-testid="ticket-fees">
      <ServiceTradeLine ticket={ticket} />
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'serviceFee',
            label: tt('fees.serviceFee'),
            children: (
              <span data-testid="fee-service">
                {ticket.serviceFee === null ? tt('fees.notYet') : price.money(ticket.serviceFee, ticket.currency)}
              </span>
            ),
          },
          ...(ticket.exemptRefundAmount > 0
            ? [
                {
                  key: 'exempt',
                  label: tt('fees.exemptRefund'),
                  children: `${price.money(ticket.exemptRefundAmount, ticket.currency)}${
                    ticket.exemptRefundReason ? ` · ${ticket.exemptRefundReason}` : ''
                  }`,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
