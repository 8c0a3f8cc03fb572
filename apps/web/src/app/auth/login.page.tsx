import type { LoginBody } from '@fleetdesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError, call } from '../../shared/http.ts';
import { getDeviceToken, setDeviceToken } from '../../shared/session.ts';
import { signInEndpoints } from '../../shared/sign-in-endpoints.ts';
import { translateValidationMessage } from '../../shared/ui/form-errors.ts';
import { useDocumentTitle } from '../layout/document-title.ts';
import { prefetchShell } from '../router.tsx';
import { useFinishSignIn } from './finish-sign-in.ts';
import { LocaleMenu } from './locale-menu.tsx';
import { passwordLogin } from './login-body.ts';
import { Field, IconInput, Notice, requiredFieldAria } from './login-fields.tsx';
import { OidcRefusal, OidcSignIn } from './oidc-sign-in.tsx';
import { Icon } from './plain-icons.tsx';
import { safeRedirect } from './redirect.ts';
import '../plain-ui.css';
import './login.css';

/** E.164 as the contracts define it (+ country code, 7 to 15 digits). */
const E164 = /^\+[1-9]\d{6,14}$/;

type Tab = 'email' | 'phone';
const tabs: Tab[] = ['email', 'phone'];

/**
 * /auth/login: Email and Phone tabs; the server's refusal is shown inline, not as a notification. Plain React and
 * one stylesheet, no antd: this is the first screen, and its budget is 150 KB of gzip for everything (issue 27).
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const finishSignIn = useFinishSignIn();
  const [tab, setTab] = useState<Tab>('email');
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ email: null, phone: null });
  useDocumentTitle(t('login.title'));

  const login = useMutation({
    mutationFn: (body: LoginBody) => {
      // The console's routes download while the password is checked, not after.
      prefetchShell();
      const deviceToken = getDeviceToken();
      return call(signInEndpoints.login, { body: deviceToken ? { ...body, deviceToken } : body }, { notify: false });
    },
    onSuccess: ({ data }) => {
      setDeviceToken(data.deviceToken);
      finishSignIn(data.token, search.get('redirect'));
    },
  });

  const failure = login.error instanceof ApiError ? translateValidationMessage(login.error.message) : null;
  const submit = (body: LoginBody) => {
    if (!login.isPending) login.mutate(body);
  };
  const select = (next: Tab) => {
    setTab(next);
    login.reset();
  };
  // The tab list as WAI-ARIA describes it: one tab stop, the arrow keys move between tabs and show them.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -tabs.length, End: tabs.length }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const index = Math.min(tabs.length - 1, Math.max(0, tabs.indexOf(tab) + step));
    const next = tabs[index] ?? 'email';
    select(next);
    tabRefs.current[next]?.focus();
  };
  const tabLabels: Record<Tab, string> = { email: t('login.tabEmail'), phone: t('login.tabPhone') };

  return (
    <div className="fd-plain fd-login">
      <div className="fd-login-locale">
        <LocaleMenu />
      </div>
      <main className="fd-card">
        <header className="fd-login-brand">
          <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="" width={48} height={48} />
          <h1>Fleetdesk</h1>
          <p>{t('login.subtitle')}</p>
        </header>
        <OidcRefusal code={search.get('error')} />
        <div className="fd-tabs" role="tablist">
          {tabs.map((key) => (
            <button
              key={key}
              ref={(element) => {
                tabRefs.current[key] = element;
              }}
              type="button"
              role="tab"
              id={`login-tab-${key}`}
              aria-selected={tab === key}
              aria-controls={`login-panel-${key}`}
              tabIndex={tab === key ? 0 : -1}
              className="fd-tab"
              onClick={() => select(key)}
              onKeyDown={onTabKey}
            >
              {tabLabels[key]}
            </button>
          ))}
        </div>
        {/* Both panels stay mounted, as antd's tabs kept them: switching back keeps what was typed. */}
        <div role="tabpanel" id="login-panel-email" aria-labelledby="login-tab-email" hidden={tab !== 'email'}>
          <EmailForm onSubmit={submit} submitting={login.isPending} />
        </div>
        <div role="tabpanel" id="login-panel-phone" aria-labelledby="login-tab-phone" hidden={tab !== 'phone'}>
          <PhoneForm onSubmit={submit} submitting={login.isPending} />
        </div>
        {failure && <Notice type="error">{failure}</Notice>}
        <OidcSignIn redirect={safeRedirect(search.get('redirect'))} />
        <nav className="fd-login-links">
          <Link to="/auth/forgot-password">{t('login.forgotPassword')}</Link>
          <Link to="/auth/register">{t('login.register')}</Link>
        </nav>
      </main>
    </div>
  );
}

type Errors<K extends string> = Partial<Record<K, string>>;

/**
 * A form's values and their errors, checked as antd's Form did: every field on submit, a field again whenever it
 * changes. On a refused submit the first invalid field takes the focus, which reads its error out.
 */
function useFields<K extends string>(initial: Record<K, string>, check: (name: K, value: string) => string | null) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<K>>({});
  const form = useRef<HTMLFormElement>(null);
  const errorOf = (name: K, value: string) => check(name, value) ?? undefined;
  return {
    form,
    values,
    errors,
    change: (name: K, value: string) => {
      setValues((was) => ({ ...was, [name]: value }));
      setErrors((was) => ({ ...was, [name]: errorOf(name, value) }));
    },
    /** Checks the named fields (all by default): true when they are valid. */
    validate: (names: K[] = Object.keys(initial) as K[]) => {
      const found = Object.fromEntries(names.map((name) => [name, errorOf(name, values[name])])) as Errors<K>;
      setErrors((was) => ({ ...was, ...found }));
      const first = names.find((name) => found[name]);
      if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return first === undefined;
    },
  };
}

function RememberMe({ id, checked, onChange }: { id: string; checked: boolean; onChange: (next: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <div className="fd-field">
      <label className="fd-checkbox">
        <input
          type="checkbox"
          name="rememberMe"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={`${id}-hint`}
        />
        <span>{t('login.rememberMe')}</span>
      </label>
      <div className="fd-hint" id={`${id}-hint`}>
        {t('login.rememberMeHint')}
      </div>
    </div>
  );
}

function SubmitButton({ submitting }: { submitting: boolean }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="fd-button fd-button-primary fd-button-block" aria-busy={submitting}>
      {submitting && <span className="fd-spinner" aria-hidden="true" />}
      {t('login.submit')}
    </button>
  );
}

function EmailForm({ onSubmit, submitting }: { onSubmit: (body: LoginBody) => void; submitting: boolean }) {
  const { t } = useTranslation();
  const [rememberMe, setRememberMe] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const { form, values, errors, change, validate } = useFields({ login: '', password: '' }, (name, value) => {
    if (name === 'login') return value.trim() ? null : t('login.accountRequired');
    return value ? null : t('login.passwordRequired');
  });
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (validate()) onSubmit(passwordLogin(values.login, values.password, rememberMe));
  };
  return (
    <form id="email-login" ref={form} noValidate onSubmit={send}>
      <Field id="email-login-login" label={t('login.account')} required error={errors.login}>
        <IconInput
          icon="User"
          id="email-login-login"
          name="login"
          value={values.login}
          onChange={(event) => change('login', event.target.value)}
          autoComplete="username"
          autoFocus
          {...requiredFieldAria('email-login-login', errors.login, false)}
        />
      </Field>
      <Field id="email-login-password" label={t('login.password')} required error={errors.password}>
        <IconInput
          icon="Lock"
          id="email-login-password"
          name="password"
          type={showPassword ? 'text' : 'password'}
          value={values.password}
          onChange={(event) => change('password', event.target.value)}
          autoComplete="current-password"
          {...requiredFieldAria('email-login-password', errors.password, false)}
          after={
            <button
              type="button"
              className="fd-input-after"
              aria-label={t('login.showPassword')}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((was) => !was)}
            >
              <Icon name={showPassword ? 'Eye' : 'EyeInvisible'} />
            </button>
          }
        />
      </Field>
      <RememberMe id="email-login-remember" checked={rememberMe} onChange={setRememberMe} />
      <SubmitButton submitting={submitting} />
    </form>
  );
}

function PhoneForm({ onSubmit, submitting }: { onSubmit: (body: LoginBody) => void; submitting: boolean }) {
  const { t } = useTranslation();
  const [rememberMe, setRememberMe] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sendError, setSendError] = useState<string | null>(null);
  const { form, values, errors, change, validate } = useFields({ phoneNo: '', verificationCode: '' }, (name, value) => {
    const typed = value.trim();
    if (name === 'phoneNo') {
      if (!typed) return t('login.phoneRequired');
      return E164.test(typed) ? null : t('login.phoneInvalid');
    }
    return /^\d{6}$/.test(typed) ? null : t('login.codeRequired');
  });

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const sendCode = useMutation({
    mutationFn: (phoneNo: string) =>
      call(signInEndpoints.sendVerificationCode, { body: { phoneNo } }, { notify: false }),
    onSuccess: ({ data }) => {
      setSendError(null);
      // The server owns the countdown (it refuses earlier requests with 429).
      setSecondsLeft(data.resendAfterSeconds);
    },
    onError: (error) => setSendError(error.message),
  });

  const requestCode = () => {
    if (validate(['phoneNo']) && !sendCode.isPending) sendCode.mutate(values.phoneNo.trim());
  };
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (validate())
      onSubmit({ phoneNo: values.phoneNo.trim(), verificationCode: values.verificationCode.trim(), rememberMe });
  };

  return (
    <form id="phone-login" ref={form} noValidate onSubmit={send}>
      <Field
        id="phone-login-phone"
        label={t('login.phone')}
        required
        error={errors.phoneNo}
        hint={t('login.phoneHint')}
      >
        <IconInput
          icon="Mobile"
          id="phone-login-phone"
          name="phoneNo"
          type="tel"
          value={values.phoneNo}
          onChange={(event) => change('phoneNo', event.target.value)}
          autoComplete="tel"
          placeholder="+393331234567"
          {...requiredFieldAria('phone-login-phone', errors.phoneNo, true)}
        />
      </Field>
      <Field id="phone-login-code" label={t('login.code')} required error={errors.verificationCode}>
        <div className="fd-compact">
          <IconInput
            icon="Safety"
            id="phone-login-code"
            name="verificationCode"
            value={values.verificationCode}
            onChange={(event) => change('verificationCode', event.target.value)}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            {...requiredFieldAria('phone-login-code', errors.verificationCode, false)}
          />
          <button type="button" className="fd-button" onClick={requestCode} disabled={secondsLeft > 0}>
            {sendCode.isPending && <span className="fd-spinner" aria-hidden="true" />}
            {secondsLeft > 0 ? t('login.resendIn', { count: secondsLeft }) : t('login.sendCode')}
          </button>
        </div>
      </Field>
      {sendCode.isSuccess && secondsLeft > 0 && <Notice type="success">{t('login.codeSent')}</Notice>}
      {sendError && <Notice type="error">{sendError}</Notice>}
      <RememberMe id="phone-login-remember" checked={rememberMe} onChange={setRememberMe} />
      <SubmitButton submitting={submitting} />
    </form>
  );
}
