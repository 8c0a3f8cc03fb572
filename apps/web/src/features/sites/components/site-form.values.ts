import type { Site, SiteInput } from '@fleetdesk/contracts';

/** A stored site as form values: the API answers null for empty fields, the form wants them absent. */
export function siteToInput(site: Site): SiteInput {
  const text = (value: string | null) => value ?? undefined;
  return {
    partnerId: site.partner.id,
    taxGroupId: site.taxGroup?.id ?? null,
    name: site.name,
    region: text(site.region),
    type: site.type,
    country: text(site.country),
    city: site.city,
    zip: text(site.zip),
    address: text(site.address),
    coordinates: text(site.coordinates),
    phone: text(site.phone),
    website: text(site.website),
    openingHoursNote: text(site.openingHoursNote),
    fenceRadius: site.fenceRadius,
    note: text(site.note),
    appointmentUrl: text(site.appointmentUrl),
    isArchived: site.isArchived,
  };
}

/** Form values as a PATCH body: a cleared tax group or fence radius is sent as null so it is cleared. */
export function inputToPatch(values: SiteInput): SiteInput {
  return { ...values, taxGroupId: values.taxGroupId ?? null, fenceRadius: values.fenceRadius ?? null };
}
