import { assetLifeCycleStates } from '@fleetdesk/contracts';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PartnerSelect } from '../../sites/components/site-options.tsx';
import { useCategoryOptions } from '../api.ts';

/** Asset categories as a searchable select (the scope of a checklist, the list's filter). */
export function CategorySelect(props: React.ComponentProps<typeof Select>) {
  const { t } = useTranslation('checklists');
  const categories = useCategoryOptions();
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('placeholder.category')}
      loading={categories.isPending}
      options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      {...props}
    />
  );
}

/** Step 1: partner (fixed once created), name, description, category scope, basic cost and lifecycle. */
export function ChecklistBasicFields({ partnerLocked }: { partnerLocked: boolean }) {
  const { t } = useTranslation('checklists');
  const lifeCycles = useTranslation('assets').t;
  return (
    <Row gutter={24}>
      <Col xs={24} md={12}>
        <Form.Item
          name="partnerId"
          label={t('field.partner')}
          required
          extra={partnerLocked ? undefined : t('field.partnerHint')}
        >
          <PartnerSelect disabled={partnerLocked} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="name" label={t('field.name')} required>
          <Input maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="description" label={t('field.description')}>
          <Input.TextArea maxLength={1000} rows={3} showCount />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="assetCategoryScope"
          label={t('field.assetCategoryScope')}
          required
          extra={t('field.assetCategoryScopeHint')}
        >
          <CategorySelect mode="multiple" allowClear />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item
          name="basicCostAmount"
          label={t('field.basicCostAmount')}
          required
          extra={t('field.basicCostAmountHint')}
        >
          <InputNumber min={0} step={1} precision={2} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item
          name="assetLifeCyclePreferTo"
          label={t('field.assetLifeCyclePreferTo')}
          extra={t('field.assetLifeCyclePreferToHint')}
        >
          <Select
            allowClear
            placeholder={t('placeholder.lifeCycle')}
            options={assetLifeCycleStates.map((state) => ({ value: state, label: lifeCycles(`lifeCycle.${state}`) }))}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
