import { useTranslation } from 'react-i18next';
import '../plain-ui.css';

/**
 * Shown while the profile loads (document 1 §2.1): the logo and a spinner, nothing that could flash away. Plain
 * markup: it is the first screen's fallback, before antd (issue 27).
 */
export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="fd-plain fd-center">
      <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="Fleetdesk" width={72} height={72} />
      <span className="fd-spinner fd-spinner-large" role="status" aria-label={t('shell.loading')} />
    </div>
  );
}
