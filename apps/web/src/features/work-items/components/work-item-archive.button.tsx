import { InboxOutlined } from '@ant-design/icons';
import { type WorkItem, workItemEndpoints } from '@fleetdesk/contracts';
import { App, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useArchiveWorkItem } from '../api.ts';

/**
 * Archive (document 2: work items are archived, never deleted: records point at them). An item a live checklist
 * still uses is refused with WorkItemInUsed, explained in words in a dialog; hidden without the permission.
 */
export function WorkItemArchiveButton({
  item,
  onArchived,
  ...button
}: { item: Pick<WorkItem, 'id' | 'name' | 'status' | 'usedByChecklists'>; onArchived?: () => void } & Pick<
  ButtonProps,
  'size' | 'type'
>) {
  const { t } = useTranslation('work-items');
  const { modal } = App.useApp();
  const archive = useArchiveWorkItem();
  const can = useCan(requirementOf(workItemEndpoints.archive));
  if (!can || item.status !== 'Inuse') return null;

  const run = async () => {
    try {
      await archive.mutateAsync(item.id);
      onArchived?.();
    } catch (error) {
      if (isApiError(error) && error.code === 'WorkItemInUsed') {
        modal.error({ title: t('archive.inUseTitle', { name: item.name }), content: t('archive.inUse') });
      }
      throw error;
    }
  };

  return (
    <ConfirmButton
      {...button}
      mode="modal"
      danger
      icon={button.size === 'small' ? undefined : <InboxOutlined />}
      title={t('archive.confirm', { name: item.name })}
      description={
        item.usedByChecklists > 0 ? t('archive.usedBy', { count: item.usedByChecklists }) : t('archive.explain')
      }
      okText={t('action.archive')}
      onConfirm={run}
    >
      {t('action.archive')}
    </ConfirmButton>
  );
}
