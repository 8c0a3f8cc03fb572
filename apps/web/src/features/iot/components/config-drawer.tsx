import { SettingOutlined } from '@ant-design/icons';
import {
  IOT_BATCH_MAX,
  type IotConfigItem,
  type IotControlRecord,
  iotConfigItems,
  iotEndpoints,
  iotIntervalUnits,
  iotQuietModes,
} from '@fleetdesk/contracts';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Drawer,
  Flex,
  Form,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  TimePicker,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError, isNetworkFailure } from '../../../shared/http.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { useBatchModifyConfig, useIotDeviceModels } from '../api.ts';
import {
  type ConfigFormValues,
  initialConfigValues,
  serverConfigErrors,
  toConfigInput,
  validateConfig,
} from './config-form.model.ts';
import { ControlResults } from './control-results.tsx';

type Name = (string | number)[];

/** An HH:mm string in the form, a dayjs value in the picker. */
function TimeField({ name, label }: { name: Name; label: string }) {
  return (
    <Form.Item
      name={name}
      label={label}
      getValueProps={(value?: string) => ({ value: value ? dayjs(value, 'HH:mm') : null })}
      normalize={(value: Dayjs | null) => (value ? value.format('HH:mm') : undefined)}
    >
      <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} aria-label={label} />
    </Form.Item>
  );
}

function TimeRangeFields({ base }: { base: Name }) {
  const { t } = useTranslation('iot');
  return (
    <Space wrap align="start">
      <TimeField name={[...base, 'timeRange', 'startTime']} label={t('configForm.startTime')} />
      <TimeField name={[...base, 'timeRange', 'endTime']} label={t('configForm.endTime')} />
    </Space>
  );
}

function SwitchField({ item }: { item: IotConfigItem }) {
  const { t } = useTranslation('iot');
  return (
    <Form.Item
      name={['config', item, 'switch']}
      label={t('configForm.switch')}
      getValueProps={(value?: string) => ({ checked: value === 'on' })}
      normalize={(checked: boolean) => (checked ? 'on' : 'off')}
    >
      <Switch checkedChildren={t('switch.on')} unCheckedChildren={t('switch.off')} aria-label={t(`config.${item}`)} />
    </Form.Item>
  );
}

/** The fields shown once a switch is on (or always, for items without a switch). */
function WhenOn({ item, children }: { item: IotConfigItem; children: ReactNode }) {
  const value = Form.useWatch(['config', item, 'switch']);
  return value === 'on' ? children : null;
}

function ItemFields({ item }: { item: IotConfigItem }) {
  const { t } = useTranslation('iot');
  const quietMode = Form.useWatch(['config', 'tboxVolume', 'quietTime', 'mode']);
  switch (item) {
    case 'tboxAutoLightOnTiming':
    case 'tboxAntiTheftAlarmTiming':
      return (
        <>
          <SwitchField item={item} />
          <WhenOn item={item}>
            <TimeRangeFields base={['config', item]} />
          </WhenOn>
        </>
      );
    case 'tboxRidingGpsReport':
    case 'tboxPeriodicReport':
      return (
        <>
          <SwitchField item={item} />
          <WhenOn item={item}>
            <Space wrap align="start">
              <Form.Item name={['config', item, 'interval', 'value']} label={t('configForm.interval')}>
                <InputNumber precision={0} style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name={['config', item, 'interval', 'unit']} label={t('configForm.unit')}>
                <Select
                  style={{ width: 120 }}
                  options={iotIntervalUnits.map((u) => ({ value: u, label: t(`unit.${u}`) }))}
                />
              </Form.Item>
            </Space>
            <Typography.Text type="secondary">
              {t(item === 'tboxRidingGpsReport' ? 'configForm.ridingMax' : 'configForm.periodicMax')}
            </Typography.Text>
          </WhenOn>
        </>
      );
    case 'motorControlSpeedLimit':
    case 'motorControlSpeedAlert':
      return (
        <>
          <SwitchField item={item} />
          <WhenOn item={item}>
            <Form.Item
              name={['config', item, 'speedKmh']}
              label={t('configForm.speed')}
              extra={t('configForm.speedMax')}
            >
              <InputNumber style={{ width: 160 }} suffix="km/h" />
            </Form.Item>
          </WhenOn>
        </>
      );
    case 'tboxVolume':
      return (
        <>
          <Form.Item name={['config', item, 'level']} label={t('configForm.level')}>
            <Radio.Group
              options={[
                { value: 1, label: t('configForm.level1') },
                { value: 2, label: t('configForm.level2') },
              ]}
            />
          </Form.Item>
          <Form.Item name={['config', item, 'quietTime', 'mode']} label={t('configForm.quietTime')}>
            <Select
              style={{ width: 200 }}
              options={iotQuietModes.map((m) => ({ value: m, label: t(`quietMode.${m}`) }))}
            />
          </Form.Item>
          {quietMode === 'time-range' && <TimeRangeFields base={['config', item, 'quietTime']} />}
        </>
      );
  }
}

function ConfigItemCard({ item }: { item: IotConfigItem }) {
  const { t } = useTranslation('iot');
  const enabled = Form.useWatch(['enabled', item]);
  return (
    <Card
      size="small"
      data-item={item}
      title={
        <Form.Item name={['enabled', item]} valuePropName="checked" noStyle>
          <Checkbox>{t(`config.${item}`)}</Checkbox>
        </Form.Item>
      }
      extra={enabled ? undefined : <Typography.Text type="secondary">{t('configForm.notSent')}</Typography.Text>}
      // Unticked items keep their values (hidden, not sent) so ticking again brings them back.
      styles={{ body: enabled ? undefined : { display: 'none' } }}
    >
      <ItemFields item={item} />
    </Card>
  );
}

export interface ConfigDrawerProps {
  assetNos: string[];
  /** A single asset's IoT vendor: only its device model's config items are offered. */
  vendor?: string | null;
  /** The device's confirmed config, to start from. */
  confirmed?: Record<string, unknown> | null;
  open: boolean;
  onClose: () => void;
  onSent?: (records: IotControlRecord[]) => void;
}

/**
 * Change config items on 1 to 100 assets: tick the items to send, checked with the contract's rules before
 * sending (the server checks the same), then the per-asset results as the devices confirm.
 */
export function ConfigDrawer({ assetNos, vendor, confirmed, open, onClose, onSent }: ConfigDrawerProps) {
  const { t } = useTranslation('iot');
  const [form] = Form.useForm<ConfigFormValues>();
  const [problems, setProblems] = useState<string[]>([]);
  const [sent, setSent] = useState<IotControlRecord[] | null>(null);
  /** The send got no answer: the config may have gone out, so the reader verifies it later rather than resend blindly. */
  const [unanswered, setUnanswered] = useState(false);
  const models = useIotDeviceModels(Boolean(vendor));
  const modify = useBatchModifyConfig();
  const model = vendor ? models.data?.find((m) => m.vendor === vendor) : undefined;
  const offered: readonly IotConfigItem[] = model ? model.configItems : iotConfigItems;
  const tooMany = assetNos.length > IOT_BATCH_MAX;

  const clearErrors = () => {
    const fields = form.getFieldsError().filter((f) => f.errors.length > 0);
    form.setFields(fields.map((f) => ({ name: f.name, errors: [] })));
    setProblems([]);
  };

  const submit = async () => {
    clearErrors();
    setUnanswered(false);
    const config = toConfigInput(form.getFieldsValue(true) as ConfigFormValues, offered);
    const checked = validateConfig(config);
    if (!checked.data) {
      form.setFields(checked.fields);
      setProblems(checked.form.length > 0 ? checked.form : [t('configForm.fix')]);
      return;
    }
    try {
      const records = await modify.mutateAsync({ assetNos, config: checked.data });
      setSent(records);
      onSent?.(records);
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : null;
      if (fields) {
        const mapped = serverConfigErrors(fields);
        form.setFields(mapped.fields);
        setProblems(mapped.form.length > 0 ? mapped.form : [t('configForm.fix')]);
      } else if (isApiError(error) && error.status > 0 && error.status < 500) {
        setProblems([error.message]);
      } else if (isApiError(error) && isNetworkFailure(error)) {
        setUnanswered(true);
      }
    }
  };

  const close = () => {
    setSent(null);
    setProblems([]);
    setUnanswered(false);
    onClose();
  };

  return (
    <Drawer
      title={
        assetNos.length === 1
          ? t('configForm.titleOne', { no: assetNos[0] })
          : t('configForm.title', { count: assetNos.length })
      }
      open={open}
      onClose={close}
      size="large"
      destroyOnHidden
      footer={
        <Flex gap={8} justify="end">
          {sent ? (
            <>
              <Button onClick={() => setSent(null)}>{t('configForm.again')}</Button>
              <Button type="primary" onClick={close}>
                {t('results.close')}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={close}>{t('send.cancel')}</Button>
              <Button
                type="primary"
                loading={modify.isPending}
                disabled={tooMany || assetNos.length === 0}
                onClick={() => void submit()}
              >
                {t('configForm.submit')}
              </Button>
            </>
          )}
        </Flex>
      }
    >
      {sent ? (
        <ControlResults kind="config" records={sent} />
      ) : (
        <Flex vertical gap={12}>
          {tooMany && <Alert type="error" showIcon title={t('send.tooMany', { max: IOT_BATCH_MAX })} />}
          {unanswered && <Alert type="warning" showIcon role="alert" title={t('results.verifyConfig')} />}
          {problems.map((p) => (
            <Alert key={p} type="error" showIcon title={p} role="alert" />
          ))}
          <Typography.Text type="secondary">{t('configForm.hint')}</Typography.Text>
          <Form
            form={form}
            layout="vertical"
            name="iot-config"
            aria-label={t('configForm.titleShort')}
            initialValues={initialConfigValues(confirmed)}
            onFinish={() => void submit()}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
            }}
          >
            <Flex vertical gap={12}>
              {offered.map((item) => (
                <ConfigItemCard key={item} item={item} />
              ))}
            </Flex>
          </Form>
        </Flex>
      )}
    </Drawer>
  );
}

/** "Change config" and its drawer; hidden for users without iot_control.config.basic. */
export function ChangeConfigButton({
  assetNos,
  vendor,
  confirmed,
  size,
}: Omit<ConfigDrawerProps, 'open' | 'onClose'> & { size?: 'small' | 'middle' }) {
  const { t } = useTranslation('iot');
  const [open, setOpen] = useState(false);
  const can = useCan(requirementOf(iotEndpoints.batchModifyConfig));
  const models = useIotDeviceModels(can && Boolean(vendor));
  const model = vendor ? models.data?.find((m) => m.vendor === vendor) : undefined;
  // A device without config items (a tracking tag) has nothing to change.
  if (!can || model?.configItems.length === 0) return null;
  const tooMany = assetNos.length > IOT_BATCH_MAX;
  const button = (
    <Button
      size={size}
      icon={<SettingOutlined />}
      disabled={assetNos.length === 0 || tooMany}
      onClick={() => setOpen(true)}
    >
      {t('configForm.open')}
    </Button>
  );
  return (
    <>
      {tooMany ? <Tooltip title={t('send.tooMany', { max: IOT_BATCH_MAX })}>{button}</Tooltip> : button}
      {open && (
        <ConfigDrawer assetNos={assetNos} vendor={vendor} confirmed={confirmed} open onClose={() => setOpen(false)} />
      )}
    </>
  );
}
