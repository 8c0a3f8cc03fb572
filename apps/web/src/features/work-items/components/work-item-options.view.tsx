import type { WorkItemOption } from '@fleetdesk/contracts';
import { Image, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { imageSource } from '../../../shared/ui/image-upload.tsx';
import { formatAmount, formatPrice } from './work-item-format.ts';

/** A work item's options read-only (detail pages of work items and checklists): price or "Not charged". */
export function WorkItemOptionsView({ options }: { options: WorkItemOption[] }) {
  const { t } = useTranslation('work-items');
  return (
    <Table<WorkItemOption>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={options}
      locale={{ emptyText: t('option.none') }}
      columns={[
        {
          key: 'image',
          width: 56,
          render: (_, o) =>
            o.imageUrl ? (
              <Image src={imageSource(o.imageUrl)} alt={o.name} width={40} height={40} style={{ objectFit: 'cover' }} />
            ) : null,
        },
        {
          key: 'type',
          title: t('option.type'),
          render: (_, o) => <Tag color={o.type === 'hardware' ? 'blue' : 'green'}>{t(`optionType.${o.type}`)}</Tag>,
        },
        { key: 'name', title: t('option.name'), dataIndex: 'name' },
        {
          key: 'costAmount',
          title: t('option.costAmount'),
          align: 'right',
          render: (_, o) => formatAmount(o.costAmount),
        },
        {
          key: 'price',
          title: t('option.price'),
          align: 'right',
          render: (_, o) =>
            o.price === null ? <Tag>{t('option.notCharged')}</Tag> : formatPrice(o.price, t('option.notCharged')),
        },
        { key: 'sku', title: t('option.sku'), render: (_, o) => o.sku ?? '' },
        {
          key: 'description',
          title: t('option.description'),
          render: (_, o) => <Typography.Text type="secondary">{o.description ?? ''}</Typography.Text>,
        },
      ]}
    />
  );
}
