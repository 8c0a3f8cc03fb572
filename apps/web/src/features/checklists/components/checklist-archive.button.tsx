import { InboxOutlined } from '@ant-design/icons';
import { type Checklist, checklistEndpoints } from '@fleetdesk/contracts';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useArchiveChecklist } from '../api.ts';

/** Archive (checklists are archived, never deleted: records keep their snapshot); hidden without the permission. */
export function ChecklistArchiveButton({
  checklist,
  onArchived,
  ...button
}: { checklist: Pick<Checklist, 'id' | 'name' | 'status'>; onArchived?: () => void } & Pick<
  ButtonProps,
  'size' | 'type'
>) {
  const { t } = useTranslation('checklists');
  const archive = useArchiveChecklist();
  const can = useCan(requirementOf(checklistEndpoints.archive));
  if (!can || checklist.status !== 'Inuse') return null;
  return (
    <ConfirmButton
      {...button}
      mode="modal"
      danger
      icon={button.size === 'small' ? undefined : <InboxOutlined />}
      title={t('archive.confirm', { name: checklist.name })}
      description={t('archive.explain')}
      okText={t('action.archive')}
      onConfirm={async () => {
        await archive.mutateAsync(checklist.id);
        onArchived?.();
      }}
    >
      {t('action.archive')}
    </ConfirmButton>
  );
}
