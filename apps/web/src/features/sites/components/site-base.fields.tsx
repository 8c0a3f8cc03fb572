import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PartnerSelect, SiteTypeSelect, TaxGroupSelect } from './site-options.tsx';

/** Partner, type, tax group, country and city: step 1 of the batch create, shared by every row. */
export function SiteBaseFields() {
  const { t } = useTranslation('sites');
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="partnerId" label={t('field.partner')} required>
          <PartnerSelect />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="type" label={t('field.type')} required>
          <SiteTypeSelect />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="taxGroupId" label={t('field.taxGroup')}>
          <TaxGroupSelect />
        </Form.Item>
      </Col>
      <Col xs={24} md={4}>
        <Form.Item
          name="country"
          label={t('field.country')}
          tooltip={t('field.countryHint')}
          normalize={(value: string) => value.toUpperCase()}
        >
          <Input maxLength={2} placeholder="IT" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="city" label={t('field.city')} required>
          <Input maxLength={50} />
        </Form.Item>
      </Col>
    </Row>
  );
}
