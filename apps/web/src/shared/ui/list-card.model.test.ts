import { describe, expect, it } from 'vitest';
import { activeFilterCount, type CardColumnLike, cardModel, pinColumns } from './list-card.model.ts';

const keys = (columns: readonly CardColumnLike[]) => columns.map((c) => c.key);

describe('cardModel', () => {
  const orderColumns: CardColumnLike[] = [
    { key: 'orderNo', alwaysVisible: true },
    { key: 'status' },
    { key: 'leaseStatus' },
    { key: 'customer' },
    { key: 'assetNo' },
    { key: 'partner' },
    { key: 'category' },
  ];

  it('takes the first column that cannot be hidden as the title and the first status column as the status', () => {
    const model = cardModel(orderColumns);
    expect(model.title?.key).toBe('orderNo');
    expect(model.status?.key).toBe('status');
  });

  it('shows the next three columns as figures when none is marked', () => {
    expect(keys(cardModel(orderColumns).figures)).toEqual(['leaseStatus', 'customer', 'assetNo']);
  });

  it('shows only the columns marked as figures when some are, in their order', () => {
    const columns = orderColumns.map((c) =>
      c.key === 'partner' || c.key === 'customer' ? { ...c, card: 'figure' as const } : c,
    );
    expect(keys(cardModel(columns).figures)).toEqual(['customer', 'partner']);
  });

  it('puts the actions column in the footer and never among the figures', () => {
    const model = cardModel([{ key: 'name' }, { key: 'actions', alwaysVisible: true }, { key: 'note' }]);
    expect(model.actions?.key).toBe('actions');
    expect(model.title?.key).toBe('name');
    expect(keys(model.figures)).toEqual(['note']);
  });

  it('prefers the column pinned left as the title, and explicit roles over every guess', () => {
    expect(cardModel([{ key: 'line' }, { key: 'no', fixed: 'left' }]).title?.key).toBe('no');
    const model = cardModel([
      { key: 'no', alwaysVisible: true },
      { key: 'lifeCycleState' },
      { key: 'turnoverState', card: 'status' },
      { key: 'name', card: 'title' },
      { key: 'note', card: 'none' },
    ]);
    expect(model.title?.key).toBe('name');
    expect(model.status?.key).toBe('turnoverState');
    expect(keys(model.figures)).toEqual(['no', 'lifeCycleState']);
  });

  it('leaves the status empty when no column is a state', () => {
    expect(cardModel([{ key: 'name' }, { key: 'code' }]).status).toBeUndefined();
  });
});

describe('pinColumns', () => {
  const columns: CardColumnLike[] = [{ key: 'name', alwaysVisible: true }, { key: 'code' }, { key: 'actions' }];

  it('pins the title left and the actions right on a wide screen', () => {
    expect(pinColumns(columns, true).map((c) => c.fixed)).toEqual(['left', undefined, 'right']);
  });

  it("keeps a column's own pinning", () => {
    expect(pinColumns([{ key: 'name', fixed: false }, { key: 'actions' }], true).map((c) => c.fixed)).toEqual([
      false,
      'right',
    ]);
  });

  it('pins nothing on a narrow screen', () => {
    expect(pinColumns([{ key: 'no', fixed: 'left' }, { key: 'actions' }], false).map((c) => c.fixed)).toEqual([
      undefined,
      undefined,
    ]);
  });
});

describe('activeFilterCount', () => {
  it('counts the filters that differ from a fresh list, an emptied default list included', () => {
    const fallbacks = { search: undefined, status: [], life: ['ACTIVE'], iot: undefined };
    expect(activeFilterCount({ search: '', status: [], life: ['ACTIVE'] }, fallbacks)).toBe(0);
    expect(activeFilterCount({ search: 'bike', status: ['A'], life: ['ACTIVE'] }, fallbacks)).toBe(2);
    expect(activeFilterCount({ life: [] }, fallbacks)).toBe(1);
    expect(activeFilterCount({ life: ['ACTIVE', 'NEW'], iot: 'true' }, fallbacks)).toBe(2);
  });
});
