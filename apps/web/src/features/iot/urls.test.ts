import { describe, expect, it } from 'vitest';
import { controlRecordQuery } from './api.ts';
import { controlRecordUrls } from './urls.ts';

const base = {
  pageNo: 1,
  pageSize: 10,
  sort: 'requestedAt:desc',
  assetNo: undefined,
  command: undefined,
  status: undefined,
  channel: undefined,
  initiator: undefined,
  requested: [],
};

describe('control-record URLs and queries', () => {
  it('links to the records of one asset on a tab, with a record open', () => {
    expect(controlRecordUrls.list({ tab: 'config', assetNo: 'MIE00080', record: 'r1' })).toBe(
      '/asset/control-record?assetNo=MIE00080&tab=config&record=r1',
    );
    // The command tab is the default and stays out of the URL.
    expect(controlRecordUrls.list({ tab: 'command' })).toBe('/asset/control-record');
  });

  it('leaves empty filters out and sends the requested range as two instants', () => {
    expect(controlRecordQuery('command', base)).toEqual({ pageNo: 1, pageSize: 10, sort: 'requestedAt:desc' });
    const query = controlRecordQuery('command', {
      ...base,
      assetNo: ' mie00080 ',
      command: 'device.beep',
      status: 'failed',
      requested: ['2026-11-24T08:00:00.000Z', '2026-11-24T10:00:00.000Z'],
    });
    expect(query).toMatchObject({
      assetNo: 'MIE00080',
      command: 'device.beep',
      status: 'failed',
      requestedFrom: '2026-11-24T08:00:00.000Z',
      requestedTo: '2026-11-24T10:00:00.000Z',
    });
  });

  it('drops the command filter on the config tab and an unreadable range', () => {
    const query = controlRecordQuery('config', { ...base, command: 'device.beep', requested: ['x', 'y'] });
    expect(query).toEqual({ pageNo: 1, pageSize: 10, sort: 'requestedAt:desc' });
  });
});
