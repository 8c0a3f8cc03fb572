import type { ChecklistRecord, CustomerTicket } from '@fleetdesk/contracts';
import { Drawer, Grid } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTicketRecords } from '../../checklist-records/api.ts';
import { ChecklistRecordForm } from '../../checklist-records/components/record-form.tsx';
import { useRefreshTicket } from '../api.ts';

/**
 * The record form of the checklist records feature in a drawer over the workbench: a new record ("Start a
 * checklist"), or a draft of the ticket to go on with. Full width on a tablet so the touch controls keep their size.
 */
export function RecordDrawer({
  ticket,
  recordId,
  open,
  onClose,
}: {
  ticket: CustomerTicket;
  recordId: string | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('customer-tickets');
  const screens = Grid.useBreakpoint();
  const records = useTicketRecords(ticket.id, open && recordId !== undefined, ticket.kind);
  const refresh = useRefreshTicket(ticket.id);
  const record: ChecklistRecord | undefined = recordId ? records.data?.find((r) => r.id === recordId) : undefined;
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={record ? record.checklist.name : t('records.start')}
      size={screens.xl ? 900 : '100%'}
      destroyOnHidden
      data-testid="record-drawer"
    >
      {open && (recordId === undefined || record) && (
        <ChecklistRecordForm
          ticket={{
            id: ticket.id,
            asset: { no: ticket.asset.no },
            category: { id: ticket.category.id },
            assetPartnerId: ticket.assetPartner.id,
            currency: ticket.currency,
            kind: ticket.kind,
          }}
          record={record}
          onSaved={refresh}
        />
      )}
    </Drawer>
  );
}
