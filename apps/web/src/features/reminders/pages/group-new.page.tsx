import { assetTimerGroupInput } from '@fleetdesk/contracts';
import { Col, Form, Input, Row, Select } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormField, FormPage } from '../../../shared/ui/form-page.tsx';
import { refusedNumbers, useCreateGroup, useTimer } from '../api.ts';
import { AssetNosInput } from '../components/asset-nos.input.tsx';
import { parseAssetNos } from '../components/asset-nos.ts';
import { ChangeOutcome } from '../components/refused-list.tsx';
import { TimerSelect } from '../components/selects.tsx';
import { formatTiming } from '../format.ts';
import { reminderUrls } from '../urls.ts';

/** The contract's input with the asset numbers as the form holds them: one text, split as the user pasted it. */
export const groupForm = assetTimerGroupInput.extend({
  assetNos: z
    .string({ message: 'Please enter at least one asset number' })
    .transform(parseAssetNos)
    .pipe(assetTimerGroupInput.shape.assetNos),
});

/** /reminder/asset-timer-group/new: a timer, one of its reset rules, and the assets it runs on. */
export default function GroupNewPage() {
  const { t } = useTranslation('reminders');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const create = useCreateGroup();
  const outcome = useRef<{ id: string; state: unknown } | null>(null);
  const initialValues = useMemo(() => ({ timerId: search.get('timerId') ?? undefined }), [search]);
  const refused = refusedNumbers(create.error);

  return (
    <FormPage
      title={t('group.newTitle')}
      documentTitle={t('group.newTitle')}
      schema={groupForm}
      initialValues={initialValues as never}
      submitText={t('action.createGroup')}
      onSubmit={async (values) => {
        const change = await create.mutateAsync(values);
        outcome.current = { id: change.group.id, state: { outcome: change } };
      }}
      onDone={() =>
        outcome.current
          ? navigate(reminderUrls.groupAssets(outcome.current.id), { state: outcome.current.state })
          : navigate(reminderUrls.groupList())
      }
      onCancel={() => navigate(reminderUrls.groupList())}
    >
      <GroupFields />
      {refused && <ChangeOutcome refused={refused} />}
    </FormPage>
  );
}

function GroupFields() {
  const { t } = useTranslation('reminders');
  const form = Form.useFormInstance();
  const timerId = Form.useWatch('timerId', form) as string | undefined;
  const timer = useTimer(timerId);
  const data = timer.data?.id === timerId ? timer.data : undefined;

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          <FormField name="timerId" label={t('field.timer')} required>
            <TimerSelect onChange={() => form.setFieldsValue({ resetRuleId: undefined, categoryId: undefined })} />
          </FormField>
        </Col>
        <Col xs={24} xl={12}>
          <Form.Item label={t('field.category')} extra={data && `${t(`kind.${data.kind}`)} · ${formatTiming(data)}`}>
            <Input readOnly value={data?.category.name ?? ''} placeholder={t('placeholder.timerFirst')} />
          </Form.Item>
          <CategoryFromTimer categoryId={data?.category.id} />
        </Col>
        <Col xs={24} xl={12}>
          <FormField name="resetRuleId" label={t('field.resetRule')} required>
            <Select
              disabled={!data}
              placeholder={data ? undefined : t('placeholder.timerFirst')}
              options={(data?.resetRules ?? []).map((r) => ({
                value: r.id,
                label: `${r.name} · ${t(`ruleType.${r.type}`)}`,
              }))}
            />
          </FormField>
        </Col>
      </Row>
      <FormField name="assetNos" label={t('field.assetNos')} required extra={t('hint.assetNos')}>
        <AssetNosInput filter={{ categoryId: data?.category.id, partnerId: data?.partner.id }} />
      </FormField>
    </>
  );
}

/** The group's category is the timer's: kept in a hidden field the contract checks on the server too. */
function CategoryFromTimer({ categoryId }: { categoryId: string | undefined }) {
  const form = Form.useFormInstance();
  useEffect(() => form.setFieldValue('categoryId', categoryId), [form, categoryId]);
  return (
    <Form.Item name="categoryId" hidden>
      <Input />
    </Form.Item>
  );
}
