import { type WorkItem, workItemResultModes } from '@fleetdesk/contracts';
import { Alert, App, Button, Card, Col, Divider, Flex, Form, Input, Radio, Row, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, isApiError } from '../../../shared/http.ts';
import { type FieldError, serverFieldsToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { useLeaveGuard } from '../../../shared/ui/leave-guard.ts';
import { PartnerSelect } from '../../sites/components/site-options.tsx';
import { OptionCallError, useCreateWorkItem, useSaveWorkItem, type WorkItemSaved } from '../api.ts';
import { ImageChoiceField } from './image-choice.field.tsx';
import {
  planIsEmpty,
  type WorkItemFormValues,
  workItemCreateBody,
  workItemFormErrors,
  workItemSavePlan,
} from './work-item-form.model.ts';
import { WorkItemOptionsTable } from './work-item-options.table.tsx';

/** Refusals that belong to one field rather than to the whole form. */
const fieldOfCode: Record<string, string> = {
  WorkItemNameAlreadyExists: 'name',
  WorkItemOptionNameAlreadyExists: 'name',
};

/**
 * The work item form of the new and edit pages: fields, the image and the options table in one form, checked
 * with the contract before sending; a new item is created with its options in one call, an edit is sent as the
 * calls the API takes (see workItemSavePlan). Server field errors land on their fields, even an option's.
 */
export function WorkItemForm({
  stored,
  initialValues,
  onSaved,
  onCancel,
}: {
  stored?: WorkItem;
  initialValues: WorkItemFormValues;
  onSaved: (item: WorkItem) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('work-items');
  const { notification } = App.useApp();
  const [form] = Form.useForm<WorkItemFormValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  const create = useCreateWorkItem();
  const save = useSaveWorkItem(stored?.id ?? '');
  const markDirty = (value: boolean) => {
    dirtyRef.current = value;
    setDirty(value);
  };
  useLeaveGuard(dirty, dirtyRef);

  const show = (errors: FieldError[], message = t('form.fixFields')) => {
    form.setFields(errors.map((e) => ({ name: e.name as never, errors: e.errors })));
    setProblem(message);
  };

  /** A refusal of a call, shown on its field (prefixed with the option row it was about) or above the form. */
  const refused = (error: unknown, prefix: (string | number)[] = []) => {
    if (!isApiError(error)) throw error;
    const fields = error.fieldErrors;
    if (fields) {
      show(serverFieldsToFieldErrors(fields).map((e) => ({ ...e, name: [...prefix, ...e.name] })));
      return;
    }
    const field = fieldOfCode[error.code];
    const message = t(`error.${error.code}`, { defaultValue: error.message });
    if (field) show([{ name: [...prefix, field], errors: [message] }], message);
    else setProblem(message);
  };

  const done = ({ item, imageError }: WorkItemSaved) => {
    markDirty(false);
    if (imageError) warnImage(imageError);
    onSaved(item);
  };
  const warnImage = (error: ApiError) =>
    notification.warning({ title: t('image.notSaved'), description: error.message, duration: 8 });

  const submit = async () => {
    setProblem(null);
    const values = form.getFieldsValue(true) as WorkItemFormValues;
    const errors = workItemFormErrors(values);
    if (errors.length > 0) return show(errors);
    try {
      if (!stored) {
        done(await create.mutateAsync({ body: workItemCreateBody(values), values }));
        return;
      }
      const plan = workItemSavePlan(stored, values);
      const imagesChanged = values.image !== undefined || values.options.some((o) => o.image !== undefined);
      if (planIsEmpty(plan) && !imagesChanged) {
        done({ item: stored, imageError: null });
        return;
      }
      done(await save.mutateAsync({ plan, values, stored }));
    } catch (error) {
      if (error instanceof OptionCallError) refused(error.cause, ['options', error.index]);
      else refused(error);
    }
  };

  return (
    <Card>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form<WorkItemFormValues>
        form={form}
        name="work-item"
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={(changed: Record<string, unknown>) => {
          markDirty(true);
          // A corrected field drops its old error at once; the rest are checked again on Save.
          form.setFields(
            Object.keys(changed)
              .filter((name) => name !== 'options')
              .map((name) => ({ name: name as never, errors: [] })),
          );
        }}
        onFinish={submit}
      >
        <Row gutter={24}>
          <Col xs={24} lg={14}>
            <Form.Item name="partnerId" label={t('field.partner')} required>
              <PartnerSelect disabled={Boolean(stored)} aria-label={t('field.partner')} />
            </Form.Item>
            <Form.Item name="name" label={t('field.name')} required>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item name="description" label={t('field.description')}>
              <Input.TextArea maxLength={1000} rows={3} showCount />
            </Form.Item>
            <Form.Item name="resultMode" label={t('field.resultMode')} required extra={t('field.resultModeHint')}>
              <Radio.Group
                optionType="button"
                options={workItemResultModes.map((mode) => ({ value: mode, label: t(`resultMode.${mode}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} lg={10}>
            <Form.Item name="image" label={t('field.image')}>
              <ImageChoiceField storedUrl={stored?.imageUrl} label={t('field.image')} />
            </Form.Item>
          </Col>
        </Row>
        <Divider titlePlacement="start">{t('section.options')}</Divider>
        <Typography.Paragraph type="secondary">{t('option.intro')}</Typography.Paragraph>
        <WorkItemOptionsTable />
        <Flex gap={8} style={{ marginTop: 24 }}>
          <Button type="primary" htmlType="submit" loading={create.isPending || save.isPending}>
            {stored ? t('action.save') : t('action.create')}
          </Button>
          <Button onClick={onCancel}>{t('action.cancel')}</Button>
        </Flex>
      </Form>
    </Card>
  );
}
