import type { FeatureRoute } from '../../shared/routing.ts';

/** Placeholder: the screens of this issue-3 feature register here. */
export const partnerOperationsRoutes: FeatureRoute[] = [];
