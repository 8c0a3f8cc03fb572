import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { useCreateOrder } from '../api.ts';
import { newOrderValues } from '../components/order-form.model.ts';
import { OrderForm } from '../components/order-form.tsx';
import { subscriptionUrls } from '../urls.ts';

const urls = subscriptionUrls('management');

/** /subscription/management/new: subscribe a partner in three steps; the new order's detail follows. */
export default function SubscriptionOrderNewPage() {
  const { t } = useTranslation('subscriptions');
  const navigate = useNavigate();
  const create = useCreateOrder();
  const created = useRef<string | null>(null);
  return (
    <PageContainer title={t('form.newTitle')}>
      <OrderForm
        mode="new"
        initialValues={newOrderValues}
        submitText={t('form.create')}
        onSubmit={async (check) => {
          created.current = (await create.mutateAsync(check.body)).id;
        }}
        onDone={() => navigate(created.current ? urls.detail(created.current) : urls.list())}
        onCancel={() => navigate(urls.list())}
      />
    </PageContainer>
  );
}
