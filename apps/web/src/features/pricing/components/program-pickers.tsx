import { Col, Form, Row, Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { FormField } from '../../../shared/ui/form-page.tsx';
import { type PartKind, useCategoryOptions, usePartList } from '../api.ts';

export function PartnerSelect(props: SelectProps) {
  const { t } = useTranslation('pricing');
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

/**
 * Asset categories; `unavailable` ones are shown with the reason and cannot be picked (the partner has this part
 * already, or, for a discount, no original price to lower).
 */
export function CategorySelect({
  unavailable = () => undefined,
  ...props
}: SelectProps & { unavailable?: (categoryId: string) => string | undefined }) {
  const { t } = useTranslation('pricing');
  const categories = useCategoryOptions();
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('placeholder.category')}
      loading={categories.isPending}
      options={(categories.data ?? []).map((c) => {
        const reason = unavailable(c.id);
        return { value: c.id, label: reason ? `${c.name} (${reason})` : c.name, disabled: reason !== undefined };
      })}
      {...props}
    />
  );
}

/** The partner and category filters of the part lists and the discount list. */
export function ProgramFilterItems() {
  const { t } = useTranslation('pricing');
  return (
    <>
      <Form.Item name="partnerId" label={t('field.partner')}>
        <PartnerSelect allowClear placeholder={t('filter.any')} style={{ minWidth: 190 }} />
      </Form.Item>
      <Form.Item name="assetCategoryId" label={t('field.category')}>
        <CategorySelect allowClear placeholder={t('filter.any')} style={{ minWidth: 170 }} />
      </Form.Item>
    </>
  );
}

/**
 * The partner and category of a new part. A partner has one program per category: categories whose part exists
 * already are shown but cannot be picked (the server would answer 409).
 */
export function NewPartKeyFields({ kind }: { kind: PartKind }) {
  const { t } = useTranslation('pricing');
  const form = Form.useFormInstance();
  const partnerId = Form.useWatch('partnerId', form) as string | undefined;
  const existing = usePartList(kind, { partnerId, pageSize: 100 }, { enabled: Boolean(partnerId) });
  const taken = new Set(partnerId ? (existing.data?.data ?? []).map((part) => part.assetCategory.id) : []);
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <FormField name="partnerId" label={t('field.partner')} required>
          <PartnerSelect autoFocus onChange={() => form.setFieldValue('assetCategoryId', undefined)} />
        </FormField>
      </Col>
      <Col xs={24} md={12}>
        <FormField name="assetCategoryId" label={t('field.category')} required>
          <CategorySelect
            unavailable={(id) => (taken.has(id) ? t(`taken.${kind}`) : undefined)}
            disabled={!partnerId}
          />
        </FormField>
      </Col>
    </Row>
  );
}
