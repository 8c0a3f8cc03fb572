import { DownOutlined, SendOutlined } from '@ant-design/icons';
import { IOT_BATCH_MAX, type IotChannel, type IotCommand, type IotControlRecord } from '@fleetdesk/contracts';
import { App, Button, Dropdown, type MenuProps, Modal, Space, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermissionSet } from '../../../shared/permissions.ts';
import { useBatchInvokeCommand, useIotDeviceModels } from '../api.ts';
import { controlRecordUrls } from '../urls.ts';
import { allowedCommands, type CommandChoice } from './command-choices.ts';
import { ControlResults } from './control-results.tsx';

/** Commands that change what a rider can do with the asset: asked once more before they go out. */
const disruptive: ReadonlySet<IotCommand> = new Set([
  'device.turn_off',
  'iot.reboot',
  'power.battery.unlock',
  'power.battery.lock',
]);

export interface CommandMenuProps {
  /** The assets the command goes to (1 to 100). */
  assetNos: string[];
  /** A single asset's IoT vendor: only its device model's commands are offered. */
  vendor?: string | null;
  /** Called with the records the server created, one per asset. */
  onSent?: (records: IotControlRecord[]) => void;
  size?: 'small' | 'middle';
}

/**
 * "Send command": a menu of the commands the user may send (hidden entirely when none), then the per-asset
 * results as the devices answer.
 */
export function CommandMenu({ assetNos, vendor, onSent, size }: CommandMenuProps) {
  const { t } = useTranslation('iot');
  const { modal } = App.useApp();
  const held = usePermissionSet();
  const models = useIotDeviceModels(Boolean(vendor));
  const send = useBatchInvokeCommand();
  const [sent, setSent] = useState<{ choice: CommandChoice; records: IotControlRecord[] } | null>(null);

  const model = vendor ? models.data?.find((m) => m.vendor === vendor) : undefined;
  const choices = useMemo(() => allowedCommands(held, model?.commands), [held, model]);
  if (choices.device.length === 0 && choices.sms.length === 0) return null;

  const tooMany = assetNos.length > IOT_BATCH_MAX;
  const disabled = assetNos.length === 0 || tooMany;
  const labelOf = (c: CommandChoice) =>
    c.channel === 'sms' ? t('command.viaSms', { command: t(`command.${c.command}`) }) : t(`command.${c.command}`);

  const dispatch = async (choice: CommandChoice) => {
    try {
      const records = await send.mutateAsync({ assetNos, command: choice.command, channel: choice.channel });
      setSent({ choice, records });
      onSent?.(records);
    } catch {
      // The http layer has shown the failure (403 for a permission, 400 for a bad batch).
    }
  };

  const pick = (choice: CommandChoice) => {
    if (assetNos.length === 1 && !disruptive.has(choice.command)) {
      void dispatch(choice);
      return;
    }
    modal.confirm({
      title: t('send.confirm', { command: labelOf(choice), count: assetNos.length }),
      content: assetNos.length === 1 ? assetNos[0] : t('send.confirmHint'),
      okText: t('send.ok'),
      cancelText: t('send.cancel'),
      onOk: () => dispatch(choice),
    });
  };

  const toItems = (list: CommandChoice[]) =>
    list.map((c) => ({ key: `${c.channel}|${c.command}`, label: labelOf(c), 'data-command': c.command }));
  const items: MenuProps['items'] = [
    ...(choices.device.length > 0
      ? [{ type: 'group' as const, key: 'device', label: t('channel.group.device'), children: toItems(choices.device) }]
      : []),
    ...(choices.sms.length > 0
      ? [{ type: 'group' as const, key: 'sms', label: t('channel.group.sms'), children: toItems(choices.sms) }]
      : []),
  ];

  const button = (
    <Dropdown
      disabled={disabled}
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          const [channel, command] = key.split('|') as [IotChannel, IotCommand];
          pick({ command, channel });
        },
      }}
    >
      <Button size={size} icon={<SendOutlined />} loading={send.isPending || (Boolean(vendor) && models.isPending)}>
        <Space size={4}>
          {t('send.open')}
          <DownOutlined />
        </Space>
      </Button>
    </Dropdown>
  );

  return (
    <>
      {tooMany ? <Tooltip title={t('send.tooMany', { max: IOT_BATCH_MAX })}>{button}</Tooltip> : button}
      {sent && (
        <Modal
          open
          width={820}
          title={t('results.title', { command: labelOf(sent.choice), count: sent.records.length })}
          onCancel={() => setSent(null)}
          footer={[
            <Link
              key="records"
              to={controlRecordUrls.list({ tab: 'command', assetNo: assetNos.length === 1 ? assetNos[0] : undefined })}
            >
              {t('results.openRecords')}
            </Link>,
            <Button key="close" type="primary" style={{ marginLeft: 16 }} onClick={() => setSent(null)}>
              {t('results.close')}
            </Button>,
          ]}
        >
          <ControlResults kind="command" records={sent.records} />
        </Modal>
      )}
    </>
  );
}
