import {
  CarOutlined,
  DashboardOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { appPermission, type Requirement, requires } from '@fleetdesk/contracts';
import type { ComponentType } from 'react';

/**
 * The whole menu of document 1 §2.6, as data. Entries are rendered only when a feature has registered a route
 * at their path (never a dead link) and the user meets their read requirement. `hideInMenu` children are
 * pages reached from their parent (new, edit, detail): they give breadcrumbs and titles, not menu items.
 */
export interface MenuNode {
  key: string;
  /** Key in the `common` namespace. */
  labelKey: string;
  icon?: ComponentType;
  /** Route pattern; groups have none. */
  path?: string;
  requires?: Requirement;
  hideInMenu?: boolean;
  children?: MenuNode[];
}

const leaf = (key: string, path: string, requirement: Requirement, children?: MenuNode[]): MenuNode => ({
  key,
  labelKey: `menu.${key}`,
  path,
  requires: requirement,
  children,
});
const hidden = (key: string, path: string): MenuNode => ({ key, labelKey: `menu.${key}`, path, hideInMenu: true });
const group = (key: string, children: MenuNode[], icon?: ComponentType): MenuNode => ({
  key,
  labelKey: `menu.${key}`,
  icon,
  children,
});

export const menu: MenuNode[] = [
  group(
    'b2c',
    [
      leaf('b2c.orderList', '/renting/order/list', requires('order.read'), [
        hidden('b2c.orderList.detail', '/renting/order/detail/:orderId'),
        hidden('b2c.orderList.new', '/renting/order/new'),
        hidden('b2c.orderList.intentList', '/renting/order/intent/list'),
      ]),
      leaf('b2c.intentList', '/b2c/renting-intent/list', requires('renting_intent.read')),
      leaf('b2c.depositRefund', '/customer/deposit-refund-application', requires('deposit_refund_application.read')),
      leaf('b2c.customer', '/customer/list', requires('customer.read'), [
        hidden('b2c.customer.detail', '/customer/detail/:customerId'),
      ]),
      group('b2c.marketing', [
        leaf('b2c.marketing.originalPrice', '/marketing/original-price/list', requires('program.read'), [
          hidden('b2c.marketing.originalPrice.new', '/marketing/original-price/new'),
          hidden(
            'b2c.marketing.originalPrice.edit',
            '/marketing/original-price/partner/:partnerId/category/:assetCategoryId/edit',
          ),
        ]),
        leaf('b2c.marketing.discountPrice', '/marketing/discount-price/list', requires('program.read'), [
          hidden('b2c.marketing.discountPrice.new', '/marketing/discount-price/new'),
          hidden('b2c.marketing.discountPrice.edit', '/marketing/discount-price/:id/edit'),
        ]),
        leaf('b2c.marketing.deposit', '/marketing/deposit/list', requires('program.read'), [
          hidden('b2c.marketing.deposit.new', '/marketing/deposit/new'),
          hidden('b2c.marketing.deposit.edit', '/marketing/deposit/partner/:partnerId/category/:assetCategoryId/edit'),
        ]),
      ]),
      leaf('b2c.serviceTicket', '/b2c/service/ticket/list', requires('support.customer_ticket.read'), [
        hidden('b2c.serviceTicket.detail', '/b2c/service/ticket/detail/:ticketId'),
        hidden('b2c.serviceTicket.new', '/b2c/service/ticket/new'),
      ]),
    ],
    ShopOutlined,
  ),
  group(
    'asset',
    [
      leaf('asset.map', '/asset/map', requires('asset.map.basic')),
      leaf('asset.list', '/asset/list', requires('asset.read'), [
        hidden('asset.new', '/asset/new'),
        hidden('asset.detail', '/asset/detail/:assetNo'),
      ]),
      leaf('asset.trip', '/asset/trip', requires('asset.trip.read')),
      leaf('asset.controlRecord', '/asset/control-record', requires('iot_control.record.read')),
      leaf('asset.alarm', '/asset/alarm/list', requires('asset.read')),
      leaf('asset.category', '/asset/category/list', requires('asset_category.read'), [
        hidden('asset.category.new', '/asset/category/new'),
        hidden('asset.category.edit', '/asset/category/:categoryId/edit'),
      ]),
    ],
    CarOutlined,
  ),
  group(
    'operation',
    [
      group('operation.checklist', [
        leaf('operation.checklist.record', '/checklist/record', requires('checklist_record.read')),
        leaf('operation.checklist.management', '/checklist/management/list', requires('checklist.checklist.read')),
        leaf('operation.checklist.workItem', '/checklist/work-item/list', requires('checklist.work_item.read')),
      ]),
      leaf('operation.relocation', '/relocation/list', requires('collection_list.read'), [
        hidden('operation.relocation.detail', '/relocation/detail/:id'),
      ]),
      group('operation.reminder', [
        leaf('operation.reminder.assetTimerLog', '/reminder/asset-timer-log/list', requires('work_reminder.log.read'), [
          hidden('operation.reminder.assetTimerLog.centre', '/reminder/asset-timer-log-center/list'),
        ]),
        leaf('operation.reminder.assetTimerGroup', '/reminder/asset-timer-group/list', requires('work_reminder.read'), [
          hidden('operation.reminder.assetTimerGroup.new', '/reminder/asset-timer-group/new'),
          hidden('operation.reminder.assetTimerGroup.detail', '/reminder/asset-timer-group/detail/:assetTimerGroupId'),
          hidden(
            'operation.reminder.assetTimerGroup.assets',
            '/reminder/asset-timer-group/detail/:assetTimerGroupId/assets',
          ),
        ]),
        leaf('operation.reminder.timer', '/reminder/timer/list', requires('work_reminder.read'), [
          hidden('operation.reminder.timer.new', '/reminder/timer/new'),
          hidden('operation.reminder.timer.detail', '/reminder/timer/detail/:timerId'),
          hidden('operation.reminder.timer.edit', '/reminder/timer/:timerId/edit'),
        ]),
        leaf('operation.reminder.resetRule', '/reminder/reset-rule', requires('work_reminder.read'), [
          hidden('operation.reminder.resetRule.new', '/reminder/reset-rule/new'),
          hidden('operation.reminder.resetRule.edit', '/reminder/reset-rule/:resetRuleId/edit'),
        ]),
      ]),
      group('operation.privateList', [
        leaf('operation.privateList.mine', '/private-list/mine', requires('private_list.me.read'), [
          hidden('operation.privateList.new', '/private-list/new'),
          hidden('operation.privateList.edit', '/private-list/:id/edit'),
          hidden('operation.privateList.assets', '/private-list/:id/asset-list'),
          hidden('operation.privateList.import', '/private-list/:id/assets-import'),
        ]),
        leaf('operation.privateList.all', '/private-list/list', requires('private_list.read')),
      ]),
    ],
    ToolOutlined,
  ),
  group(
    'subscription',
    [
      leaf('subscription.order', '/subscription/order/list', requires('asset_subscription.order.read')),
      leaf('subscription.package', '/subscription/package/list', requires('asset_subscription.package.read')),
      leaf('subscription.management', '/subscription/management/list', requires('asset_subscription.order.manage')),
      leaf('subscription.serviceTicket', '/subscription/service/ticket/list', requires('support.ticket.read'), [
        hidden('subscription.serviceTicket.detail', '/subscription/service/ticket/detail/:ticketId'),
        hidden('subscription.serviceTicket.new', '/subscription/service/ticket/new'),
        hidden('subscription.serviceTicket.edit', '/subscription/service/ticket/:ticketId/edit'),
      ]),
      // The workshop: the operator, or a B2B mechanic (the operation-app permission support.ticket.mechanic).
      leaf(
        'subscription.serviceManagement',
        '/subscription/service-management/list',
        [['super_user.support.ticket.read'], [appPermission('support.ticket.mechanic')]],
        [hidden('subscription.serviceManagement.detail', '/subscription/service-management/detail/:ticketId')],
      ),
    ],
    SolutionOutlined,
  ),
  group(
    'team',
    [
      leaf('team.user', '/team/user/list', requires('user.read'), [
        hidden('team.user.new', '/team/user/new'),
        hidden('team.user.edit', '/team/user/edit'),
      ]),
      leaf('team.role', '/team/role/list', requires('role.read'), [
        hidden('team.role.new', '/team/role/new'),
        hidden('team.role.edit', '/team/role/:id/edit'),
      ]),
      leaf('team.accessRequest', '/team/access-request/list', requires('user.read')),
    ],
    TeamOutlined,
  ),
  group('dashboard', [leaf('dashboard.asset', '/dashboard/asset', requires('asset.read'))], DashboardOutlined),
  group(
    'setting',
    [
      leaf(
        'setting.general',
        '/setting/general',
        requires(
          'partner.read',
          'config.read',
          'setting.document.read',
          'customer_info_setting.read',
          'tax_group.read',
          'open_data.agency_client.read',
        ),
        [
          {
            ...hidden('setting.general.partner', '/setting/general/partner/list'),
            children: [
              hidden('setting.general.partner.new', '/setting/general/partner/new'),
              hidden('setting.general.partner.edit', '/setting/general/partner/:partnerId/edit'),
            ],
          },
          {
            ...hidden('setting.general.taxGroup', '/setting/general/tax-group/list'),
            children: [
              hidden('setting.general.taxGroup.new', '/setting/general/tax-group/new'),
              hidden('setting.general.taxGroup.edit', '/setting/general/tax-group/edit/:taxGroupId'),
            ],
          },
          hidden('setting.general.account', '/setting/general/account'),
          hidden('setting.general.agencyAccess', '/setting/general/agency-access'),
          hidden('setting.general.operations', '/setting/general/operations'),
          hidden('setting.general.invoicing', '/setting/general/invoicing'),
          hidden('setting.general.customization', '/setting/general/customization'),
          {
            ...hidden('setting.general.communication', '/setting/general/customer-communication'),
            children: [
              hidden('setting.general.communication.terms', '/setting/general/customer-communication/terms'),
              hidden(
                'setting.general.communication.privacyPolicy',
                '/setting/general/customer-communication/privacy-policies',
              ),
              hidden(
                'setting.general.communication.helpCenter',
                '/setting/general/customer-communication/help-centers',
              ),
            ],
          },
        ],
      ),
      leaf(
        'setting.partner',
        '/setting/partner',
        requires(
          'site.read',
          'rental_partner_config.read',
          'program.rule_part.read',
          'setting.partner_document.read',
          'partner.payment.credit_card.read',
          'partner.payment.direct_debit.read',
        ),
        [
          {
            ...hidden('setting.partner.site', '/setting/partner/site/list'),
            children: [
              hidden('setting.partner.site.new', '/setting/partner/site/new'),
              hidden('setting.partner.site.edit', '/setting/partner/site/:siteId/edit'),
            ],
          },
          hidden('setting.partner.overview', '/setting/partner/overview'),
          hidden('setting.partner.openData', '/setting/partner/open-data'),
          {
            ...hidden('setting.partner.rentalConfig', '/setting/partner/rental-config/list'),
            children: [
              hidden('setting.partner.rentalConfig.new', '/setting/partner/rental-config/new'),
              hidden('setting.partner.rentalConfig.edit', '/setting/partner/rental-config/partner/:partnerId/edit'),
            ],
          },
          {
            ...hidden('setting.partner.operations', '/setting/partner/operations/list'),
            children: [
              hidden('setting.partner.operations.new', '/setting/partner/operations/new'),
              hidden('setting.partner.operations.edit', '/setting/partner/operations/partner/:partnerId/edit'),
            ],
          },
          {
            ...hidden('setting.partner.collectReturnRule', '/setting/partner/collect-return-rule/list'),
            children: [
              hidden('setting.partner.collectReturnRule.new', '/setting/partner/collect-return-rule/new'),
              hidden(
                'setting.partner.collectReturnRule.edit',
                '/setting/partner/collect-return-rule/partner/:partnerId/category/:assetCategoryId/edit',
              ),
            ],
          },
          {
            ...hidden('setting.partner.communication', '/setting/partner/customer-communication'),
            children: [
              {
                ...hidden('setting.partner.communication.terms', '/setting/partner/customer-communication/terms/list'),
                children: [
                  hidden(
                    'setting.partner.communication.terms.new',
                    '/setting/partner/customer-communication/terms/new',
                  ),
                  hidden(
                    'setting.partner.communication.terms.edit',
                    '/setting/partner/customer-communication/terms/partner/:partnerId/edit',
                  ),
                ],
              },
              {
                ...hidden(
                  'setting.partner.communication.privacyPolicy',
                  '/setting/partner/customer-communication/privacy-policy/list',
                ),
                children: [
                  hidden(
                    'setting.partner.communication.privacyPolicy.new',
                    '/setting/partner/customer-communication/privacy-policy/new',
                  ),
                  hidden(
                    'setting.partner.communication.privacyPolicy.edit',
                    '/setting/partner/customer-communication/privacy-policy/partner/:partnerId/edit',
                  ),
                ],
              },
              {
                ...hidden(
                  'setting.partner.communication.helpCenter',
                  '/setting/partner/customer-communication/help-center/list',
                ),
                children: [
                  hidden(
                    'setting.partner.communication.helpCenter.new',
                    '/setting/partner/customer-communication/help-center/new',
                  ),
                  hidden(
                    'setting.partner.communication.helpCenter.edit',
                    '/setting/partner/customer-communication/help-center/partner/:partnerId/edit',
                  ),
                ],
              },
              {
                ...hidden(
                  'setting.partner.communication.notice',
                  '/setting/partner/customer-communication/notice/list',
                ),
                children: [
                  hidden(
                    'setting.partner.communication.notice.new',
                    '/setting/partner/customer-communication/notice/new',
                  ),
                  hidden(
                    'setting.partner.communication.notice.edit',
                    '/setting/partner/customer-communication/notice/partner/:partnerId/edit',
                  ),
                ],
              },
            ],
          },
          {
            ...hidden('setting.partner.paymentMethod', '/setting/partner/payment-method/list'),
            children: [
              hidden('setting.partner.paymentMethod.new', '/setting/partner/payment-method/new'),
              hidden(
                'setting.partner.paymentMethod.edit',
                '/setting/partner/:partnerId/payment-method/:paymentMethodId/edit',
              ),
            ],
          },
        ],
      ),
    ],
    SettingOutlined,
  ),
];
