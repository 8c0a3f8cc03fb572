import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { controlRecordPaths } from './paths.ts';

/** Asset → Control record: the commands and configs sent to devices (document 1 §2.5). */
export const iotRoutes: FeatureRoute[] = [
  {
    path: controlRecordPaths.list,
    page: () => import('./pages/control-record.page.tsx'),
    meta: { requires: requires('iot_control.record.read') },
  },
];
