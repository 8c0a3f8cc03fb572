import {
  accessRequestEndpoints,
  accountDocumentTypes,
  agencyClientEndpoints,
  alarmEndpoints,
  assetEndpoints,
  assetMapEndpoints,
  assetQueryEndpoints,
  assetTimerGroupEndpoints,
  assetTimerLogEndpoints,
  categoryEndpoints,
  checklistEndpoints,
  checklistRecordEndpoints,
  customerEndpoints,
  customerTicketEndpoints,
  dashboardEndpoints,
  depositEndpoints,
  documentEndpoints,
  type Endpoint,
  gbfsSettingsEndpoints,
  iotEndpoints,
  operationSettingEndpoints,
  partnerDocumentTypes,
  partnerEndpoints,
  partnerOperationsEndpoints,
  partnerOverviewEndpoints,
  paymentMethodEndpoints,
  pricingEndpoints,
  privateListEndpoints,
  relocationListEndpoints,
  rentingConfigEndpoints,
  rentingEndpoints,
  rentingIntentEndpoints,
  resetRuleEndpoints,
  roleEndpoints,
  siteEndpoints,
  subscriptionEndpoints,
  subscriptionTicketEndpoints,
  taxGroupEndpoints,
  timerEndpoints,
  tripEndpoints,
  userEndpoints,
  workItemEndpoints,
} from '@fleetdesk/contracts';
import { describe, expect, it } from 'vitest';
import { alarmPaths } from '../features/alarms/paths.ts';
import { assetMapPaths } from '../features/asset-map/paths.ts';
import { assetPaths } from '../features/assets/paths.ts';
import { categoryPaths } from '../features/categories/paths.ts';
import { recordPaths } from '../features/checklist-records/paths.ts';
import { checklistPaths } from '../features/checklists/paths.ts';
import { ticketPaths } from '../features/customer-tickets/paths.ts';
import { customerPaths } from '../features/customers/paths.ts';
import { dashboardPaths } from '../features/dashboard/paths.ts';
import { depositPaths } from '../features/deposits/paths.ts';
import { documentPaths } from '../features/documents/paths.ts';
import { invoicingPaths } from '../features/invoicing/paths.ts';
import { controlRecordPaths } from '../features/iot/paths.ts';
import { openDataPaths } from '../features/open-data/paths.ts';
import { operationPaths } from '../features/operations/routes.tsx';
import { orderPaths } from '../features/orders/paths.ts';
import { partnerOperationsPaths } from '../features/partner-operations/paths.ts';
import { partnerPaths } from '../features/partners/paths.ts';
import { paymentMethodPaths } from '../features/payment-methods/paths.ts';
import { pricingPaths } from '../features/pricing/paths.ts';
import { privateListPaths } from '../features/private-lists/paths.ts';
import { relocationPaths } from '../features/relocation-lists/paths.ts';
import { reminderLogPaths } from '../features/reminder-logs/paths.ts';
import { reminderPaths } from '../features/reminders/paths.ts';
import { intentPaths } from '../features/renting-intents/paths.ts';
import { rolePaths } from '../features/roles/paths.ts';
import { sitePaths } from '../features/sites/paths.ts';
import { packagePaths } from '../features/subscription-packages/paths.ts';
import { subscriptionTicketPaths } from '../features/subscription-tickets/paths.ts';
import { subscriptionPaths } from '../features/subscriptions/paths.ts';
import { taxGroupPaths } from '../features/tax/paths.ts';
import { tripPaths } from '../features/trips/paths.ts';
import { accessRequestPaths, userPaths } from '../features/users/paths.ts';
import { workItemPaths } from '../features/work-items/paths.ts';
import { requirementOf } from '../shared/permissions.ts';
import { featureRoutes } from './feature-routes.ts';

/**
 * Each page's route names its permission requirement literally (`requires('customer.read')`) instead of reading
 * it off the endpoint the page calls first: the endpoints carry their schemas, and the route table is on the
 * console's first screen (issue 27). This table ties every such route to that endpoint, so the two cannot drift.
 */
const pageEndpoints: [path: string, endpoint: Endpoint][] = [
  [alarmPaths.list, alarmEndpoints.list],
  [assetMapPaths.map, assetMapEndpoints.map],
  [assetPaths.list, assetQueryEndpoints.query],
  [assetPaths.new, assetEndpoints.create],
  [assetPaths.detail, assetEndpoints.get],
  [categoryPaths.list, categoryEndpoints.list],
  [categoryPaths.new, categoryEndpoints.create],
  [categoryPaths.edit, categoryEndpoints.update],
  [recordPaths.list, checklistRecordEndpoints.list],
  [recordPaths.detail, checklistRecordEndpoints.get],
  [checklistPaths.list, checklistEndpoints.list],
  [checklistPaths.new, checklistEndpoints.create],
  [checklistPaths.edit, checklistEndpoints.update],
  [checklistPaths.detail, checklistEndpoints.get],
  [ticketPaths.list, customerTicketEndpoints.list],
  [ticketPaths.new, customerTicketEndpoints.create],
  [ticketPaths.detail, customerTicketEndpoints.get],
  [customerPaths.list, customerEndpoints.list],
  [customerPaths.detail, customerEndpoints.get],
  [customerPaths.transactions, depositEndpoints.transactions],
  [dashboardPaths.asset, dashboardEndpoints.overview],
  [depositPaths.applications, depositEndpoints.applications],
  [invoicingPaths.settings, rentingConfigEndpoints.get],
  [invoicingPaths.list, rentingConfigEndpoints.findAll],
  [invoicingPaths.new, rentingConfigEndpoints.create],
  [invoicingPaths.edit, rentingConfigEndpoints.update],
  [controlRecordPaths.list, iotEndpoints.commandRecords],
  [openDataPaths.gbfs, gbfsSettingsEndpoints.get],
  [openDataPaths.agencyAccess, agencyClientEndpoints.list],
  [operationPaths.list, operationSettingEndpoints.list],
  [orderPaths.list, rentingEndpoints.listOrders],
  [orderPaths.new, rentingEndpoints.createOrder],
  [orderPaths.detail, rentingEndpoints.getOrder],
  [partnerOperationsPaths.overview, partnerOverviewEndpoints.list],
  [partnerOperationsPaths.list, partnerOperationsEndpoints.list],
  [partnerOperationsPaths.new, partnerOperationsEndpoints.create],
  [partnerOperationsPaths.edit, partnerOperationsEndpoints.update],
  [partnerPaths.list, partnerEndpoints.list],
  [partnerPaths.new, partnerEndpoints.create],
  [partnerPaths.edit, partnerEndpoints.update],
  [paymentMethodPaths.list, paymentMethodEndpoints.list],
  [paymentMethodPaths.new, paymentMethodEndpoints.create],
  [paymentMethodPaths.edit, paymentMethodEndpoints.update],
  [pricingPaths.originalPriceList, pricingEndpoints.pricingParts],
  [pricingPaths.originalPriceNew, pricingEndpoints.pricingPart.create],
  [pricingPaths.originalPriceEdit, pricingEndpoints.pricingPart.replace],
  [pricingPaths.discountList, pricingEndpoints.discounts],
  [pricingPaths.discountNew, pricingEndpoints.createDiscount],
  [pricingPaths.discountEdit, pricingEndpoints.updateDiscount],
  [pricingPaths.depositList, pricingEndpoints.depositParts],
  [pricingPaths.depositNew, pricingEndpoints.depositPart.create],
  [pricingPaths.depositEdit, pricingEndpoints.depositPart.replace],
  [pricingPaths.ruleList, pricingEndpoints.ruleParts],
  [pricingPaths.ruleNew, pricingEndpoints.rulePart.create],
  [pricingPaths.ruleEdit, pricingEndpoints.rulePart.replace],
  [privateListPaths.mine, privateListEndpoints.mine],
  [privateListPaths.all, privateListEndpoints.list],
  [privateListPaths.new, privateListEndpoints.create],
  [privateListPaths.edit, privateListEndpoints.update],
  [privateListPaths.assets, privateListEndpoints.assets],
  [privateListPaths.import, privateListEndpoints.update],
  [relocationPaths.list, relocationListEndpoints.list],
  [relocationPaths.detail, relocationListEndpoints.get],
  [reminderLogPaths.log, assetTimerLogEndpoints.list],
  [reminderLogPaths.centre, assetTimerLogEndpoints.centre],
  [reminderPaths.timerList, timerEndpoints.list],
  [reminderPaths.timerNew, timerEndpoints.create],
  [reminderPaths.timerEdit, timerEndpoints.update],
  [reminderPaths.timerDetail, timerEndpoints.get],
  [reminderPaths.resetRuleList, resetRuleEndpoints.list],
  [reminderPaths.resetRuleNew, resetRuleEndpoints.create],
  [reminderPaths.resetRuleEdit, resetRuleEndpoints.update],
  [reminderPaths.groupList, assetTimerGroupEndpoints.list],
  [reminderPaths.groupNew, assetTimerGroupEndpoints.create],
  [reminderPaths.groupDetail, assetTimerGroupEndpoints.get],
  [reminderPaths.groupAssets, assetTimerGroupEndpoints.assets],
  [rolePaths.list, roleEndpoints.get],
  [rolePaths.new, roleEndpoints.create],
  [rolePaths.edit, roleEndpoints.update],
  [sitePaths.list, siteEndpoints.query],
  [sitePaths.new, siteEndpoints.batchCreate],
  [sitePaths.edit, siteEndpoints.update],
  [packagePaths.list, subscriptionEndpoints.packages],
  [packagePaths.new, subscriptionEndpoints.createPackage],
  [packagePaths.edit, subscriptionEndpoints.updatePackage],
  [subscriptionTicketPaths.list, subscriptionTicketEndpoints.list],
  [subscriptionTicketPaths.new, subscriptionTicketEndpoints.create],
  [subscriptionTicketPaths.edit, subscriptionTicketEndpoints.update],
  [subscriptionTicketPaths.detail, subscriptionTicketEndpoints.get],
  [subscriptionPaths.order.list, subscriptionEndpoints.orders],
  [subscriptionPaths.order.detail, subscriptionEndpoints.order],
  [subscriptionPaths.order.trade, subscriptionEndpoints.trades],
  [subscriptionPaths.management.list, subscriptionEndpoints.managementOrders],
  [subscriptionPaths.management.new, subscriptionEndpoints.createOrder],
  [subscriptionPaths.management.edit, subscriptionEndpoints.updateOrder],
  [subscriptionPaths.management.detail, subscriptionEndpoints.order],
  [subscriptionPaths.management.trade, subscriptionEndpoints.trades],
  [taxGroupPaths.list, taxGroupEndpoints.get],
  [taxGroupPaths.new, taxGroupEndpoints.create],
  [taxGroupPaths.edit, taxGroupEndpoints.update],
  [tripPaths.list, tripEndpoints.list],
  [tripPaths.multi, tripEndpoints.routes],
  [tripPaths.trail, tripEndpoints.trail],
  [userPaths.list, userEndpoints.list],
  [userPaths.new, userEndpoints.create],
  [userPaths.edit, userEndpoints.update],
  [accessRequestPaths.list, accessRequestEndpoints.list],
  [workItemPaths.list, workItemEndpoints.list],
  [workItemPaths.new, workItemEndpoints.create],
  [workItemPaths.edit, workItemEndpoints.update],
  [workItemPaths.detail, workItemEndpoints.get],
  [documentPaths.accountList, documentEndpoints.accountList],
  [documentPaths.partnerList, documentEndpoints.partnerList],
  ...accountDocumentTypes.map((type): [string, Endpoint] => [
    documentPaths.account(type),
    documentEndpoints.accountList,
  ]),
  ...partnerDocumentTypes.flatMap((type): [string, Endpoint][] => [
    [documentPaths.partnerTypeList(type), documentEndpoints.partnerList],
    [documentPaths.partnerNew(type), documentEndpoints.partnerCreate],
    [documentPaths.partnerEdit(type), documentEndpoints.partnerList],
  ]),
  [intentPaths.list, rentingIntentEndpoints.list],
  [intentPaths.orderIntentList, rentingIntentEndpoints.list],
];

/**
 * Screens whose requirement is not one endpoint's: the settings landing pages (any of their sections' read
 * permissions), customization, and the workshop's B2B screens (the operator's permission or the mechanic's).
 */
const screensWithTheirOwnRequirement = [
  '/setting/general',
  '/setting/general/customization',
  '/setting/partner',
  '/subscription/service-management/list',
  '/subscription/service-management/detail/:ticketId',
];

describe('route requirements', () => {
  it.each(pageEndpoints)('%s requires what its endpoint requires', (path, endpoint) => {
    const route = featureRoutes.find((candidate) => candidate.path === path);
    expect(route, `no route at ${path}`).toBeDefined();
    expect(route?.meta?.requires).toEqual(requirementOf(endpoint));
  });

  it('ties every route with a requirement to its endpoint, but the screens that choose their own', () => {
    const tied = new Set(pageEndpoints.map(([path]) => path));
    const untied = featureRoutes.filter((route) => route.meta?.requires && !tied.has(route.path)).map((r) => r.path);
    expect(untied.sort()).toEqual([...screensWithTheirOwnRequirement].sort());
  });

  it('names each page once', () => {
    expect(new Set(pageEndpoints.map(([path]) => path)).size).toBe(pageEndpoints.length);
  });
});
