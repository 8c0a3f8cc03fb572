import type { ChecklistWorkItemGroup } from '@fleetdesk/contracts';
import { Card, Collapse, Empty, Flex, Image, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { imageSource } from '../../../shared/ui/image-upload.tsx';
import { WorkItemOptionsView } from '../../work-items/components/work-item-options.view.tsx';

/** The detail page's groups in order, each with its work items and their options (price or "Not charged"). */
export function ChecklistGroupsView({ groups }: { groups: ChecklistWorkItemGroup[] }) {
  const { t } = useTranslation('checklists');
  const workItemsT = useTranslation('work-items').t;
  if (groups.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('group.none')} />;
  return (
    <Flex vertical gap={12}>
      {[...groups]
        .sort((a, b) => a.position - b.position)
        .map((group, index) => (
          <Card
            key={group.id}
            size="small"
            data-testid="detail-group"
            title={
              <Flex gap={8} align="center" wrap>
                <Typography.Text type="secondary">{index + 1}.</Typography.Text>
                <span>{group.name}</span>
                <Tag color={group.isRequired ? 'red' : 'default'}>
                  {group.isRequired ? t('group.required') : t('group.optional')}
                </Tag>
                {group.isAllWorkItemsRequired && <Tag color="orange">{t('group.allItemsRequired')}</Tag>}
              </Flex>
            }
            extra={
              group.imageUrl ? (
                <Image
                  src={imageSource(group.imageUrl)}
                  alt={group.name}
                  width={40}
                  height={40}
                  style={{ objectFit: 'cover' }}
                />
              ) : undefined
            }
          >
            {group.description && <Typography.Paragraph type="secondary">{group.description}</Typography.Paragraph>}
            <Collapse
              size="small"
              items={group.workItems.map((item) => ({
                key: item.id,
                label: (
                  <Flex gap={8} wrap>
                    <span>{item.name}</span>
                    <Typography.Text type="secondary">
                      {workItemsT(`resultMode.${item.resultMode}`)} ·{' '}
                      {t('group.optionCount', { count: item.options.length })}
                    </Typography.Text>
                    {item.status === 'Deleted' && <Tag>{workItemsT('status.Deleted')}</Tag>}
                  </Flex>
                ),
                children: <WorkItemOptionsView options={item.options} />,
              }))}
            />
          </Card>
        ))}
    </Flex>
  );
}
