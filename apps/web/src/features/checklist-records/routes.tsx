import { checklistRecordEndpoints } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { recordPaths } from './urls.ts';

/** Operation → Checklist → Checklist records: the list and one record's detail. */
export const checklistRecordRoutes: FeatureRoute[] = [
  {
    path: recordPaths.list,
    page: () => import('./pages/record-list.page.tsx'),
    meta: { requires: requirementOf(checklistRecordEndpoints.list) },
  },
  {
    path: recordPaths.detail,
    page: () => import('./pages/record-detail.page.tsx'),
    meta: { requires: requirementOf(checklistRecordEndpoints.get) },
  },
];
