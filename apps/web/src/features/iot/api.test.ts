import type { IotControlRecord } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/http.ts';
import { FOLLOW_INTERVAL_MS, followInterval } from './api.ts';

const record = (status: IotControlRecord['status']) => ({ status }) as IotControlRecord;

describe('following the records a batch created', () => {
  it('asks again while a record is pending, and stops once all are settled', () => {
    expect(followInterval({ state: { data: [record('successful'), record('pending')], error: null } })).toBe(
      FOLLOW_INTERVAL_MS,
    );
    expect(followInterval({ state: { data: [record('successful'), record('timeout')], error: null } })).toBe(false);
  });

  it('stops on a refusal even with records still pending', () => {
    const refused = new ApiError(
      403,
      'Forbidden',
      'You do not have permission to do this',
      null,
      '/api/asset-iot/control/sentRecords',
    );
    expect(followInterval({ state: { data: [record('pending')], error: refused } })).toBe(false);
  });
});
