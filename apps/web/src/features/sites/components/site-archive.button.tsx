import { InboxOutlined, UndoOutlined } from '@ant-design/icons';
import type { Site } from '@fleetdesk/contracts';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { useArchiveSite } from '../api.ts';

/** Archiving is how a site in use leaves the pickers (document 2: archive instead of delete). */
export function SiteArchiveButton({
  site,
  ...button
}: { site: Pick<Site, 'id' | 'name' | 'isArchived'> } & Pick<ButtonProps, 'size' | 'type'>) {
  const { t } = useTranslation('sites');
  const archive = useArchiveSite();
  const next = !site.isArchived;
  return (
    <ConfirmButton
      {...button}
      icon={button.size === 'small' ? undefined : next ? <InboxOutlined /> : <UndoOutlined />}
      title={t(next ? 'archive.confirm' : 'unarchive.confirm', { name: site.name })}
      okText={t(next ? 'action.archive' : 'action.unarchive')}
      onConfirm={() => archive.mutateAsync({ id: site.id, isArchived: next })}
    >
      {t(next ? 'action.archive' : 'action.unarchive')}
    </ConfirmButton>
  );
}
