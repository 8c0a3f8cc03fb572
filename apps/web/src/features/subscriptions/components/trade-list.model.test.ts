import { describe, expect, it } from 'vitest';
import { tradeListTitle, tradeQueryOf } from './trade-list.model.ts';

const label = { feeType: (t: string) => (t === 'usage' ? 'Usage fee' : 'Basic fee'), allFees: 'All fees' };

describe('trade list', () => {
  it('is titled with the order no and the fee type filtered', () => {
    expect(tradeListTitle('SO-000001', ['usage'], label)).toBe('SO-000001 · Usage fee');
    expect(tradeListTitle('SO-000001', [], label)).toBe('SO-000001 · All fees');
    expect(tradeListTitle('SO-000001', ['usage', 'basic'], label)).toBe('SO-000001 · All fees');
  });

  it('sends known fee types and states once each, and no sort', () => {
    expect(
      tradeQueryOf({
        pageNo: 1,
        pageSize: 10,
        sort: 'createdAt:desc',
        feeTypeIn: ['usage', 'usage', 'rent'],
        stateIn: ['Failed', 'Lost'],
      }),
    ).toEqual({ pageNo: 1, pageSize: 10, feeTypeIn: ['usage'], stateIn: ['Failed'] });
  });
});
