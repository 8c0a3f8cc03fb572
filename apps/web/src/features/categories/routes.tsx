import type { FeatureRoute } from '../../shared/routing.ts';

/** Placeholder: the category screens (issue 4) register here. */
export const categoryRoutes: FeatureRoute[] = [];
