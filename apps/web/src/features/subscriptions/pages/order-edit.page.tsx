import { id as idSchema } from '@fleetdesk/contracts';
import { Alert, App, Card, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/http.ts';
import { DataMissing } from '../../../shared/ui/data-missing.tsx';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useAllOrderAssets, useChangeAssets, useSubscriptionOrder, useUpdateOrder } from '../api.ts';
import { editSequence, formValuesOf } from '../components/order-form.model.ts';
import { OrderForm } from '../components/order-form.tsx';
import { subscriptionUrls } from '../urls.ts';

const urls = subscriptionUrls('management');

/** /subscription/management/:subscriptionOrderId/edit; an id that cannot exist is "not found" at once. */
export default function SubscriptionOrderEditPage() {
  const { subscriptionOrderId = '' } = useParams();
  if (!idSchema.safeParse(subscriptionOrderId).success) return <DataMissing />;
  return <OrderEdit id={subscriptionOrderId} />;
}

/**
 * Edits the order's terms and payment, and the assets of the first period not yet fixed (they start as the set
 * changes go to). The terms are saved with updateOrder and a changed asset set with changeAssets, in the order
 * editSequence gives.
 */
function OrderEdit({ id }: { id: string }) {
  const { t } = useTranslation('subscriptions');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const order = useSubscriptionOrder(id);
  const assets = useAllOrderAssets(id, 'next');
  const update = useUpdateOrder(id);
  const changeAssets = useChangeAssets(id);
  const title = order.data ? t('form.editTitle', { no: order.data.no }) : t('detail.titleLoading');

  if (order.error) {
    if (isApiError(order.error) && order.error.status === 404) return <DataMissing />;
    return <Alert type="error" showIcon title={order.error.message} />;
  }
  if (!order.data || !assets.data) {
    return (
      <PageContainer title={title}>
        <Card>
          <Flex justify="center" style={{ padding: 48 }}>
            {assets.error ? <Alert type="error" showIcon title={assets.error.message} /> : <Spin />}
          </Flex>
        </Card>
      </PageContainer>
    );
  }
  const o = order.data;
  const before = assets.data.map((a) => a.no);
  if (o.status === 'finished') return <DataMissing message={t('form.finished')} />;

  return (
    <PageContainer title={title} documentTitle={o.no}>
      <OrderForm
        mode="edit"
        order={o}
        initialValues={formValuesOf(o, before)}
        submitText={t('action.save')}
        onSubmit={async (check) => {
          for (const call of editSequence(check.body.assetQuota, before, check.assetNos)) {
            if (call === 'terms') await update.mutateAsync(check.body);
            else await changeAssets.mutateAsync(check.assetNos);
          }
          void message.success(t('form.saved'));
        }}
        onDone={() => navigate(urls.detail(id))}
        onCancel={() => navigate(urls.detail(id))}
      />
    </PageContainer>
  );
}
