import {
  type PaymentMethodType,
  type PaymentMode,
  paymentMethodTypes,
  paymentReadPermission,
  paymentSetupPermission,
  satisfies,
} from '@fleetdesk/contracts';
import { Select, type SelectProps, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissionSet } from '../../../shared/permissions.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';

/** The types whose read (or setup) permission the signed-in user holds. */
export function usePaymentTypes(action: 'read' | 'setup'): PaymentMethodType[] {
  const held = usePermissionSet();
  return useMemo(() => {
    const permissionOf = action === 'read' ? paymentReadPermission : paymentSetupPermission;
    return paymentMethodTypes.filter((type) => held.size > 0 && satisfies(held, [[permissionOf(type)]]));
  }, [held, action]);
}

export function PartnerSelect(props: SelectProps) {
  const { t } = useTranslation('payment-methods');
  const partners = usePartnerOptions();
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('placeholder.partner')}
      loading={partners.isPending}
      options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      {...props}
    />
  );
}

/** Types to choose from; `taken` ones (the partner has them already) are shown but cannot be picked. */
export function PaymentTypeSelect({
  types,
  taken = [],
  ...props
}: SelectProps & { types: readonly PaymentMethodType[]; taken?: readonly string[] }) {
  const { t } = useTranslation('payment-methods');
  return (
    <Select
      placeholder={t('placeholder.type')}
      options={types.map((type) => ({
        value: type,
        label: taken.includes(type) ? `${t(`type.${type}`)} (${t('type.taken')})` : t(`type.${type}`),
        disabled: taken.includes(type),
      }))}
      {...props}
    />
  );
}

/** Test keys in orange, so a partner still on test keys stands out in the list. */
export function ModeTag({ mode }: { mode: PaymentMode | null }) {
  const { t } = useTranslation('payment-methods');
  if (mode === null) return null;
  return <Tag color={mode === 'live' ? 'green' : 'orange'}>{t(`mode.${mode}`)}</Tag>;
}
