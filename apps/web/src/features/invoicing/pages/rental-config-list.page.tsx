import { PlusOutlined } from '@ant-design/icons';
import { rentingConfigEndpoints } from '@fleetdesk/contracts';
import { Button, Flex, Form, Select, Tag, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { EditLink, NewButton, SearchFilter } from '../../../shared/ui/list-actions.tsx';
import { type ListColumn, ListPage } from '../../../shared/ui/list-page.tsx';
import { useListState } from '../../../shared/ui/list-state.ts';
import { useRentalConfigRows } from '../api.ts';
import { pageOf, type RentalConfigRow, selectRows } from '../components/rental-config.model.ts';
import { RentalConfigDeleteButton } from '../components/rental-config-delete.button.tsx';
import { invoicingUrls, rentalConfigList, rentalConfigStatuses } from '../urls.ts';

/**
 * Settings → Partner → Rental configs: one row per partner in scope with its invoicing identity, or "Not set"
 * (such a partner issues no invoices). Filters, sort and page live in the URL and are applied here, since the
 * rows join two complete reads (partners and configs).
 */
export default function RentalConfigListPage() {
  const { t } = useTranslation('invoicing');
  const list = useListState(rentalConfigList);
  const { search, status } = list.filters;
  const source = useRentalConfigRows();
  const selected = useMemo(
    () => (source.rows ? selectRows(source.rows, { search, status, sort: list.sort }) : undefined),
    [source.rows, search, status, list.sort],
  );
  const canCreate = useCan(requirementOf(rentingConfigEndpoints.create));
  const canWrite = useCan(requirementOf(rentingConfigEndpoints.update));

  const notSet = <Typography.Text type="secondary">—</Typography.Text>;
  const ofConfig =
    (render: (config: NonNullable<RentalConfigRow['config']>) => ReactNode) => (_: unknown, row: RentalConfigRow) =>
      row.config ? render(row.config) : notSet;

  const columns: ListColumn<RentalConfigRow>[] = [
    {
      key: 'partner',
      title: t('field.partner'),
      sortKey: 'partner',
      alwaysVisible: true,
      render: (_, row) =>
        canWrite && row.config ? (
          <Link to={invoicingUrls.edit(row.partner.id)}>{row.partner.name}</Link>
        ) : (
          row.partner.name
        ),
      exportValue: (row) => row.partner.name,
    },
    {
      key: 'status',
      title: t('column.status'),
      alwaysVisible: true,
      render: (_, row) => (row.config ? <Tag color="green">{t('status.set')}</Tag> : <Tag>{t('status.notSet')}</Tag>),
      exportValue: (row) => (row.config ? 'set' : 'not set'),
    },
    {
      key: 'invoicePrefix',
      title: t('field.invoicePrefix'),
      sortKey: 'invoicePrefix',
      render: ofConfig((config) => <Typography.Text code>{config.invoicePrefix}</Typography.Text>),
      exportValue: (row) => row.config?.invoicePrefix ?? '',
    },
    {
      key: 'sellerName',
      title: t('field.sellerName'),
      render: ofConfig((config) => config.sellerName),
      exportValue: (row) => row.config?.sellerName ?? '',
    },
    {
      key: 'vatNumber',
      title: t('field.vatNumber'),
      render: ofConfig((config) => config.vatNumber ?? notSet),
      exportValue: (row) => row.config?.vatNumber ?? '',
    },
    {
      key: 'invoiceFooter',
      title: t('field.invoiceFooter'),
      defaultHidden: true,
      ellipsis: true,
      render: ofConfig((config) => config.invoiceFooter ?? notSet),
      exportValue: (row) => row.config?.invoiceFooter ?? '',
    },
    {
      key: 'issued',
      title: t('column.issued'),
      sortKey: 'issued',
      align: 'right',
      render: ofConfig((config) => config.issued),
      exportValue: (row) => row.config?.issued ?? '',
    },
    {
      key: 'updatedAt',
      title: t('column.updatedAt'),
      sortKey: 'updatedAt',
      render: ofConfig((config) => formatDateTime(config.updatedAt)),
      exportValue: (row) => row.config?.updatedAt ?? '',
    },
  ];
  if (canWrite || canCreate) {
    columns.push({
      key: 'actions',
      title: t('column.actions'),
      alwaysVisible: true,
      noExport: true,
      fixed: 'right',
      render: (_, row) =>
        row.config
          ? canWrite && (
              <Flex gap={4}>
                <EditLink
                  to={invoicingUrls.edit(row.partner.id)}
                  label={t('action.editNamed', { name: row.partner.name })}
                >
                  {t('action.edit')}
                </EditLink>
                <RentalConfigDeleteButton config={row.config} size="small" type="link" />
              </Flex>
            )
          : canCreate && (
              <Link
                to={invoicingUrls.new(row.partner.id)}
                aria-label={t('action.setUpNamed', { name: row.partner.name })}
              >
                <Button size="small" type="link" icon={<PlusOutlined />} tabIndex={-1}>
                  {t('action.setUp')}
                </Button>
              </Link>
            ),
    });
  }

  return (
    <ListPage
      title={t('list.title')}
      listKey="rentalConfigs"
      state={list}
      result={{
        data: selected && pageOf(selected, list.pageNo, list.pageSize),
        isPending: source.isPending,
        isFetching: source.isFetching,
        error: source.error,
        refetch: source.refetch,
      }}
      columns={columns}
      rowKey={(row) => row.partner.id}
      emptyText={search || status !== 'all' ? t('list.emptyFiltered') : t('list.empty')}
      exportRows={async () => selected ?? []}
      exportFileName="rental-configs"
      filters={
        <>
          <SearchFilter label={t('filter.search')} placeholder={t('filter.searchPlaceholder')} />
          <Form.Item name="status" label={t('column.status')}>
            <Select
              style={{ minWidth: 160 }}
              options={rentalConfigStatuses.map((value) => ({ value, label: t(`status.${value}`) }))}
            />
          </Form.Item>
        </>
      }
      actions={canCreate && <NewButton to={invoicingUrls.new()}>{t('action.new')}</NewButton>}
    />
  );
}
