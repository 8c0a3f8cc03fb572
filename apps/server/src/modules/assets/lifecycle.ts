import { type AssetLifeCycleState, assetLifeCycleTransitionAllowed } from '@fleetdesk/contracts';
import { DomainError } from '../../errors.ts';

/**
 * The refusal of a lifecycle move staff may not make (422 LifeCycleTransitionInvalid with from/to and the field),
 * or null when the move is allowed. The table itself lives in the contracts so the console offers only the
 * moves the server accepts.
 */
export function lifeCycleTransitionProblem(
  from: AssetLifeCycleState,
  to: AssetLifeCycleState,
  context: { categoryEnabled: boolean },
): DomainError | null {
  if (assetLifeCycleTransitionAllowed(from, to, context)) return null;
  const message =
    from === 'Removed' && !context.categoryEnabled
      ? 'The asset stays Removed until its category is enabled again'
      : to === 'Removed'
        ? 'Removed is set only by disabling the category'
        : `The lifecycle state cannot change from ${from} to ${to}`;
  return new DomainError('LifeCycleTransitionInvalid', 422, message, {
    from,
    to,
    fields: { lifeCycleState: message },
  });
}

/** Throws the refusal of `lifeCycleTransitionProblem`, if any. */
export function assertLifeCycleTransition(
  from: AssetLifeCycleState,
  to: AssetLifeCycleState,
  context: { categoryEnabled: boolean },
) {
  const problem = lifeCycleTransitionProblem(from, to, context);
  if (problem) throw problem;
}
