import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX } from '@fleetdesk/contracts';
import { Col, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-page.tsx';
import { assetTypeOptions } from './category-options.ts';

/** Step 1 of the new form and the top of the edit form: what the category is. */
export function CategoryBasicFields() {
  const { t } = useTranslation('categories');
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <FormField name="name" label={t('field.name')} required>
          <Input maxLength={CATEGORY_NAME_MAX} placeholder={t('placeholder.name')} />
        </FormField>
      </Col>
      <Col xs={24} md={8}>
        <FormField name="assetType" label={t('field.assetType')} required>
          <Select options={assetTypeOptions(t)} placeholder={t('placeholder.assetType')} />
        </FormField>
      </Col>
      <Col xs={24} md={4}>
        <FormField name="isIot" label={t('field.isIot')} valuePropName="checked" tooltip={t('field.isIotHint')}>
          <Switch />
        </FormField>
      </Col>
      <Col xs={24}>
        <FormField name="detailUrl" label={t('field.detailUrl')} extra={t('field.detailUrlHint')}>
          <Input placeholder="https://" maxLength={2048} />
        </FormField>
      </Col>
      <Col xs={24}>
        <FormField name="description" label={t('field.description')}>
          <Input.TextArea rows={3} maxLength={CATEGORY_DESCRIPTION_MAX} showCount />
        </FormField>
      </Col>
    </Row>
  );
}
