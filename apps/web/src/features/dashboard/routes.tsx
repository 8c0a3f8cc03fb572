import type { FeatureRoute } from '../../shared/routing.ts';

export const dashboardRoutes: FeatureRoute[] = [];
