import type { FeatureRoute } from '../../shared/routing.ts';

/** Placeholder: the screens of this issue-4 feature register here. */
export const privateListRoutes: FeatureRoute[] = [];
