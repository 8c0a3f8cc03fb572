import TicketListPage from '../../customer-tickets/pages/ticket-list.page.tsx';
import { TicketKindProvider } from '../../customer-tickets/ticket-kind.tsx';
import { b2bTicketKind } from '../urls.ts';

/**
 * /subscription/service-management/list: the workshop's queue of B2B tickets — the B2C list (views with live counts,
 * filters, paging) over subscriptionTicketEndpoints; a row opens the management workbench.
 */
export default function ManagementListPage() {
  return (
    <TicketKindProvider value={b2bTicketKind}>
      <TicketListPage />
    </TicketKindProvider>
  );
}
