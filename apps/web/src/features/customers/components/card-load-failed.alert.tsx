import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a card of the deposits tab shows when its call failed: the reason in words and a Retry button. */
export function CardLoadFailedAlert({ title, onRetry }: { title: string; onRetry: () => unknown }) {
  const { t } = useTranslation('deposits');
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      action={
        <Button size="small" onClick={() => onRetry()}>
          {t('action.retry')}
        </Button>
      }
    />
  );
}
