import { type Asset, assetIotVendors } from '@fleetdesk/contracts';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { isApiError } from '../../../shared/http.ts';
import { ConfirmButton } from '../../../shared/ui/confirm-button.tsx';
import { serverFieldsToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { useBindIotDevice, useUnbindIotDevice } from '../api.ts';

type BindValues = { no: string; vendor: string; model?: string };

/** The IoT device bound to an asset of an IoT category, its latest report, and bind/unbind. */
export function AssetIotCard({ asset, canUpdate }: { asset: Asset; canUpdate: boolean }) {
  const { t } = useTranslation('assets');
  const { message } = App.useApp();
  const [form] = Form.useForm<BindValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const bind = useBindIotDevice(asset.no);
  const unbind = useUnbindIotDevice(asset.no);
  const state = asset.iotState;
  const dash = '—';

  const submit = async (values: BindValues) => {
    setProblem(null);
    try {
      await bind.mutateAsync({
        no: values.no.trim(),
        vendor: values.vendor as never,
        model: values.model?.trim() || null,
      });
      form.resetFields();
      void message.success(t('iot.bound'));
    } catch (error) {
      if (!isApiError(error)) return;
      const fields = error.fieldErrors;
      if (fields) form.setFields(serverFieldsToFieldErrors(fields) as never);
      else if (error.code === 'IotDeviceAlreadyBound') setProblem(t('iot.alreadyBound'));
    }
  };

  return (
    <Card title={t('card.iot')}>
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
        items={[
          { key: 'deviceNo', label: t('iot.deviceNo'), children: asset.iot?.deviceNo ?? t('iot.none') },
          {
            key: 'vendor',
            label: t('iot.vendor'),
            children: asset.iot?.vendor ? t(`vendor.${asset.iot.vendor}`) : dash,
          },
          { key: 'model', label: t('iot.model'), children: asset.iot?.model ?? dash },
          { key: 'charge', label: t('iot.charge'), children: state.chargePct === null ? dash : `${state.chargePct} %` },
          {
            key: 'voltage',
            label: t('iot.voltage'),
            children: state.batteryVoltageMilli === null ? dash : `${(state.batteryVoltageMilli / 1000).toFixed(2)} V`,
          },
          { key: 'lastUpdate', label: t('iot.lastUpdate'), children: formatDateTime(state.lastUpdateTime) || dash },
          {
            key: 'lock',
            label: t('iot.lockState'),
            children: state.lockState ? t(`lock.${state.lockState}`, { defaultValue: state.lockState }) : dash,
          },
          {
            key: 'position',
            label: t('iot.position'),
            children:
              state.latitude === null || state.longitude === null
                ? dash
                : `${state.latitude.toFixed(5)}, ${state.longitude.toFixed(5)}`,
          },
        ]}
      />
      {canUpdate && (
        <Flex vertical gap={8} style={{ marginTop: 16 }}>
          <Typography.Text strong>{asset.iot ? t('iot.replaceTitle') : t('iot.bindTitle')}</Typography.Text>
          {problem && <Alert type="error" showIcon title={problem} closable onClose={() => setProblem(null)} />}
          <Form form={form} layout="inline" onFinish={submit} name="iot-bind" aria-label={t('iot.bindTitle')}>
            <Form.Item name="no" label={t('iot.deviceNo')} rules={[{ required: true, message: t('required') }]}>
              <Input maxLength={64} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item
              name="vendor"
              label={t('iot.vendor')}
              rules={[{ required: true, message: t('iot.vendorRequired') }]}
            >
              <Select
                style={{ width: 160 }}
                options={assetIotVendors.map((v) => ({ value: v, label: t(`vendor.${v}`) }))}
              />
            </Form.Item>
            <Form.Item name="model" label={t('iot.model')}>
              <Input maxLength={64} style={{ width: 140 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={bind.isPending}>
              {asset.iot ? t('iot.replace') : t('iot.bind')}
            </Button>
            {asset.iot && (
              <ConfirmButton
                danger
                style={{ marginLeft: 8 }}
                title={t('iot.unbindConfirm', { device: asset.iot.deviceNo })}
                okText={t('iot.unbind')}
                onConfirm={async () => {
                  await unbind.mutateAsync();
                  void message.success(t('iot.unbound'));
                }}
              >
                {t('iot.unbind')}
              </ConfirmButton>
            )}
          </Form>
        </Flex>
      )}
    </Card>
  );
}
