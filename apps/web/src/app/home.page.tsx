import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useHomePath } from './layout/use-menu.ts';

/**
 * `/` and the fallback of legacy redirects: the first menu page this user may open (the asset dashboard
 * once that screen exists and the user may read assets).
 */
export default function HomePage() {
  const { t } = useTranslation();
  const home = useHomePath();
  if (home) return <Navigate to={home} replace />;
  return <Result status="info" title={t('shell.noPagesTitle')} subTitle={t('shell.noPages')} />;
}
