import type { ProgramKey, pricingPartInput } from '@fleetdesk/contracts';
import { PRICE_MAX, priceUnits } from '@fleetdesk/contracts';
import { Col, InputNumber, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../../shared/http.ts';
import { FormField } from '../../../shared/ui/form-page.tsx';
import { type PartInput, useSavePart } from '../api.ts';
import { useConfirmDiscountDeletion } from './dependent-discounts.tsx';
import { NoticeTabs } from './notice-tabs.tsx';
import { PaymentPlansField } from './payment-plans.field.tsx';
import {
  asUnitPriceError,
  dependentDiscountsOf,
  isPartnerConfigIncomplete,
  type PricingFormValues,
  pricingBodyOf,
} from './pricing.model.ts';

/** Unit price, price unit, payment plans and the rental fee notice: the fields of new and edit. */
export function PricingFields({ currency }: { currency?: string | undefined }) {
  const { t } = useTranslation('pricing');
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField
            name="unitPrice"
            label={t('field.unitPrice')}
            extra={currency ? t('field.unitPriceHint') : t('field.currencyFromPartner')}
            required
          >
            <InputNumber<number>
              min={0}
              max={PRICE_MAX}
              precision={2}
              step={0.5}
              suffix={currency}
              style={{ width: '100%' }}
            />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="priceUnit" label={t('field.priceUnit')} required>
            <Select options={priceUnits.map((unit) => ({ value: unit, label: t(`priceUnitPer.${unit}`) }))} />
          </FormField>
        </Col>
      </Row>
      <PaymentPlansField />
      <NoticeTabs name="rentalFeeNotice" label={t('field.rentalFeeNotice')} required />
    </>
  );
}

export type PricingRefusal = 'incomplete' | 'creditCard' | null;

/**
 * Sends an original price and handles what the server may refuse: discounts that would be deleted (asked, then
 * sent again confirmed), a partner whose operation setting is not confirmed, a paid price without a required card.
 */
export function usePricingSubmit(action: 'create' | 'replace') {
  const save = useSavePart('pricingPart', action);
  const confirmDeletion = useConfirmDiscountDeletion();
  const [refusal, setRefusal] = useState<PricingRefusal>(null);

  const submit = async (key: ProgramKey, values: z.output<typeof pricingPartInput>) => {
    setRefusal(null);
    const send = (confirmed: boolean) =>
      save.mutateAsync({ key, body: pricingBodyOf(values, confirmed) as PartInput['pricingPart'] });
    try {
      try {
        return await send(false);
      } catch (error) {
        const discounts = dependentDiscountsOf(error);
        if (!discounts) throw error;
        if (!(await confirmDeletion(discounts, 'save'))) throw new Error('Kept the discounts');
        return await send(true);
      }
    } catch (error) {
      if (isPartnerConfigIncomplete(error)) setRefusal('incomplete');
      if (isApiError(error) && error.code === 'CreditCardPolicyRequired') setRefusal('creditCard');
      throw asUnitPriceError(error);
    }
  };
  return { submit, refusal };
}

export type { PricingFormValues };
