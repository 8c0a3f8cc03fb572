import { requires } from '@fleetdesk/contracts';
import type { FeatureRoute } from '../../shared/routing.ts';
import { categoryPaths } from './paths.ts';

/**
 * Asset → Category Management: account-wide asset categories and their custom properties. Creating and editing
 * are for account users only (a category reaches every partner's assets).
 */
export const categoryRoutes: FeatureRoute[] = [
  {
    path: categoryPaths.list,
    page: () => import('./pages/category-list.page.tsx'),
    meta: { requires: requires('asset_category.read') },
  },
  {
    path: categoryPaths.new,
    page: () => import('./pages/category-new.page.tsx'),
    meta: { requires: requires('asset_category.create'), partnerScope: '*' },
  },
  {
    path: categoryPaths.edit,
    page: () => import('./pages/category-edit.page.tsx'),
    meta: { requires: requires('asset_category.update'), partnerScope: '*' },
  },
];
