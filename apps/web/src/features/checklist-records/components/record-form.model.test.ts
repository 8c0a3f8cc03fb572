import { type ChecklistRecord, submitDraftBody } from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  chooseSingle,
  emptyFormState,
  type FormGroup,
  formProblems,
  formStateOfRecord,
  hasProblems,
  itemKey,
  type RecordFormState,
  setNote,
  setQuantity,
  submitDraftBodyOf,
  targetOfServerProblem,
  toggleOption,
} from './record-form.model.ts';

const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CHECKLIST = uid(1);
const BRAKES = uid(10);
const EXTRAS = uid(11);
const PADS = uid(20);
const CABLE = uid(21);
const WASH = uid(22);
const INSPECT = uid(23);
const PADS_REPLACE = uid(30);
const PADS_ADJUST = uid(31);
const CABLE_NEW = uid(32);
const CABLE_LABOUR = uid(33);
const WASH_DONE = uid(34);

const option = (id: string, type: 'labour' | 'hardware', price: number | null) => ({
  id,
  type,
  name: id,
  price,
  sku: type === 'hardware' ? 'SKU-1' : null,
});

/** A required brakes group whose items are all required, and an optional extras group. */
const groups: FormGroup[] = [
  {
    id: BRAKES,
    name: 'Brakes',
    description: null,
    isRequired: true,
    isAllWorkItemsRequired: true,
    workItems: [
      {
        id: PADS,
        name: 'Brake pads',
        description: null,
        resultMode: 'single',
        options: [option(PADS_REPLACE, 'hardware', 25), option(PADS_ADJUST, 'labour', null)],
      },
      {
        id: CABLE,
        name: 'Brake cable',
        description: null,
        resultMode: 'multiple',
        options: [option(CABLE_NEW, 'hardware', 8), option(CABLE_LABOUR, 'labour', 0)],
      },
    ],
  },
  {
    id: EXTRAS,
    name: 'Extras',
    description: null,
    isRequired: false,
    isAllWorkItemsRequired: false,
    workItems: [
      { id: WASH, name: 'Wash', description: null, resultMode: 'single', options: [option(WASH_DONE, 'labour', 5)] },
      { id: INSPECT, name: 'Visual inspection', description: null, resultMode: 'single', options: [] },
    ],
  },
];

const filled = (): RecordFormState => {
  let state = { ...emptyFormState(CHECKLIST), durationMinutes: 45 };
  state = chooseSingle(state, BRAKES, PADS, PADS_REPLACE);
  state = toggleOption(state, BRAKES, CABLE, CABLE_NEW, true);
  state = toggleOption(state, BRAKES, CABLE, CABLE_LABOUR, true);
  state = setQuantity(state, BRAKES, CABLE, CABLE_NEW, 2);
  return state;
};

describe('the $submitDraft body of the record form', () => {
  it('sends the chosen options with their quantities, group by group in checklist order', () => {
    const body = submitDraftBodyOf(groups, { ...filled(), comment: '  Front brake squeaked  ' });
    expect(body).toEqual({
      checklistId: CHECKLIST,
      groups: [
        {
          groupId: BRAKES,
          workItems: [
            { workItemId: PADS, options: [{ optionId: PADS_REPLACE, quantity: 1 }] },
            {
              workItemId: CABLE,
              options: [
                { optionId: CABLE_NEW, quantity: 2 },
                { optionId: CABLE_LABOUR, quantity: 1 },
              ],
            },
          ],
        },
      ],
      comment: 'Front brake squeaked',
      durationMinutes: 45,
    });
    // The body is what the contract accepts, unchanged by its parsing.
    expect(submitDraftBody.parse(body)).toEqual(body);
  });

  it('orders options as the work item lists them, whatever order they were ticked in', () => {
    let state = { ...emptyFormState(CHECKLIST), durationMinutes: 5 };
    state = toggleOption(state, BRAKES, CABLE, CABLE_LABOUR, true);
    state = toggleOption(state, BRAKES, CABLE, CABLE_NEW, true);
    const cable = submitDraftBodyOf(groups, state).groups[0]?.workItems[0];
    expect(cable?.options.map((o) => o.optionId)).toEqual([CABLE_NEW, CABLE_LABOUR]);
  });

  it('leaves out blank comments and notes, and items with neither option nor note', () => {
    let state = filled();
    state = setNote(state, BRAKES, PADS, '   ');
    state = { ...state, comment: '  ' };
    const body = submitDraftBodyOf(groups, state);
    expect(body).not.toHaveProperty('comment');
    expect(body.groups[0]?.workItems[0]).not.toHaveProperty('note');
    expect(body.groups.map((g) => g.groupId)).toEqual([BRAKES]);
  });

  it('sends a trimmed note, also for an item without options', () => {
    const state = setNote(filled(), EXTRAS, INSPECT, ' Frame scratched on the left ');
    const extras = submitDraftBodyOf(groups, state).groups[1];
    expect(extras).toEqual({
      groupId: EXTRAS,
      workItems: [{ workItemId: INSPECT, options: [], note: 'Frame scratched on the left' }],
    });
  });

  it('replaces a saved draft by naming it', () => {
    expect(submitDraftBodyOf(groups, filled(), uid(99)).recordId).toBe(uid(99));
    expect(submitDraftBodyOf(groups, filled())).not.toHaveProperty('recordId');
  });

  it('keeps one option for a single-result item and drops unticked ones', () => {
    let state = chooseSingle(filled(), BRAKES, PADS, PADS_ADJUST);
    expect(state.results[itemKey(BRAKES, PADS)]?.options).toEqual({ [PADS_ADJUST]: 1 });
    state = toggleOption(state, BRAKES, CABLE, CABLE_NEW, false);
    expect(state.results[itemKey(BRAKES, CABLE)]?.options).toEqual({ [CABLE_LABOUR]: 1 });
    // A quantity for an option not chosen changes nothing.
    expect(setQuantity(state, BRAKES, CABLE, CABLE_NEW, 3)).toBe(state);
  });

  it('opens a saved draft with what it holds', () => {
    const record = {
      id: uid(99),
      status: 'New',
      checklist: { id: CHECKLIST, name: 'Brake service' },
      comment: 'Squeaks',
      durationMinutes: 30,
      groups: [
        {
          id: BRAKES,
          name: 'Brakes',
          isRequired: true,
          isAllWorkItemsRequired: true,
          workItems: [
            {
              id: PADS,
              name: 'Brake pads',
              resultMode: 'single',
              note: 'worn',
              options: [
                { ...option(PADS_REPLACE, 'hardware', 25), costAmount: 10, quantity: 1 },
                { ...option(PADS_ADJUST, 'labour', null), costAmount: 3, quantity: 0 },
              ],
            },
            {
              id: CABLE,
              name: 'Brake cable',
              resultMode: 'multiple',
              note: null,
              options: [{ ...option(CABLE_NEW, 'hardware', 8), costAmount: 2, quantity: 0 }],
            },
          ],
        },
      ],
    } as unknown as ChecklistRecord;
    expect(formStateOfRecord(record)).toEqual({
      checklistId: CHECKLIST,
      results: { [itemKey(BRAKES, PADS)]: { options: { [PADS_REPLACE]: 1 }, note: 'worn' } },
      comment: 'Squeaks',
      durationMinutes: 30,
    });
  });
});

describe('required items, checked as the server checks them', () => {
  it('accepts a draft whose required group has every item done', () => {
    expect(hasProblems(formProblems(groups, filled()))).toBe(false);
  });

  it('marks a required group with nothing done, and each of its items when all are required', () => {
    const problems = formProblems(groups, { ...emptyFormState(CHECKLIST), durationMinutes: 10 });
    expect(problems.groups).toEqual({ [BRAKES]: 'groupRequired' });
    expect(problems.items).toEqual({
      [itemKey(BRAKES, PADS)]: 'itemRequired',
      [itemKey(BRAKES, CABLE)]: 'itemRequired',
    });
  });

  it('marks the one item left when a group needs all of them', () => {
    const state = toggleOption(filled(), BRAKES, CABLE, CABLE_NEW, false);
    const partly = toggleOption(state, BRAKES, CABLE, CABLE_LABOUR, false);
    const problems = formProblems(groups, partly);
    expect(problems.groups).toEqual({ [BRAKES]: 'allItemsRequired' });
    expect(problems.items).toEqual({ [itemKey(BRAKES, CABLE)]: 'itemRequired' });
  });

  it('needs one item of a required group when not all are required', () => {
    const some = groups.map((g) => (g.id === BRAKES ? { ...g, isAllWorkItemsRequired: false } : g));
    const state = chooseSingle({ ...emptyFormState(CHECKLIST), durationMinutes: 10 }, BRAKES, PADS, PADS_ADJUST);
    expect(hasProblems(formProblems(some, state))).toBe(false);
    expect(formProblems(some, { ...state, results: {} }).groups).toEqual({ [BRAKES]: 'groupRequired' });
  });

  it('asks nothing of an optional group left empty', () => {
    expect(formProblems(groups, filled()).groups).not.toHaveProperty(EXTRAS);
  });

  it('refuses quantities outside 1–99 and a missing or broken duration', () => {
    const state = setQuantity(filled(), BRAKES, CABLE, CABLE_NEW, 100);
    expect(formProblems(groups, state).items).toEqual({ [itemKey(BRAKES, CABLE)]: 'quantity' });
    expect(formProblems(groups, setQuantity(filled(), BRAKES, CABLE, CABLE_NEW, 0)).items).toEqual({
      [itemKey(BRAKES, CABLE)]: 'quantity',
    });
    expect(formProblems(groups, { ...filled(), durationMinutes: null }).fields).toEqual({
      durationMinutes: 'durationRequired',
    });
    expect(formProblems(groups, { ...filled(), durationMinutes: 1.5 }).fields).toEqual({
      durationMinutes: 'durationRange',
    });
    expect(formProblems(groups, { ...filled(), checklistId: null }).fields).toEqual({
      checklistId: 'checklistRequired',
    });
  });
});

describe('where a server refusal shows on the form', () => {
  const body = submitDraftBodyOf(groups, filled());

  it('follows a validation path into the body that was sent', () => {
    expect(targetOfServerProblem('groups.0.workItems.1.options.0.quantity', null, body)).toEqual({
      kind: 'item',
      key: itemKey(BRAKES, CABLE),
    });
    expect(targetOfServerProblem('groups.0', null, body)).toEqual({ kind: 'group', groupId: BRAKES });
    expect(targetOfServerProblem('durationMinutes', null, body)).toEqual({ kind: 'field', field: 'durationMinutes' });
  });

  it('uses the ids a domain error carries', () => {
    expect(targetOfServerProblem(null, { groupId: BRAKES, workItemId: PADS }, body)).toEqual({
      kind: 'item',
      key: itemKey(BRAKES, PADS),
    });
    expect(targetOfServerProblem(null, { groupId: EXTRAS }, body)).toEqual({ kind: 'group', groupId: EXTRAS });
    expect(targetOfServerProblem(null, { field: 'groups.0.workItems.0' }, body)).toEqual({
      kind: 'item',
      key: itemKey(BRAKES, PADS),
    });
  });

  it('puts anything else on the form as a whole', () => {
    expect(targetOfServerProblem(null, null, body)).toEqual({ kind: 'form' });
    expect(targetOfServerProblem('groups.7', null, body)).toEqual({ kind: 'form' });
  });
});
