import type {
  BodyInputOf,
  customerTicketEndpoints,
  TicketAssetInspection,
  TicketIssue,
  TicketOperationType,
} from '@fleetdesk/contracts';

export type CreateTicketBody = BodyInputOf<typeof customerTicketEndpoints.create>;
export type InspectBody = BodyInputOf<typeof customerTicketEndpoints.inspectAsset>;

/** What the new-ticket form holds (antd form values; blanks are strings or absent). */
export interface NewTicketValues {
  assetNo?: string;
  operationType: TicketOperationType;
  swappedAssetNo?: string;
  customerMode: 'existing' | 'new';
  customerId?: string;
  newCustomer?: { phoneNo?: string; firstName?: string; lastName?: string; email?: string };
  issues?: TicketIssue[];
  centerSiteId?: string;
  contactName?: string;
  contactEmail?: string;
  contactPhone?: string;
  checkInNote?: string;
  comment?: string;
}

const text = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** Asset numbers are capital letters and digits (document 2 §5): a scanner or a hurried hand may type lower case. */
export const normalizeAssetNo = (value: string | undefined) => (value ?? '').trim().toUpperCase();

/** The inspection asked for the typed asset and operation (the open order comes back with the answer). */
export function inspectBodyOf(
  values: Pick<NewTicketValues, 'assetNo' | 'operationType' | 'swappedAssetNo'>,
): InspectBody {
  const swapped = normalizeAssetNo(values.swappedAssetNo);
  return {
    assetNo: normalizeAssetNo(values.assetNo),
    operationType: values.operationType,
    ...(values.operationType === 'swapped' && swapped ? { swappedAssetNo: swapped } : {}),
  };
}

/**
 * The create body: the inspected asset, an existing customer or the one created on the spot, the open order of a
 * return, and only the text fields that hold something (blank text is left out, as document 1 §7.9 does for
 * checklists).
 */
export function createBodyOf(values: NewTicketValues, inspection: TicketAssetInspection): CreateTicketBody {
  const swapped = normalizeAssetNo(values.swappedAssetNo);
  const fresh = values.newCustomer ?? {};
  const email = text(fresh.email);
  return {
    assetNo: inspection.asset.no,
    centerSiteId: values.centerSiteId ?? '',
    operationType: values.operationType,
    issues: values.issues ?? [],
    ...(values.customerMode === 'new'
      ? {
          newCustomer: {
            phoneNo: text(fresh.phoneNo) ?? '',
            firstName: text(fresh.firstName) ?? '',
            lastName: text(fresh.lastName) ?? '',
            ...(email ? { email } : {}),
          },
        }
      : { customerId: values.customerId ?? '' }),
    ...(values.operationType === 'swapped' && swapped ? { swappedAssetNo: swapped } : {}),
    ...(values.operationType === 'return' && inspection.openOrder ? { orderId: inspection.openOrder.id } : {}),
    ...optionalText('contactName', values.contactName),
    ...optionalText('contactEmail', values.contactEmail),
    ...optionalText('contactPhone', values.contactPhone),
    ...optionalText('checkInNote', values.checkInNote),
    ...optionalText('comment', values.comment),
  };
}

function optionalText<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  const trimmed = text(value);
  return trimmed ? ({ [key]: trimmed } as Record<K, string>) : {};
}

/** Document 2 §9: a customer created from a ticket gets the last 6 digits of the phone as initial password. */
export function initialPasswordOf(phoneNo: string | undefined): string | null {
  const digits = (phoneNo ?? '').replace(/\D/g, '');
  return digits.length >= 6 ? digits.slice(-6) : null;
}

/** Service centres of the asset's partner: the only sites a ticket may be opened at. */
export function centersFor<S extends { partnerId: string; type: string }>(sites: readonly S[], partnerId: string): S[] {
  return sites.filter((s) => s.partnerId === partnerId && s.type === 'service-center');
}
