import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { taxGroupPaths } from './paths.ts';

/**
 * Settings → General → Tax groups. The screens need tax_group permissions: site staff may call the list
 * endpoint for the site form's picker, but the screens are for the people who manage the tax rules.
 */
export const taxRoutes: FeatureRoute[] = [
  {
    path: taxGroupPaths.list,
    page: () => import('./pages/tax-group-list.page.tsx'),
    meta: { requires: requires('tax_group.read') },
  },
  {
    path: taxGroupPaths.new,
    page: () => import('./pages/tax-group-new.page.tsx'),
    meta: { requires: requires('tax_group.write'), partnerScope: '*' },
  },
  {
    path: taxGroupPaths.edit,
    page: () => import('./pages/tax-group-edit.page.tsx'),
    meta: { requires: requires('tax_group.write') },
  },
];
