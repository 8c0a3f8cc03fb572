import type { RentalConfig } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/http.ts';
import {
  formValuesOf,
  identityCoverage,
  namesPreview,
  nextInvoiceNo,
  pageOf,
  rentalConfigRows,
  selectRows,
  toCreateFormError,
} from './rental-config.model.ts';

const milano = { id: '7d1c7a44-2f0e-4a57-9c1b-3f4a2b6c8d90', name: 'Milano Bike Hub' };
const barcelona = { id: '1b2c3d4e-5f60-4718-8a9b-0c1d2e3f4a5b', name: 'Barcelona E-Motion' };
const seoul = { id: '9a8b7c6d-5e4f-4321-8fed-cba987654321', name: 'Seoul Scooter Co.' };
const torino = { id: '0f1e2d3c-4b5a-4968-8776-655443322110', name: 'torino go' };

const config = (partner: { id: string; name: string }, values: Partial<RentalConfig> = {}): RentalConfig => ({
  partner,
  invoicePrefix: 'MI',
  sellerName: `${partner.name} S.r.l.`,
  vatNumber: null,
  invoiceFooter: null,
  issued: 0,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...values,
});

const configs = [
  config(milano, { invoicePrefix: 'MI', issued: 12, updatedAt: '2026-11-20T10:00:00.000Z' }),
  config(seoul, { invoicePrefix: 'SEO-1', issued: 3, updatedAt: '2026-11-25T08:00:00.000Z' }),
];
const rows = rentalConfigRows([milano, barcelona, seoul, torino], configs);
const names = (selected: ReturnType<typeof selectRows>) => selected.map((row) => row.partner.name);

describe('rental config rows', () => {
  it('has one row per partner, with its config or none', () => {
    expect(rows.map((row) => [row.partner.name, row.config?.invoicePrefix ?? null])).toEqual([
      ['Milano Bike Hub', 'MI'],
      ['Barcelona E-Motion', null],
      ['Seoul Scooter Co.', 'SEO-1'],
      ['torino go', null],
    ]);
  });

  it('keeps a config whose partner the reference list does not have yet', () => {
    const lisboa = { id: '5e5e5e5e-5e5e-4e5e-8e5e-5e5e5e5e5e5e', name: 'Lisboa Rides' };
    const joined = rentalConfigRows([milano], [config(milano), config(lisboa, { invoicePrefix: 'LX' })]);
    expect(joined.map((row) => row.partner.name)).toEqual(['Milano Bike Hub', 'Lisboa Rides']);
  });

  it('sorts partners by name without regard to case, either way', () => {
    const all = { status: 'all' as const };
    expect(names(selectRows(rows, { ...all, sort: 'partner:asc' }))).toEqual([
      'Barcelona E-Motion',
      'Milano Bike Hub',
      'Seoul Scooter Co.',
      'torino go',
    ]);
    expect(names(selectRows(rows, { ...all, sort: 'partner:desc' }))[0]).toBe('torino go');
  });

  it('sorts by a config value with the partners that have none last, in either direction', () => {
    const all = { status: 'all' as const };
    expect(names(selectRows(rows, { ...all, sort: 'issued:desc' }))).toEqual([
      'Milano Bike Hub',
      'Seoul Scooter Co.',
      'Barcelona E-Motion',
      'torino go',
    ]);
    expect(names(selectRows(rows, { ...all, sort: 'issued:asc' }))).toEqual([
      'Seoul Scooter Co.',
      'Milano Bike Hub',
      'Barcelona E-Motion',
      'torino go',
    ]);
    expect(names(selectRows(rows, { ...all, sort: 'updatedAt:desc' })).slice(0, 2)).toEqual([
      'Seoul Scooter Co.',
      'Milano Bike Hub',
    ]);
    expect(names(selectRows(rows, { ...all, sort: 'invoicePrefix:desc' })).slice(0, 2)).toEqual([
      'Seoul Scooter Co.',
      'Milano Bike Hub',
    ]);
  });

  it('keeps the set or the not set partners, and searches partner, seller and prefix', () => {
    const byName = { sort: 'partner:asc' };
    expect(names(selectRows(rows, { ...byName, status: 'set' }))).toEqual(['Milano Bike Hub', 'Seoul Scooter Co.']);
    expect(names(selectRows(rows, { ...byName, status: 'notSet' }))).toEqual(['Barcelona E-Motion', 'torino go']);
    expect(names(selectRows(rows, { ...byName, status: 'all', search: ' TORINO ' }))).toEqual(['torino go']);
    expect(names(selectRows(rows, { ...byName, status: 'all', search: 'seo-' }))).toEqual(['Seoul Scooter Co.']);
    expect(names(selectRows(rows, { ...byName, status: 'all', search: 's.r.l' }))).toEqual([
      'Milano Bike Hub',
      'Seoul Scooter Co.',
    ]);
    expect(names(selectRows(rows, { ...byName, status: 'notSet', search: 'milano' }))).toEqual([]);
  });

  it('pages the selected rows and counts them all', () => {
    const selected = selectRows(rows, { status: 'all', sort: 'partner:asc' });
    expect(pageOf(selected, 2, 3)).toEqual({ data: [selected[3]], count: 4 });
    expect(pageOf(selected, 3, 3)).toEqual({ data: [], count: 4 });
  });
});

describe('invoice numbers', () => {
  it('numbers the next invoice as the server does: prefix, year in UTC, six digits', () => {
    expect(nextInvoiceNo('MI', 0, new Date('2026-12-31T23:30:00.000Z'))).toBe('MI-2026-000001');
    expect(nextInvoiceNo('SEO-1', 41, new Date('2027-01-01T00:00:00.000Z'))).toBe('SEO-1-2027-000042');
  });
});

describe('the rental config form', () => {
  it('starts the edit form from the stored identity, absent texts as empty fields', () => {
    expect(formValuesOf(configs[0] as RentalConfig)).toEqual({
      invoicePrefix: 'MI',
      sellerName: 'Milano Bike Hub S.r.l.',
      vatNumber: '',
      invoiceFooter: '',
    });
    expect(formValuesOf(config(milano, { vatNumber: 'IT123', invoiceFooter: 'Via Roma 1' }))).toMatchObject({
      vatNumber: 'IT123',
      invoiceFooter: 'Via Roma 1',
    });
  });

  it("shows the server's 409 on create under the partner field", () => {
    const conflict = new ApiError(409, 'Conflict', 'The partner have already been set', null, '/renting/rentalConfig');
    const shown = toCreateFormError(conflict) as ApiError;
    expect(shown.fieldErrors).toEqual({ partnerId: 'The partner have already been set' });
    expect(shown.status).toBe(409);
  });

  it('leaves every other failure as it is', () => {
    const down = new ApiError(503, 'ServiceUnavailable', 'Down', null, '/renting/rentalConfig');
    expect(toCreateFormError(down)).toBe(down);
    const invalid = new ApiError(400, 'ValidationError', 'Invalid', { fields: { sellerName: 'x' } }, '/x');
    expect(toCreateFormError(invalid)).toBe(invalid);
    const plain = new Error('boom');
    expect(toCreateFormError(plain)).toBe(plain);
  });
});

describe('identity coverage', () => {
  it('counts the partners and names those without an identity', () => {
    expect(identityCoverage(rows)).toEqual({ total: 4, missing: [barcelona, torino] });
  });

  it('names the first few and counts the rest', () => {
    expect(namesPreview([milano, barcelona])).toBe('Milano Bike Hub, Barcelona E-Motion');
    expect(namesPreview([milano, barcelona, seoul, torino], 2)).toBe('Milano Bike Hub, Barcelona E-Motion +2');
  });
});
