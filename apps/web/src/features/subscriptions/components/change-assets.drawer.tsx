import { App, Button, Drawer, Flex, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format.ts';
import { isApiError, refusalFields } from '../../../shared/http.ts';
import { useGuardedClose } from '../../../shared/ui/leave-guard.ts';
import { usePhone } from '../../../shared/ui/use-phone.ts';
import { useAllOrderAssets, useChangeAssets } from '../api.ts';
import { AssetPicker, useAssetRefusalText } from './asset-picker.tsx';
import { type OrderDialogProps, useDialogRefusal } from './order-dialog.tsx';
import { assetsChanged } from './order-form.model.ts';
import { refusedAssets } from './refusal.model.ts';

/**
 * Sets the assets of the first period not yet fixed, starting from the ones it has now (at most the quota). The
 * current period keeps its assets.
 */
export function ChangeAssetsDrawer({ order, open, onClose }: OrderDialogProps) {
  const { t } = useTranslation('subscriptions');
  const { message } = App.useApp();
  const assetRefusalText = useAssetRefusalText();
  const phone = usePhone();
  const current = useAllOrderAssets(order.id, 'next', open);
  const mutation = useChangeAssets(order.id);
  const [picked, setPicked] = useState<string[] | null>(null);
  const before = (current.data ?? []).map((a) => a.no);
  const value = picked ?? before;
  const dirty = picked !== null && assetsChanged(before, picked);
  const close = useGuardedClose(dirty, onClose);
  const refusal = useDialogRefusal(open, () => setPicked(null));

  const submit = async () => {
    refusal.clear();
    try {
      await mutation.mutateAsync(value);
      void message.success(t('changeAssets.done', { count: value.length }));
      onClose();
    } catch (error) {
      // The refused numbers say more than the refusal's summary.
      if (isApiError(error) && refusedAssets(error)) refusal.showText(assetRefusalText(error, error.message));
      else refusal.show(error, (text) => refusalFields(error)?.assetNos ?? text);
    }
  };

  return (
    <Drawer
      open={open}
      title={t('changeAssets.title', { no: order.no })}
      size={phone ? '100%' : 720}
      onClose={close}
      destroyOnHidden
      extra={
        <Flex gap={8}>
          <Button onClick={close}>{t('action.cancel')}</Button>
          <Button type="primary" loading={mutation.isPending} disabled={!dirty} onClick={() => void submit()}>
            {t('action.save')}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('changeAssets.explain', { time: formatDateTime(order.changesFrom) })}
      </Typography.Paragraph>
      {refusal.alert}
      {current.isPending ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : (
        <AssetPicker
          partnerId={order.partner.id}
          categoryId={order.category.id}
          orderId={order.id}
          quota={order.assetQuota}
          value={value}
          onChange={setPicked}
        />
      )}
    </Drawer>
  );
}
