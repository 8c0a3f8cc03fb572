import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../shared/http.ts';
import { useOidcConfig } from '../../shared/oidc-config.ts';
import { signInEndpoints } from '../../shared/sign-in-endpoints.ts';
import { translateValidationMessage } from '../../shared/ui/form-errors.ts';
import { Notice } from './login-fields.tsx';
import { rememberRedirect } from './oidc.ts';
import { Icon } from './plain-icons.tsx';

/**
 * "Sign in with <provider>" under the login forms, only when the server is configured for it. The session it
 * ends in is the short one: the provider's own session makes the next sign-in one click anyway. Plain markup, as
 * the login page it sits on (issue 27).
 */
export function OidcSignIn({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  const config = useOidcConfig();
  const start = useMutation({
    mutationFn: () => call(signInEndpoints.oidcStart, { body: { rememberMe: false } }, { notify: false }),
    onSuccess: ({ data }) => {
      rememberRedirect(redirect);
      window.location.assign(data.authorizationUrl);
    },
  });
  if (!config.data?.enabled) return null;
  const name = config.data.name ?? t('login.oidc.defaultName');
  // Busy from the click until the browser has left for the provider.
  const busy = start.isPending || start.isSuccess;
  return (
    <>
      <div className="fd-divider">{t('login.oidc.or')}</div>
      <button
        type="button"
        className="fd-button fd-button-block"
        aria-busy={busy}
        onClick={() => {
          if (!busy) start.mutate();
        }}
      >
        {busy ? <span className="fd-spinner" aria-hidden="true" /> : <Icon name="Login" />}
        {t('login.oidc.button', { name })}
      </button>
      {start.error && <Notice type="error">{translateValidationMessage(start.error.message)}</Notice>}
    </>
  );
}

/** The reason the server's callback sent the browser back to the login page (`?error=`), in words. */
export function OidcRefusal({ code }: { code: string | null }) {
  const { t } = useTranslation();
  if (!code?.startsWith('Oidc')) return null;
  return (
    <Notice type="error">{t(`login.oidcError.${code}`, { defaultValue: t('login.oidcError.OidcFailed') })}</Notice>
  );
}
