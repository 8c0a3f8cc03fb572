import { DownOutlined, SendOutlined } from '@ant-design/icons';
import {
  type AssetOngoingUse,
  IOT_BATCH_MAX,
  type IotChannel,
  type IotCommand,
  type IotControlRecord,
  iotEndpoints,
} from '@fleetdesk/contracts';
import { Alert, App, Button, Dropdown, Flex, type MenuProps, Modal, Space, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format.ts';
import { requirementOf, useCan, usePermissionSet } from '../../../shared/permissions.ts';
import { useBatchInvokeCommand, useFetchOngoingUse, useIotDeviceModels } from '../api.ts';
import { controlRecordUrls } from '../urls.ts';
import { allowedCommands, type CommandChoice, commandLabelKey, stopsTheCustomer } from './command-choices.ts';
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

/** How many assets in use a confirmation names one by one; the rest are counted. */
const NAMED_IN_USE = 5;

/**
 * "Send command": a menu of the commands the user may send (hidden entirely when none), then the per-asset
 * results as the devices answer. A command that would stop a customer first asks who is using the assets and
 * names them in the confirmation. The results link to the control records only for users who may open them.
 */
export function CommandMenu({ assetNos, vendor, onSent, size }: CommandMenuProps) {
  const { t } = useTranslation('iot');
  const { modal } = App.useApp();
  const held = usePermissionSet();
  const models = useIotDeviceModels(Boolean(vendor));
  const send = useBatchInvokeCommand();
  const fetchOngoingUse = useFetchOngoingUse();
  const canReadRecords = useCan(requirementOf(iotEndpoints.commandRecords));
  const [checking, setChecking] = useState(false);
  const [sent, setSent] = useState<{ choice: CommandChoice; records: IotControlRecord[] } | null>(null);

  const model = vendor ? models.data?.find((m) => m.vendor === vendor) : undefined;
  const choices = useMemo(() => allowedCommands(held, model?.commands), [held, model]);
  if (choices.device.length === 0 && choices.sms.length === 0) return null;

  const tooMany = assetNos.length > IOT_BATCH_MAX;
  const disabled = assetNos.length === 0 || tooMany;
  const labelOf = (c: CommandChoice) => {
    const name = t(commandLabelKey(c.command, model));
    return c.channel === 'sms' ? t('command.viaSms', { command: name }) : name;
  };

  const dispatch = async (choice: CommandChoice) => {
    try {
      const records = await send.mutateAsync({ assetNos, command: choice.command, channel: choice.channel });
      setSent({ choice, records });
      onSent?.(records);
    } catch {
      // The http layer has shown the failure (403 for a permission, 400 for a bad batch).
    }
  };

  /** Who is using the assets; null when that could not be found out (the confirmation says so). */
  const ongoingUseOf = async (): Promise<AssetOngoingUse[] | null> => {
    setChecking(true);
    try {
      return await fetchOngoingUse(assetNos);
    } catch {
      return null;
    } finally {
      setChecking(false);
    }
  };

  const pick = async (choice: CommandChoice) => {
    const risky = stopsTheCustomer(choice.command);
    if (assetNos.length === 1 && !disruptive.has(choice.command) && !risky) {
      void dispatch(choice);
      return;
    }
    const inUse = risky ? await ongoingUseOf() : [];
    const command = labelOf(choice);
    modal.confirm({
      title: t('send.confirm', { command, count: assetNos.length }),
      content: (
        <Flex vertical gap={8} data-testid="command-confirm">
          <Typography.Text>{assetNos.length === 1 ? assetNos[0] : t('send.confirmHint')}</Typography.Text>
          {inUse === null && <Alert type="warning" showIcon title={t('risk.unknown')} />}
          {inUse && inUse.length > 0 && <InUseWarning command={command} inUse={inUse} />}
        </Flex>
      ),
      okText: t('send.ok'),
      okButtonProps: inUse?.length ? { danger: true } : undefined,
      // Room for the customer and order lines.
      width: inUse?.length ? 560 : undefined,
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
          void pick({ command, channel });
        },
      }}
    >
      <Button
        size={size}
        icon={<SendOutlined />}
        loading={send.isPending || checking || (Boolean(vendor) && models.isPending)}
      >
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
            // The control-record page needs iot_control.record.read: a sender without it sees the outcome here only.
            canReadRecords && (
              <Link
                key="records"
                to={controlRecordUrls.list({
                  tab: 'command',
                  assetNo: assetNos.length === 1 ? assetNos[0] : undefined,
                })}
              >
                {t('results.openRecords')}
              </Link>
            ),
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

/** The assets a command would stop, each with its customer and order (or its trip), the rest counted. */
function InUseWarning({ command, inUse }: { command: string; inUse: AssetOngoingUse[] }) {
  const { t } = useTranslation('iot');
  const lineOf = (u: AssetOngoingUse) =>
    u.order
      ? t('risk.rented', { asset: u.assetNo, order: u.order.orderNo, customer: u.order.customer.name })
      : t('risk.onTrip', { asset: u.assetNo, time: formatDateTime(u.trip?.startedAt ?? null) });
  const rest = inUse.length - NAMED_IN_USE;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={t('risk.warning', { command, count: inUse.length })}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {inUse.slice(0, NAMED_IN_USE).map((u) => (
            <li key={u.assetNo}>{lineOf(u)}</li>
          ))}
          {rest > 0 && <li>{t('risk.more', { count: rest })}</li>}
        </ul>
      }
    />
  );
}
