import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { recordPaths } from './paths.ts';

/** Operation → Checklist → Checklist records: the list and one record's detail. */
export const checklistRecordRoutes: FeatureRoute[] = [
  {
    path: recordPaths.list,
    page: () => import('./pages/record-list.page.tsx'),
    meta: { requires: requires('checklist_record.read') },
  },
  {
    path: recordPaths.detail,
    page: () => import('./pages/record-detail.page.tsx'),
    meta: { requires: requires('checklist_record.read_detail') },
  },
];
