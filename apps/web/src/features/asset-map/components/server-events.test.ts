import { describe, expect, it } from 'vitest';
import { parseServerEvents } from '../../../shared/http.ts';

describe('server-sent events as the map stream sends them', () => {
  it('parses complete events, skips comments and retry lines, keeps the unfinished rest', () => {
    const text =
      'retry: 5000\n\nevent: snapshot\ndata: {"total":3}\n\n:\n\nevent: changes\ndata: {"removed":["A1"]}\n\nevent: cha';
    const { events, rest } = parseServerEvents(text);
    expect(events).toEqual([
      { type: 'snapshot', data: { total: 3 } },
      { type: 'changes', data: { removed: ['A1'] } },
    ]);
    expect(rest).toBe('event: cha');
    expect(parseServerEvents(`${rest}nges\ndata: {"total":1}\n\n`).events).toEqual([
      { type: 'changes', data: { total: 1 } },
    ]);
  });

  it('reads CRLF line ends, multi-line data and plain text', () => {
    const { events } = parseServerEvents('data: line one\r\ndata: line two\r\n\r\n');
    expect(events).toEqual([{ type: 'message', data: 'line one\nline two' }]);
  });
});
