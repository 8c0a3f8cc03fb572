import {
  ASSET_LIFE_CYCLE_TRANSITIONS,
  ASSET_NOTE_MAX,
  type Asset,
  type AssetLifeCycleState,
  type AssetPatch,
  assetUsageModes,
} from '@fleetdesk/contracts';
import { Alert, App, Button, Drawer, Flex, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { serverFieldsToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { useSiteOptions, useUpdateAsset } from '../api.ts';
import { fromFormValue, isEditable, PropertyInput, sameValue, toFormValue } from './property-value.tsx';

/** The lifecycle states the contract lets staff move to from here, the current one first. */
export function lifeCycleChoices(asset: Pick<Asset, 'lifeCycleState' | 'category'>): AssetLifeCycleState[] {
  const from = asset.lifeCycleState;
  // Removed is left only once the category is enabled again (the server's rule).
  if (from === 'Removed' && !asset.category.isEnabled) return [from];
  return [from, ...ASSET_LIFE_CYCLE_TRANSITIONS[from]];
}

type FormValues = {
  siteId?: string | null;
  usageMode: string;
  lifeCycleState: string;
  note?: string | null;
  properties?: Record<string, unknown>;
};

/** Edit an asset's site, usage mode, lifecycle, note and the property values staff may set; sends only changes. */
export function AssetEditDrawer({ asset, open, onClose }: { asset: Asset; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('assets');
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateAsset(asset.no, asset.category.id);
  const sites = useSiteOptions();
  const editable = asset.properties.filter((p) => isEditable(p.property, p.value, false));

  const initialValues: FormValues = {
    siteId: asset.site?.id ?? null,
    usageMode: asset.usageMode,
    lifeCycleState: asset.lifeCycleState,
    note: asset.note ?? '',
    properties: Object.fromEntries(editable.map((p) => [p.property.id, toFormValue(p.property.valueType, p.value)])),
  };

  const save = async (values: FormValues) => {
    setProblem(null);
    const patch: AssetPatch = {};
    const siteId = values.siteId ?? null;
    if (siteId !== (asset.site?.id ?? null)) patch.siteId = siteId;
    if (values.usageMode !== asset.usageMode) patch.usageMode = values.usageMode as AssetPatch['usageMode'];
    if (values.lifeCycleState !== asset.lifeCycleState)
      patch.lifeCycleState = values.lifeCycleState as AssetPatch['lifeCycleState'];
    const note = values.note?.trim() ? values.note.trim() : null;
    if (note !== asset.note) patch.note = note;
    const properties: Record<string, unknown> = {};
    for (const p of editable) {
      const next = fromFormValue(p.property.valueType, values.properties?.[p.property.id]);
      if (!sameValue(p.property.valueType, p.value, next)) properties[p.property.id] = next;
    }
    if (Object.keys(properties).length) patch.properties = properties;
    if (Object.keys(patch).length === 0) {
      onClose();
      return;
    }
    try {
      await update.mutateAsync(patch);
      void message.success(t('edit.saved'));
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : null;
      if (fields) form.setFields(serverFieldsToFieldErrors(fields) as never);
      else if (isApiError(error) && error.status < 500) setProblem(error.message);
    }
  };

  return (
    <Drawer
      title={t('edit.title', { no: asset.no })}
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
      footer={
        <Flex gap={8} justify="end">
          <Button onClick={onClose}>{t('action.cancel')}</Button>
          <Button type="primary" loading={update.isPending} onClick={() => form.submit()}>
            {t('action.save')}
          </Button>
        </Flex>
      }
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={save} name="asset-edit">
        <Form.Item name="siteId" label={t('field.site')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={sites.isLoading}
            placeholder={t('placeholder.site')}
            options={(sites.data ?? [])
              .filter((s) => s.partnerId === asset.partner.id)
              .map((s) => ({ value: s.id, label: s.name }))}
          />
        </Form.Item>
        <Form.Item name="usageMode" label={t('field.usageMode')} rules={[{ required: true }]}>
          <Select options={assetUsageModes.map((m) => ({ value: m, label: t(`usageMode.${m}`) }))} />
        </Form.Item>
        <Form.Item name="lifeCycleState" label={t('field.lifeCycleState')} extra={t('edit.lifeCycleHint')}>
          <Select options={lifeCycleChoices(asset).map((s) => ({ value: s, label: t(`lifeCycle.${s}`) }))} />
        </Form.Item>
        <Form.Item name="note" label={t('field.note')}>
          <Input.TextArea rows={3} maxLength={ASSET_NOTE_MAX} showCount />
        </Form.Item>
        {editable.map((p) => (
          <Form.Item
            key={p.property.id}
            name={['properties', p.property.id]}
            label={p.property.name}
            valuePropName={p.property.valueType === 'BOOLEAN' ? 'checked' : 'value'}
            extra={p.property.updateMethod === 'UNMODIFIABLE' ? t('property.unmodifiableHint') : undefined}
          >
            <PropertyInput valueType={p.property.valueType} />
          </Form.Item>
        ))}
      </Form>
    </Drawer>
  );
}
