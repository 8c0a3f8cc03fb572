import {
  assetLifeCycleStates,
  assetTurnoverStates,
  assetUsageModes,
  type ResetRule,
  type ResetRuleType,
  resetRuleBuiltInProperties,
  resetRuleInput,
  resetRulePatch,
  resetRuleTypes,
} from '@fleetdesk/contracts';
import { Col, Descriptions, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { FormField, FormPage } from '../../../shared/ui/form-page.tsx';
import { CategorySelect } from '../../checklists/components/checklist-basic.fields.tsx';
import { PartnerSelect } from '../../sites/components/site-options.tsx';
import {
  useCategoryProperties,
  useChecklistOptions,
  useResetRule,
  useSaveResetRule,
  useWorkItemOptions,
} from '../api.ts';
import { builtInValuePrefix } from '../components/rule-description.ts';
import { reminderUrls } from '../urls.ts';

type Values = Record<string, unknown> & { type?: ResetRuleType };

const builtInValues: Record<string, readonly string[]> = {
  lifeCycleState: assetLifeCycleStates,
  turnoverState: assetTurnoverStates,
  usageMode: assetUsageModes,
};

/** The fields a type does not use are cleared: absent on create, null on edit. */
export function resetRuleBody(values: Values, edit: boolean): Values {
  const body: Values = { ...values };
  const unused = [
    ...(values.type === 'checklistRecord' ? [] : ['workItemId', 'checklistId']),
    ...(values.type === 'assetProperty' ? [] : ['property', 'propertyValue']),
    ...(values.remindBeforeReset ? [] : ['remindBefore']),
  ];
  for (const field of ['workItemId', 'checklistId', 'property', 'propertyValue', 'remindBefore', 'detail']) {
    const blank = body[field] === undefined || body[field] === '';
    if (!unused.includes(field) && !blank) continue;
    if (edit) body[field] = null;
    else delete body[field];
  }
  return body;
}

function ruleToValues(rule: ResetRule): Values {
  return {
    name: rule.name,
    detail: rule.detail ?? undefined,
    type: rule.type,
    workItemId: rule.workItem?.id,
    checklistId: rule.checklist?.id,
    property: rule.property ?? undefined,
    propertyValue: rule.propertyValue ?? undefined,
    remindBeforeReset: rule.remindBeforeReset,
    remindBefore: rule.remindBefore ?? undefined,
  };
}

/** /reminder/reset-rule/new and /reminder/reset-rule/:resetRuleId/edit. Partner and category are fixed once set. */
export default function ResetRuleFormPage() {
  const { t } = useTranslation('reminders');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { resetRuleId } = useParams();
  const stored = useResetRule(resetRuleId);
  const save = useSaveResetRule(resetRuleId);
  const edit = Boolean(resetRuleId);
  const saved = useRef(false);
  const initialValues = useMemo(
    () =>
      stored.data
        ? ruleToValues(stored.data)
        : {
            type: 'checklistRecord',
            remindBeforeReset: false,
            partnerId: search.get('partnerId') ?? undefined,
            categoryId: search.get('categoryId') ?? undefined,
          },
    [stored.data, search],
  );
  const title = edit ? t('resetRule.editTitle', { name: stored.data?.name ?? '' }) : t('resetRule.newTitle');

  return (
    <FormPage
      key={stored.data?.updatedAt ?? 'new'}
      title={title}
      documentTitle={title}
      schema={edit ? resetRulePatch : resetRuleInput}
      loading={edit && stored.isPending}
      loadError={stored.error}
      initialValues={initialValues as never}
      submitText={edit ? undefined : t('action.createResetRule')}
      onSubmit={async (values) => {
        await save.mutateAsync(resetRuleBody(values as Values, edit));
        saved.current = true;
      }}
      onDone={() => navigate(reminderUrls.resetRuleList())}
      onCancel={() => navigate(reminderUrls.resetRuleList())}
    >
      <ResetRuleFields stored={stored.data} />
    </FormPage>
  );
}

function ResetRuleFields({ stored }: { stored?: ResetRule }) {
  const { t } = useTranslation('reminders');
  const assets = useTranslation('assets').t;
  const form = Form.useFormInstance();
  const type = Form.useWatch('type', form) as ResetRuleType | undefined;
  const property = Form.useWatch('property', form) as string | undefined;
  const remindBeforeReset = Form.useWatch('remindBeforeReset', form) as boolean | undefined;
  const partnerId = (Form.useWatch('partnerId', form) as string | undefined) ?? stored?.partner.id;
  const categoryId = (Form.useWatch('categoryId', form) as string | undefined) ?? stored?.category.id;
  const [recordBy, setRecordBy] = useState<'workItem' | 'checklist'>(stored?.checklist ? 'checklist' : 'workItem');
  const workItems = useWorkItemOptions(type === 'checklistRecord' ? partnerId : undefined);
  const checklists = useChecklistOptions(type === 'checklistRecord' ? partnerId : undefined, categoryId);
  const properties = useCategoryProperties(type === 'assetProperty' ? categoryId : undefined);
  const custom = (properties.data ?? []).find((p) => p.id === property);
  const builtIn = property ? builtInValues[property] : undefined;

  const clearPicks = () =>
    form.setFieldsValue({ workItemId: undefined, checklistId: undefined, propertyValue: undefined });

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          <FormField name="name" label={t('field.name')} required>
            <Input maxLength={100} autoFocus />
          </FormField>
        </Col>
        {stored ? (
          <Col xs={24}>
            <Descriptions
              size="small"
              column={{ xs: 1, xl: 2 }}
              style={{ marginBottom: 16 }}
              items={[
                { key: 'partner', label: t('field.partner'), children: stored.partner.name },
                { key: 'category', label: t('field.category'), children: stored.category.name },
              ]}
            />
          </Col>
        ) : (
          <>
            <Col xs={24} xl={12}>
              <FormField name="partnerId" label={t('field.partner')} required extra={t('hint.partnerFixed')}>
                <PartnerSelect onChange={clearPicks} />
              </FormField>
            </Col>
            <Col xs={24} xl={12}>
              <FormField name="categoryId" label={t('field.category')} required>
                <CategorySelect onChange={clearPicks} />
              </FormField>
            </Col>
          </>
        )}
      </Row>
      <FormField name="detail" label={t('field.detail')}>
        <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </FormField>
      <FormField name="type" label={t('field.ruleType')} required>
        <Radio.Group
          optionType="button"
          options={resetRuleTypes.map((k) => ({ value: k, label: t(`ruleType.${k}`) }))}
          onChange={clearPicks}
        />
      </FormField>
      {type === 'checklistRecord' && (
        <>
          <Form.Item label={t('field.recordBy')}>
            <Radio.Group
              value={recordBy}
              onChange={(e) => {
                setRecordBy(e.target.value);
                form.setFieldsValue({ workItemId: undefined, checklistId: undefined });
              }}
              options={[
                { value: 'workItem', label: t('recordBy.workItem') },
                { value: 'checklist', label: t('recordBy.checklist') },
              ]}
            />
          </Form.Item>
          {recordBy === 'workItem' ? (
            <FormField name="workItemId" label={t('field.workItem')} required extra={t('hint.workItem')}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                disabled={!partnerId}
                placeholder={partnerId ? undefined : t('placeholder.partnerFirst')}
                loading={workItems.isFetching}
                options={(workItems.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
              />
            </FormField>
          ) : (
            <FormField name="checklistId" label={t('field.checklist')} required extra={t('hint.checklist')}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                disabled={!partnerId}
                placeholder={partnerId ? undefined : t('placeholder.partnerFirst')}
                loading={checklists.isFetching}
                options={(checklists.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </FormField>
          )}
        </>
      )}
      {type === 'assetProperty' && (
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <FormField name="property" label={t('field.property')} required>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                onChange={() => form.setFieldValue('propertyValue', undefined)}
                loading={properties.isFetching}
                options={[
                  {
                    label: t('property.builtIn'),
                    options: resetRuleBuiltInProperties.map((p) => ({ value: p, label: t(`property.${p}`) })),
                  },
                  {
                    label: t('property.custom'),
                    options: (properties.data ?? []).map((p) => ({ value: p.id, label: p.name })),
                  },
                ]}
              />
            </FormField>
          </Col>
          <Col xs={24} xl={12}>
            <FormField name="propertyValue" label={t('field.propertyValue')} required>
              {builtIn ? (
                <Select
                  options={builtIn.map((v) => ({
                    value: v,
                    label: assets(`${builtInValuePrefix[property ?? '']}.${v}`),
                  }))}
                />
              ) : custom?.valueType === 'BOOLEAN' ? (
                <Select
                  options={[
                    { value: 'true', label: t('value.true') },
                    { value: 'false', label: t('value.false') },
                  ]}
                />
              ) : (
                <Input maxLength={200} />
              )}
            </FormField>
          </Col>
        </Row>
      )}
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          <FormField
            name="remindBeforeReset"
            label={t('field.remindBeforeReset')}
            valuePropName="checked"
            extra={t('hint.remindBeforeReset')}
          >
            <Switch />
          </FormField>
        </Col>
        {remindBeforeReset && (
          <Col xs={24} xl={12}>
            <FormField name="remindBefore" label={t('field.remindBefore')} required extra={t('hint.remindBefore')}>
              <InputNumber<number> min={0} style={{ width: '100%' }} />
            </FormField>
          </Col>
        )}
      </Row>
    </>
  );
}
