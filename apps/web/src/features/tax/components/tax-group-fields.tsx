import { Col, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-page.tsx';

/** The descriptive fields of a tax group, shared by the new and the edit form. */
export function TaxGroupFields() {
  const { t } = useTranslation('tax');
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <FormField name="name" label={t('field.name')} tooltip={t('field.nameHint')} required>
            <Input maxLength={100} autoFocus />
          </FormField>
        </Col>
        <Col xs={24} md={10}>
          <FormField name="displayName" label={t('field.displayName')} tooltip={t('field.displayNameHint')} required>
            <Input maxLength={100} />
          </FormField>
        </Col>
        <Col xs={24} md={4}>
          <FormField
            name="country"
            label={t('field.country')}
            tooltip={t('field.countryHint')}
            normalize={(value: string) => value.toUpperCase()}
            required
          >
            <Input maxLength={2} placeholder="IT" />
          </FormField>
        </Col>
      </Row>
      <FormField name="note" label={t('field.note')}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
      </FormField>
    </>
  );
}
