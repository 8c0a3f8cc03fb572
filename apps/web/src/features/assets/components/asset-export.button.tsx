import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { ASSET_IMPORT_FORMATS, type AssetExportInput, type AssetFileFormat } from '@fleetdesk/contracts';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../../shared/ui/csv.ts';
import { exportAssets } from '../api.ts';

/** Exports every asset the current search matches (not only the page) as CSV or XLSX, built by the server. */
export function AssetExportButton({
  search,
  disabled,
}: {
  search: Omit<AssetExportInput, 'format'> | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation('assets');
  const { message } = App.useApp();
  const [running, setRunning] = useState(false);

  const run = async (format: AssetFileFormat) => {
    if (!search) return;
    setRunning(true);
    try {
      const { blob, fileName } = await exportAssets({ ...search, format });
      saveBlob(fileName ?? `assets.${format}`, blob);
      void message.success(t('export.done'));
    } catch {
      // The http layer has notified with the status and the reason.
    } finally {
      setRunning(false);
    }
  };

  return (
    <Dropdown
      disabled={disabled || !search}
      trigger={['click']}
      menu={{
        items: ASSET_IMPORT_FORMATS.map((format) => ({ key: format, label: t(`export.${format}`) })),
        onClick: ({ key }) => run(key as AssetFileFormat),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={running}>
        {t('export.button')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
