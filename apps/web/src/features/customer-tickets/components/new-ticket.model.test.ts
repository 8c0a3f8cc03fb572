import type { TicketAssetInspection } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  centersFor,
  createBodyOf,
  initialPasswordOf,
  inspectBodyOf,
  type NewTicketValues,
} from './new-ticket.model.ts';

const ASSET = '0190a6a0-0000-7000-8000-000000000001';
const ORDER = '0190a6a0-0000-7000-8000-000000000002';
const CENTER = '0190a6a0-0000-7000-8000-000000000003';
const CUSTOMER = '0190a6a0-0000-7000-8000-000000000004';

const inspection = (openOrder: TicketAssetInspection['openOrder'] = null): TicketAssetInspection => ({
  asset: {
    id: ASSET,
    no: 'EB1001',
    category: { id: ASSET, name: 'E-bike' },
    partner: { id: ASSET, name: 'Milano' },
    lifeCycleState: 'Ready',
    usageMode: 'customer-rental',
  },
  openOrder,
  currency: 'EUR',
});

const base: NewTicketValues = {
  assetNo: 'eb1001',
  operationType: 'regular',
  customerMode: 'existing',
  customerId: CUSTOMER,
  issues: ['Brakes', 'Flat'],
  centerSiteId: CENTER,
};

describe('new ticket', () => {
  it('inspects the asset number in capitals, with the swapped asset only for a swap', () => {
    expect(inspectBodyOf({ assetNo: ' eb1001 ', operationType: 'regular', swappedAssetNo: 'eb2' })).toEqual({
      assetNo: 'EB1001',
      operationType: 'regular',
    });
    expect(inspectBodyOf({ assetNo: 'EB1001', operationType: 'swapped', swappedAssetNo: 'eb2002' })).toEqual({
      assetNo: 'EB1001',
      operationType: 'swapped',
      swappedAssetNo: 'EB2002',
    });
  });

  it('opens a regular ticket for an existing customer, blank text left out', () => {
    expect(createBodyOf({ ...base, comment: '   ', checkInNote: ' scratched frame ' }, inspection())).toEqual({
      assetNo: 'EB1001',
      centerSiteId: CENTER,
      operationType: 'regular',
      issues: ['Brakes', 'Flat'],
      customerId: CUSTOMER,
      checkInNote: 'scratched frame',
    });
  });

  it('creates the walk-in customer with the ticket and ties a return to the open order', () => {
    const order = { id: ORDER, orderNo: 'R-1', customer: { id: CUSTOMER, name: 'Ada L', phoneNo: '+393331234567' } };
    const body = createBodyOf(
      {
        ...base,
        operationType: 'return',
        customerMode: 'new',
        newCustomer: { phoneNo: '+393331234567', firstName: ' Ada ', lastName: 'Lovelace', email: '' },
      },
      inspection(order),
    );
    expect(body).toEqual({
      assetNo: 'EB1001',
      centerSiteId: CENTER,
      operationType: 'return',
      issues: ['Brakes', 'Flat'],
      newCustomer: { phoneNo: '+393331234567', firstName: 'Ada', lastName: 'Lovelace' },
      orderId: ORDER,
    });
  });

  it('tells the initial password: the last 6 digits of the phone', () => {
    expect(initialPasswordOf('+39 333 123 4567')).toBe('234567');
    expect(initialPasswordOf('+3912')).toBeNull();
  });

  it('offers only service centres of the asset partner', () => {
    const sites = [
      { id: '1', partnerId: 'p', type: 'service-center' },
      { id: '2', partnerId: 'p', type: 'station' },
      { id: '3', partnerId: 'q', type: 'service-center' },
    ];
    expect(centersFor(sites, 'p').map((s) => s.id)).toEqual(['1']);
  });
});
