import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CATEGORY_PROPERTIES_MAX, canBeUnique, PROPERTY_NAME_MAX, type PropertyValueType } from '@fleetdesk/contracts';
import { Button, Empty, Flex, Form, Input, Select, Switch, Table, type TableColumnType, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-page.tsx';
import { emptyProperty } from './category-form.values.ts';
import { updateMethodOptions, valueTypeOptions } from './category-options.ts';

interface Row {
  key: number;
  name: number;
}

/** Cells sit in a table: no label above each, the column title names them. */
const cell = { style: { marginBottom: 0 } } as const;

/**
 * The customised properties as an editable table (Form.List "properties"): add and remove rows, each cell a
 * form field, so an error such as "properties.2.name" from the server lands on its cell. `typesLocked`: the
 * category has assets, so existing properties keep their value type.
 */
export function PropertyTable({ typesLocked = false }: { typesLocked?: boolean }) {
  const { t } = useTranslation('categories');
  const form = Form.useFormInstance();

  return (
    <Form.List name="properties">
      {(fields, { add, remove }) => {
        const columns: TableColumnType<Row>[] = [
          {
            key: 'index',
            title: '#',
            width: 44,
            render: (_, __, index) => index + 1,
          },
          {
            key: 'name',
            title: t('property.name'),
            render: (_, row, index) => (
              <>
                <Form.Item name={[row.name, 'id']} hidden>
                  <Input />
                </Form.Item>
                <FormField name={[row.name, 'name']} {...cell}>
                  <Input
                    maxLength={PROPERTY_NAME_MAX}
                    placeholder={t('placeholder.propertyName')}
                    aria-label={t('property.cellLabel', { field: t('property.name'), row: index + 1 })}
                  />
                </FormField>
              </>
            ),
          },
          {
            key: 'valueType',
            title: t('property.valueType'),
            width: 180,
            render: (_, row, index) => {
              const locked = typesLocked && Boolean(form.getFieldValue(['properties', row.name, 'id']));
              const select = (
                <FormField name={[row.name, 'valueType']} {...cell}>
                  <Select
                    options={valueTypeOptions(t)}
                    disabled={locked}
                    aria-label={t('property.cellLabel', { field: t('property.valueType'), row: index + 1 })}
                    onChange={(value: PropertyValueType) => {
                      if (!canBeUnique(value)) form.setFieldValue(['properties', row.name, 'isUnique'], false);
                    }}
                  />
                </FormField>
              );
              return locked ? <Tooltip title={t('property.typeLocked')}>{select}</Tooltip> : select;
            },
          },
          {
            key: 'updateMethod',
            title: t('property.updateMethod'),
            width: 180,
            render: (_, row, index) => (
              <FormField name={[row.name, 'updateMethod']} {...cell}>
                <Select
                  options={updateMethodOptions(t)}
                  aria-label={t('property.cellLabel', { field: t('property.updateMethod'), row: index + 1 })}
                />
              </FormField>
            ),
          },
          {
            key: 'isUnique',
            title: <Tooltip title={t('property.isUniqueHint')}>{t('property.isUnique')}</Tooltip>,
            width: 100,
            render: (_, row, index) => (
              <Form.Item noStyle dependencies={[['properties', row.name, 'valueType']]}>
                {() => (
                  <FormField name={[row.name, 'isUnique']} valuePropName="checked" {...cell}>
                    <Switch
                      size="small"
                      disabled={!canBeUnique(form.getFieldValue(['properties', row.name, 'valueType']))}
                      aria-label={t('property.cellLabel', { field: t('property.isUnique'), row: index + 1 })}
                    />
                  </FormField>
                )}
              </Form.Item>
            ),
          },
          {
            key: 'remove',
            width: 48,
            render: (_, row, index) => (
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('property.removeRow', { row: index + 1 })}
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
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('property.none')} /> }}
              data-testid="property-table"
            />
            {fields.length < CATEGORY_PROPERTIES_MAX && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(emptyProperty())} block>
                {t('property.add')}
              </Button>
            )}
          </Flex>
        );
      }}
    </Form.List>
  );
}
