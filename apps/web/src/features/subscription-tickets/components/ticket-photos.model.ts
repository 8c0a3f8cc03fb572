import { TICKET_PHOTOS_MAX } from '@fleetdesk/contracts';

/** What the photos card offers on a ticket. */
export interface TicketPhotoActions {
  canAdd: boolean;
  canDelete: boolean;
}

/**
 * Photos are added and removed only while the ticket is new (the workshop has not checked it in), adding only up to
 * TICKET_PHOTOS_MAX, and each only by a user holding the call's permission; a read-only view (the workshop's
 * workbench) offers neither. The server decides again.
 */
export function ticketPhotoActions(
  ticket: { status: string; photos: readonly unknown[] },
  may: { add: boolean; delete: boolean; readOnly?: boolean },
): TicketPhotoActions {
  const open = !may.readOnly && ticket.status === 'new';
  return {
    canAdd: open && may.add && ticket.photos.length < TICKET_PHOTOS_MAX,
    canDelete: open && may.delete,
  };
}
