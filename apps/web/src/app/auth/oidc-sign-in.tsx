import { LoginOutlined } from '@ant-design/icons';
import { oidcEndpoints } from '@fleetdesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/http.ts';
import { useOidcConfig } from '../../shared/oidc-config.ts';
import { translateValidationMessage } from '../../shared/ui/form-errors.ts';
import { rememberRedirect } from './oidc.ts';

/**
 * "Sign in with <provider>" under the login forms, only when the server is configured for it. The session it
 * ends in is the short one: the provider's own session makes the next sign-in one click anyway.
 */
export function OidcSignIn({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  const config = useOidcConfig();
  const start = useMutation({
    mutationFn: () => call(oidcEndpoints.start, { body: { rememberMe: false } }, { notify: false }),
    onSuccess: ({ data }) => {
      rememberRedirect(redirect);
      window.location.assign(data.authorizationUrl);
    },
  });
  if (!config.data?.enabled) return null;
  const name = config.data.name ?? t('login.oidc.defaultName');
  return (
    <>
      <Divider plain>{t('login.oidc.or')}</Divider>
      <Button
        block
        icon={<LoginOutlined />}
        loading={start.isPending || start.isSuccess}
        onClick={() => start.mutate()}
      >
        {t('login.oidc.button', { name })}
      </Button>
      {start.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          style={{ marginTop: 12 }}
          title={translateValidationMessage(start.error.message)}
        />
      )}
    </>
  );
}

/** The reason the server's callback sent the browser back to the login page (`?error=`), in words. */
export function OidcRefusal({ code }: { code: string | null }) {
  const { t } = useTranslation();
  if (!code?.startsWith('Oidc')) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      style={{ marginBottom: 12 }}
      title={t(`login.oidcError.${code}`, { defaultValue: t('login.oidcError.OidcFailed') })}
    />
  );
}
