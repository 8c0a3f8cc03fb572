import { oidcEndpoints } from '@fleetdesk/contracts';
import { Alert, Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../shared/http.ts';
import { translateValidationMessage } from '../../shared/ui/form-errors.ts';
import { Splash } from '../errors/splash.tsx';
import { useDocumentTitle } from '../layout/document-title.ts';
import { AuthCard } from './auth-card.tsx';
import { useFinishSignIn } from './finish-sign-in.ts';
import { takeRedirect } from './oidc.ts';

/**
 * /auth/oidc?code=…: the end of a third-party sign-in. The server's callback left a one-time code (valid a
 * minute, single use) that is traded here for the session, so the session token never appears in a URL.
 */
export default function OidcFinishPage() {
  const { t } = useTranslation();
  const finishSignIn = useFinishSignIn();
  const [search] = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useDocumentTitle(t('login.title'));

  useEffect(() => {
    // Once: a second exchange of the same code would fail and hide the first one's success.
    if (started.current) return;
    started.current = true;
    const code = search.get('code') ?? '';
    // The code leaves the address bar and the history at once.
    window.history.replaceState(null, '', window.location.pathname);
    call(oidcEndpoints.exchange, { body: { code } }, { notify: false })
      .then(({ data }) => finishSignIn(data.token, takeRedirect()))
      .catch((error: Error) => setFailure(translateValidationMessage(error.message)));
  }, [search, finishSignIn]);

  if (!failure) return <Splash />;
  return (
    <AuthCard title={t('login.title')}>
      <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />
      <Link to="/auth/login" replace>
        <Button type="primary" block>
          {t('login.oidc.backToLogin')}
        </Button>
      </Link>
    </AuthCard>
  );
}
