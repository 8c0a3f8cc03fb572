import { oidcEndpoints } from '@fleetdesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../shared/http.ts';
import { profileQuery } from '../../shared/profile.ts';
import { setToken } from '../../shared/session.ts';
import { translateValidationMessage } from '../../shared/ui/form-errors.ts';
import { Splash } from '../errors/splash.tsx';
import { useDocumentTitle } from '../layout/document-title.ts';
import { takeRedirect } from './oidc.ts';
import { safeRedirect } from './redirect.ts';

/**
 * /auth/oidc?code=…: the end of a third-party sign-in. The server's callback left a one-time code (valid a
 * minute, single use) that is traded here for the session, so the session token never appears in a URL.
 */
export default function OidcFinishPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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
      .then(async ({ data }) => {
        setToken(data.token);
        await queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
        navigate(safeRedirect(takeRedirect()) ?? '/', { replace: true });
      })
      .catch((error: Error) => setFailure(translateValidationMessage(error.message)));
  }, [search, navigate, queryClient]);

  if (!failure) return <Splash />;
  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card style={{ width: '100%', maxWidth: 400 }}>
        <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />
        <Link to="/auth/login" replace>
          <Button type="primary" block>
            {t('login.oidc.backToLogin')}
          </Button>
        </Link>
      </Card>
    </Flex>
  );
}
