import { type CustomerFieldMode, customerInfoEndpoints, marketingReportedSources } from '@fleetdesk/contracts';
import { Col, Collapse, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { useCustomerInfoSetting } from '../../customization/api.ts';

type ProfileField =
  | 'email'
  | 'whatsApp'
  | 'contactAddress'
  | 'overnightAddress'
  | 'marketingReportedSource'
  | 'isMarketingConsented'
  | 'note';

/**
 * The account's customer-information-collection modes, when this user may read them. The server enforces them
 * either way; the form only uses them to leave out disabled fields and to mark required ones.
 */
export function useProfileModes(): (field: ProfileField) => CustomerFieldMode {
  const allowed = useCan(requirementOf(customerInfoEndpoints.get));
  const setting = useCustomerInfoSetting(allowed);
  return (field) => (setting.data?.profile[field] as CustomerFieldMode | undefined) ?? 'optional';
}

function AddressFields({ name }: { name: 'contactAddress' | 'overnightAddress' }) {
  const { t } = useTranslation('customers');
  const part = (key: string, span: number, max: number) => (
    <Col xs={24} sm={span}>
      <Form.Item name={[name, key]} label={t(`address.${key}`)}>
        <Input maxLength={max} />
      </Form.Item>
    </Col>
  );
  return (
    <Row gutter={12}>
      {part('line1', 24, 100)}
      {part('line2', 24, 100)}
      {part('city', 12, 50)}
      {part('zip', 12, 10)}
      {part('region', 12, 50)}
      {part('country', 12, 50)}
    </Row>
  );
}

/**
 * The profile inputs shared by the create drawer and the edit drawer; names follow the API's field paths.
 * `sharedReadOnly` shows the shared account's fields (phone, name, e-mail) without letting them change.
 */
export function CustomerProfileFields({ sharedReadOnly = false }: { sharedReadOnly?: boolean }) {
  const { t } = useTranslation('customers');
  const modeOf = useProfileModes();
  const shown = (field: ProfileField) => modeOf(field) !== 'disabled';
  const required = (field: ProfileField) => modeOf(field) === 'required';
  const addresses = (['contactAddress', 'overnightAddress'] as const).filter(shown);

  return (
    <>
      <Form.Item name="phoneNo" label={t('field.phoneNo')} extra={t('field.phoneNoHint')} required>
        <Input placeholder="+393331234567" maxLength={16} autoComplete="off" readOnly={sharedReadOnly} />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name={['name', 'first']} label={t('field.firstName')} required>
            <Input maxLength={50} autoComplete="off" readOnly={sharedReadOnly} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name={['name', 'last']} label={t('field.lastName')} required>
            <Input maxLength={50} autoComplete="off" readOnly={sharedReadOnly} />
          </Form.Item>
        </Col>
      </Row>
      {shown('email') && (
        <Form.Item name="email" label={t('field.email')} required={required('email')}>
          <Input type="email" maxLength={254} autoComplete="off" readOnly={sharedReadOnly} />
        </Form.Item>
      )}
      {shown('whatsApp') && (
        <Form.Item
          name="whatsApp"
          label={t('field.whatsApp')}
          extra={t('field.phoneNoHint')}
          required={required('whatsApp')}
        >
          <Input maxLength={16} autoComplete="off" />
        </Form.Item>
      )}
      {addresses.length > 0 && (
        <Collapse
          size="small"
          style={{ marginBottom: 24 }}
          items={addresses.map((name) => ({
            key: name,
            label: `${t(`field.${name}`)}${required(name) ? ' *' : ''}`,
            // Kept mounted so the form holds (and submits) the address while its panel is closed.
            forceRender: true,
            children: <AddressFields name={name} />,
          }))}
        />
      )}
      {shown('marketingReportedSource') && (
        <Form.Item
          name="marketingReportedSource"
          label={t('field.marketingReportedSource')}
          required={required('marketingReportedSource')}
        >
          <Select
            allowClear
            placeholder={t('field.notGiven')}
            options={marketingReportedSources.map((source) => ({ value: source, label: t(`source.${source}`) }))}
          />
        </Form.Item>
      )}
      {shown('isMarketingConsented') && (
        <Form.Item
          name="isMarketingConsented"
          label={t('field.isMarketingConsented')}
          required={required('isMarketingConsented')}
        >
          <Select
            allowClear
            placeholder={t('field.notGiven')}
            options={[
              { value: true, label: t('consent.yes') },
              { value: false, label: t('consent.no') },
            ]}
          />
        </Form.Item>
      )}
      {shown('note') && (
        <Form.Item name="note" label={t('field.note')} required={required('note')}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      )}
    </>
  );
}
