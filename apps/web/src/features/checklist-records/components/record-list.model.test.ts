import { describe, expect, it } from 'vitest';
import { finishRangeOf, isFiltered, type RecordFilterState, recordListQueryOf } from './record-list.model.ts';

const none: RecordFilterState = {
  partnerId: undefined,
  checklistId: undefined,
  assetNo: undefined,
  status: undefined,
  finished: [],
};
const page = { pageNo: 2, pageSize: 20, sort: 'finalizedAt:desc' };
const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('the checklist record list query', () => {
  it('sends paging and sort alone when nothing filters', () => {
    expect(recordListQueryOf({ ...none, ...page })).toEqual(page);
    expect(isFiltered(none)).toBe(false);
  });

  it('sends partner and checklist as one-id lists, the asset number in capitals, the status', () => {
    const state = { ...none, partnerId: uid(1), checklistId: uid(2), assetNo: ' eb100 ', status: 'Finish' as const };
    expect(recordListQueryOf({ ...state, ...page })).toEqual({
      ...page,
      partnerIdIn: [uid(1)],
      checklistIdIn: [uid(2)],
      assetNo: 'EB100',
      status: 'Finish',
    });
    expect(isFiltered(state)).toBe(true);
  });

  it('leaves out ids a hand-edited link broke', () => {
    expect(recordListQueryOf({ ...none, ...page, partnerId: 'acme', checklistId: '12' })).toEqual(page);
  });

  it('sends the finish range as two instants, only when they are in order', () => {
    const from = '2026-11-01T08:00:00.000Z';
    const to = '2026-11-02T18:00:00.000Z';
    expect(finishRangeOf([from, to])).toEqual({ finalizedFrom: from, finalizedTo: to });
    expect(finishRangeOf([to, from])).toBeNull();
    expect(finishRangeOf([from])).toBeNull();
    expect(finishRangeOf(['yesterday', to])).toBeNull();
    expect(isFiltered({ ...none, finished: [from, to] })).toBe(true);
  });
});
