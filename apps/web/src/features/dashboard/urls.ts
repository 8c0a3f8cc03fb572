import { dashboardEventKinds, dashboardPeriods } from '@fleetdesk/contracts';
import { urlParam } from '../../shared/ui/url-state.ts';
import { dashboardPaths } from './paths.ts';

export const dashboardTabs = ['overview', ...dashboardEventKinds] as const;
export type DashboardTab = (typeof dashboardTabs)[number];

/** What a link to the dashboard reproduces: the tab, the period (a custom one by its days) and the filters. */
export const dashboardUrlShape = {
  tab: urlParam.oneOf(dashboardTabs, 'overview'),
  period: urlParam.oneOf(dashboardPeriods, 'today'),
  start: urlParam.string(),
  end: urlParam.string(),
  partnerId: urlParam.string(),
  categoryId: urlParam.string(),
};

export const dashboardUrls = {
  /** A tab of the dashboard; `search` keeps the period and filters of the current one. */
  asset: (tab?: DashboardTab, search = '') => {
    const params = new URLSearchParams(search);
    if (tab && tab !== 'overview') params.set('tab', tab);
    else params.delete('tab');
    const text = params.toString();
    return text ? `${dashboardPaths.asset}?${text}` : dashboardPaths.asset;
  },
};
