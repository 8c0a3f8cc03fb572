import { type Timer, type TimerKind, timerInput, timerKinds, timerPatch, timeUnits } from '@fleetdesk/contracts';
import { Col, Descriptions, Form, Input, InputNumber, Row, Segmented, Select, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { FormField, FormPage } from '../../../shared/ui/form-page.tsx';
import { CategorySelect } from '../../checklists/components/checklist-basic.fields.tsx';
import { PartnerSelect } from '../../sites/components/site-options.tsx';
import { useResetRuleOptions, useSaveTimer, useTimer } from '../api.ts';
import { CronHint } from '../components/cron-hint.tsx';
import { reminderUrls } from '../urls.ts';

type Values = Record<string, unknown> & { kind?: TimerKind };

/** What each kind counts with: the other timing fields are cleared (absent on create, null on edit). */
const timingFieldsOf: Record<TimerKind, string[]> = {
  time: ['timingUnit', 'timingQuantity'],
  distance: ['timingQuantity'],
  rideTime: ['timingQuantity'],
  schedule: ['cron'],
};

export function timerBody(values: Values, edit: boolean): Values {
  const kind = values.kind;
  if (!kind) return values;
  const body: Values = { ...values };
  for (const field of ['timingUnit', 'timingQuantity', 'cron']) {
    if (timingFieldsOf[kind].includes(field)) continue;
    if (edit) body[field] = null;
    else delete body[field];
  }
  return body;
}

function timerToValues(timer: Timer): Values {
  return {
    name: timer.name,
    kind: timer.kind,
    timingUnit: timer.timingUnit ?? undefined,
    timingQuantity: timer.timingQuantity ?? undefined,
    cron: timer.cron ?? undefined,
    resetRuleIds: timer.resetRules.map((r) => r.id),
  };
}

/** /reminder/timer/new and /reminder/timer/:timerId/edit. Partner and category are fixed once the timer exists. */
export default function TimerFormPage() {
  const { t } = useTranslation('reminders');
  const navigate = useNavigate();
  const { timerId } = useParams();
  const stored = useTimer(timerId);
  const save = useSaveTimer(timerId);
  const edit = Boolean(timerId);
  const savedId = useRef<string | undefined>(undefined);
  const initialValues = useMemo(
    () => (stored.data ? timerToValues(stored.data) : { kind: 'time', timingUnit: 'months' }),
    [stored.data],
  );
  const title = edit ? t('timer.editTitle', { name: stored.data?.name ?? '' }) : t('timer.newTitle');

  return (
    <FormPage
      key={stored.data?.updatedAt ?? 'new'}
      title={title}
      documentTitle={title}
      schema={edit ? timerPatch : timerInput}
      loading={edit && stored.isPending}
      loadError={stored.error}
      initialValues={initialValues as never}
      submitText={edit ? undefined : t('action.createTimer')}
      onSubmit={async (values) => {
        savedId.current = (await save.mutateAsync(timerBody(values as Values, edit))).id;
      }}
      onDone={() => navigate(savedId.current ? reminderUrls.timerDetail(savedId.current) : reminderUrls.timerList())}
      onCancel={() => navigate(timerId ? reminderUrls.timerDetail(timerId) : reminderUrls.timerList())}
    >
      <TimerFields stored={stored.data} />
    </FormPage>
  );
}

function TimerFields({ stored }: { stored?: Timer }) {
  const { t } = useTranslation('reminders');
  const form = Form.useFormInstance();
  const kind = Form.useWatch('kind', form) as TimerKind | undefined;
  const cron = Form.useWatch('cron', form) as string | undefined;
  const partnerId = (Form.useWatch('partnerId', form) as string | undefined) ?? stored?.partner.id;
  const categoryId = (Form.useWatch('categoryId', form) as string | undefined) ?? stored?.category.id;
  const rules = useResetRuleOptions(partnerId, categoryId);

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
                <PartnerSelect onChange={() => form.setFieldValue('resetRuleIds', [])} />
              </FormField>
            </Col>
            <Col xs={24} xl={12}>
              <FormField name="categoryId" label={t('field.category')} required>
                <CategorySelect onChange={() => form.setFieldValue('resetRuleIds', [])} />
              </FormField>
            </Col>
          </>
        )}
      </Row>
      <FormField name="kind" label={t('field.kind')} required>
        <Segmented
          block
          style={{ maxWidth: 560 }}
          options={timerKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
        />
      </FormField>
      {kind === 'time' && (
        <Row gutter={16}>
          <Col xs={12} xl={6}>
            <FormField name="timingQuantity" label={t('field.every')} required>
              <InputNumber<number> min={1} precision={0} style={{ width: '100%' }} />
            </FormField>
          </Col>
          <Col xs={12} xl={6}>
            <FormField name="timingUnit" label={t('field.timingUnit')} required>
              <Select options={timeUnits.map((u) => ({ value: u, label: t(`unit.${u}`) }))} />
            </FormField>
          </Col>
        </Row>
      )}
      {(kind === 'distance' || kind === 'rideTime') && (
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            <FormField
              name="timingQuantity"
              label={t('field.every')}
              required
              extra={t(kind === 'distance' ? 'hint.distance' : 'hint.rideTime')}
            >
              <InputNumber<number> min={0} suffix={kind === 'distance' ? 'km' : 'h'} style={{ width: '100%' }} />
            </FormField>
          </Col>
        </Row>
      )}
      {kind === 'schedule' && (
        <FormField name="cron" label={t('field.cron')} required extra={<CronHint cron={cron} />}>
          <Input placeholder="0 8 * * 1" maxLength={100} style={{ maxWidth: 360, fontFamily: 'monospace' }} />
        </FormField>
      )}
      {kind === 'schedule' && stored?.cron && stored.nextRuns.length > 0 && (
        <Typography.Paragraph type="secondary">
          {t('timer.nextRunsSaved', { timezone: stored.timezone })}{' '}
          {stored.nextRuns.map((run) => formatDateTime(run)).join(' · ')}
        </Typography.Paragraph>
      )}
      <FormField
        name="resetRuleIds"
        label={t('field.resetRules')}
        required
        extra={
          <Link to={reminderUrls.resetRuleNew({ partnerId, categoryId })} target="_blank">
            {t('action.newResetRule')}
          </Link>
        }
      >
        <Select
          mode="multiple"
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={partnerId && categoryId ? t('placeholder.resetRules') : t('placeholder.partnerCategoryFirst')}
          disabled={!partnerId || !categoryId}
          loading={rules.isFetching}
          options={(rules.data?.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        />
      </FormField>
    </>
  );
}
