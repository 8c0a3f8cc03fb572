import { describe, expect, it } from 'vitest';
import { moved } from './checklists.service.ts';
import { repeatedNames, uniquely } from './refusals.ts';

/** A driver error as drizzle wraps it: the SQLSTATE and the constraint on its cause. */
const violation = (constraint: string) =>
  Object.assign(new Error('Failed query'), { cause: { code: '23505', constraint } });

describe('uniquely', () => {
  it.each([
    ['work_items_partner_name_key', 'WorkItemNameAlreadyExists'],
    ['work_item_options_name_key', 'WorkItemOptionNameAlreadyExists'],
    ['checklists_partner_name_key', 'ChecklistNameAlreadyExists'],
    ['checklist_work_item_groups_name_key', 'ChecklistWorkItemGroupNameAlreadyExists'],
  ])('answers a violation of %s with 409 %s', async (constraint, code) => {
    await expect(uniquely(() => Promise.reject(violation(constraint)))).rejects.toMatchObject({ code, status: 409 });
  });

  it("passes on other errors as they are, and the write's result", async () => {
    const other = violation('customer_tickets_open_asset_key');
    await expect(uniquely(() => Promise.reject(other))).rejects.toBe(other);
    await expect(uniquely(async () => 7)).resolves.toBe(7);
  });
});

describe('moved', () => {
  it('moves an id to a position, clamped to the list, keeping the others in order', () => {
    expect(moved(['a', 'b', 'c', 'd'], 'd', 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moved(['a', 'b', 'c', 'd'], 'a', 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moved(['a', 'b', 'c'], 'a', 99)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('repeatedNames', () => {
  it('names the second and later uses of a name, in any case', () => {
    expect(repeatedNames(['Pads', 'Labour', 'pads', 'PADS'], (i) => `options.${i}.name`)).toEqual({
      'options.2.name': 'This name is used twice',
      'options.3.name': 'This name is used twice',
    });
  });
});
