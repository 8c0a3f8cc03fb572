import type { IotControlRecord } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { configOutcomeUnknown } from './record-labels.ts';

type Outcome = Pick<IotControlRecord, 'kind' | 'status' | 'failedReason'>;
const record = (kind: Outcome['kind'], status: Outcome['status'], failedReason: Outcome['failedReason'] = null) => ({
  kind,
  status,
  failedReason,
});

describe('configOutcomeUnknown', () => {
  it('asks to verify a config the device did not answer in time, or whose outcome is unknown', () => {
    expect(configOutcomeUnknown(record('config', 'timeout', 'time-out'))).toBe(true);
    expect(configOutcomeUnknown(record('config', 'unknown'))).toBe(true);
    expect(configOutcomeUnknown(record('config', 'failed', 'time-out'))).toBe(true);
  });

  it('not while it is pending, once it is known, or for a command', () => {
    expect(configOutcomeUnknown(record('config', 'pending'))).toBe(false);
    expect(configOutcomeUnknown(record('config', 'successful'))).toBe(false);
    expect(configOutcomeUnknown(record('config', 'failed', 'unsupported'))).toBe(false);
    expect(configOutcomeUnknown(record('config', 'skipped'))).toBe(false);
    expect(configOutcomeUnknown(record('command', 'timeout', 'time-out'))).toBe(false);
  });
});
