import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The profile could not be loaded (server down, network): retry, or sign out and start over. */
export function ProfileErrorPage({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Result
        status="error"
        title={t('error.profile')}
        subTitle={message}
        extra={[
          <Button key="retry" type="primary" loading={retrying} onClick={onRetry}>
            {t('action.retry')}
          </Button>,
          <Link key="logout" to="/auth/logout">
            <Button>{t('shell.logout')}</Button>
          </Link>,
        ]}
      />
    </Flex>
  );
}
