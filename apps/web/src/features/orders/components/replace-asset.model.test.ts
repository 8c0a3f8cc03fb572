import type { Inspection } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkReplacement,
  isReplacementRefusal,
  normalizeAssetNo,
  replaceableAssetNo,
  replacementVerdict,
} from './replace-asset.model.ts';

const MILANO = { id: '00000000-0000-4000-8000-000000000001', name: 'Milano Bike Hub' };
const BARCELONA = { id: '00000000-0000-4000-8000-000000000002', name: 'Barcelona Rides' };
const EBIKE = { id: '00000000-0000-4000-8000-000000000011', name: 'City e-bike' };
const SCOOTER = { id: '00000000-0000-4000-8000-000000000012', name: 'Scooter' };

const order = { assetNo: 'MIE00001', partner: MILANO, assetCategory: EBIKE };

function inspected(
  asset: Partial<Inspection['asset']> = {},
  outcome: Inspection['outcome'] = 'Leasable',
): Pick<Inspection, 'outcome' | 'asset'> {
  return {
    outcome,
    asset: {
      id: '00000000-0000-4000-8000-000000000099',
      no: 'MIE00002',
      partner: MILANO,
      assetCategory: EBIKE,
      lifeCycleState: 'Ready',
      turnoverState: 'InSite',
      usageMode: 'customer-rental',
      ...asset,
    },
  };
}

describe('replace asset', () => {
  it('offers the replacement only for an open order whose lease is in use', () => {
    expect(replaceableAssetNo({ status: 'Open', leaseStatus: 'InUse', assetNo: 'MIE00001' })).toBe('MIE00001');
    expect(replaceableAssetNo({ status: 'Open', leaseStatus: 'Returning', assetNo: 'MIE00001' })).toBeNull();
    expect(replaceableAssetNo({ status: 'Closed', leaseStatus: 'Returned', assetNo: 'MIE00001' })).toBeNull();
    expect(replaceableAssetNo({ status: 'New', leaseStatus: null, assetNo: null })).toBeNull();
  });

  it('writes asset numbers as printed: capitals, no spaces', () => {
    expect(normalizeAssetNo(' mie 00042 ')).toBe('MIE00042');
  });

  it('lets a ready rental asset of the same partner and category replace the current one', () => {
    expect(replacementVerdict(order, inspected())).toBeNull();
    // The customer's rental limit counts the asset being replaced: it does not stop a replacement.
    expect(replacementVerdict(order, inspected({}, 'RentalLimitReached'))).toBeNull();
  });

  it("foresees each of the server's refusals from the inspected asset, in the server's order", () => {
    expect(replacementVerdict(order, inspected({ no: 'MIE00001' }))).toBe('SameAsset');
    expect(
      replacementVerdict(
        order,
        inspected({ usageMode: 'partner-subscription', partner: BARCELONA }, 'AssetSubscriptionRequired'),
      ),
    ).toBe('SubscriptionAssetNeedsB2BOrder');
    expect(replacementVerdict(order, inspected({ partner: BARCELONA, assetCategory: SCOOTER }))).toBe(
      'AssetPartnerMismatch',
    );
    expect(replacementVerdict(order, inspected({ assetCategory: SCOOTER }))).toBe('AssetCategoryMismatch');
    expect(replacementVerdict(order, inspected({ usageMode: 'non-leasable' }, 'AssetNotAvailable'))).toBe(
      'RetailAssetNotLeasable',
    );
    expect(replacementVerdict(order, inspected({ lifeCycleState: 'NotReady' }, 'AssetNotAvailable'))).toBe(
      'RetailAssetNotLeasable',
    );
    expect(replacementVerdict(order, inspected({ turnoverState: 'RentingOut' }, 'AssetAlreadyRentedOut'))).toBe(
      'AssetAlreadyRentedOut',
    );
    // Rented out even when the inspection stopped earlier for the customer (not joined, set-up incomplete).
    expect(replacementVerdict(order, inspected({ turnoverState: 'RentingOut' }, 'CustomerNotJoinedPartner'))).toBe(
      'AssetAlreadyRentedOut',
    );
  });

  it('answers the body to send: the number normalized, a blank reason left out', () => {
    expect(checkReplacement({ newAssetNo: 'mie00002', reason: ' Flat tyre ' }, 'MIE00001', 'same')).toEqual({
      body: { newAssetNo: 'MIE00002', reason: 'Flat tyre' },
      errors: [],
    });
    expect(checkReplacement({ newAssetNo: 'MIE00002', reason: '   ' }, 'MIE00001', 'same').body).toEqual({
      newAssetNo: 'MIE00002',
    });
  });

  it("refuses a missing number with the contract's message, and the order's own asset", () => {
    expect(checkReplacement({ newAssetNo: '  ' }, 'MIE00001', 'same').errors).toEqual([
      { name: ['newAssetNo'], errors: ['Enter the new asset id'] },
    ]);
    expect(checkReplacement({ newAssetNo: 'mie 00001' }, 'MIE00001', 'same').errors).toEqual([
      { name: ['newAssetNo'], errors: ['same'] },
    ]);
    expect(checkReplacement({ newAssetNo: 'MIE00002', reason: 'x'.repeat(501) }, 'MIE00001', 'same').errors).toEqual([
      { name: ['reason'], errors: ['Must be at most 500 characters'] },
    ]);
  });

  it('knows the refusal codes of a replacement', () => {
    expect(isReplacementRefusal('AssetInUseByAnotherOrder')).toBe(true);
    expect(isReplacementRefusal('ReplacementNotApplicable')).toBe(true);
    expect(isReplacementRefusal('OrderNotOpen')).toBe(false);
  });
});
