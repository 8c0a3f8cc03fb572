import type { IotControlStatus } from '@fleetdesk/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Pending is still on its way; the five final outcomes each have their own colour. */
const colours: Record<IotControlStatus, string> = {
  pending: 'processing',
  successful: 'success',
  failed: 'error',
  timeout: 'warning',
  skipped: 'default',
  unknown: 'purple',
};

/** A control record's status (document 2 §4 "Control record result"). */
export function ControlStatusTag({ status }: { status: IotControlStatus }) {
  const { t } = useTranslation('iot');
  return (
    <Tag color={colours[status]} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
