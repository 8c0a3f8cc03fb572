import { type AssetLifeCycleState, assetLifeCycleTransitionAllowed } from '@fleetdesk/contracts';
import { DomainError } from '../../errors.ts';

/**
 * Refuses a lifecycle move staff may not make (422 LifeCycleTransitionInvalid with from/to). The table itself
 * lives in the contracts so the console offers only the moves the server accepts.
 */
export function assertLifeCycleTransition(
  from: AssetLifeCycleState,
  to: AssetLifeCycleState,
  context: { categoryEnabled: boolean },
) {
  if (assetLifeCycleTransitionAllowed(from, to, context)) return;
  const message =
    from === 'Removed' && !context.categoryEnabled
      ? 'The asset stays Removed until its category is enabled again'
      : to === 'Removed'
        ? 'Removed is set only by disabling the category'
        : `The lifecycle state cannot change from ${from} to ${to}`;
  throw new DomainError('LifeCycleTransitionInvalid', 422, message, { from, to });
}
