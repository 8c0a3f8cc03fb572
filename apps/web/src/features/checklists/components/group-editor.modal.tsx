import { CHECKLIST_GROUP_WORK_ITEMS_MAX, type WorkItem } from '@fleetdesk/contracts';
import { Alert, Form, Input, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageChoiceField } from '../../work-items/components/image-choice.field.tsx';
import { type GroupRow, groupErrors } from './checklist-form.model.ts';

/**
 * Adds or edits one work item group: name, description, required or optional, all items required, the work items
 * (of the checklist's partner, searchable, in the order picked) and the group image. Checked with the contract
 * before it closes; nothing is sent until the checklist is saved.
 */
export function GroupEditorModal({
  group,
  otherNames,
  choices,
  choicesLoading,
  onDone,
  onCancel,
}: {
  /** null: closed. */
  group: GroupRow | null;
  /** The other groups' names: a name is unique in its checklist. */
  otherNames: string[];
  choices: WorkItem[];
  choicesLoading: boolean;
  onDone: (group: GroupRow) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('checklists');
  const [form] = Form.useForm<GroupRow>();

  useEffect(() => {
    if (group) {
      form.resetFields();
      form.setFieldsValue(group);
    }
  }, [form, group]);

  const ok = () => {
    if (!group) return;
    const row: GroupRow = { ...group, ...form.getFieldsValue(true) };
    const errors = groupErrors(row);
    if (otherNames.includes(row.name.trim())) errors.push({ name: ['name'], errors: [t('group.nameTaken')] });
    if (errors.length > 0) {
      form.setFields(errors.map((e) => ({ name: e.name as never, errors: e.errors })));
      return;
    }
    onDone(row);
  };

  return (
    <Modal
      open={group !== null}
      title={group?.id || group?.name ? t('group.editTitle') : t('group.addTitle')}
      okText={t('group.done')}
      cancelText={t('action.cancel')}
      onOk={ok}
      onCancel={onCancel}
      width={640}
      forceRender
    >
      <Form<GroupRow>
        form={form}
        name="work-item-group"
        layout="vertical"
        onValuesChange={(changed: Record<string, unknown>) =>
          form.setFields(Object.keys(changed).map((name) => ({ name: name as never, errors: [] })))
        }
      >
        <Form.Item name="name" label={t('group.name')} required>
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Form.Item name="description" label={t('group.description')}>
          <Input.TextArea maxLength={1000} rows={2} />
        </Form.Item>
        <Form.Item
          name="isRequired"
          label={t('group.isRequired')}
          valuePropName="checked"
          extra={t('group.isRequiredHint')}
        >
          <Switch checkedChildren={t('group.required')} unCheckedChildren={t('group.optional')} />
        </Form.Item>
        <Form.Item
          name="isAllWorkItemsRequired"
          label={t('group.isAllWorkItemsRequired')}
          valuePropName="checked"
          extra={t('group.isAllWorkItemsRequiredHint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="workItemIdList"
          label={t('group.workItems')}
          required
          extra={t('group.workItemsHint', { count: CHECKLIST_GROUP_WORK_ITEMS_MAX })}
        >
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            loading={choicesLoading}
            maxCount={CHECKLIST_GROUP_WORK_ITEMS_MAX}
            placeholder={t('group.workItemsPlaceholder')}
            aria-label={t('group.workItems')}
            options={choices.map((w) => ({ value: w.id, label: w.name }))}
            notFoundContent={choicesLoading ? undefined : t('group.noWorkItems')}
          />
        </Form.Item>
        {!choicesLoading && choices.length === 0 && <Alert type="info" showIcon title={t('group.noWorkItems')} />}
        <Form.Item name="image" label={t('group.image')}>
          <ImageChoiceField storedUrl={group?.imageUrl} label={t('group.image')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
