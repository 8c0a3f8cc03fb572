import type { CreateSubscriptionTicketBody, CustomerTicket, UpdateSubscriptionTicketBody } from '@fleetdesk/contracts';

export interface TicketFormValues {
  assetNo?: string;
  issues: string[];
  comment?: string;
  contactName?: string;
  contactEmail?: string;
  contactPhone?: string;
}

/** The form's values as the body of create (with the inspected asset) or update: trimmed, blanks sent as ''. */
export function bodyOfValues(
  values: TicketFormValues,
): UpdateSubscriptionTicketBody & Omit<CreateSubscriptionTicketBody, 'assetNo'> {
  const text = (v: string | undefined) => v?.trim() ?? '';
  return {
    issues: values.issues,
    comment: text(values.comment),
    contactName: text(values.contactName),
    contactEmail: text(values.contactEmail),
    contactPhone: text(values.contactPhone),
  };
}

/** A ticket still new, as the edit form's starting values. */
export function valuesOfTicket(ticket: CustomerTicket): TicketFormValues {
  return {
    assetNo: ticket.asset.no,
    issues: [...ticket.issues],
    comment: ticket.comment ?? '',
    contactName: ticket.contactName ?? '',
    contactEmail: ticket.contactEmail ?? '',
    contactPhone: ticket.contactPhone ?? '',
  };
}
