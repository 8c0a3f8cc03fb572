import { type CustomerTicket, id as idSchema } from '@fleetdesk/contracts';
import { Col, Flex, Row, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { DetailPage } from '../../../shared/ui/detail-page.tsx';
import { useUrlState } from '../../../shared/ui/url-state.ts';
import { useTicket } from '../api.ts';
import { FeesCard, InvoiceCard } from '../components/fees.card.tsx';
import { HistoryCard } from '../components/history.card.tsx';
import { RecordDrawer } from '../components/record.drawer.tsx';
import { RecordsCard } from '../components/records.card.tsx';
import { StatusBar } from '../components/status-bar.tsx';
import { TicketInfoCard } from '../components/ticket-info.card.tsx';
import { TicketStatusTag } from '../components/ticket-status-tag.tsx';
import { type TicketDialog, ticketDetailScreen } from '../urls.ts';

/** /b2c/service/ticket/detail/:ticketId; an id that cannot exist is "not found" without asking the server. */
export default function TicketDetailPage() {
  const { ticketId = '' } = useParams();
  if (!idSchema.safeParse(ticketId).success) return <DataMissing />;
  return <TicketWorkbench id={ticketId} />;
}

/**
 * The mechanic's workbench, of a B2C ticket or (under a B2B TicketKindProvider, the service management detail) of a
 * B2B one: the status bar with only the actions allowed now, what the ticket is about (notes and
 * contact editable in place), its checklist records, fees and payments, the invoice and the history. One column on a
 * 1024 × 768 tablet, two on a wide screen; every action a large touch target.
 */
export function TicketWorkbench({
  id,
  cards,
}: {
  id: string;
  /** More cards under the ticket's records, by kind (the B2B ticket's photos). */
  cards?: (ticket: CustomerTicket) => ReactNode;
}) {
  const { t } = useTranslation('customer-tickets');
  const ticket = useTicket(id);
  const [screen, setScreen] = useUrlState(ticketDetailScreen);
  const tk = ticket.data;
  const setDialog = (dialog: TicketDialog | undefined) => setScreen({ dialog, recordId: undefined });
  const works = tk?.allowedActions.includes('workChecklists') ?? false;

  return (
    <DetailPage
      title={
        tk ? (
          <Space size={12} wrap>
            <span data-testid="ticket-no" data-ticket-no={tk.ticketNo}>
              {t('detail.title', { ticketNo: tk.ticketNo })}
            </span>
            <TicketStatusTag status={tk.status} />
          </Space>
        ) : (
          t('detail.titleLoading')
        )
      }
      documentTitle={tk?.ticketNo}
      loading={ticket.isLoading}
      error={ticket.error}
      sections={[]}
    >
      {tk && (
        <Flex vertical gap={16}>
          <StatusBar ticket={tk} dialog={screen.dialog} onDialog={setDialog} />
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={15}>
              <Flex vertical gap={16}>
                <TicketInfoCard ticket={tk} />
                <RecordsCard
                  ticket={tk}
                  onStart={works ? () => setDialog('startChecklist') : undefined}
                  onContinue={works ? (recordId) => setScreen({ dialog: 'startChecklist', recordId }) : undefined}
                />
                {cards?.(tk)}
              </Flex>
            </Col>
            <Col xs={24} xl={9}>
              <Flex vertical gap={16}>
                <FeesCard
                  ticket={tk}
                  exemptOpen={screen.dialog === 'exemptOrRefund'}
                  onExempt={(open) => setDialog(open ? 'exemptOrRefund' : undefined)}
                />
                <InvoiceCard ticket={tk} />
                <HistoryCard ticket={tk} />
              </Flex>
            </Col>
          </Row>
          {works && (
            <RecordDrawer
              ticket={tk}
              recordId={screen.recordId}
              open={screen.dialog === 'startChecklist'}
              onClose={() => setDialog(undefined)}
            />
          )}
        </Flex>
      )}
    </DetailPage>
  );
}
