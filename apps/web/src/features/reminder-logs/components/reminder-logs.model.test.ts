import { describe, expect, it } from 'vitest';
import { readUrlState } from '../../../shared/ui/url-state.ts';
import { assetTimerCentreList, assetTimerLogList, reminderLogUrls } from '../urls.ts';
import { causeOf, centreQueryOf, logQueryOf } from './reminder-logs.model.ts';

const PARTNER = '6f1c1c1e-8a47-4c55-9d3b-0a4b8a0c2f11';
const TIMER = '0b0e8f6a-3a7c-4a1e-8f4d-5d2b7d4c9e22';

const logState = (search: string) => readUrlState(assetTimerLogList.shape, new URLSearchParams(search));
const centreState = (search: string) => readUrlState(assetTimerCentreList.shape, new URLSearchParams(search));

describe('the log list query', () => {
  it('is newest first, 20 a page, with nothing else by default', () => {
    expect(logQueryOf(logState(''))).toEqual({ pageNo: 1, pageSize: 20, sort: 'createdAt:desc' });
  });

  it('sends the filters of the URL, the asset number upper-cased', () => {
    const query = logQueryOf(
      logState(
        `partnerIdIn=${PARTNER}&assetNo=%20eb-12%20&timerId=${TIMER}&kindIn=due&kindIn=reset` +
          '&period=2026-11-01T00:00:00.000Z&period=2026-11-08T00:00:00.000Z',
      ),
    );
    expect(query).toMatchObject({
      partnerIdIn: [PARTNER],
      assetNo: 'EB-12',
      timerId: TIMER,
      kindIn: ['due', 'reset'],
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-08T00:00:00.000Z',
    });
  });

  it('drops what a hand-edited link gets wrong instead of failing the list', () => {
    const query = logQueryOf(
      logState(
        'partnerIdIn=nope&timerId=42&kindIn=exploded&period=2026-11-08T00:00:00.000Z&period=2026-11-01T00:00:00.000Z',
      ),
    );
    expect(query).toEqual({ pageNo: 1, pageSize: 20, sort: 'createdAt:desc' });
  });
});

describe('the log centre query', () => {
  it('asks for what needs attention, due first, by default', () => {
    expect(centreQueryOf(centreState(''))).toEqual({
      pageNo: 1,
      pageSize: 20,
      sort: 'due:asc',
      stateIn: ['upcoming', 'due', 'overdue'],
    });
  });

  it('asks for the chosen states, only unacknowledged rows when ticked', () => {
    const query = centreQueryOf(
      centreState(`stateIn=ok&stateIn=bogus&unacknowledgedOnly=true&categoryIdIn=${PARTNER}`),
    );
    expect(query).toMatchObject({ stateIn: ['ok'], acknowledged: 'false', categoryIdIn: [PARTNER] });
  });

  it('keeps the default states out of a link, so a bare link opens the same screen', () => {
    expect(reminderLogUrls.centre({ stateIn: ['upcoming', 'due', 'overdue'] })).toBe(
      '/reminder/asset-timer-log-center/list',
    );
    expect(reminderLogUrls.centre({ stateIn: ['due'], assetNo: 'EB1' })).toBe(
      '/reminder/asset-timer-log-center/list?stateIn=due&assetNo=EB1',
    );
  });
});

describe('a log row’s cause', () => {
  it('reads the record and ticket of a finalized checklist record', () => {
    expect(
      causeOf({ cause: 'checklistRecord', causeRef: { recordId: 'r1', checklistId: 'c1', ticketId: 't1' } }),
    ).toEqual({ kind: 'checklistRecord', recordId: 'r1', ticketId: 't1' });
  });

  it('reads the note of a manual reset and the value of a property change', () => {
    expect(causeOf({ cause: 'manual', causeRef: { note: 'Brakes adjusted' } })).toEqual({
      kind: 'manual',
      note: 'Brakes adjusted',
    });
    expect(causeOf({ cause: 'assetProperty', causeRef: { property: 'lifeCycleState', value: 'Maintenance' } })).toEqual(
      { kind: 'assetProperty', property: 'lifeCycleState', value: 'Maintenance' },
    );
  });

  it('survives a reference of another shape', () => {
    expect(causeOf({ cause: 'checklistRecord', causeRef: null })).toEqual({
      kind: 'checklistRecord',
      recordId: null,
      ticketId: null,
    });
    expect(causeOf({ cause: 'timer', causeRef: { recordId: 5 } })).toEqual({ kind: 'timer' });
  });
});
