import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Divider, Flex, Form, Input, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-page.tsx';

/** The fields of contracts' partnerInput: company, address, contact person, attachments. */
export function PartnerFields() {
  const { t } = useTranslation('partners');
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField name="name" label={t('field.name')} required>
            <Input maxLength={100} autoFocus />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="email" label={t('field.email')}>
            <Input type="email" maxLength={254} />
          </FormField>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField name="timezone" label={t('field.timezone')} extra={t('field.timezoneHint')}>
            <TimeZoneSelect />
          </FormField>
        </Col>
      </Row>
      <FormField name="note" label={t('field.note')}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 6 }} />
      </FormField>

      <Divider titlePlacement="start">{t('section.address')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField name={['address', 'line1']} label={t('field.line1')}>
            <Input maxLength={100} />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name={['address', 'line2']} label={t('field.line2')}>
            <Input maxLength={100} />
          </FormField>
        </Col>
        <Col xs={24} md={8}>
          <FormField name={['address', 'city']} label={t('field.city')}>
            <Input maxLength={50} />
          </FormField>
        </Col>
        <Col xs={12} md={4}>
          <FormField name={['address', 'zip']} label={t('field.zip')}>
            <Input maxLength={10} />
          </FormField>
        </Col>
        <Col xs={12} md={6}>
          <FormField name={['address', 'state']} label={t('field.state')}>
            <Input maxLength={50} />
          </FormField>
        </Col>
        <Col xs={24} md={6}>
          <FormField
            name={['address', 'country']}
            label={t('field.country')}
            tooltip={t('field.countryHint')}
            normalize={(value: string) => value.toUpperCase()}
          >
            <Input maxLength={2} placeholder="IT" />
          </FormField>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('section.contactPerson')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <FormField name={['contactPerson', 'name']} label={t('field.contactName')}>
            <Input maxLength={100} />
          </FormField>
        </Col>
        <Col xs={24} md={8}>
          <FormField name={['contactPerson', 'phone']} label={t('field.contactPhone')}>
            <Input type="tel" placeholder="+393331234567" />
          </FormField>
        </Col>
        <Col xs={24} md={8}>
          <FormField name={['contactPerson', 'workEmail']} label={t('field.contactEmail')}>
            <Input type="email" />
          </FormField>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('section.attachments')}</Divider>
      <Form.List name="attachments">
        {(fields, { add, remove }) => (
          <Flex vertical gap={0}>
            {fields.map((field, index) => (
              <Row key={field.key} gutter={8} align="top" wrap={false}>
                <Col flex="2">
                  <FormField name={[field.name, 'name']} label={index === 0 ? t('field.attachmentName') : undefined}>
                    <Input maxLength={200} aria-label={t('field.attachmentName')} />
                  </FormField>
                </Col>
                <Col flex="3">
                  <FormField name={[field.name, 'url']} label={index === 0 ? t('field.attachmentUrl') : undefined}>
                    <Input type="url" placeholder="https://" aria-label={t('field.attachmentUrl')} />
                  </FormField>
                </Col>
                <Col flex="none" style={{ paddingTop: index === 0 ? 30 : 0 }}>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={t('action.removeAttachment')}
                    onClick={() => remove(field.name)}
                  />
                </Col>
              </Row>
            ))}
            {/* contracts: at most 20 attachments */}
            {fields.length < 20 && (
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', url: '' })} block>
                {t('action.addAttachment')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </>
  );
}

/** The IANA zones the browser knows, searchable ("Rome" finds Europe/Rome); the server checks the name again. */
function TimeZoneSelect(props: React.ComponentProps<typeof Select>) {
  const { t } = useTranslation('partners');
  const options = useMemo(() => {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    // Intl leaves UTC out of its list, yet it is the default of every partner.
    return ['UTC', ...zones.filter((z) => z !== 'UTC')].map((zone) => ({ value: zone, label: zone }));
  }, []);
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('placeholder.timezone')}
      options={options}
      {...props}
    />
  );
}
