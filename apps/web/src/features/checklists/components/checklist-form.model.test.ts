import type { Checklist, WorkItem } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  basicErrors,
  checklistCreateBody,
  checklistSavePlan,
  checklistToValues,
  type GroupRow,
  groupErrors,
  groupIdOf,
  moveGroup,
  movesBetween,
  planIsEmpty,
} from './checklist-form.model.ts';

const group = (id: string, position: number, over: Partial<Checklist['workItemGroups'][number]> = {}) => ({
  id,
  name: `Group ${id}`,
  description: null,
  isRequired: true,
  isAllWorkItemsRequired: false,
  workItemIdList: ['w1'],
  workItems: [] as WorkItem[],
  imageUrl: null,
  position,
  ...over,
});

const stored: Checklist = {
  id: 'c1',
  partner: { id: 'p1', name: 'Milano' },
  name: 'Yearly service',
  description: 'Every spring',
  assetCategoryScope: [
    { id: 'cat1', name: 'E-bike' },
    { id: 'cat2', name: 'Scooter' },
  ],
  basicCostAmount: 15,
  assetLifeCyclePreferTo: 'Ready',
  status: 'Inuse',
  // Stored out of order on purpose: the form shows them by position.
  workItemGroups: [group('g2', 1), group('g1', 0), group('g3', 2)],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const row = (over: Partial<GroupRow>): GroupRow => ({
  key: 'k',
  name: 'Brakes',
  description: '',
  isRequired: true,
  isAllWorkItemsRequired: false,
  workItemIdList: ['w1'],
  ...over,
});

describe('checklist create body', () => {
  it('sends the groups in the order shown, blank text left out (§7.9)', () => {
    const body = checklistCreateBody(
      {
        partnerId: 'p1',
        name: 'Service',
        description: ' ',
        assetCategoryScope: ['cat1'],
        basicCostAmount: 10,
        assetLifeCyclePreferTo: undefined,
      },
      [row({ key: 'a', name: 'Tyres', description: '' }), row({ key: 'b', name: 'Brakes', description: 'Both' })],
    );
    expect(body).toEqual({
      partnerId: 'p1',
      name: 'Service',
      assetCategoryScope: ['cat1'],
      basicCostAmount: 10,
      assetLifeCyclePreferTo: null,
      workItemGroups: [
        { name: 'Tyres', isRequired: true, isAllWorkItemsRequired: false, workItemIdList: ['w1'] },
        {
          name: 'Brakes',
          description: 'Both',
          isRequired: true,
          isAllWorkItemsRequired: false,
          workItemIdList: ['w1'],
        },
      ],
    });
  });

  it('checks the basic step and each group with the contract', () => {
    const partnerId = '7f0c7d3e-8f5a-4a4e-9a47-2a3a9c6b1d10';
    expect(
      basicErrors({ partnerId, name: 'x', assetCategoryScope: [], basicCostAmount: 1 }).map((e) => e.name),
    ).toEqual([['assetCategoryScope']]);
    expect(groupErrors(row({ name: '', workItemIdList: [] })).map((e) => e.name.join('.'))).toEqual([
      'name',
      'workItemIdList',
    ]);
  });
});

describe('reordering', () => {
  it('moves a group from one index to another', () => {
    expect(moveGroup(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveGroup(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveGroup(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });

  it('finds the position moves that reach the target order', () => {
    expect(movesBetween(['a', 'b', 'c'], ['a', 'b', 'c'])).toEqual([]);
    expect(movesBetween(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual([{ key: 'c', position: 0 }]);
    const moves = movesBetween(['a', 'b', 'c', 'd'], ['d', 'c', 'b', 'a']);
    let order = ['a', 'b', 'c', 'd'];
    for (const m of moves) order = moveGroup(order, order.indexOf(m.key), m.position);
    expect(order).toEqual(['d', 'c', 'b', 'a']);
  });
});

describe('checklist save plan (an edit as API calls)', () => {
  it('is empty for an untouched form', () => {
    const { basic, groups } = checklistToValues(stored);
    expect(groups.map((g) => g.id)).toEqual(['g1', 'g2', 'g3']);
    expect(planIsEmpty(checklistSavePlan(stored, basic, groups))).toBe(true);
  });

  it('patches changed fields only: a cleared description as empty text, a cleared lifecycle as null', () => {
    const { basic, groups } = checklistToValues(stored);
    const plan = checklistSavePlan(
      stored,
      { ...basic, description: '', assetLifeCyclePreferTo: null, assetCategoryScope: ['cat2', 'cat1'] },
      groups,
    );
    expect(plan.patch).toEqual({ description: '', assetLifeCyclePreferTo: null });
  });

  it('a drag is one position PATCH of the moved group', () => {
    const { basic, groups } = checklistToValues(stored);
    const plan = checklistSavePlan(stored, basic, moveGroup(groups, 2, 0));
    expect(plan.moves).toEqual([{ key: 'g3', position: 0 }]);
    expect(plan.updateGroups).toEqual([]);
  });

  it('removes, changes, adds and then moves the new group into place', () => {
    const { basic, groups } = checklistToValues(stored);
    const [g1, , g3] = groups as [GroupRow, GroupRow, GroupRow];
    const added = row({ key: 'new-a', name: 'Lights', workItemIdList: ['w9'] });
    const plan = checklistSavePlan(stored, basic, [
      { ...g3, workItemIdList: ['w1', 'w2'], isRequired: false },
      added,
      g1,
    ]);
    expect(plan.removeGroupIds).toEqual(['g2']);
    expect(plan.updateGroups).toEqual([
      { id: 'g3', key: 'g3', body: { isRequired: false, workItemIdList: ['w1', 'w2'] } },
    ]);
    expect(plan.addGroups).toEqual([
      {
        key: 'new-a',
        body: { name: 'Lights', isRequired: true, isAllWorkItemsRequired: false, workItemIdList: ['w9'] },
      },
    ]);
    // After the calls the order is g1, g3, new-a; the target is g3, new-a, g1.
    let order = ['g1', 'g3', 'new-a'];
    for (const m of plan.moves) order = moveGroup(order, order.indexOf(m.key), m.position);
    expect(order).toEqual(['g3', 'new-a', 'g1']);
  });

  it('finds a new group by its name once saved, to upload its image', () => {
    expect(groupIdOf(stored, { name: 'Group g2 ' })).toBe('g2');
    expect(groupIdOf(stored, { id: 'g1', name: 'renamed' })).toBe('g1');
  });
});
