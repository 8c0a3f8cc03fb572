import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';

/** Route pattern of the operation settings screen (document 1 §2.3 General settings → operations). */
export const operationPaths = { list: '/setting/general/operations' } as const;

/** General settings → Operations: one inline-edited list; the write controls need config.write. */
export const operationsRoutes: FeatureRoute[] = [
  {
    path: operationPaths.list,
    page: () => import('./pages/operation-settings.page.tsx'),
    meta: { requires: requires('config.read') },
  },
];
