import { id as idSchema } from '@fleetdesk/contracts';
import { useParams } from 'react-router';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { TicketWorkbench } from '../../customer-tickets/pages/ticket-detail.page.tsx';
import { TicketKindProvider } from '../../customer-tickets/ticket-kind.tsx';
import { TicketPhotosCard } from '../components/ticket-photos.card.tsx';
import { b2bTicketKind } from '../urls.ts';

/**
 * /subscription/service-management/detail/:ticketId: the B2C workbench over the B2B endpoints — status actions
 * (check-in names the service centre), assign, checklists, fee billed to the subscription order (edit charge,
 * exempt or refund) and history, with the partner's photos (read-only) when the ticket has any.
 */
export default function ManagementDetailPage() {
  const { ticketId = '' } = useParams();
  if (!idSchema.safeParse(ticketId).success) return <DataMissing />;
  return (
    <TicketKindProvider value={b2bTicketKind}>
      <TicketWorkbench
        id={ticketId}
        cards={(ticket) => ticket.photos.length > 0 && <TicketPhotosCard ticket={ticket} readOnly />}
      />
    </TicketKindProvider>
  );
}
