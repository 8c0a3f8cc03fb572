import type { WorkItem } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { imageCall, imageProblem } from './image-choice.ts';
import {
  optionIdOf,
  planIsEmpty,
  workItemCreateBody,
  workItemFormErrors,
  workItemSavePlan,
  workItemToValues,
} from './work-item-form.model.ts';

const stored: WorkItem = {
  id: 'w1',
  partner: { id: 'p1', name: 'Milano' },
  name: 'Brakes',
  description: 'Front and rear',
  imageUrl: null,
  resultMode: 'single',
  status: 'Inuse',
  usedByChecklists: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  options: [
    {
      id: 'o1',
      type: 'labour',
      name: 'Adjust',
      costAmount: 5,
      price: 10,
      description: null,
      imageUrl: null,
      sku: null,
      position: 0,
    },
    {
      id: 'o2',
      type: 'hardware',
      name: 'Pads',
      costAmount: 8,
      price: null,
      description: 'Sintered',
      imageUrl: '/api/files/x.png',
      sku: 'PAD-1',
      position: 1,
    },
  ],
};

describe('work item create body', () => {
  it('leaves blank text out (§7.9) and a blank price out (recorded only, not charged)', () => {
    const body = workItemCreateBody({
      partnerId: 'p1',
      name: 'Chain',
      description: '  ',
      resultMode: 'multiple',
      options: [
        { type: 'labour', name: 'Clean', costAmount: 2, price: null, description: '', sku: '' },
        { type: 'hardware', name: 'Chain', costAmount: 12, price: 0, sku: 'CH-9' },
      ],
    });
    expect(body).toEqual({
      partnerId: 'p1',
      name: 'Chain',
      resultMode: 'multiple',
      options: [
        { type: 'labour', name: 'Clean', costAmount: 2 },
        { type: 'hardware', name: 'Chain', costAmount: 12, price: 0, sku: 'CH-9' },
      ],
    });
  });

  it('never sends the form-only fields (ids, images)', () => {
    const body = workItemCreateBody({
      partnerId: 'p1',
      name: 'Chain',
      resultMode: 'single',
      image: 'remove',
      options: [{ id: 'x', type: 'labour', name: 'Clean', costAmount: 2, imageUrl: '/a.png', image: 'remove' }],
    });
    expect(body.options?.[0]).toEqual({ type: 'labour', name: 'Clean', costAmount: 2 });
    expect(body).not.toHaveProperty('image');
  });

  it('reports the contract errors on the form fields, options included', () => {
    const errors = workItemFormErrors({
      partnerId: 'p1',
      name: '',
      resultMode: 'single',
      options: [{ type: 'labour' }],
    });
    const paths = errors.map((e) => e.name.join('.'));
    expect(paths).toContain('name');
    expect(paths).toContain('options.0.name');
    expect(paths).toContain('options.0.costAmount');
  });
});

describe('work item save plan (an edit as API calls)', () => {
  it('is empty for an untouched form', () => {
    expect(planIsEmpty(workItemSavePlan(stored, workItemToValues(stored)))).toBe(true);
  });

  it('patches only the changed fields and clears a cleared description with empty text', () => {
    const values = { ...workItemToValues(stored), description: '', resultMode: 'multiple' as const };
    expect(workItemSavePlan(stored, values).patch).toEqual({ description: '', resultMode: 'multiple' });
  });

  it('removes, changes and adds options, each change with its form row', () => {
    const values = workItemToValues(stored);
    const [adjust] = values.options;
    const plan = workItemSavePlan(stored, {
      ...values,
      options: [
        { ...adjust, price: null, sku: 'LAB-1' },
        { type: 'hardware', name: 'Disc', costAmount: 20, price: 35, description: '' },
      ],
    });
    expect(plan.removeOptionIds).toEqual(['o2']);
    expect(plan.updateOptions).toEqual([{ id: 'o1', index: 0, body: { price: null, sku: 'LAB-1' } }]);
    expect(plan.addOptions).toEqual([
      { index: 1, body: { type: 'hardware', name: 'Disc', costAmount: 20, price: 35 } },
    ]);
    expect(plan.patch).toBeNull();
  });

  it('finds a new option by its name once saved, to upload its image', () => {
    expect(optionIdOf(stored, { name: 'Pads ' })).toBe('o2');
    expect(optionIdOf(stored, { id: 'o1', name: 'renamed' })).toBe('o1');
    expect(optionIdOf(stored, { name: 'Unknown' })).toBeUndefined();
  });
});

describe('image choices', () => {
  it('accepts JPEG and PNG up to 5 MB only', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageProblem({ type: 'image/gif', size: 1000 })).toBe('wrongType');
    expect(imageProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('tooLarge');
  });

  it('uploads a chosen file, removes only a stored image, does nothing when untouched', () => {
    expect(imageCall({ file: new File(['x'], 'a.png') }, null)).toBe('upload');
    expect(imageCall('remove', '/api/files/a.png')).toBe('remove');
    expect(imageCall('remove', null)).toBeNull();
    expect(imageCall(undefined, '/api/files/a.png')).toBeNull();
  });
});
