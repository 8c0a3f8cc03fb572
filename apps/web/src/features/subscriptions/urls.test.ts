import { describe, expect, it } from 'vitest';
import { areaOf, subscriptionUrls } from './urls.ts';

const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('subscription urls', () => {
  it('tells the management area from the order area by the path', () => {
    expect(areaOf('/subscription/management/list')).toBe('management');
    expect(areaOf(`/subscription/management/detail/${id}`)).toBe('management');
    expect(areaOf(`/subscription/order/trade/${id}`)).toBe('order');
    expect(areaOf('/subscription/managementx')).toBe('order');
  });

  it('keeps links in their area, while new and edit are always management screens', () => {
    expect(subscriptionUrls('order').detail(id)).toBe(`/subscription/order/detail/${id}`);
    expect(subscriptionUrls('management').detail(id, 'changePlan')).toBe(
      `/subscription/management/detail/${id}?dialog=changePlan`,
    );
    expect(subscriptionUrls('order').edit(id)).toBe(`/subscription/management/${id}/edit`);
    expect(subscriptionUrls('order').new()).toBe('/subscription/management/new');
  });

  it('writes the tab, filters and the trade filters into the query, defaults left out', () => {
    expect(subscriptionUrls('order').list({ tab: 'finished', no: 'SO-1' })).toBe(
      '/subscription/order/list?no=SO-1&tab=finished',
    );
    expect(subscriptionUrls('order').list({ tab: 'subscribed' })).toBe('/subscription/order/list');
    expect(subscriptionUrls('management').trade(id, { feeTypeIn: ['usage'] })).toBe(
      `/subscription/management/trade/${id}?feeTypeIn=usage`,
    );
  });
});
