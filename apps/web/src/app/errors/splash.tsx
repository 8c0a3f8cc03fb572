import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while the profile loads (document 1 §2.1): the logo and a spinner, nothing that could flash away. */
export function Splash() {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" justify="center" gap={24} style={{ minHeight: '100vh' }}>
      <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="Fleetdesk" width={72} height={72} />
      <Spin size="large" aria-label={t('shell.loading')} />
    </Flex>
  );
}
