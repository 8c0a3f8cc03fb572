import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Downloads the server's file of every row the current filters match (not only the page shown). `run` fetches and
 * saves it; a failure has been notified by the http layer (e.g. more rows than an export holds).
 */
export function ExportButton({ run }: { run: () => Promise<void> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [running, setRunning] = useState(false);

  const exportRows = async () => {
    setRunning(true);
    try {
      await run();
      void message.success(t('list.exportDone'));
    } catch {
      // Notified by the http layer with the status and the reason.
    } finally {
      setRunning(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={running} onClick={exportRows}>
      {t('list.export')}
    </Button>
  );
}
