import type { ChecklistRecord } from '@fleetdesk/contracts';
import { Card, Empty, Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePriceLabels } from '../../pricing/components/price-labels.ts';

/**
 * What was done on a record, group by group: each work item with the options chosen (quantity, price or "not
 * charged") and its note; items left without a result say so.
 */
export function RecordGroups({ record }: { record: ChecklistRecord }) {
  const { t } = useTranslation('checklist-records');
  const price = usePriceLabels();
  if (record.groups.length === 0) return <Empty description={t('groups.none')} />;
  return (
    <Flex vertical gap={12}>
      {record.groups.map((group) => (
        <Card
          key={group.id}
          size="small"
          data-testid="record-group"
          title={
            <Flex gap={8} align="center" wrap>
              <span>{group.name}</span>
              {group.isRequired && <Tag color="red">{t('groups.required')}</Tag>}
              {group.isAllWorkItemsRequired && <Tag>{t('groups.allItemsRequired')}</Tag>}
            </Flex>
          }
        >
          <List
            size="small"
            dataSource={group.workItems}
            rowKey="id"
            renderItem={(item) => {
              const chosen = item.options.filter((o) => o.quantity > 0);
              return (
                <List.Item>
                  <Flex vertical gap={4} style={{ width: '100%' }}>
                    <Typography.Text strong>{item.name}</Typography.Text>
                    {chosen.length === 0 ? (
                      <Typography.Text type="secondary">{t('groups.noResult')}</Typography.Text>
                    ) : (
                      chosen.map((option) => (
                        <Flex key={option.id} justify="space-between" gap={12} wrap>
                          <span>
                            <Tag>{t(`optionType.${option.type}`)}</Tag>
                            {option.name}
                            {option.quantity > 1 ? ` × ${option.quantity}` : ''}
                          </span>
                          <Typography.Text type={option.price === null ? 'secondary' : undefined}>
                            {option.price === null
                              ? t('option.notCharged')
                              : price.money(option.price * option.quantity, record.currency)}
                          </Typography.Text>
                        </Flex>
                      ))
                    )}
                    {item.note && (
                      <Typography.Text type="secondary" italic>
                        {item.note}
                      </Typography.Text>
                    )}
                  </Flex>
                </List.Item>
              );
            }}
          />
        </Card>
      ))}
    </Flex>
  );
}
