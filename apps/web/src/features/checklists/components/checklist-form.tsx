import { PlusOutlined } from '@ant-design/icons';
import { CHECKLIST_GROUPS_MAX, type Checklist } from '@fleetdesk/contracts';
import { Alert, App, Button, Card, Flex, Form, Steps, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { type FieldError, serverFieldsToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { useLeaveGuard } from '../../../shared/ui/leave-guard.ts';
import { useWorkItemChoices } from '../../work-items/api.ts';
import { type ChecklistSaved, GroupCallError, useCreateChecklist, useSaveChecklist } from '../api.ts';
import { ChecklistBasicFields } from './checklist-basic.fields.tsx';
import {
  basicErrors,
  type ChecklistBasicValues,
  checklistCreateBody,
  checklistSavePlan,
  checklistToValues,
  emptyGroup,
  type GroupRow,
  newChecklistValues,
  planIsEmpty,
} from './checklist-form.model.ts';
import { ChecklistReview } from './checklist-review.tsx';
import { GroupEditorModal } from './group-editor.modal.tsx';
import { GroupList } from './group-list.tsx';

const BASIC = 0;
const GROUPS = 1;
const REVIEW = 2;

/** Refusals that belong to the checklist's name rather than to the whole form. */
const basicFieldOfCode: Record<string, string> = { ChecklistNameAlreadyExists: 'name' };

/**
 * The checklist form of the new and edit pages in three parts (issue 22): 1 basic, 2 work item groups (add, edit,
 * remove, drag or move to reorder), 3 review, then save. A new checklist is created with its groups in one call;
 * an edit is sent as the calls the API takes (checklistSavePlan): the checklist's fields, then each group's.
 */
export function ChecklistForm({
  stored,
  onSaved,
  onCancel,
}: {
  stored?: Checklist;
  onSaved: (checklist: Checklist) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('checklists');
  const { message, notification } = App.useApp();
  const initial = useMemo(
    () => (stored ? checklistToValues(stored) : { basic: newChecklistValues(), groups: [] as GroupRow[] }),
    [stored],
  );
  const [form] = Form.useForm<ChecklistBasicValues>();
  const [step, setStep] = useState(BASIC);
  const [basic, setBasic] = useState<ChecklistBasicValues>(initial.basic);
  const [groups, setGroups] = useState<GroupRow[]>(initial.groups);
  const [editing, setEditing] = useState<GroupRow | null>(null);
  const [groupMessages, setGroupMessages] = useState<Record<string, string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const dirtyRef = useRef(false);
  const create = useCreateChecklist();
  const save = useSaveChecklist(stored?.id ?? '');
  const partnerId = Form.useWatch('partnerId', form) ?? basic.partnerId;
  const choices = useWorkItemChoices(partnerId);

  const markDirty = (value: boolean) => {
    dirtyRef.current = value;
    setDirty(value);
  };
  useLeaveGuard(dirty, dirtyRef);

  /** Work item names for the group cards: the partner's items in use, and those the stored groups name. */
  const itemNames = useMemo(() => {
    const names = new Map<string, string>();
    for (const g of stored?.workItemGroups ?? []) for (const w of g.workItems) names.set(w.id, w.name);
    for (const w of choices.data ?? []) names.set(w.id, w.name);
    return names;
  }, [stored, choices.data]);

  const showBasic = (errors: FieldError[]) => {
    form.setFields(errors.map((e) => ({ name: e.name as never, errors: e.errors })));
    setProblem(t('form.fixFields'));
    setStep(BASIC);
  };

  const next = () => {
    setProblem(null);
    if (step === BASIC) {
      const values = form.getFieldsValue(true) as ChecklistBasicValues;
      const errors = basicErrors(values);
      if (errors.length > 0) return showBasic(errors);
      setBasic(values);
      setStep(GROUPS);
      return;
    }
    if (groups.length === 0) {
      setProblem(t('group.atLeastOne'));
      return;
    }
    setStep(REVIEW);
  };

  /** A refusal of a save: on its field (step 1), on its group's card (step 2), or above the form. */
  const refused = (error: unknown, groupKey?: string) => {
    if (!isApiError(error)) throw error;
    const fields = error.fieldErrors;
    if (fields) {
      const all = serverFieldsToFieldErrors(fields);
      const byGroup: Record<string, string[]> = {};
      const basicOnes: FieldError[] = [];
      for (const e of all) {
        const key = groupKey ?? (e.name[0] === 'workItemGroups' ? groups[Number(e.name[1])]?.key : undefined);
        if (key) byGroup[key] = [...(byGroup[key] ?? []), ...e.errors];
        else basicOnes.push(e);
      }
      setGroupMessages(byGroup);
      if (basicOnes.length > 0) return showBasic(basicOnes);
      setProblem(t('form.fixGroups'));
      setStep(GROUPS);
      return;
    }
    const text = t(`error.${error.code}`, { defaultValue: error.message });
    const field = basicFieldOfCode[error.code];
    if (field) return showBasic([{ name: [field], errors: [text] }]);
    if (groupKey) {
      setGroupMessages({ [groupKey]: [text] });
      setStep(GROUPS);
    }
    setProblem(text);
  };

  const done = ({ checklist, imageError }: ChecklistSaved) => {
    markDirty(false);
    if (imageError) {
      notification.warning({ title: t('image.notSaved'), description: imageError.message, duration: 8 });
    }
    onSaved(checklist);
  };

  const submit = async () => {
    setProblem(null);
    setGroupMessages({});
    try {
      if (!stored) {
        done(await create.mutateAsync({ body: checklistCreateBody(basic, groups), groups }));
        return;
      }
      const plan = checklistSavePlan(stored, basic, groups);
      if (planIsEmpty(plan) && !groups.some((g) => g.image !== undefined)) {
        done({ checklist: stored, imageError: null });
        return;
      }
      done(await save.mutateAsync({ plan, groups, stored }));
    } catch (error) {
      if (error instanceof GroupCallError) refused(error.cause, error.key);
      else refused(error);
    }
  };

  const changeGroups = (next: GroupRow[]) => {
    markDirty(true);
    setGroups(next);
  };

  const saveGroup = (row: GroupRow) => {
    const exists = groups.some((g) => g.key === row.key);
    changeGroups(exists ? groups.map((g) => (g.key === row.key ? row : g)) : [...groups, row]);
    setGroupMessages(({ [row.key]: _, ...rest }) => rest);
    setEditing(null);
  };

  return (
    <Card>
      <Steps
        current={step}
        onChange={(target) => (target < step ? setStep(target) : undefined)}
        style={{ marginBottom: 24, maxWidth: 720 }}
        items={[
          { title: t('step.basic') },
          { title: t('step.groups'), disabled: step < GROUPS },
          { title: t('step.review'), disabled: step < REVIEW },
        ]}
      />
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      <Form<ChecklistBasicValues>
        form={form}
        name="checklist"
        layout="vertical"
        initialValues={initial.basic}
        onFinish={next}
        onValuesChange={(changed: Record<string, unknown>) => {
          markDirty(true);
          form.setFields(Object.keys(changed).map((name) => ({ name: name as never, errors: [] })));
          // Groups pick the partner's own work items: another partner empties them.
          if ('partnerId' in changed && groups.some((g) => g.workItemIdList.length > 0)) {
            setGroups(groups.map((g) => ({ ...g, workItemIdList: [] })));
            void message.info(t('group.partnerChanged'));
          }
        }}
        style={{ display: step === BASIC ? 'block' : 'none', maxWidth: 880 }}
      >
        <ChecklistBasicFields partnerLocked={Boolean(stored)} />
        <Flex gap={8}>
          <Button type="primary" htmlType="submit">
            {t('action.next')}
          </Button>
          <Button onClick={onCancel}>{t('action.cancel')}</Button>
        </Flex>
      </Form>
      {step === GROUPS && (
        <Flex vertical gap={12}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('group.intro')}
          </Typography.Paragraph>
          <GroupList
            groups={groups}
            itemNames={itemNames}
            errors={groupMessages}
            onChange={changeGroups}
            onEdit={setEditing}
          />
          {groups.length < CHECKLIST_GROUPS_MAX && (
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => setEditing(emptyGroup())} block size="large">
              {t('group.add')}
            </Button>
          )}
          <Flex gap={8}>
            <Button type="primary" onClick={next}>
              {t('action.next')}
            </Button>
            <Button onClick={() => setStep(BASIC)}>{t('action.back')}</Button>
            <Button onClick={onCancel}>{t('action.cancel')}</Button>
          </Flex>
        </Flex>
      )}
      {step === REVIEW && (
        <Flex vertical gap={16}>
          <ChecklistReview basic={basic} groups={groups} itemNames={itemNames} />
          <Flex gap={8}>
            <Button type="primary" onClick={submit} loading={create.isPending || save.isPending}>
              {stored ? t('action.save') : t('action.create')}
            </Button>
            <Button onClick={() => setStep(GROUPS)}>{t('action.back')}</Button>
            <Button onClick={onCancel}>{t('action.cancel')}</Button>
          </Flex>
        </Flex>
      )}
      <GroupEditorModal
        group={editing}
        otherNames={groups.filter((g) => g.key !== editing?.key).map((g) => g.name.trim())}
        choices={choices.data ?? []}
        choicesLoading={choices.isPending && Boolean(partnerId)}
        onDone={saveGroup}
        onCancel={() => setEditing(null)}
      />
    </Card>
  );
}
