import { describe, expect, it } from 'vitest';
import { parseRange } from './checklist-records.service.ts';
import { costStatementOf, type Snapshot } from './record-model.ts';

const snapshot: Snapshot = {
  checklist: {
    id: 'c',
    name: 'Full service',
    basicCostAmount: 12.2,
    assetLifeCyclePreferTo: null,
    assetCategoryIds: [],
  },
  groups: [
    {
      id: 'g',
      name: 'Brakes',
      isRequired: true,
      isAllWorkItemsRequired: false,
      workItems: [
        {
          id: 'w',
          name: 'Pads',
          resultMode: 'multiple',
          options: [
            { id: 'l', type: 'labour', name: 'Fit', costAmount: 5, price: 24.4, sku: null },
            { id: 'h', type: 'hardware', name: 'Pad', costAmount: 3.5, price: 11, sku: 'P1' },
            { id: 'n', type: 'labour', name: 'Look', costAmount: 1, price: null, sku: null },
          ],
        },
      ],
    },
  ],
};

describe('cost statement', () => {
  it('splits tax-inclusive lines per subject, charges the basic cost as labour and records unpriced options at 0', () => {
    const results = [
      {
        groupId: 'g',
        workItems: [
          {
            workItemId: 'w',
            note: null,
            options: [
              { optionId: 'l', quantity: 1 },
              { optionId: 'h', quantity: 3 },
              { optionId: 'n', quantity: 1 },
            ],
          },
        ],
      },
    ];
    const s = costStatementOf('r', 'EUR', snapshot, results, {
      taxGroup: { id: 't', name: 'IT' },
      rates: new Map([
        ['service-labour', 22],
        ['service-hardware', 10],
      ]),
      at: new Date('2026-01-01T00:00:00Z'),
      isFinal: true,
    });
    expect(s.lines.map((l) => [l.kind, l.gross, l.net, l.tax, l.costAmount])).toEqual([
      ['labour', 24.4, 20, 4.4, 5],
      ['hardware', 33, 30, 3, 10.5],
      ['labour', 0, 0, 0, 1],
      ['basic', 12.2, 10, 2.2, 0],
    ]);
    expect(s.labour).toEqual({ gross: 24.4, net: 20, tax: 4.4, cost: 6 });
    expect(s.hardware).toEqual({ gross: 33, net: 30, tax: 3, cost: 10.5 });
    expect(s.total).toEqual({ gross: 69.6, net: 60, tax: 9.6, cost: 16.5 });
  });
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=90-', { start: 90, end: 99 }],
    ['bytes=-5', { start: 95, end: 99 }],
    ['bytes=50-500', { start: 50, end: 99 }],
    ['bytes=100-', 'invalid'],
    ['bytes=9-3', 'invalid'],
    ['items=0-1', 'invalid'],
  ] as const)('%s', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
  it('answers null without a header', () => expect(parseRange(undefined, 100)).toBeNull());
});
