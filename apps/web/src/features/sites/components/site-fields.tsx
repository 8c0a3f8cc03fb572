import { Col, Divider, Input, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-page.tsx';
import { SiteMapField } from './site-map.tsx';
import { PartnerSelect, SiteTypeSelect, TaxGroupSelect } from './site-options.tsx';

/** The fields of contracts' siteInput for the single-site form. */
export function SiteFields() {
  const { t } = useTranslation('sites');
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField name="name" label={t('field.name')} required>
            <Input maxLength={50} />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="partnerId" label={t('field.partner')} required>
            <PartnerSelect />
          </FormField>
        </Col>
        <Col xs={24} md={8}>
          <FormField name="type" label={t('field.type')} required>
            <SiteTypeSelect />
          </FormField>
        </Col>
        <Col xs={24} md={10}>
          <FormField name="taxGroupId" label={t('field.taxGroup')}>
            <TaxGroupSelect />
          </FormField>
        </Col>
        <Col xs={24} md={6}>
          <FormField name="isArchived" label={t('field.isArchived')} valuePropName="checked">
            <Switch />
          </FormField>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('section.location')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField name="address" label={t('field.address')}>
            <Input maxLength={100} />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="region" label={t('field.region')}>
            <Input maxLength={50} />
          </FormField>
        </Col>
        <Col xs={24} md={10}>
          <FormField name="city" label={t('field.city')} required>
            <Input maxLength={50} />
          </FormField>
        </Col>
        <Col xs={12} md={7}>
          <FormField name="zip" label={t('field.zip')}>
            <Input maxLength={10} />
          </FormField>
        </Col>
        <Col xs={12} md={7}>
          <FormField
            name="country"
            label={t('field.country')}
            tooltip={t('field.countryHint')}
            normalize={(value: string) => value.toUpperCase()}
          >
            <Input maxLength={2} placeholder="IT" />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="coordinates" label={t('field.coordinates')} tooltip={t('field.coordinatesHint')}>
            <Input placeholder="45.4642, 9.19" />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="fenceRadius" label={t('field.fenceRadius')} tooltip={t('field.fenceRadiusHint')}>
            <InputNumber min={1} max={100000} precision={0} style={{ width: '100%' }} suffix="m" />
          </FormField>
        </Col>
      </Row>
      <SiteMapField />

      <Divider titlePlacement="start">{t('section.contact')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField name="phone" label={t('field.phone')}>
            <Input type="tel" placeholder="+390212345678" />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="website" label={t('field.website')}>
            <Input type="url" placeholder="https://" maxLength={100} />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="appointmentUrl" label={t('field.appointmentUrl')}>
            <Input type="url" placeholder="https://" />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="openingHoursNote" label={t('field.openingHoursNote')}>
            <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 1, maxRows: 4 }} />
          </FormField>
        </Col>
      </Row>
      <FormField name="note" label={t('field.note')}>
        <Input.TextArea maxLength={150} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </FormField>
    </>
  );
}
