import { DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import {
  ASSET_NO_MAX,
  ASSET_QUERY_LIST_MAX,
  ASSET_QUERY_NOTE_MAX,
  type AssetLifeCycleState,
  assetDisplayStatuses,
  assetLifeCycleStates,
  assetUsageModes,
} from '@fleetdesk/contracts';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  type InputNumberProps,
  Row,
  Select,
  Space,
  Tag,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePartnerOptions } from '../../../shared/reference-data.ts';
import { CollapsibleFilters, FilterBarItem, WideOnly } from '../../../shared/ui/collapsible-filters.tsx';
import { activeFilterCount } from '../../../shared/ui/list-card.model.ts';
import { usePhone } from '../../../shared/ui/use-phone.ts';
import { useCategoryProperties, useCategorySummaries, useSiteOptions } from '../api.ts';
import { translateAssetMessage } from './asset-messages.ts';
import {
  type AssetSearchField,
  type AssetSearchFilters,
  assetSearchFilters,
  operatorsFor,
  validateSearch,
} from './asset-search.model.ts';
import { LifeCycleTag } from './life-cycle-tag.tsx';

/** The form holds the URL's filters, except the last-update range, which a range picker edits as dayjs. */
type FormValues = Omit<AssetSearchFilters, 'updatedFrom' | 'updatedTo'> & {
  updatedRange?: [Dayjs | null, Dayjs | null] | null;
};

const toForm = (filters: AssetSearchFilters): FormValues => {
  const { updatedFrom, updatedTo, ...rest } = filters;
  return {
    ...rest,
    updatedRange:
      updatedFrom || updatedTo ? [updatedFrom ? dayjs(updatedFrom) : null, updatedTo ? dayjs(updatedTo) : null] : null,
  };
};

const fromForm = (values: FormValues): AssetSearchFilters => {
  const { updatedRange, ...rest } = values;
  const filters = { ...rest } as Record<string, unknown>;
  // Unset form fields come back undefined; the URL state wants its fallbacks (empty lists).
  for (const [key, codec] of Object.entries(assetSearchFilters)) {
    const value = filters[key];
    if (value === undefined || value === null || value === '') filters[key] = codec.fallback;
    if (typeof value === 'string' && value.trim() === '') filters[key] = codec.fallback;
  }
  filters.life = Array.isArray(values.life) ? values.life : [];
  return {
    ...(filters as Omit<AssetSearchFilters, 'updatedFrom' | 'updatedTo'>),
    updatedFrom: updatedRange?.[0]?.toISOString(),
    updatedTo: updatedRange?.[1]?.toISOString(),
  };
};

/** Fields of the IoT-state block and the extra filters: the panel opens expanded when one of them is set. */
const advancedFields: AssetSearchField[] = [
  'chargeOp',
  'charge',
  'voltOp',
  'volt',
  'hasCharge',
  'invalidCharge',
  'updatedFrom',
  'updatedTo',
  'note',
  'prop',
  'propOp',
  'propValue',
];

export interface AssetSearchPanelProps {
  filters: AssetSearchFilters;
  /** Errors of the filters now in the URL (a hand-edited link) or the server's refusal of them. */
  errors: Partial<Record<AssetSearchField, string>>;
  /** Seconds left before the next search may run (document 2 §5 cooldown); 0 when ready. */
  cooldown: number;
  onSearch: (filters: AssetSearchFilters) => void;
}

/**
 * The search panel of the asset list (document 2 §5 "Asset search"): the filters are checked with the
 * contract's schema before anything is sent, and each message shows on its field.
 */
export function AssetSearchPanel({ filters, errors, cooldown, onSearch }: AssetSearchPanelProps) {
  const { t } = useTranslation('assets');
  const [form] = Form.useForm<FormValues>();
  const [expandedByUser, setExpanded] = useState(() => advancedFields.some((f) => filters[f] !== undefined));
  // On a phone every filter is in the drawer, so there is nothing to fold.
  const phone = usePhone();
  const expanded = expandedByUser || phone;
  const [emptySelection, setEmptySelection] = useState(false);
  const categoryIds = (Form.useWatch('category', form) as string[] | undefined) ?? [];
  const partnerIds = (Form.useWatch('partner', form) as string[] | undefined) ?? [];
  const propertyId = Form.useWatch('prop', form) as string | undefined;
  const categories = useCategorySummaries();
  const partners = usePartnerOptions();
  const sites = useSiteOptions();
  const oneCategory = categoryIds.length === 1 ? categoryIds[0] : undefined;
  const properties = useCategoryProperties(oneCategory);
  const searchable = (properties.data ?? []).filter((p) => p.valueType !== 'IMAGE');
  const property = searchable.find((p) => p.id === propertyId);

  // The form follows the URL's filters (Back, a shared link, a count clicked), but only when they change:
  // other URL changes (a drawer opening) must not wipe what is being typed.
  const filtersKey = JSON.stringify(filters);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toForm(JSON.parse(filtersKey) as AssetSearchFilters));
    setEmptySelection(false);
  }, [form, filtersKey]);

  // Errors of the URL's filters (or the server's) show on the fields they belong to.
  useEffect(() => {
    form.setFields(
      Object.entries(errors).map(([name, message]) => ({
        name: (name === 'updatedFrom' || name === 'updatedTo' ? 'updatedRange' : name) as keyof FormValues,
        errors: [translateAssetMessage(message)],
      })),
    );
  }, [form, errors]);

  const siteOptions = useMemo(
    () =>
      (sites.data ?? [])
        .filter((s) => partnerIds.length === 0 || partnerIds.includes(s.partnerId))
        .map((s) => ({ value: s.id, label: s.name })),
    [sites.data, partnerIds],
  );

  /** Runs the search; false when a filter shows a problem to fix first. */
  const submit = (values: FormValues): boolean => {
    const next = fromForm(values);
    const problems = validateSearch(next, property?.valueType);
    setEmptySelection(next.life.length === 0);
    const names = Object.keys(values).concat('updatedRange') as (keyof FormValues)[];
    form.setFields(names.map((name) => ({ name, errors: [] })));
    if (Object.keys(problems).length > 0) {
      form.setFields(
        Object.entries(problems).map(([name, message]) => ({
          name: (name === 'updatedFrom' || name === 'updatedTo' ? 'updatedRange' : name) as keyof FormValues,
          errors: [translateAssetMessage(message)],
        })),
      );
      return false;
    }
    onSearch(next);
    return true;
  };

  // Reset clears the form and, unless the cooldown holds it back, shows the unfiltered list at once.
  const reset = () => {
    form.resetFields();
    form.setFieldsValue(toForm(readDefaults()));
    setEmptySelection(false);
    if (cooldown === 0) onSearch(readDefaults());
  };

  const upper = (value: string | undefined) => value?.toUpperCase();
  const assetNosSelect = (
    <Select
      mode="tags"
      allowClear
      suffixIcon={null}
      notFoundContent={null}
      tokenSeparators={[',', ' ', ';', '\n', '\t']}
      placeholder="MIE00001, MIE00002"
      aria-label={t('search.assetNos')}
      maxTagCount="responsive"
      style={{ width: '100%' }}
    />
  );
  const yesNo = [
    { value: 'true', label: t('yes') },
    { value: 'false', label: t('no') },
  ];
  const comparison = [
    { value: 'gte', label: t('search.op.gte') },
    { value: 'lt', label: t('search.op.lt') },
  ];

  return (
    <CollapsibleFilters
      title={t('search.title')}
      activeCount={activeFilterCount(filters, readDefaults())}
      onApply={() => submit(form.getFieldsValue(true) as FormValues)}
      onReset={reset}
      applyDisabled={cooldown > 0}
      applyLabel={t('search.submit')}
      resetLabel={t('search.reset')}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        onValuesChange={(changed: Partial<FormValues>) => {
          // A property belongs to one category: another choice drops the condition.
          if ('category' in changed) form.setFieldsValue({ prop: undefined, propOp: undefined, propValue: undefined });
          if ('prop' in changed) form.setFieldsValue({ propOp: undefined, propValue: undefined });
        }}
        aria-label={t('search.title')}
      >
        {emptySelection && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={translateAssetMessage('Cannot query without any selection')}
          />
        )}
        <Row gutter={16}>
          <FilterBarItem
            bar={
              <Form.Item name="no" noStyle normalize={normalizeNos}>
                {assetNosSelect}
              </Form.Item>
            }
          >
            <Col xs={24} sm={12} xl={6}>
              <Form.Item
                name="no"
                label={t('search.assetNos')}
                tooltip={t('search.assetNosHint', { max: ASSET_QUERY_LIST_MAX })}
                normalize={normalizeNos}
              >
                {assetNosSelect}
              </Form.Item>
            </Col>
          </FilterBarItem>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item label={t('search.serialRange')} tooltip={t('search.serialHint')} style={{ marginBottom: 0 }}>
              <Space.Compact block>
                <Form.Item name="noFrom" normalize={upper} style={{ flex: 1 }}>
                  <Input
                    allowClear
                    maxLength={ASSET_NO_MAX}
                    placeholder={t('search.from')}
                    aria-label={t('search.serialFrom')}
                  />
                </Form.Item>
                <Form.Item name="noTo" normalize={upper} style={{ flex: 1 }}>
                  <Input
                    allowClear
                    maxLength={ASSET_NO_MAX}
                    placeholder={t('search.to')}
                    aria-label={t('search.serialTo')}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item name="category" label={t('field.category')}>
              <Select
                mode="multiple"
                allowClear
                maxTagCount="responsive"
                showSearch={{ optionFilterProp: 'label' }}
                loading={categories.isLoading}
                placeholder={t('search.all', { context: 'category' })}
                options={(categories.data ?? []).map((c) => ({
                  value: c.id,
                  label: c.isEnabled ? c.name : `${c.name} (${t('category.disabled')})`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item name="partner" label={t('field.partner')}>
              <Select
                mode="multiple"
                allowClear
                maxTagCount="responsive"
                showSearch={{ optionFilterProp: 'label' }}
                loading={partners.isLoading}
                placeholder={t('search.all')}
                options={(partners.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item name="site" label={t('field.site')}>
              <Select
                mode="multiple"
                allowClear
                maxTagCount="responsive"
                showSearch={{ optionFilterProp: 'label' }}
                loading={sites.isLoading}
                placeholder={t('search.all', { context: 'site' })}
                options={siteOptions}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item name="life" label={t('field.lifeCycleState')} required>
              <Select
                mode="multiple"
                allowClear
                maxTagCount="responsive"
                options={assetLifeCycleStates.map((s) => ({ value: s, label: t(`lifeCycle.${s}`) }))}
                tagRender={({ value, label, closable, onClose }) =>
                  (assetLifeCycleStates as readonly string[]).includes(String(value)) ? (
                    <span style={{ marginInlineEnd: 4 }}>
                      <LifeCycleTag state={value as AssetLifeCycleState} closable={closable} onClose={onClose} />
                    </span>
                  ) : (
                    // The "+ 3 …" summary of the tags that do not fit.
                    <Tag style={{ marginInlineEnd: 4 }}>{label}</Tag>
                  )
                }
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item name="status" label={t('field.displayStatus')}>
              <Select
                mode="multiple"
                allowClear
                maxTagCount="responsive"
                placeholder={t('search.all')}
                options={assetDisplayStatuses.map((s) => ({ value: s, label: t(`displayStatus.${s}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item name="usage" label={t('field.usageMode')}>
              <Select
                mode="multiple"
                allowClear
                maxTagCount="responsive"
                placeholder={t('search.all', { context: 'usage' })}
                options={assetUsageModes.map((m) => ({ value: m, label: t(`usageMode.${m}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item name="iot" label={t('search.hasIot')}>
              <Select allowClear placeholder={t('search.any')} options={yesNo} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} xl={6}>
            <Form.Item name="online" label={t('search.online')}>
              <Select
                allowClear
                placeholder={t('search.any')}
                options={[
                  { value: 'true', label: t('search.onlineYes') },
                  { value: 'false', label: t('search.onlineNo') },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
        {expanded && (
          <Row gutter={16}>
            <Col xs={24} sm={12} xl={6}>
              <ComparisonField
                label={t('search.charge')}
                opName="chargeOp"
                opLabel={t('search.chargeOp')}
                valueName="charge"
                input={{ min: 0, max: 100, suffix: '%' }}
                operatorPlaceholder={t('search.operator')}
                options={comparison}
              />
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <ComparisonField
                label={t('search.voltage')}
                opName="voltOp"
                opLabel={t('search.voltOp')}
                valueName="volt"
                input={{ min: 0, step: 0.1, suffix: 'V' }}
                operatorPlaceholder={t('search.operator')}
                options={comparison}
              />
            </Col>
            <Col xs={12} sm={6} xl={3}>
              <Form.Item name="hasCharge" label={t('search.hasCharge')}>
                <Select allowClear placeholder={t('search.any')} options={yesNo} />
              </Form.Item>
            </Col>
            <Col xs={12} sm={6} xl={3}>
              <Form.Item name="invalidCharge" label={t('search.invalidCharge')}>
                <Select allowClear placeholder={t('search.any')} options={yesNo} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item name="updatedRange" label={t('search.lastUpdate')}>
                <DatePicker.RangePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  allowEmpty={[true, true]}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Form.Item name="note" label={t('search.noteContains')}>
                <Input allowClear maxLength={ASSET_QUERY_NOTE_MAX} />
              </Form.Item>
            </Col>
            <Col xs={24} xl={12}>
              <Form.Item label={t('search.property')} tooltip={t('search.propertyHint')} style={{ marginBottom: 0 }}>
                <Space.Compact block>
                  <Form.Item name="prop" style={{ width: '40%' }}>
                    <Select
                      allowClear
                      disabled={!oneCategory}
                      loading={properties.isLoading}
                      placeholder={oneCategory ? t('search.pickProperty') : t('search.oneCategoryFirst')}
                      aria-label={t('search.property')}
                      options={searchable.map((p) => ({ value: p.id, label: p.name }))}
                    />
                  </Form.Item>
                  <Form.Item name="propOp" style={{ width: '25%' }}>
                    <Select
                      allowClear
                      disabled={!property}
                      placeholder={t('search.operator')}
                      aria-label={t('search.propertyOp')}
                      options={operatorsFor(property?.valueType).map((op) => ({
                        value: op,
                        label: t(`search.op.${op}`),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item name="propValue" style={{ width: '35%' }}>
                    <PropertyValueInput valueType={property?.valueType} disabled={!property} />
                  </Form.Item>
                </Space.Compact>
              </Form.Item>
            </Col>
          </Row>
        )}
        <WideOnly>
          <Flex gap={8} justify="flex-end" wrap>
            <Button
              type="link"
              onClick={() => setExpanded(!expanded)}
              icon={expanded ? <UpOutlined /> : <DownOutlined />}
            >
              {expanded ? t('search.fewer') : t('search.more')}
            </Button>
            <Button onClick={reset}>{t('search.reset')}</Button>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} disabled={cooldown > 0}>
              {cooldown > 0 ? t('search.wait', { seconds: cooldown }) : t('search.submit')}
            </Button>
          </Flex>
        </WideOnly>
      </Form>
    </CollapsibleFilters>
  );
}

/** Typed or pasted numbers are capitalised, as asset numbers are stored. */
const normalizeNos = (values: string[]) => values.map((v) => v.trim().toUpperCase()).filter(Boolean);

/** The filters a fresh list opens with. */
function readDefaults(): AssetSearchFilters {
  const defaults: Record<string, unknown> = {};
  for (const [key, codec] of Object.entries(assetSearchFilters)) defaults[key] = codec.fallback;
  return defaults as AssetSearchFilters;
}

/** The value of a property condition, as text in the URL; dates are picked, booleans chosen. */
function PropertyValueInput({
  valueType,
  disabled,
  value,
  onChange,
  ...rest
}: {
  valueType: string | undefined;
  disabled: boolean;
  value?: string;
  onChange?: (value: string | undefined) => void;
}) {
  const { t } = useTranslation('assets');
  const label = t('search.propertyValue');
  if (valueType === 'BOOLEAN')
    return (
      <Select
        {...rest}
        allowClear
        aria-label={label}
        value={value}
        onChange={onChange}
        options={[
          { value: 'true', label: t('yes') },
          { value: 'false', label: t('no') },
        ]}
      />
    );
  if (valueType === 'DATE' || valueType === 'DATE_TIME')
    return (
      <DatePicker
        {...rest}
        aria-label={label}
        showTime={valueType === 'DATE_TIME'}
        style={{ width: '100%' }}
        value={value ? dayjs(value) : null}
        onChange={(d) => onChange?.(d ? (valueType === 'DATE' ? d.format('YYYY-MM-DD') : d.toISOString()) : undefined)}
      />
    );
  return (
    <Input
      {...rest}
      allowClear
      disabled={disabled}
      aria-label={label}
      inputMode={valueType === 'INTEGER' || valueType === 'NUMBER' ? 'decimal' : undefined}
      value={value}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}

/** An operator and a number side by side under one label (charge %, battery volts). */
function ComparisonField(props: {
  label: string;
  opName: string;
  opLabel: string;
  valueName: string;
  input: InputNumberProps<number>;
  operatorPlaceholder: string;
  options: { value: string; label: string }[];
}) {
  return (
    <Form.Item label={props.label} style={{ marginBottom: 0 }}>
      <Space.Compact block>
        <Form.Item name={props.opName} style={{ width: '45%' }}>
          <Select
            allowClear
            placeholder={props.operatorPlaceholder}
            options={props.options}
            aria-label={props.opLabel}
          />
        </Form.Item>
        <Form.Item name={props.valueName} style={{ width: '55%' }}>
          <InputNumber {...props.input} style={{ width: '100%' }} aria-label={props.label} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
