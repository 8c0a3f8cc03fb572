import { matchPath } from 'react-router';
import { accountRoutes } from '../features/account/routes.tsx';
import { alarmRoutes } from '../features/alarms/routes.tsx';
import { assetMapRoutes } from '../features/asset-map/routes.tsx';
import { assetRoutes } from '../features/assets/routes.tsx';
import { categoryRoutes } from '../features/categories/routes.tsx';
import { checklistRecordRoutes } from '../features/checklist-records/routes.tsx';
import { checklistRoutes } from '../features/checklists/routes.tsx';
import { customerTicketRoutes } from '../features/customer-tickets/routes.tsx';
import { customerRoutes } from '../features/customers/routes.tsx';
import { customizationRoutes } from '../features/customization/routes.tsx';
import { dashboardRoutes } from '../features/dashboard/routes.tsx';
import { depositRoutes } from '../features/deposits/routes.tsx';
import { documentsRoutes } from '../features/documents/routes.tsx';
import { invoicingRoutes } from '../features/invoicing/routes.tsx';
import { iotRoutes } from '../features/iot/routes.tsx';
import { openDataRoutes } from '../features/open-data/routes.tsx';
import { operationsRoutes } from '../features/operations/routes.tsx';
import { orderRoutes } from '../features/orders/routes.tsx';
import { partnerOperationsRoutes } from '../features/partner-operations/routes.tsx';
import { partnerRoutes } from '../features/partners/routes.tsx';
import { paymentMethodsRoutes } from '../features/payment-methods/routes.tsx';
import { pricingRoutes } from '../features/pricing/routes.tsx';
import { privateListRoutes } from '../features/private-lists/routes.tsx';
import { relocationListRoutes } from '../features/relocation-lists/routes.tsx';
import { reminderLogRoutes } from '../features/reminder-logs/routes.tsx';
import { reminderRoutes } from '../features/reminders/routes.tsx';
import { rentingIntentRoutes } from '../features/renting-intents/routes.tsx';
import { roleRoutes } from '../features/roles/routes.tsx';
import { settingsRoutes } from '../features/settings/routes.tsx';
import { siteRoutes } from '../features/sites/routes.tsx';
import { subscriptionPackageRoutes } from '../features/subscription-packages/routes.tsx';
import { subscriptionTicketRoutes } from '../features/subscription-tickets/routes.tsx';
import { subscriptionRoutes } from '../features/subscriptions/routes.tsx';
import { taxRoutes } from '../features/tax/routes.tsx';
import { tripRoutes } from '../features/trips/routes.tsx';
import { userRoutes } from '../features/users/routes.tsx';
import { workItemRoutes } from '../features/work-items/routes.tsx';
import type { FeatureRoute } from '../shared/routing.ts';

/** Every feature's pages. A new feature adds its `routes` export here; its menu entries then appear. */
export const featureRoutes: readonly FeatureRoute[] = [
  ...settingsRoutes,
  ...partnerRoutes,
  ...siteRoutes,
  ...taxRoutes,
  ...accountRoutes,
  ...userRoutes,
  ...roleRoutes,
  ...categoryRoutes,
  ...assetRoutes,
  ...privateListRoutes,
  ...relocationListRoutes,
  ...operationsRoutes,
  ...documentsRoutes,
  ...partnerOperationsRoutes,
  ...openDataRoutes,
  ...paymentMethodsRoutes,
  ...customizationRoutes,
  ...assetMapRoutes,
  ...iotRoutes,
  ...dashboardRoutes,
  ...alarmRoutes,
  ...tripRoutes,
  ...customerRoutes,
  ...depositRoutes,
  ...orderRoutes,
  ...rentingIntentRoutes,
  ...pricingRoutes,
  ...invoicingRoutes,
  ...workItemRoutes,
  ...checklistRoutes,
  ...customerTicketRoutes,
  ...checklistRecordRoutes,
  ...reminderLogRoutes,
  ...reminderRoutes,
  ...subscriptionPackageRoutes,
  ...subscriptionRoutes,
  ...subscriptionTicketRoutes,
];

const registered = new Set(featureRoutes.map((route) => route.path));

/** A menu path is shown only when a page is registered at exactly that pattern. */
export const isImplementedPath = (path: string): boolean => registered.has(path);

/** Whether a concrete address (`/team/role/42/edit`) would reach a registered page. */
export const isRoutedPath = (pathname: string): boolean =>
  featureRoutes.some((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
