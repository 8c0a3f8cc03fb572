import { describe, expect, it } from 'vitest';
import {
  createdRangeValid,
  isFiltered,
  ticketExportQueryOf,
  ticketFilterOf,
  ticketListQueryOf,
} from './ticket-list.model.ts';

const empty = {
  search: undefined,
  statusIn: [],
  mechanicUserId: undefined,
  centerSiteIdIn: [],
  partnerIdIn: [],
  issue: undefined,
  operationType: undefined,
  created: [],
};
const ID = '0190a6a0-0000-7000-8000-000000000001';

describe('ticket list query', () => {
  it('sends nothing for an untouched filter bar, so every tab counts everything', () => {
    expect(ticketFilterOf(empty)).toEqual({});
    expect(isFiltered(empty)).toBe(false);
  });

  it('keeps known statuses and readable ids, drops what a hand-edited link got wrong', () => {
    const filter = ticketFilterOf({
      ...empty,
      search: '  T-42 ',
      statusIn: ['finished', 'ready', 'paused'],
      mechanicUserId: 'nobody',
      centerSiteIdIn: [ID, 'x'],
      issue: 'Brakes',
    });
    expect(filter).toEqual({ search: 'T-42', statusIn: ['finished', 'paused'], centerSiteIdIn: [ID], issue: 'Brakes' });
  });

  it('sends the created range only when it is in order', () => {
    expect(createdRangeValid('2026-11-02T00:00:00Z', '2026-11-01T00:00:00Z')).toBe(false);
    expect(ticketFilterOf({ ...empty, created: ['2026-11-02T00:00:00Z', '2026-11-01T00:00:00Z'] })).toEqual({});
    expect(ticketFilterOf({ ...empty, created: ['2026-11-01T00:00:00Z', '2026-11-03T10:00:00Z'] })).toEqual({
      createdFrom: '2026-11-01T00:00:00.000Z',
      createdTo: '2026-11-03T10:00:00.000Z',
    });
    expect(ticketFilterOf({ ...empty, created: ['2026-11-01T00:00:00Z'] })).toEqual({});
  });

  it('pages one view and exports the same view with the same sort', () => {
    const state = { ...empty, operationType: 'return' as const, pageNo: 3, pageSize: 20, sort: 'ticketNo:asc' };
    expect(ticketListQueryOf(state, 'myPending')).toEqual({
      view: 'myPending',
      pageNo: 3,
      pageSize: 20,
      sort: 'ticketNo:asc',
      operationType: 'return',
    });
    expect(ticketExportQueryOf(state, 'allReady')).toEqual({
      view: 'allReady',
      sort: 'ticketNo:asc',
      operationType: 'return',
    });
  });
});
