import { id as idSchema } from '@fleetdesk/contracts';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { DetailPage } from '../../../shared/ui/detail-page.tsx';
import { useTicket } from '../../customer-tickets/api.ts';
import { TicketKindProvider } from '../../customer-tickets/ticket-kind.tsx';
import { SubscriptionTicketForm } from '../components/ticket-form.tsx';
import { b2bTicketKind, subscriptionTicketUrls } from '../urls.ts';

/** /subscription/service/ticket/:ticketId/edit: the partner changes a ticket the workshop has not checked in yet. */
export default function SubscriptionTicketEditPage() {
  const { ticketId = '' } = useParams();
  if (!idSchema.safeParse(ticketId).success) return <DataMissing />;
  return (
    <TicketKindProvider value={b2bTicketKind}>
      <EditTicket id={ticketId} />
    </TicketKindProvider>
  );
}

function EditTicket({ id }: { id: string }) {
  const { t } = useTranslation('subscription-tickets');
  const navigate = useNavigate();
  const ticket = useTicket(id);
  const tk = ticket.data;
  return (
    <DetailPage
      title={tk ? t('form.editTitle', { ticketNo: tk.ticketNo }) : t('form.editTitle', { ticketNo: '' })}
      documentTitle={tk?.ticketNo}
      loading={ticket.isLoading}
      error={ticket.error}
      sections={[]}
    >
      {tk &&
        (tk.allowedActions.includes('update') ? (
          <SubscriptionTicketForm ticket={tk} />
        ) : (
          <Alert
            type="info"
            showIcon
            data-testid="ticket-not-editable"
            title={t('form.notEditable')}
            action={<Button onClick={() => navigate(subscriptionTicketUrls.detail(tk.id))}>{t('detail.open')}</Button>}
          />
        ))}
    </DetailPage>
  );
}
