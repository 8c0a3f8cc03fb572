import { describe, expect, it } from 'vitest';
import { sortOrderOf } from './list-state.ts';

describe('sortOrderOf', () => {
  it("gives antd's order for the sorted column only", () => {
    expect(sortOrderOf('no', { key: 'no', direction: 'asc' })).toBe('ascend');
    expect(sortOrderOf('no', { key: 'no', direction: 'desc' })).toBe('descend');
    expect(sortOrderOf('createdAt', { key: 'no', direction: 'asc' })).toBeNull();
    expect(sortOrderOf(undefined, { key: 'no', direction: 'asc' })).toBeNull();
  });
});
