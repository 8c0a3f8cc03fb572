import { CloseCircleOutlined, SearchOutlined } from '@ant-design/icons';
import type { SubscribableAsset } from '@fleetdesk/contracts';
import { Alert, Button, Collapse, Empty, Flex, Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../shared/http.ts';
import { translateValidationMessage } from '../../../shared/ui/form-errors.ts';
import { LifeCycleTag } from '../../assets/components/life-cycle-tag.tsx';
import { parseAssetNos } from '../../private-lists/asset-nos.ts';
import { useSubscribableAssets } from '../api.ts';
import { addAssetNos, removeAssetNos } from './asset-picker.model.ts';
import { refusedAssets } from './refusal.model.ts';

/** A refusal of the asset numbers in the interface language, naming the numbers the server refused. */
export function useAssetRefusalText() {
  const { t } = useTranslation('subscriptions');
  return (error: ApiError, fallback: string) => {
    const refused = refusedAssets(error);
    return refused
      ? t(`refusal.${refused.kind}`, { count: refused.nos.length, nos: refused.nos.join(', ') })
      : translateValidationMessage(fallback);
  };
}

export interface AssetPickerProps {
  partnerId: string;
  categoryId: string;
  /** An order being edited: its own assets are offered as available. */
  orderId?: string;
  quota: number;
  value?: string[];
  onChange?: (value: string[]) => void;
}

/**
 * Picks the assets of a subscription (document 1 §2.5 "asset" step): the partner's Ready assets of the package's
 * category that nothing else holds, searched by number and paged; numbers can also be pasted in bulk. It never holds
 * more than the quota: full, the other rows cannot be ticked and pasted numbers beyond it are listed, not added.
 */
export function AssetPicker({ partnerId, categoryId, orderId, quota, value = [], onChange }: AssetPickerProps) {
  const { t } = useTranslation('subscriptions');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [pasted, setPasted] = useState('');
  const [overQuota, setOverQuota] = useState<string[]>([]);
  const no = search.trim().toUpperCase();
  const assets = useSubscribableAssets({
    partnerId,
    categoryId,
    ...(orderId ? { orderId } : {}),
    ...(no ? { no } : {}),
    ...page,
  });
  const full = value.length >= quota;
  const set = (next: string[]) => onChange?.(next);
  const add = (nos: string[]) => {
    const result = addAssetNos(value, nos, quota);
    setOverQuota(result.overQuota);
    set(result.selected);
  };
  const remove = (nos: string[]) => {
    setOverQuota([]);
    set(removeAssetNos(value, nos));
  };

  return (
    <Flex vertical gap={12} data-testid="asset-picker">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text strong type={value.length > quota ? 'danger' : undefined} data-testid="asset-picked-count">
          {t('picker.count', { count: value.length, quota })}
        </Typography.Text>
        {value.length > 0 && (
          <Button size="small" icon={<CloseCircleOutlined />} onClick={() => remove(value)}>
            {t('picker.clear')}
          </Button>
        )}
      </Flex>
      {value.length > 0 && (
        <Flex wrap gap={4} style={{ maxHeight: 120, overflowY: 'auto' }} data-testid="asset-picked">
          {value.map((assetNo) => (
            <Tag
              key={assetNo}
              closable
              onClose={() => remove([assetNo])}
              closeIcon={<CloseCircleOutlined aria-label={t('picker.remove', { no: assetNo })} />}
            >
              {assetNo}
            </Tag>
          ))}
        </Flex>
      )}
      {overQuota.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setOverQuota([]) }}
          title={t('picker.overQuota', { count: overQuota.length, quota })}
          description={overQuota.join(', ')}
        />
      )}
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('picker.search')}
        aria-label={t('picker.search')}
        maxLength={50}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage({ ...page, pageNo: 1 });
        }}
        style={{ maxWidth: 320 }}
      />
      {assets.error ? (
        <Alert type="error" showIcon title={t('detail.loadFailed')} description={assets.error.message} />
      ) : (
        <Table<SubscribableAsset>
          rowKey="no"
          size="small"
          scroll={{ x: 'max-content' }}
          loading={assets.isFetching}
          dataSource={assets.data?.data ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('picker.none')} /> }}
          rowSelection={{
            selectedRowKeys: value,
            preserveSelectedRowKeys: true,
            getCheckboxProps: (asset) => ({
              disabled: full && !value.includes(asset.no),
              'aria-label': t('picker.select', { no: asset.no }),
            }),
            onSelect: (asset, selected) => (selected ? add([asset.no]) : remove([asset.no])),
            onSelectAll: (selected, _rows, changed) => {
              const nos = changed.map((a) => a.no);
              if (selected) add(nos);
              else remove(nos);
            },
          }}
          onRow={(asset) => ({
            onClick: () => {
              if (value.includes(asset.no)) remove([asset.no]);
              else if (!full) add([asset.no]);
            },
            style: { cursor: 'pointer' },
          })}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: assets.data?.count ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
          columns={[
            { key: 'no', title: t('field.assetNo'), dataIndex: 'no' },
            { key: 'site', title: t('field.site'), render: (_, a) => a.site?.name ?? '' },
            {
              key: 'lifeCycleState',
              title: t('field.lifeCycleState'),
              render: (_, a) => <LifeCycleTag state={a.lifeCycleState} />,
            },
          ]}
        />
      )}
      <Collapse
        size="small"
        items={[
          {
            key: 'paste',
            label: t('picker.paste'),
            children: (
              <Flex vertical gap={8}>
                <Input.TextArea
                  rows={4}
                  spellCheck={false}
                  value={pasted}
                  aria-label={t('picker.paste')}
                  placeholder={t('picker.pastePlaceholder')}
                  onChange={(event) => setPasted(event.target.value)}
                />
                <Flex gap={8} align="center" wrap>
                  <Button
                    disabled={parseAssetNos(pasted).length === 0}
                    onClick={() => {
                      add(parseAssetNos(pasted));
                      setPasted('');
                    }}
                  >
                    {t('picker.add', { count: parseAssetNos(pasted).length })}
                  </Button>
                  <Typography.Text type="secondary">{t('picker.pasteHint')}</Typography.Text>
                </Flex>
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}
