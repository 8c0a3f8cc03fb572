import type { Partner, PartnerInput } from '@fleetdesk/contracts';

/** A stored partner as form values: the API answers null for empty fields, the form wants them absent. */
export function partnerToInput(partner: Partner): PartnerInput {
  const text = (value: string | null) => value ?? undefined;
  return {
    name: partner.name,
    email: text(partner.email),
    note: text(partner.note),
    address: {
      country: text(partner.address.country),
      city: text(partner.address.city),
      zip: text(partner.address.zip),
      line1: text(partner.address.line1),
      line2: text(partner.address.line2),
      state: text(partner.address.state),
    },
    contactPerson: {
      name: text(partner.contactPerson.name),
      phone: text(partner.contactPerson.phone),
      workEmail: text(partner.contactPerson.workEmail),
    },
    attachments: partner.attachments,
    timezone: partner.timezone,
  };
}
