import { assetLifeCycleStates } from '@fleetdesk/contracts';
import dayjs from 'dayjs';
import { alarmUrls } from '../alarms/urls.ts';
import type { AssetSearchFilters } from '../assets/components/asset-search.model.ts';
import { assetUrls } from '../assets/urls.ts';
import type { DashboardRange } from './period.ts';

export interface DashboardLinkContext {
  partnerId?: string;
  categoryId?: string;
  range: DashboardRange;
}

/**
 * Where the dashboard's figures lead, narrowed as the dashboard is: the asset list for counts of assets (every
 * lifecycle state, as the dashboard counts them), the alarm inbox for alarms of the period (its days).
 */
export function dashboardLinks({ partnerId, categoryId, range }: DashboardLinkContext) {
  const narrowed = {
    partner: partnerId ? [partnerId] : [],
    category: categoryId ? [categoryId] : [],
    life: [...assetLifeCycleStates],
  };
  // The range ends at the midnight after its last day.
  const days = [dayjs(range.from).format('YYYY-MM-DD'), dayjs(range.to).subtract(1, 'ms').format('YYYY-MM-DD')];
  return {
    assets: (filters: Partial<AssetSearchFilters>) => assetUrls.list({ ...narrowed, ...filters }),
    alarms: (filters: { assetNo?: string } = {}) =>
      alarmUrls.list({ state: 'all', partnerId, categoryId, days, ...filters }),
  };
}

export type DashboardLinks = ReturnType<typeof dashboardLinks>;
