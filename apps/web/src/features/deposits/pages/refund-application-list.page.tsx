import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import {
  type DepositRefundApplication,
  depositEndpoints,
  depositRefundApplicationStatuses,
  depositRefundStatuses,
} from '@fleetdesk/contracts';
import { Button, Checkbox, Flex, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { RangeFilterItem } from '../../../shared/ui/range-filter-item.tsx';
import { customerUrls } from '../../customers/urls.ts';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';
import { useRefundApplications } from '../api.ts';
import { ChoiceFilterItem, DepositListEmpty, PartnerFilterItem } from '../components/deposit-filter-items.tsx';
import { ApplicationStatusTag, RefundStatusTag } from '../components/deposit-tags.tsx';
import {
  isFiltered,
  isWaiting,
  refreshSelection,
  refundApplicationQueryOf,
} from '../components/refund-application.model.ts';
import { RefundApproveModal } from '../components/refund-approve.modal.tsx';
import { RefundCancelModal } from '../components/refund-cancel.modal.tsx';
import { refundApplicationList } from '../urls.ts';

type Dialog = { kind: 'approve'; applications: DepositRefundApplication[] } | { kind: 'cancel'; id: string } | null;

/**
 * /customer/deposit-refund-application: customers' deposit refund applications, waiting first. Staff with
 * deposit_refund_application.confirm approve waiting ones (one, or a selection across pages) after the refund
 * confirmation, or cancel one with a reason.
 */
export default function RefundApplicationListPage() {
  const { t } = useTranslation('deposits');
  const list = useListState(refundApplicationList);
  const query = useMemo(() => refundApplicationQueryOf(list.query), [list.query]);
  const result = useRefundApplications(query);
  const { money } = usePriceLabels();
  const canConfirm = useCan(requirementOf(depositEndpoints.approve));
  const [selected, setSelected] = useState<ReadonlyMap<string, DepositRefundApplication>>(new Map());
  const [dialog, setDialog] = useState<Dialog>(null);
  const rows = result.data?.data;
  const waitingRows = (rows ?? []).filter(isWaiting);
  // Reviewed applications have nothing to select or do: the two columns are shown only beside waiting ones.
  const reviewing = canConfirm && waitingRows.length > 0;

  // Someone else may approve or cancel a selected application: a fresh page drops it from the selection.
  useEffect(() => {
    if (rows) setSelected((current) => refreshSelection(current, rows));
  }, [rows]);

  const toggle = (application: DepositRefundApplication, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(application.id, application);
      else next.delete(application.id);
      return next;
    });
  const allWaitingSelected = waitingRows.length > 0 && waitingRows.every((a) => selected.has(a.id));
  const selectPage = () =>
    setSelected((current) => {
      const next = new Map(current);
      for (const a of waitingRows)
        if (allWaitingSelected) next.delete(a.id);
        else next.set(a.id, a);
      return next;
    });
  const forget = (ids: readonly string[]) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const id of ids) next.delete(id);
      return next;
    });
  const cancelTarget = dialog?.kind === 'cancel' ? (rows?.find((a) => a.id === dialog.id) ?? null) : null;

  const dash = <Typography.Text type="secondary">—</Typography.Text>;
  const columns: ListColumn<DepositRefundApplication>[] = [
    ...(reviewing
      ? [
          {
            key: 'select',
            title: t('list.select'),
            alwaysVisible: true,
            noExport: true,
            width: 64,
            render: (_: unknown, a: DepositRefundApplication) =>
              isWaiting(a) ? (
                <Checkbox
                  checked={selected.has(a.id)}
                  onChange={(event) => toggle(a, event.target.checked)}
                  aria-label={t('list.selectOne', { name: a.customer.name, category: a.assetCategory.name })}
                />
              ) : null,
          },
        ]
      : []),
    {
      key: 'customer',
      title: t('field.customer'),
      alwaysVisible: true,
      render: (_, a) => (
        <Flex vertical>
          <Link to={customerUrls.detail(a.customer.id)}>{a.customer.name}</Link>
          <Typography.Text type="secondary">{a.customer.phoneNo}</Typography.Text>
        </Flex>
      ),
      exportValue: (a) => a.customer.name,
    },
    { key: 'partner', title: t('field.partner'), render: (_, a) => a.partner.name, exportValue: (a) => a.partner.name },
    {
      key: 'category',
      title: t('field.category'),
      render: (_, a) => a.assetCategory.name,
      exportValue: (a) => a.assetCategory.name,
    },
    { key: 'quantity', title: t('field.quantity'), dataIndex: 'quantity', align: 'right' },
    {
      key: 'amount',
      title: t('field.amount'),
      align: 'right',
      render: (_, a) => money(a.amount, a.currency),
      exportValue: (a) => `${a.amount} ${a.currency}`,
    },
    { key: 'appliedAt', title: t('field.appliedAt'), dataIndex: 'appliedAt', render: (v: string) => formatDateTime(v) },
    {
      key: 'status',
      title: t('field.status'),
      render: (_, a) => <ApplicationStatusTag status={a.status} />,
      exportValue: (a) => a.status,
    },
    {
      key: 'refundStatus',
      title: t('field.refundStatus'),
      render: (_, a) =>
        a.refundStatus ? (
          <Flex vertical align="flex-start">
            <RefundStatusTag status={a.refundStatus} />
            {a.refundStatus !== 'Succeeded' && (
              <Typography.Text type="secondary">
                {t('list.refunded', { amount: money(a.refundedAmount, a.currency) })}
              </Typography.Text>
            )}
          </Flex>
        ) : (
          dash
        ),
      exportValue: (a) => a.refundStatus ?? '',
    },
    {
      key: 'reviewer',
      title: t('field.reviewer'),
      render: (_, a) => a.reviewer?.name ?? dash,
      exportValue: (a) => a.reviewer?.name ?? '',
    },
    {
      key: 'reviewedAt',
      title: t('field.reviewedAt'),
      dataIndex: 'reviewedAt',
      defaultHidden: true,
      render: (v: string | null) => (v ? formatDateTime(v) : dash),
    },
    {
      key: 'note',
      title: t('field.note'),
      render: (_, a) =>
        a.note ? (
          <Typography.Text ellipsis={{ tooltip: a.note }} style={{ maxWidth: 220 }}>
            {a.note}
          </Typography.Text>
        ) : (
          dash
        ),
      exportValue: (a) => a.note ?? '',
    },
    ...(reviewing
      ? [
          {
            key: 'actions',
            title: t('column.actions'),
            alwaysVisible: true,
            noExport: true,
            render: (_: unknown, a: DepositRefundApplication) =>
              isWaiting(a) ? (
                <Flex gap={4}>
                  <Button
                    size="small"
                    type="link"
                    icon={<CheckOutlined />}
                    aria-label={t('action.approveOne', { name: a.customer.name })}
                    onClick={() => setDialog({ kind: 'approve', applications: [a] })}
                  >
                    {t('action.approve')}
                  </Button>
                  <Button
                    size="small"
                    type="link"
                    danger
                    icon={<CloseOutlined />}
                    aria-label={t('action.cancelOne', { name: a.customer.name })}
                    onClick={() => setDialog({ kind: 'cancel', id: a.id })}
                  >
                    {t('action.cancel')}
                  </Button>
                </Flex>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <>
      <ListPage
        listKey="deposit-refund-applications"
        state={list}
        result={result}
        columns={columns}
        rowKey={(a) => a.id}
        emptyText={
          <DepositListEmpty
            filtered={isFiltered(list.filters)}
            none={t('list.empty')}
            noMatch={t('list.emptyFiltered')}
          />
        }
        filters={
          <>
            <ChoiceFilterItem
              name="status"
              label={t('field.status')}
              options={depositRefundApplicationStatuses.map((s) => ({ value: s, label: t(`applicationStatus.${s}`) }))}
            />
            <ChoiceFilterItem
              name="refundStatus"
              label={t('field.refundStatus')}
              minWidth={150}
              options={depositRefundStatuses.map((s) => ({ value: s, label: t(`refundStatus.${s}`) }))}
            />
            <PartnerFilterItem />
            <RangeFilterItem name="applied" label={t('field.appliedAt')} withTime />
          </>
        }
        actions={
          canConfirm && (
            <>
              <Button onClick={selectPage} disabled={waitingRows.length === 0}>
                {allWaitingSelected ? t('list.unselectPage') : t('list.selectPage')}
              </Button>
              {selected.size > 0 && (
                <Button type="link" onClick={() => setSelected(new Map())}>
                  {t('list.clearSelection')}
                </Button>
              )}
              <Button
                type="primary"
                icon={<CheckOutlined />}
                disabled={selected.size === 0}
                onClick={() => setDialog({ kind: 'approve', applications: [...selected.values()] })}
              >
                {t('action.approveSelected', { count: selected.size })}
              </Button>
            </>
          )
        }
      />
      {canConfirm && (
        <>
          <RefundApproveModal
            applications={dialog?.kind === 'approve' ? dialog.applications : []}
            open={dialog?.kind === 'approve'}
            onClose={() => setDialog(null)}
            onApproved={() => {
              if (dialog?.kind === 'approve') forget(dialog.applications.map((a) => a.id));
              setDialog(null);
            }}
            onNoLongerWaiting={(ids) => {
              forget(ids);
              setDialog((current) =>
                current?.kind === 'approve'
                  ? { kind: 'approve', applications: current.applications.filter((a) => !ids.includes(a.id)) }
                  : current,
              );
            }}
          />
          <RefundCancelModal application={cancelTarget} onClose={() => setDialog(null)} />
        </>
      )}
    </>
  );
}
