import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/http.ts';
import { refusedAssets } from './refusal.model.ts';

const refusal = (code: string, data: unknown) => new ApiError(422, code, 'refused', data, '/api/subscription/orders');

describe('order refusals', () => {
  it('names the refused asset numbers and why', () => {
    expect(refusedAssets(refusal('AssetsNotFound', { notFound: ['X1', 'X2'], fields: {} }))).toEqual({
      kind: 'notFound',
      nos: ['X1', 'X2'],
    });
    expect(refusedAssets(refusal('AssetNotSubscribable', { assets: [{ no: 'A1', problem: 'is rented' }] }))).toEqual({
      kind: 'notSubscribable',
      nos: ['A1'],
    });
    expect(refusedAssets(refusal('ValidationError', { fields: { assetNos: 'x' } }))).toBeNull();
  });
});
