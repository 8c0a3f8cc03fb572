import { CheckOutlined, CloseOutlined, EditOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import {
  type RentingIntent,
  rentingEndpoints,
  rentingIntentEndpoints,
  rentingIntentStatuses,
} from '@fleetdesk/contracts';
import { Alert, App, Button, Flex, Form, Tag, Typography } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { dateTimeColumn } from '../../../shared/ui/date-time-column.ts';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { SearchFilter } from '../../../shared/ui/list-actions.tsx';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { useUrlState } from '../../../shared/ui/url-state.ts';
import { customerUrls } from '../../customers/urls.ts';
import {
  CategoryFilterItem,
  ChoiceFilterItem,
  DepositListEmpty,
  PartnerFilterItem,
} from '../../deposits/components/deposit-filter-items.tsx';
import { useOrderSiteOptions } from '../../orders/api.ts';
import { orderUrls } from '../../orders/urls.ts';
import { useRentingIntent, useRentingIntentList, useUpdateRentingIntent } from '../api.ts';
import { InstantItem } from '../components/instant-picker.tsx';
import { IntentCancelModal } from '../components/intent-cancel.modal.tsx';
import { IntentEditModal } from '../components/intent-edit.modal.tsx';
import {
  appointmentRangeValid,
  appointmentWindowText,
  intentActions,
  intentFilterProblems,
  intentListQueryOf,
  intentRefusalOf,
  isFiltered,
} from '../components/intent-list.model.ts';
import { IntentStatus } from '../components/intent-status-tag.tsx';
import { windowFormat } from '../components/window-format.ts';
import { type IntentDialog, intentList, intentListScreen } from '../urls.ts';

/** The server's words for a reversed appointment filter, in the user's language. */
const RANGE_MESSAGE = 'The later start must not be before the earlier one';

/**
 * /b2c/renting-intent/list and /renting/order/intent/list: customers' renting intents in the partners in scope,
 * searched by the customer's phone or name, filtered (status, partner, category, site, appointment range), sorted
 * and paged. With renting_intent.update an open intent can be edited (window, site, note), confirmed while pending,
 * canceled with a reason, or, with order.create too, turned into an order through the new-order flow.
 */
export default function IntentListPage() {
  const { t } = useTranslation('renting-intents');
  const { message } = App.useApp();
  const list = useListState(intentList);
  const query = useMemo(() => intentListQueryOf(list.query), [list.query]);
  const problems = intentFilterProblems(list.filters);
  const result = useRentingIntentList(query);
  const sites = useOrderSiteOptions();
  const can = {
    update: useCan(requirementOf(rentingIntentEndpoints.update)),
    createOrder: useCan(requirementOf(rentingEndpoints.createOrder)),
  };
  const update = useUpdateRentingIntent();
  const [screen, setScreen] = useUrlState(intentListScreen);
  const rows = result.data?.data;

  // The dialog's intent: from the page, or read on its own when a link names one that is not on it.
  const dialogId = screen.dialog ? screen.intentId : undefined;
  const onPage = rows?.find((i) => i.id === dialogId);
  const fetched = useRentingIntent(can.update && dialogId && rows && !onPage ? dialogId : undefined);
  const target = onPage ?? fetched.data ?? null;
  const open = (dialog: IntentDialog, intent: RentingIntent) => setScreen({ dialog, intentId: intent.id });
  const close = () => setScreen({ dialog: undefined, intentId: undefined });

  const confirm = async (intent: RentingIntent) => {
    try {
      await update.mutateAsync({ id: intent.id, body: { status: 'Confirmed' } });
      void message.success(t('confirm.done', { name: intent.customer.name }));
    } catch (error) {
      const { problem } = intentRefusalOf(error);
      if (problem) void message.error(problem);
    }
  };

  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  const columns: ListColumn<RentingIntent>[] = [
    {
      key: 'customer',
      title: t('field.customer'),
      alwaysVisible: true,
      fixed: 'left',
      render: (_, i) => (
        <Flex vertical>
          <Link to={customerUrls.detail(i.customer.id)}>{i.customer.name}</Link>
          <Typography.Text type="secondary">{i.customer.phoneNo}</Typography.Text>
        </Flex>
      ),
    },
    { key: 'partner', title: t('field.partner'), render: (_, i) => i.partner.name },
    { key: 'category', title: t('field.category'), render: (_, i) => i.assetCategory.name },
    { key: 'site', title: t('field.site'), render: (_, i) => i.site?.name ?? dash },
    {
      key: 'appointment',
      title: t('field.appointment'),
      sortKey: 'appointmentStartFrom',
      render: (_, i) => appointmentWindowText(i, windowFormat),
    },
    { key: 'status', title: t('field.status'), render: (_, i) => <IntentStatus intent={i} /> },
    {
      key: 'order',
      title: t('field.order'),
      render: (_, i) =>
        i.order ? (
          <Link to={orderUrls.detail(i.order.id)} aria-label={t('list.openOrder', { orderNo: i.order.orderNo })}>
            {i.order.orderNo}
          </Link>
        ) : (
          dash
        ),
    },
    {
      key: 'note',
      title: t('field.note'),
      render: (_, i) =>
        i.note ? (
          <Typography.Text ellipsis={{ tooltip: i.note }} style={{ maxWidth: 200 }}>
            {i.note}
          </Typography.Text>
        ) : (
          dash
        ),
    },
    dateTimeColumn<RentingIntent>('createdAt', t('field.createdAt')),
    ...(can.update
      ? [
          {
            key: 'actions',
            title: t('field.actions'),
            alwaysVisible: true,
            fixed: 'right' as const,
            render: (_: unknown, i: RentingIntent) => (
              <RowActions
                intent={i}
                can={can}
                onEdit={() => open('edit', i)}
                onConfirm={() => confirm(i)}
                onCancel={() => open('cancel', i)}
              />
            ),
          },
        ]
      : []),
  ];

  const customerName = rows?.find((i) => i.customer.id === list.filters.customerId)?.customer.name;
  return (
    <>
      <ListPage
        listKey="renting-intents"
        state={list}
        result={result}
        columns={columns}
        rowKey={(i) => i.id}
        emptyText={
          <DepositListEmpty
            filtered={isFiltered(list.filters)}
            none={t('list.empty')}
            noMatch={t('list.emptyFiltered')}
          />
        }
        filters={
          <>
            {problems.length > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ width: '100%', marginBottom: 8 }}
                title={problems.map((p) => t(`list.problem.${p}`)).join(' ')}
              />
            )}
            {list.filters.customerId && (
              <Form.Item label={t('field.customer')}>
                <Tag
                  closable
                  onClose={() => list.setFilters({ customerId: undefined })}
                  data-testid="customer-filter"
                  closeIcon={<CloseOutlined aria-label={t('filter.clearCustomer')} />}
                >
                  {customerName ?? t('filter.oneCustomer')}
                </Tag>
              </Form.Item>
            )}
            <SearchFilter label={t('filter.search')} placeholder={t('filter.searchPlaceholder')} />
            <ChoiceFilterItem
              name="status"
              label={t('field.status')}
              options={rentingIntentStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
            <PartnerFilterItem />
            <CategoryFilterItem />
            <Form.Item noStyle dependencies={['partnerId']}>
              {(form) => <SiteFilter form={form} sites={sites.data ?? []} loading={sites.isPending} />}
            </Form.Item>
            <InstantItem name="appointmentFrom" label={t('filter.appointmentFrom')} />
            <InstantItem
              name="appointmentTo"
              label={t('filter.appointmentTo')}
              dependencies={['appointmentFrom']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value?: string) =>
                    appointmentRangeValid(getFieldValue('appointmentFrom') as string | undefined, value)
                      ? Promise.resolve()
                      : Promise.reject(new Error(translateValidationMessage(RANGE_MESSAGE))),
                }),
              ]}
            />
          </>
        }
      />
      {can.update && (
        <>
          <IntentEditModal intent={screen.dialog === 'edit' ? target : null} onClose={close} />
          <IntentCancelModal
            intent={screen.dialog === 'cancel' ? target : null}
            appointment={target ? appointmentWindowText(target, windowFormat) : ''}
            onClose={close}
          />
        </>
      )}
    </>
  );
}

/** An open intent's actions, each named with the customer for assistive technology. */
function RowActions({
  intent,
  can,
  onEdit,
  onConfirm,
  onCancel,
}: {
  intent: RentingIntent;
  can: { update: boolean; createOrder: boolean };
  onEdit: () => void;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('renting-intents');
  const actions = intentActions(intent, can);
  const name = intent.customer.name;
  if (!actions.edit && !actions.confirm && !actions.cancel && !actions.createOrder) return null;
  return (
    <Flex gap={4} wrap>
      {actions.edit && (
        <Button
          size="small"
          type="link"
          icon={<EditOutlined />}
          aria-label={t('action.editOne', { name })}
          onClick={onEdit}
        >
          {t('action.edit')}
        </Button>
      )}
      {actions.confirm && (
        <ConfirmButton
          size="small"
          type="link"
          icon={<CheckOutlined />}
          aria-label={t('action.confirmOne', { name })}
          title={t('confirm.question', { name })}
          description={appointmentWindowText(intent, windowFormat)}
          okText={t('action.confirm')}
          onConfirm={onConfirm}
        >
          {t('action.confirm')}
        </ConfirmButton>
      )}
      {actions.cancel && (
        <Button
          size="small"
          type="link"
          danger
          icon={<CloseOutlined />}
          aria-label={t('action.cancelOne', { name })}
          onClick={onCancel}
        >
          {t('action.cancel')}
        </Button>
      )}
      {actions.createOrder && (
        <Link
          to={orderUrls.new({ customerId: intent.customer.id, intentId: intent.id })}
          aria-label={t('action.createOrderOne', { name })}
        >
          <Button size="small" type="link" icon={<ShoppingCartOutlined />} tabIndex={-1}>
            {t('action.createOrder')}
          </Button>
        </Link>
      )}
    </Flex>
  );
}

/** Sites, those of the chosen partner only once one is chosen. */
function SiteFilter({
  form,
  sites,
  loading,
}: {
  form: FormInstance;
  sites: { id: string; name: string; partnerId: string }[];
  loading: boolean;
}) {
  const { t } = useTranslation('renting-intents');
  const partnerId = form.getFieldValue('partnerId') as string | undefined;
  return (
    <ChoiceFilterItem
      name="siteId"
      label={t('field.site')}
      loading={loading}
      options={sites
        .filter((s) => !partnerId || s.partnerId === partnerId)
        .map((s) => ({ value: s.id, label: s.name }))}
      searchable
      minWidth={180}
    />
  );
}
