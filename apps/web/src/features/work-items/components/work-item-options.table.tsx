import { DeleteOutlined, PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { WORK_ITEM_OPTIONS_MAX, workItemOptionTypes } from '@fleetdesk/contracts';
import { Button, Empty, Flex, Form, Input, InputNumber, Select, Table, type TableColumnType, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageChoiceField } from './image-choice.field.tsx';
import { emptyOption, type OptionRow } from './work-item-form.model.ts';

interface Row {
  key: number;
  name: number;
}

/** Cells sit in a table: no label above each, the column title names them. */
const cell = { style: { marginBottom: 0 } } as const;

/**
 * The options as an editable table (Form.List "options"): a labour or hardware line with its cost and price. A
 * blank price means the option is recorded only and never charged (document 2 §5), and the row says so.
 * Errors such as "options.2.name" land on their cell.
 */
export function WorkItemOptionsTable() {
  const { t } = useTranslation('work-items');
  const form = Form.useFormInstance();
  const cellLabel = (field: string, index: number) => t('option.cellLabel', { field, row: index + 1 });

  return (
    <Form.List name="options">
      {(fields, { add, remove }) => {
        const columns: TableColumnType<Row>[] = [
          { key: 'index', title: '#', width: 40, render: (_, __, index) => index + 1 },
          {
            key: 'type',
            title: t('option.type'),
            width: 120,
            render: (_, row, index) => (
              <Form.Item name={[row.name, 'type']} {...cell}>
                <Select
                  aria-label={cellLabel(t('option.type'), index)}
                  options={workItemOptionTypes.map((type) => ({ value: type, label: t(`optionType.${type}`) }))}
                />
              </Form.Item>
            ),
          },
          {
            key: 'name',
            title: t('option.name'),
            render: (_, row, index) => (
              <Form.Item name={[row.name, 'name']} {...cell}>
                <Input maxLength={100} style={{ minWidth: 120 }} aria-label={cellLabel(t('option.name'), index)} />
              </Form.Item>
            ),
          },
          {
            key: 'costAmount',
            title: t('option.costAmount'),
            width: 100,
            render: (_, row, index) => (
              <Form.Item name={[row.name, 'costAmount']} {...cell}>
                <InputNumber
                  min={0}
                  step={0.5}
                  precision={2}
                  style={{ width: '100%' }}
                  aria-label={cellLabel(t('option.costAmount'), index)}
                />
              </Form.Item>
            ),
          },
          {
            key: 'price',
            title: (
              <Tooltip title={t('option.priceHint')}>
                <span>
                  {t('option.price')} <QuestionCircleOutlined />
                </span>
              </Tooltip>
            ),
            width: 120,
            render: (_, row, index) => (
              <Flex vertical gap={2}>
                <Form.Item name={[row.name, 'price']} {...cell}>
                  <InputNumber
                    min={0}
                    step={0.5}
                    precision={2}
                    placeholder={t('option.notCharged')}
                    style={{ width: '100%' }}
                    aria-label={cellLabel(t('option.price'), index)}
                  />
                </Form.Item>
                <Form.Item noStyle dependencies={[['options', row.name, 'price']]}>
                  {() => {
                    const price = form.getFieldValue(['options', row.name, 'price']);
                    return price === null || price === undefined ? (
                      <Tag color="default" style={{ width: 'fit-content' }}>
                        {t('option.notCharged')}
                      </Tag>
                    ) : null;
                  }}
                </Form.Item>
              </Flex>
            ),
          },
          {
            key: 'description',
            title: t('option.description'),
            render: (_, row, index) => (
              <Form.Item name={[row.name, 'description']} {...cell}>
                <Input
                  maxLength={500}
                  style={{ minWidth: 120 }}
                  aria-label={cellLabel(t('option.description'), index)}
                />
              </Form.Item>
            ),
          },
          {
            key: 'sku',
            title: (
              <Tooltip title={t('option.skuHint')}>
                <span>
                  {t('option.sku')} <QuestionCircleOutlined />
                </span>
              </Tooltip>
            ),
            width: 130,
            render: (_, row, index) => (
              <Form.Item noStyle dependencies={[['options', row.name, 'type']]}>
                {() => (
                  <Form.Item name={[row.name, 'sku']} {...cell}>
                    <Input
                      maxLength={64}
                      placeholder={
                        form.getFieldValue(['options', row.name, 'type']) === 'hardware'
                          ? t('option.skuPlaceholder')
                          : undefined
                      }
                      aria-label={cellLabel(t('option.sku'), index)}
                    />
                  </Form.Item>
                )}
              </Form.Item>
            ),
          },
          {
            key: 'image',
            title: t('option.image'),
            width: 110,
            render: (_, row, index) => (
              <Form.Item name={[row.name, 'image']} {...cell}>
                <ImageChoiceField
                  compact
                  storedUrl={(form.getFieldValue(['options', row.name]) as OptionRow | undefined)?.imageUrl}
                  label={t('option.imageOf', { row: index + 1 })}
                />
              </Form.Item>
            ),
          },
          {
            key: 'remove',
            width: 52,
            render: (_, row, index) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('option.remove', { row: index + 1 })}
                onClick={() => remove(row.name)}
              />
            ),
          },
        ];
        return (
          <Flex vertical gap={8}>
            <Table<Row>
              rowKey="key"
              size="small"
              columns={columns}
              dataSource={fields.map((f) => ({ key: f.key, name: f.name }))}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('option.none')} /> }}
              data-testid="work-item-options"
            />
            {fields.length < WORK_ITEM_OPTIONS_MAX ? (
              <Flex gap={8} wrap>
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(emptyOption('labour'))}>
                  {t('option.addLabour')}
                </Button>
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(emptyOption('hardware'))}>
                  {t('option.addHardware')}
                </Button>
              </Flex>
            ) : (
              <Tag>{t('option.limit', { count: WORK_ITEM_OPTIONS_MAX })}</Tag>
            )}
          </Flex>
        );
      }}
    </Form.List>
  );
}
