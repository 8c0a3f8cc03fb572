import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../shared/ui/page-container.tsx';
import { SubscriptionTicketForm } from '../components/ticket-form.tsx';

/** /subscription/service/ticket/new: the partner reports a broken subscribed asset. */
export default function SubscriptionTicketNewPage() {
  const { t } = useTranslation('subscription-tickets');
  return (
    <PageContainer title={t('form.newTitle')}>
      <SubscriptionTicketForm />
    </PageContainer>
  );
}
