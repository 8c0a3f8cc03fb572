import { type TaxGroupInput, taxGroupInput, taxSubjects } from '@fleetdesk/contracts';
import { Col, Divider, Form, InputNumber, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField, FormPage } from '../../../shared/ui/form-page.tsx';
import { useCreateTaxGroup } from '../api.ts';
import { TaxGroupFields } from '../components/tax-group-fields.tsx';
import { taxGroupUrls } from '../urls.ts';

/** A new group starts with one rate per subject, in force from creation; later changes are scheduled on edit. */
export default function TaxGroupNewPage() {
  const { t } = useTranslation('tax');
  const navigate = useNavigate();
  const create = useCreateTaxGroup();
  return (
    <FormPage
      schema={taxGroupInput}
      // One row per subject, in order; the user types the rates.
      initialValues={{ rates: taxSubjects.map((subject) => ({ subject })) } as Partial<TaxGroupInput>}
      confirmSubmit={(values) => t('create.confirm', { name: values.name })}
      submitText={t('action.create')}
      onSubmit={(values) => create.mutateAsync(values)}
      onDone={() => navigate(taxGroupUrls.list())}
      onCancel={() => navigate(taxGroupUrls.list())}
    >
      <TaxGroupFields />
      <Divider titlePlacement="start">{t('section.firstRates')}</Divider>
      <Typography.Paragraph type="secondary">{t('create.ratesHint')}</Typography.Paragraph>
      <Row gutter={16}>
        {taxSubjects.map((subject, index) => (
          <Col key={subject} xs={24} md={8}>
            <Form.Item name={['rates', index, 'subject']} hidden />
            <FormField name={['rates', index, 'rate']} label={t(`subject.${subject}`)} required>
              <InputNumber<number> suffix="%" style={{ width: '100%' }} placeholder="22" />
            </FormField>
          </Col>
        ))}
      </Row>
    </FormPage>
  );
}
