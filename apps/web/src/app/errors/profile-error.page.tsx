import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainResult } from './plain-result.tsx';

/**
 * The profile could not be loaded (server down, network): retry, or sign out and start over. Plain markup (see
 * PlainResult): it shows when requests fail, when antd's chunks may not arrive either, and keeps antd's Result and
 * its illustrations off the console's first screen (issue 27).
 */
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
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '100vh' }}>
      <PlainResult
        icon="error"
        title={t('error.profile')}
        subTitle={message}
        extra={
          <>
            <button
              type="button"
              className="fd-button fd-button-primary"
              disabled={retrying}
              aria-busy={retrying}
              onClick={onRetry}
            >
              {t('action.retry')}
            </button>
            <Link to="/auth/logout" className="fd-button">
              {t('shell.logout')}
            </Link>
          </>
        }
      />
    </div>
  );
}
