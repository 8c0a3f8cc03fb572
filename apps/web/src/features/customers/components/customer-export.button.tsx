import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportCustomers } from '../api.ts';
import type { CustomerExportQuery } from './customer-list.model.ts';

/** The server's CSV of every customer the current filters match (not only the page shown). */
export function CustomerExportButton({ query }: { query: CustomerExportQuery }) {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const [running, setRunning] = useState(false);

  const run = async () => {
    setRunning(true);
    try {
      await exportCustomers(query);
      void message.success(t('export.done'));
    } catch {
      // The http layer has notified with the status and the reason (e.g. more rows than an export holds).
    } finally {
      setRunning(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={running} onClick={run}>
      {t('export.button')}
    </Button>
  );
}
