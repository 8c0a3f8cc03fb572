import { PRICE_MAX } from '@fleetdesk/contracts';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../shared/ui/form-page.tsx';
import { NoticeTabs } from './notice-tabs.tsx';

/** The deposit amount (in the partner's currency, shown read-only once known) and its optional notice. */
export function DepositFields({ currency }: { currency?: string | undefined }) {
  const { t } = useTranslation('pricing');
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField
            name="amount"
            label={t('field.amount')}
            extra={currency ? t('field.amountHint') : t('field.currencyFromPartner')}
            required
          >
            <InputNumber<number> min={0} max={PRICE_MAX} precision={2} step={5} style={{ width: '100%' }} />
          </FormField>
        </Col>
        {currency && (
          <Col xs={24} md={12}>
            <Form.Item label={t('field.currency')}>
              <Input value={currency} disabled aria-label={t('field.currency')} />
            </Form.Item>
          </Col>
        )}
      </Row>
      <NoticeTabs name="notice" label={t('field.depositNotice')} required={false} />
    </>
  );
}
