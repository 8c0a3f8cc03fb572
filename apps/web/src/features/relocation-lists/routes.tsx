import type { FeatureRoute } from '../../shared/routing.ts';

/** Operation → Relocation (filled in by the relocation work). */
export const relocationListRoutes: FeatureRoute[] = [];
