import { assetEndpoints, type RelocationListAsset } from '@fleetdesk/contracts';
import { Card, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { isApiError } from '../../../shared/http.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { DetailPage } from '../../../shared/ui/detail-page.tsx';
import { LifeCycleTag } from '../../assets/components/life-cycle-tag.tsx';
import { assetUrls } from '../../assets/urls.ts';
import { useRelocationList } from '../api.ts';
import { RelocationStatusTag } from '../components/relocation-status-tag.tsx';
import { shortId } from '../urls.ts';

const none = <Typography.Text type="secondary">—</Typography.Text>;

/** /relocation/detail/:id: one relocation list, read-only, with its assets as they are now. */
export default function RelocationDetailPage() {
  const { t } = useTranslation('relocation-lists');
  const { t: ta } = useTranslation('assets');
  const { id = '' } = useParams();
  const list = useRelocationList(id);
  const canOpenAsset = useCan(requirementOf(assetEndpoints.get));

  // A malformed id is as missing as an unknown one.
  if (isApiError(list.error) && (list.error.status === 404 || list.error.status === 400)) return <DataMissing />;
  const l = list.data;

  const columns: TableColumnsType<RelocationListAsset> = [
    {
      key: 'no',
      title: t('asset.no'),
      dataIndex: 'no',
      render: (no: string, a) =>
        canOpenAsset && a.exists ? <Link to={assetUrls.detail(no)}>{no}</Link> : <span>{no}</span>,
    },
    { key: 'category', title: t('asset.category'), render: (_, a) => a.category?.name ?? none },
    {
      key: 'lifeCycle',
      title: t('asset.lifeCycle'),
      render: (_, a) => (a.lifeCycleState ? <LifeCycleTag state={a.lifeCycleState} /> : none),
    },
    {
      key: 'turnover',
      title: t('asset.turnover'),
      render: (_, a) => (a.turnoverState ? ta(`turnover.${a.turnoverState}`) : none),
    },
    {
      key: 'site',
      title: t('asset.site'),
      render: (_, a) =>
        a.exists ? (a.site?.name ?? none) : <Typography.Text type="secondary">{t('asset.deleted')}</Typography.Text>,
    },
  ];

  return (
    <DetailPage
      title={l ? t('detail.title', { id: shortId(l.id) }) : undefined}
      documentTitle={l ? t('detail.title', { id: shortId(l.id) }) : undefined}
      loading={list.isPending}
      error={list.error}
      sections={
        l
          ? [
              {
                key: 'fields',
                items: [
                  { key: 'id', label: t('field.id'), children: <Typography.Text copyable>{l.id}</Typography.Text> },
                  { key: 'partner', label: t('field.partner'), children: l.partner.name },
                  { key: 'status', label: t('field.status'), children: <RelocationStatusTag status={l.status} /> },
                  { key: 'fromSite', label: t('field.fromSite'), children: l.fromSite.name },
                  { key: 'toSite', label: t('field.toSite'), children: l.toSite?.name ?? none },
                  { key: 'assetCount', label: t('field.assetCount'), children: l.assetCount },
                  { key: 'staff', label: t('field.staff'), children: l.staff?.name ?? none },
                  { key: 'launchStaff', label: t('field.launchStaff'), children: l.launchStaff?.name ?? none },
                  { key: 'note', label: t('field.note'), children: l.note ?? none },
                  { key: 'checkoutAt', label: t('field.checkoutAt'), children: formatDateTime(l.checkoutAt) },
                  {
                    key: 'checkinAt',
                    label: t('field.checkinAt'),
                    children: l.checkinAt ? formatDateTime(l.checkinAt) : none,
                  },
                ],
              },
            ]
          : []
      }
    >
      {l && (
        <Card title={t('detail.assets', { count: l.assets.length })}>
          <Table<RelocationListAsset>
            rowKey="no"
            size="middle"
            columns={columns}
            dataSource={l.assets}
            locale={{ emptyText: t('detail.noAssets') }}
            pagination={l.assets.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
          />
        </Card>
      )}
    </DetailPage>
  );
}
