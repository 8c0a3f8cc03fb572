import {
  type Inspection,
  type Order,
  REPLACEMENT_REFUSALS,
  type ReplaceAssetBody,
  type ReplacementRefusal,
  replaceAssetBody,
} from '@fleetdesk/contracts';
import { type FieldError, zodIssuesToFieldErrors } from '../../../shared/ui/form-errors.ts';

/** Document 2 §5: asset numbers are capital letters and digits; a hand or a scanner may add lower case and spaces. */
export const normalizeAssetNo = (value: string) => value.toUpperCase().replace(/\s+/g, '');

/**
 * The asset whose lease can move to another one (document 2 §8 "replacement"): the asset of an open order while
 * its lease is in use, no return submitted. Null when nothing can be replaced.
 */
export function replaceableAssetNo(order: Pick<Order, 'status' | 'leaseStatus' | 'assetNo'>): string | null {
  return order.status === 'Open' && order.leaseStatus === 'InUse' && order.assetNo ? order.assetNo : null;
}

/**
 * Why the inspected asset cannot take the lease over: one of the server's refusals, `SameAsset` (the order holds it
 * already) or `AssetAlreadyRentedOut` (the inspection found it rented out).
 */
export type ReplacementVerdict = ReplacementRefusal | 'SameAsset' | 'AssetAlreadyRentedOut';

/**
 * What the server would answer for the inspected asset, checked in the server's order (orders.service
 * replaceAsset); null when it can replace the current one. The inspection also answers for the customer (rental
 * limit, partner set-up), which a replacement does not ask: only the asset's own facts count here.
 */
export function replacementVerdict(
  order: Pick<Order, 'assetNo' | 'partner' | 'assetCategory'>,
  inspection: Pick<Inspection, 'outcome' | 'asset'>,
): ReplacementVerdict | null {
  const { asset } = inspection;
  if (asset.no === order.assetNo) return 'SameAsset';
  if (asset.usageMode === 'partner-subscription') return 'SubscriptionAssetNeedsB2BOrder';
  if (asset.partner.id !== order.partner.id) return 'AssetPartnerMismatch';
  if (asset.assetCategory.id !== order.assetCategory.id) return 'AssetCategoryMismatch';
  if (asset.usageMode !== 'customer-rental' || asset.lifeCycleState !== 'Ready') return 'RetailAssetNotLeasable';
  if (inspection.outcome === 'AssetAlreadyRentedOut' || asset.turnoverState === 'RentingOut')
    return 'AssetAlreadyRentedOut';
  return null;
}

export interface ReplaceAssetValues {
  newAssetNo?: string;
  reason?: string;
}

/**
 * The drawer's values checked with the contract: the number normalized, a blank reason left out, and the order's
 * own asset refused (`sameAsset` is that message). Answers the body to send, or the errors to show on the fields.
 */
export function checkReplacement(
  values: ReplaceAssetValues,
  currentAssetNo: string,
  sameAsset: string,
): { body: ReplaceAssetBody; errors: [] } | { body: null; errors: FieldError[] } {
  const reason = values.reason?.trim();
  const parsed = replaceAssetBody.safeParse({
    newAssetNo: normalizeAssetNo(values.newAssetNo ?? ''),
    ...(reason ? { reason } : {}),
  });
  if (!parsed.success) return { body: null, errors: zodIssuesToFieldErrors(parsed.error.issues).fields };
  if (parsed.data.newAssetNo === currentAssetNo)
    return { body: null, errors: [{ name: ['newAssetNo'], errors: [sameAsset] }] };
  return { body: parsed.data, errors: [] };
}

const refusalCodes = new Set<string>(Object.keys(REPLACEMENT_REFUSALS));

/** Whether an API error code is one of the replacement refusals (each has its own translated message). */
export const isReplacementRefusal = (code: string): code is ReplacementRefusal => refusalCodes.has(code);
