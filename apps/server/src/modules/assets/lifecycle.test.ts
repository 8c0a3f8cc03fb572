import {
  ASSET_LIFE_CYCLE_TRANSITIONS,
  type AssetLifeCycleState,
  assetLifeCycleStates,
  assetLifeCycleTransitionAllowed,
} from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import { assertLifeCycleTransition } from './lifecycle.ts';

const enabled = { categoryEnabled: true };
const disabled = { categoryEnabled: false };

/** The table of docs/decisions.md, written out again so a change to the code has to change this too. */
const allowed: [AssetLifeCycleState, AssetLifeCycleState][] = [
  ['New', 'Ready'],
  ['New', 'NotReady'],
  ['New', 'Missing'],
  ['New', 'Retired'],
  ['Ready', 'NotReady'],
  ['Ready', 'Missing'],
  ['NotReady', 'Ready'],
  ['NotReady', 'Missing'],
  ['NotReady', 'Retired'],
  ['Missing', 'Ready'],
  ['Missing', 'NotReady'],
  ['Missing', 'Retired'],
  ['Removed', 'New'],
  ['Removed', 'NotReady'],
  ['Unknown', 'New'],
  ['Unknown', 'Ready'],
  ['Unknown', 'NotReady'],
  ['Unknown', 'Missing'],
  ['Unknown', 'Retired'],
];

describe('asset lifecycle transitions', () => {
  it.each(allowed)('allows %s → %s', (from, to) => {
    expect(assetLifeCycleTransitionAllowed(from, to, enabled)).toBe(true);
    expect(() => assertLifeCycleTransition(from, to, enabled)).not.toThrow();
  });

  it('allows exactly the listed moves and nothing else', () => {
    const pairs = assetLifeCycleStates.flatMap((from) =>
      assetLifeCycleStates.filter((to) => to !== from).map((to) => [from, to] as const),
    );
    const granted = pairs.filter(([from, to]) => assetLifeCycleTransitionAllowed(from, to, enabled));
    expect(granted.map((p) => p.join('→')).sort()).toEqual(allowed.map((p) => p.join('→')).sort());
    expect(Object.values(ASSET_LIFE_CYCLE_TRANSITIONS).flat()).not.toContain('Removed');
  });

  it.each([
    ['Retired', 'Ready'],
    ['Retired', 'New'],
    ['Ready', 'New'],
    ['Ready', 'Retired'],
    ['Missing', 'New'],
    ['New', 'Removed'],
    ['Ready', 'Removed'],
    ['Unknown', 'Removed'],
    ['Ready', 'Unknown'],
    ['Removed', 'Ready'],
  ] as [AssetLifeCycleState, AssetLifeCycleState][])('refuses %s → %s with from and to', (from, to) => {
    expect(assetLifeCycleTransitionAllowed(from, to, enabled)).toBe(false);
    try {
      assertLifeCycleTransition(from, to, enabled);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: 'LifeCycleTransitionInvalid', status: 422, data: { from, to } });
    }
  });

  it('keeps a Removed asset Removed while its category is disabled', () => {
    expect(assetLifeCycleTransitionAllowed('Removed', 'New', disabled)).toBe(false);
    expect(assetLifeCycleTransitionAllowed('Removed', 'NotReady', disabled)).toBe(false);
    expect(() => assertLifeCycleTransition('Removed', 'New', disabled)).toThrow(/until its category is enabled/);
  });

  it('treats staying in the same state as no move', () => {
    for (const state of assetLifeCycleStates)
      expect(assetLifeCycleTransitionAllowed(state, state, disabled)).toBe(true);
  });
});
