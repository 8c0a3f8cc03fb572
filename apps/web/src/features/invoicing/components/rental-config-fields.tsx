import { rentalConfigInput } from '@fleetdesk/contracts';
import { Col, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-page.tsx';
import { nextInvoiceNo } from './rental-config.model.ts';

/** Invoice prefixes are capitals: what is typed in lower case is taken in upper case. */
const upperCase = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

/**
 * The invoicing identity, shared by the new and the edit form; each field is checked by the contract, so the
 * messages are the server's. `issued` is how many invoices the identity has numbered (0 for a new one).
 */
export function RentalConfigFields({ issued }: { issued: number }) {
  const { t } = useTranslation('invoicing');
  const prefix = Form.useWatch('invoicePrefix');
  const validPrefix = rentalConfigInput.shape.invoicePrefix.safeParse(prefix);

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <FormField
          name="invoicePrefix"
          label={t('field.invoicePrefix')}
          required
          normalize={upperCase}
          extra={
            <>
              {t('field.invoicePrefixHint')}
              {issued > 0 && <div>{t('field.invoicePrefixIssuedHint', { count: issued })}</div>}
              {validPrefix.success && (
                <div data-testid="next-invoice-no">
                  {t('field.nextInvoiceNo')}{' '}
                  <Typography.Text code>{nextInvoiceNo(validPrefix.data, issued)}</Typography.Text>
                </div>
              )}
            </>
          }
        >
          <Input maxLength={16} placeholder={t('placeholder.invoicePrefix')} autoComplete="off" />
        </FormField>
      </Col>
      <Col xs={24} md={12}>
        <FormField name="sellerName" label={t('field.sellerName')} required extra={t('field.sellerNameHint')}>
          <Input maxLength={200} autoComplete="organization" />
        </FormField>
      </Col>
      <Col xs={24} md={12}>
        <FormField name="vatNumber" label={t('field.vatNumber')} extra={t('field.vatNumberHint')}>
          <Input maxLength={40} placeholder={t('placeholder.vatNumber')} autoComplete="off" />
        </FormField>
      </Col>
      <Col xs={24}>
        <FormField name="invoiceFooter" label={t('field.invoiceFooter')} extra={t('field.invoiceFooterHint')}>
          <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 3, maxRows: 8 }} />
        </FormField>
      </Col>
    </Row>
  );
}
