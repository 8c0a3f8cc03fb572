import { describe, expect, it } from 'vitest';
import { changedText, omitBlank } from './omit-blank.ts';

describe('omitBlank (document 1 §7.9)', () => {
  it('drops empty and whitespace-only text fields', () => {
    expect(omitBlank({ name: 'Brakes', description: '', sku: '   ' })).toEqual({ name: 'Brakes' });
  });

  it('drops blank text inside nested objects and arrays of objects', () => {
    const body = {
      name: 'Service',
      workItemGroups: [{ name: 'Front', description: ' ', workItemIdList: ['a'] }],
      options: [{ type: 'labour', name: 'Fit', sku: '' }],
    };
    expect(omitBlank(body)).toEqual({
      name: 'Service',
      workItemGroups: [{ name: 'Front', workItemIdList: ['a'] }],
      options: [{ type: 'labour', name: 'Fit' }],
    });
  });

  it('keeps 0, false, null and empty arrays, which mean something in these bodies', () => {
    expect(omitBlank({ price: 0, isRequired: false, assetLifeCyclePreferTo: null, options: [] })).toEqual({
      price: 0,
      isRequired: false,
      assetLifeCyclePreferTo: null,
      options: [],
    });
  });

  it('drops undefined fields and keeps text that has content, spaces included', () => {
    expect(omitBlank({ name: ' Chain ', description: undefined })).toEqual({ name: ' Chain ' });
  });

  it('leaves strings in arrays of ids alone', () => {
    expect(omitBlank({ assetCategoryScope: ['c1', 'c2'] })).toEqual({ assetCategoryScope: ['c1', 'c2'] });
  });
});

describe('changedText (an edit form PATCH)', () => {
  it('leaves an unchanged field out, null and empty being the same', () => {
    expect(changedText('description', 'Front', 'Front')).toEqual({});
    expect(changedText('description', null, '  ')).toEqual({});
  });

  it('sends a changed field, and a cleared one as empty text so the server clears it', () => {
    expect(changedText('sku', 'PAD-1', 'PAD-2')).toEqual({ sku: 'PAD-2' });
    expect(changedText('description', 'Front', '   ')).toEqual({ description: '' });
  });
});
