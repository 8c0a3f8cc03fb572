import { type Inspection, type Order, type ReplaceAssetBody, rentingEndpoints } from '@fleetdesk/contracts';
import { Alert, App, Button, Descriptions, Drawer, Flex, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/http.ts';
import { requirementOf, useCan } from '../../../shared/permissions.ts';
import { serverFieldsToFieldErrors } from '../../../shared/ui/form-errors.ts';
import { useInspectAsset, useReplaceAsset } from '../api.ts';
import { InspectedAssetDescriptions } from './inspected-asset.descriptions.tsx';
import { LeasedAsset } from './leased-asset.tsx';
import {
  checkReplacement,
  isReplacementRefusal,
  normalizeAssetNo,
  type ReplaceAssetValues,
  type ReplacementVerdict,
  replaceableAssetNo,
  replacementVerdict,
} from './replace-asset.model.ts';

const REASON_MAX = 500;

/**
 * Replaces the leased asset (document 1 §2.5 "edit-asset drawer"): the current asset, the new one typed or scanned
 * and, for staff who may inspect assets, checked before sending (its states and whether it can take the lease
 * over), an optional reason, then a confirmation. Each refusal of the server (document 2 §8 "replacement") is shown
 * here with its message; on success the order is read again and the assets history holds both leases.
 */
export function ReplaceAssetDrawer({ order, open, onClose }: { order: Order; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const { message, modal } = App.useApp();
  const canInspect = useCan(requirementOf(rentingEndpoints.inspect));
  const inspect = useInspectAsset();
  const replace = useReplaceAsset(order.id);
  // Untyped: field errors from the contract come with paths, not with this form's keys.
  const [form] = Form.useForm();
  const [checked, setChecked] = useState<Inspection | null>(null);
  const [refusal, setRefusal] = useState<{ code: string; message: string } | null>(null);
  const current = replaceableAssetNo(order);
  const typed = normalizeAssetNo(Form.useWatch('newAssetNo', form) ?? '');
  // The check answers for the number it was asked about; another number needs its own.
  const inspection = checked?.asset.no === typed ? checked : null;
  const verdict = inspection ? replacementVerdict(order, inspection) : null;

  const verdictMessage = (v: ReplacementVerdict) => {
    if (v === 'SameAsset') return t('replace.sameAsset');
    if (v === 'AssetAlreadyRentedOut') return t('inspection.AssetAlreadyRentedOut');
    return t(`replace.refusal.${v}`);
  };

  const check = async () => {
    setRefusal(null);
    setChecked(null);
    form.setFieldValue('newAssetNo', typed);
    if (!typed) {
      form.setFields([{ name: 'newAssetNo', errors: [t('asset.required')] }]);
      return;
    }
    try {
      setChecked(await inspect.mutateAsync({ assetNo: typed, customerId: order.customer.id }));
    } catch (error) {
      // An unknown or out-of-scope asset is said beside the number; a network or server failure was notified.
      if (isApiError(error) && error.status > 0 && error.status < 500)
        form.setFields([{ name: 'newAssetNo', errors: [error.message] }]);
    }
  };

  const send = async (assetNo: string, body: ReplaceAssetBody) => {
    try {
      await replace.mutateAsync({ assetNo, body });
      void message.success(t('replace.done', { from: assetNo, to: body.newAssetNo }));
      onClose();
    } catch (error) {
      if (!isApiError(error)) return;
      const fields = error.fieldErrors;
      if (fields) form.setFields(serverFieldsToFieldErrors(fields));
      else if (error.status > 0 && error.status < 500)
        setRefusal({
          code: error.code,
          message: isReplacementRefusal(error.code) ? t(`replace.refusal.${error.code}`) : error.message,
        });
    }
  };

  const submit = () => {
    if (!current) return;
    setRefusal(null);
    const result = checkReplacement(form.getFieldsValue(true) as ReplaceAssetValues, current, t('replace.sameAsset'));
    if (!result.body) {
      form.setFields(result.errors);
      return;
    }
    const body = result.body;
    form.setFieldValue('newAssetNo', body.newAssetNo);
    modal.confirm({
      title: t('replace.confirmTitle', { from: current, to: body.newAssetNo }),
      content: t('replace.confirmText', { from: current, to: body.newAssetNo, customer: order.customer.name }),
      okText: t('replace.confirmOk'),
      cancelText: t('action.cancel'),
      onOk: () => send(current, body),
    });
  };

  return (
    <Drawer
      title={t('replace.title', { orderNo: order.orderNo })}
      open={open}
      onClose={onClose}
      size="large"
      destroyOnHidden
      footer={
        <Flex gap={8} justify="end">
          <Button onClick={onClose}>{t('action.cancel')}</Button>
          {current && (
            <Button type="primary" loading={replace.isPending} disabled={verdict !== null} onClick={submit}>
              {t('replace.submit')}
            </Button>
          )}
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <Descriptions
          title={t('replace.current')}
          size="small"
          bordered
          column={1}
          data-testid="replace-current"
          items={[
            {
              key: 'asset',
              label: t('field.asset'),
              children: <LeasedAsset order={order} />,
            },
            { key: 'category', label: t('field.category'), children: order.assetCategory.name },
            { key: 'partner', label: t('field.partner'), children: order.partner.name },
            { key: 'customer', label: t('field.customer'), children: order.customer.name },
          ]}
        />
        {!current ? (
          <Alert type="warning" showIcon title={t('replace.refusal.ReplacementNotApplicable')} />
        ) : (
          <>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
              {t('replace.explain')}
            </Typography.Paragraph>
            {refusal && (
              <Alert
                type="error"
                showIcon
                title={refusal.message}
                data-testid="replace-refusal"
                data-code={refusal.code}
              />
            )}
            <Form
              form={form}
              layout="vertical"
              name="order-replace-asset"
              // Enter in the number checks it when the user may inspect assets, otherwise it asks to replace.
              onFinish={() => {
                if (canInspect) void check();
                else submit();
              }}
              onValuesChange={(changed: ReplaceAssetValues) => {
                form.setFields(Object.keys(changed).map((name) => ({ name, errors: [] })));
                if ('newAssetNo' in changed) setRefusal(null);
              }}
            >
              <Form.Item
                label={t('replace.newAssetNo')}
                required
                extra={t(canInspect ? 'replace.newAssetHint' : 'replace.newAssetHintNoCheck')}
              >
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="newAssetNo" noStyle>
                    <Input
                      maxLength={64}
                      autoFocus
                      autoComplete="off"
                      placeholder="MIE00042"
                      aria-label={t('replace.newAssetNo')}
                    />
                  </Form.Item>
                  {canInspect && (
                    <Button loading={inspect.isPending} onClick={() => void check()}>
                      {t('replace.check')}
                    </Button>
                  )}
                </Space.Compact>
              </Form.Item>
              {inspection && (
                <Flex vertical gap={12} data-testid="replace-inspection" style={{ marginBottom: 24 }}>
                  <Alert
                    type={verdict ? 'warning' : 'success'}
                    showIcon
                    data-verdict={verdict ?? 'Replaceable'}
                    title={
                      verdict ? verdictMessage(verdict) : t('replace.canReplace', { assetNo: inspection.asset.no })
                    }
                  />
                  <InspectedAssetDescriptions asset={inspection.asset} column={1} />
                </Flex>
              )}
              <Form.Item name="reason" label={t('replace.reason')} extra={t('replace.reasonHint')}>
                <Input.TextArea rows={3} maxLength={REASON_MAX} showCount />
              </Form.Item>
            </Form>
          </>
        )}
      </Flex>
    </Drawer>
  );
}
