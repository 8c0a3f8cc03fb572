import {
  ASSET_NO_MAX,
  ASSET_NOTE_MAX,
  type AssetProperty,
  assetInput,
  assetUsageModes,
  categoryEndpoints,
} from '@fleetdesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Divider, Form, Input, Row, Select, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { call } from '../../../shared/http.ts';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { FormField, FormPage } from '../../../shared/ui/form-page.tsx';
import { assetKeys, useCategoryProperties, useCategorySummaries, useCreateAsset, useSiteOptions } from '../api.ts';
import { fromFormValue, PropertyInput } from '../components/property-value.tsx';
import { assetUrls } from '../urls.ts';

/** The category is the URL's, not the body's: the form checks it with the rest, then sends it apart. */
const schema = assetInput.extend({
  categoryId: z.string({ message: 'This field is required' }).min(1, { message: 'This field is required' }),
});

/** Properties a person may fill in when creating: AUTOMATIC ones are the system's, images upload afterwards. */
const fillable = (p: AssetProperty) => p.updateMethod !== 'AUTOMATIC' && p.valueType !== 'IMAGE';

/** /asset/new: one asset of an enabled category, for a partner in scope; lands on its detail page. */
export default function AssetNewPage() {
  const { t } = useTranslation('assets');
  const navigate = useNavigate();
  const client = useQueryClient();
  const create = useCreateAsset();
  const created = useRef<string | null>(null);

  return (
    <FormPage
      schema={schema}
      initialValues={{ usageMode: 'customer-rental', properties: {} }}
      submitText={t('action.create')}
      onSubmit={async ({ categoryId, properties, note, ...rest }) => {
        const definitions = await client.fetchQuery({
          queryKey: assetKeys.categoryProperties(categoryId),
          queryFn: () => call(categoryEndpoints.properties, { params: { id: categoryId } }).then((r) => r.data),
        });
        // Values left behind by a previously chosen category are not sent; empty inputs mean "not set".
        const values: Record<string, unknown> = {};
        for (const p of definitions.filter(fillable)) {
          const value = fromFormValue(p.valueType, properties?.[p.id]);
          if (value !== null) values[p.id] = value;
        }
        const asset = await create.mutateAsync({
          categoryId,
          body: { ...rest, note: note?.trim() ? note.trim() : null, properties: values },
        });
        created.current = asset.no;
      }}
      onDone={() => (created.current ? navigate(assetUrls.detail(created.current)) : navigate(-1))}
    >
      <AssetNewFields />
    </FormPage>
  );
}

function AssetNewFields() {
  const { t } = useTranslation('assets');
  const form = Form.useFormInstance();
  const categoryId = Form.useWatch('categoryId', form) as string | undefined;
  const partnerId = Form.useWatch('partnerId', form) as string | undefined;
  const categories = useCategorySummaries();
  const partners = usePartnerOptions();
  const sites = useSiteOptions();
  const properties = useCategoryProperties(categoryId);

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <FormField name="categoryId" label={t('field.category')} required>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={categories.isLoading}
              placeholder={t('placeholder.category')}
              options={(categories.data ?? []).filter((c) => c.isEnabled).map((c) => ({ value: c.id, label: c.name }))}
            />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField
            name="no"
            label={t('field.no')}
            required
            tooltip={t('field.noHint')}
            normalize={(value: string) => value.toUpperCase()}
          >
            <Input maxLength={ASSET_NO_MAX} placeholder="MIE01234" />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="partnerId" label={t('field.partner')} required>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={partners.isLoading}
              placeholder={t('placeholder.partner')}
              options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              onChange={() => form.setFieldValue('siteId', undefined)}
            />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="siteId" label={t('field.site')}>
            <Select
              allowClear
              disabled={!partnerId}
              showSearch={{ optionFilterProp: 'label' }}
              loading={sites.isLoading}
              placeholder={partnerId ? t('placeholder.site') : t('placeholder.partnerFirst')}
              options={(sites.data ?? [])
                .filter((s) => s.partnerId === partnerId)
                .map((s) => ({ value: s.id, label: s.name }))}
            />
          </FormField>
        </Col>
        <Col xs={24} md={12}>
          <FormField name="usageMode" label={t('field.usageMode')} required>
            <Select options={assetUsageModes.map((m) => ({ value: m, label: t(`usageMode.${m}`) }))} />
          </FormField>
        </Col>
        <Col xs={24}>
          <FormField name="note" label={t('field.note')}>
            <Input.TextArea rows={3} maxLength={ASSET_NOTE_MAX} showCount />
          </FormField>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('card.properties')}</Divider>
      {!categoryId ? (
        <Typography.Paragraph type="secondary">{t('create.pickCategory')}</Typography.Paragraph>
      ) : (
        <>
          {(properties.data ?? []).some((p) => p.valueType === 'IMAGE') && (
            <Typography.Paragraph type="secondary">{t('create.imagesLater')}</Typography.Paragraph>
          )}
          {properties.data && properties.data.filter(fillable).length === 0 && (
            <Typography.Paragraph type="secondary">{t('property.none')}</Typography.Paragraph>
          )}
          <Row gutter={16}>
            {(properties.data ?? []).filter(fillable).map((p) => (
              <Col key={p.id} xs={24} md={12}>
                <Form.Item
                  name={['properties', p.id]}
                  label={p.name}
                  valuePropName={p.valueType === 'BOOLEAN' ? 'checked' : 'value'}
                  extra={p.updateMethod === 'UNMODIFIABLE' ? t('property.unmodifiableHint') : undefined}
                >
                  <PropertyInput valueType={p.valueType} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </>
      )}
    </>
  );
}
