import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { PrivateListAsset } from '@fleetdesk/contracts';
import { Alert, App, Button, Card, Flex, Spin, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { isApiError } from '../../../shared/http.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { LifeCycleTag } from '../../assets/components/life-cycle-tag.tsx';
import { useListAccess } from '../access.ts';
import { usePrivateList, usePrivateListAssets, useRemovePrivateListAssets } from '../api.ts';
import { privateListUrls } from '../urls.ts';

/** The list's assets (those of the caller's partners) with removal of the selected rows. */
export default function PrivateListAssetsPage() {
  const { t } = useTranslation('private-lists');
  const { id = '' } = useParams();
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageNo: 1, pageSize: 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const list = usePrivateList(id);
  const assets = usePrivateListAssets(id, page);
  const remove = useRemovePrivateListAssets(id);
  const may = useListAccess();

  if (list.error) {
    if (isApiError(list.error) && list.error.status === 404) return <DataMissing />;
    return <Alert type="error" showIcon title={list.error.message} />;
  }
  if (!list.data) {
    return (
      <PageContainer>
        <Card>
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        </Card>
      </PageContainer>
    );
  }
  const canChange = may(list.data, 'update');
  const hidden = list.data.assetCount - (assets.data?.count ?? list.data.assetCount);

  const columns: TableColumnsType<PrivateListAsset> = [
    { key: 'no', title: t('asset.no'), dataIndex: 'no' },
    { key: 'category', title: t('asset.category'), render: (_, a) => a.category.name },
    { key: 'site', title: t('asset.site'), render: (_, a) => a.site?.name ?? '—' },
    { key: 'partner', title: t('asset.partner'), render: (_, a) => a.partner.name },
    { key: 'lifeCycle', title: t('asset.lifeCycle'), render: (_, a) => <LifeCycleTag state={a.lifeCycleState} /> },
    { key: 'addedAt', title: t('asset.addedAt'), dataIndex: 'addedAt', render: (v: string) => formatDateTime(v) },
  ];

  const removeSelected = async () => {
    const result = await remove.mutateAsync(selected);
    setSelected([]);
    void message.success(t('assets.removed', { count: selected.length - result.notFound.length }));
  };

  return (
    <PageContainer
      title={t('assets.title', { name: list.data.name })}
      documentTitle={list.data.name}
      extra={
        canChange && (
          <Flex gap={8} wrap>
            <Link to={privateListUrls.edit(id)}>
              <Button icon={<EditOutlined />} tabIndex={-1}>
                {t('action.edit')}
              </Button>
            </Link>
            <Link to={privateListUrls.import(id)}>
              <Button type="primary" icon={<PlusOutlined />} tabIndex={-1}>
                {t('action.import')}
              </Button>
            </Link>
          </Flex>
        )
      }
    >
      <Card>
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">
            {list.data.comment ? `${list.data.comment} · ` : ''}
            {t('assets.summary', { count: list.data.assetCount, owner: list.data.owner.name })}
            {hidden > 0 && ` · ${t('assets.outOfScope', { count: hidden })}`}
          </Typography.Text>
          {canChange && (
            <ConfirmButton
              danger
              icon={<DeleteOutlined />}
              disabled={selected.length === 0}
              title={t('assets.removeConfirm', { count: selected.length })}
              okText={t('assets.removeOk')}
              onConfirm={removeSelected}
            >
              {t('assets.remove', { count: selected.length })}
            </ConfirmButton>
          )}
        </Flex>
        {assets.error ? (
          <Alert
            type="error"
            showIcon
            title={assets.error.message}
            action={<Button onClick={() => void assets.refetch()}>{t('action.retry')}</Button>}
          />
        ) : (
          <Table<PrivateListAsset>
            rowKey="no"
            size="middle"
            columns={columns}
            dataSource={assets.data?.data ?? []}
            loading={assets.isFetching}
            locale={{ emptyText: t('assets.empty') }}
            rowSelection={
              canChange ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined
            }
            pagination={{
              current: page.pageNo,
              pageSize: page.pageSize,
              total: assets.data?.count ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [20, 50, 100],
              onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
            }}
            scroll={{ x: 'max-content' }}
          />
        )}
      </Card>
    </PageContainer>
  );
}
