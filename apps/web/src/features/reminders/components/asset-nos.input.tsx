import { ASSET_TIMER_BATCH_MAX, type Asset } from '@fleetdesk/contracts';
import { Button, Flex, Input, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssetPickPage } from '../api.ts';
import { mergeAssetNos, parseAssetNos, tooManyAssets } from './asset-nos.ts';

/**
 * Asset numbers for a group change: pasted (one per line, or separated by spaces or commas) or picked from the
 * asset list of the timer's category and the group's partner. The count is shown against the batch limit.
 */
export function AssetNosInput({
  value,
  onChange,
  filter,
}: {
  value?: string;
  onChange?: (value: string) => void;
  filter: { categoryId?: string; partnerId?: string };
}) {
  const { t } = useTranslation('reminders');
  const [picking, setPicking] = useState(false);
  const count = parseAssetNos(value).length;
  return (
    <Flex vertical gap={4}>
      <Input.TextArea
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 10 }}
        placeholder={t('assets.pastePlaceholder')}
        aria-label={t('field.assetNos')}
        style={{ fontFamily: 'monospace' }}
      />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type={count > ASSET_TIMER_BATCH_MAX ? 'danger' : 'secondary'} data-testid="asset-count">
          {t('assets.count', { count, max: ASSET_TIMER_BATCH_MAX })}
        </Typography.Text>
        <Button size="small" onClick={() => setPicking(true)} disabled={!filter.categoryId}>
          {t('assets.pick')}
        </Button>
      </Flex>
      {picking && (
        <AssetPickModal
          filter={filter}
          onCancel={() => setPicking(false)}
          onPick={(nos) => {
            onChange?.(mergeAssetNos(value, nos));
            setPicking(false);
          }}
        />
      )}
    </Flex>
  );
}

/** The asset list (the asset search API) filtered to the category and partner, with checkboxes. */
function AssetPickModal({
  filter,
  onPick,
  onCancel,
}: {
  filter: { categoryId?: string; partnerId?: string };
  onPick: (nos: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('reminders');
  const lifeCycles = useTranslation('assets').t;
  const [pageNo, setPageNo] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const page = useAssetPickPage(filter, pageNo, true);
  return (
    <Modal
      open
      width={720}
      title={t('assets.pickTitle')}
      okText={t('assets.pickOk', { count: selected.length })}
      okButtonProps={{ disabled: selected.length === 0 || tooManyAssets(selected) }}
      cancelText={t('action.cancel')}
      onOk={() => onPick(selected)}
      onCancel={onCancel}
    >
      <Table<Asset>
        size="small"
        rowKey="no"
        scroll={{ x: 'max-content' }}
        loading={page.isFetching}
        dataSource={page.data?.data ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(String)),
        }}
        pagination={{
          current: pageNo,
          pageSize: 20,
          total: page.data?.count ?? 0,
          showSizeChanger: false,
          onChange: setPageNo,
        }}
        columns={[
          { key: 'no', title: t('field.assetNo'), dataIndex: 'no' },
          { key: 'partner', title: t('field.partner'), render: (_, a) => a.partner.name },
          { key: 'category', title: t('field.category'), render: (_, a) => a.category.name },
          {
            key: 'lifeCycle',
            title: t('field.lifeCycle'),
            render: (_, a) => lifeCycles(`lifeCycle.${a.lifeCycleState}`),
          },
        ]}
      />
    </Modal>
  );
}
