import { iotEndpoints as e } from '@fleetdesk/contracts';
import { requirementOf } from '../../shared/permissions.ts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { controlRecordPaths } from './urls.ts';

/** Asset → Control record: the commands and configs sent to devices (document 1 §2.5). */
export const iotRoutes: FeatureRoute[] = [
  {
    path: controlRecordPaths.list,
    page: () => import('./pages/control-record.page.tsx'),
    meta: { requires: requirementOf(e.commandRecords) },
  },
];
