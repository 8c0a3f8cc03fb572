import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The generic warning page: detail and edit pages show it when their record answers 404. */
export function DataMissing({ message }: { message?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={message ?? t('error.dataMissing')}
      extra={
        <Button type="primary" onClick={() => navigate(-1)}>
          {t('action.back')}
        </Button>
      }
    />
  );
}
