import { WarningOutlined } from '@ant-design/icons';
import { GBFS_STATION_CAPACITY_MAX } from '@fleetdesk/contracts';
import { Checkbox, Empty, Flex, Form, InputNumber, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StationValues } from './gbfs-settings.model.ts';

/**
 * The partner's station sites, each with a publish box and its capacity. A site without coordinates can be
 * ticked, but the feed leaves it out until it has a position: the row says so.
 */
export function StationsField() {
  const { t } = useTranslation('open-data');
  const form = Form.useFormInstance();
  const stations: StationValues[] = Form.useWatch('stations', { form, preserve: true }) ?? [];
  return (
    <Form.List name="stations">
      {(fields) =>
        fields.length === 0 ? (
          <Empty description={t('stations.empty')} />
        ) : (
          <Flex vertical role="list" aria-label={t('stations.title')}>
            {fields.map((field, index) => {
              const station = stations[index];
              return (
                <Flex
                  key={field.key}
                  role="listitem"
                  data-testid="station-row"
                  gap={12}
                  align="center"
                  wrap
                  style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
                >
                  <Form.Item
                    name={[field.name, 'published']}
                    valuePropName="checked"
                    style={{ marginBottom: 0, minWidth: 200, flex: 1 }}
                  >
                    <Checkbox>{station?.name}</Checkbox>
                  </Form.Item>
                  {station && !station.hasCoordinates && (
                    <Tag color="warning" icon={<WarningOutlined />}>
                      {t('stations.noCoordinates')}
                    </Tag>
                  )}
                  <Form.Item name={[field.name, 'capacity']} label={t('stations.capacity')} style={{ marginBottom: 0 }}>
                    <InputNumber
                      min={0}
                      max={GBFS_STATION_CAPACITY_MAX}
                      precision={0}
                      disabled={!station?.published}
                      placeholder={t('stations.capacityUnknown')}
                      style={{ width: 120 }}
                    />
                  </Form.Item>
                </Flex>
              );
            })}
          </Flex>
        )
      }
    </Form.List>
  );
}
