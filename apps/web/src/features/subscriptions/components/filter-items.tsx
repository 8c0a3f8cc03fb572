import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';

/** A filter of several values (partners, packages, fee types, states) named as its URL key; empty means all. */
export function MultiFilter({
  name,
  label,
  options,
  loading,
  minWidth = 200,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  loading?: boolean;
  minWidth?: number;
}) {
  const { t } = useTranslation('subscriptions');
  return (
    <Form.Item name={name} label={label}>
      <Select
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        showSearch={{ optionFilterProp: 'label' }}
        style={{ minWidth }}
        placeholder={t('filter.any')}
        loading={loading}
        options={options}
      />
    </Form.Item>
  );
}
