import type { FeatureRoute } from '../../shared/routing.ts';

export const iotRoutes: FeatureRoute[] = [];
