import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { Checkbox } from 'radix-ui';
import { Check, KeyRound, ShieldCheck } from 'lucide-react';
import { useForm, useStore } from '@tanstack/react-form';
import { useEffect, useState } from 'react';
import { currentUserQuery } from '../api/queries';
import { submitForm } from '../forms/contractForm';
import { toast } from '../toast/toastStore';
import { FullScreenSpinner } from '../ui/Spinner';
import { inputClass, linkClass, outlineButtonClass, primaryButtonClass } from '../ui/styles';
import { adminContactLink, footerLinks } from './links';
import { OrganizationPicker } from './OrganizationPicker';
import { PasswordField } from './PasswordField';
import { useLogin, useSsoStart } from './mutations';
import {
  forgotPasswordToast,
  hasCallbackCode,
  hasCredentials,
  linkedEmail,
  signInCallbackFailureToast,
  signUpToast,
  ssoAttemptToast,
  validationErrorToast,
} from './signIn';
import { useOrganizationDetection } from './useOrganizationDetection';

export function SignInPage() {
  const { t } = useTranslation();
  // The mail subjects are in the language shown.
  const links = footerLinks();
  const contactLink = adminContactLink();
  const signedIn = useQuery(currentUserQuery);

  // The organization is not sent with the credentials: it only names the SSO connection.
  const [organization, setOrganization] = useState('');

  const login = useLogin();
  const sso = useSsoStart();
  const form = useForm({
    defaultValues: { email: linkedEmail(window.location.search), password: '', rememberMe: false },
    onSubmit: ({ value: { email, password, rememberMe } }) => {
      if (!hasCredentials(email, password)) {
        toast(validationErrorToast());
        return;
      }
      login.mutate({ email: email.trim(), password, rememberMe });
    },
  });
  const email = useStore(form.store, (state) => state.values.email);
  const detected = useOrganizationDetection(email);

  // '/?code=...': a sign-in that completed on the server has opened the session, so the page
  // goes on to /dashboard (below); without a session the callback failed, and the page says so.
  useEffect(() => {
    if (signedIn.isPending || signedIn.data || !hasCallbackCode(window.location.search)) return;
    toast(signInCallbackFailureToast());
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [signedIn.isPending, signedIn.data]);

  if (signedIn.data && !login.isPending) return <Navigate to="/dashboard" replace />;

  const startSso = () => {
    const identifier =
      organization || (detected?.samlEnabled ? (detected.auth0OrgId ?? detected.name) : null);
    if (!identifier || identifier.includes(' ')) {
      toast(ssoAttemptToast(identifier));
      return;
    }
    sso.mutate(identifier);
  };

  const busy = login.isPending || sso.isPending || sso.isSuccess;

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4 text-slate-900 dark:bg-slate-900 dark:text-slate-50">
      {login.isPending && <FullScreenSpinner title={t('signIn.signingIn')} />}
      {(sso.isPending || sso.isSuccess) && <FullScreenSpinner title={t('signIn.startingSso')} />}
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-950">
        <header className="mb-6 text-center">
          <h1 className="text-2xl font-bold">{t('signIn.title')}</h1>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('signIn.subtitle')}</p>
        </header>

        <form
          noValidate
          onSubmit={submitForm(form)}
          className="space-y-4"
          aria-label={t('signIn.formLabel')}
        >
          <OrganizationPicker value={organization} onChange={setOrganization} disabled={busy} />

          <div className="space-y-2">
            <div className="flex items-center justify-between">
              <label htmlFor="email" className="text-sm font-medium">
                {t('signIn.email')}
              </label>
              {detected?.samlEnabled && (
                <span
                  data-testid="saml-badge"
                  className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-900/40 dark:text-green-300"
                >
                  <ShieldCheck className="size-3" /> {t('signIn.samlAvailable')}
                </span>
              )}
            </div>
            <form.Field name="email">
              {(field) => (
                <input
                  id="email"
                  name="email"
                  type="email"
                  required
                  autoComplete="email"
                  placeholder={t('signIn.emailPlaceholder')}
                  value={field.state.value}
                  disabled={busy}
                  onChange={(event) => field.handleChange(event.target.value)}
                  onBlur={field.handleBlur}
                  className={inputClass}
                />
              )}
            </form.Field>
          </div>

          <div className="space-y-2">
            <label htmlFor="password" className="text-sm font-medium">
              {t('signIn.password')}
            </label>
            <form.Field name="password">
              {(field) => (
                <PasswordField
                  id="password"
                  value={field.state.value}
                  onChange={field.handleChange}
                  disabled={busy}
                />
              )}
            </form.Field>
          </div>

          <div className="flex items-center justify-between">
            <div className="flex items-center gap-2">
              <form.Field name="rememberMe">
                {(field) => (
                  <Checkbox.Root
                    id="remember-me"
                    checked={field.state.value}
                    onCheckedChange={(checked) => field.handleChange(checked === true)}
                    disabled={busy}
                    className="flex size-4 items-center justify-center rounded border border-slate-400 data-[state=checked]:border-blue-600 data-[state=checked]:bg-blue-600 dark:border-slate-600"
                  >
                    <Checkbox.Indicator>
                      <Check className="size-3 text-white" />
                    </Checkbox.Indicator>
                  </Checkbox.Root>
                )}
              </form.Field>
              <label htmlFor="remember-me" className="text-sm">
                {t('signIn.rememberMe')}
              </label>
            </div>
            <button
              type="button"
              onClick={() => toast(forgotPasswordToast())}
              className={`text-sm ${linkClass}`}
            >
              {t('signIn.forgotPassword')}
            </button>
          </div>

          <button type="submit" disabled={busy} className={primaryButtonClass}>
            {t('signIn.submit')}
          </button>
        </form>

        <div className="my-6 flex items-center gap-3 text-xs text-slate-500 uppercase dark:text-slate-400">
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
          {t('signIn.orContinueWith')}
          <span className="h-px flex-1 bg-slate-200 dark:bg-slate-800" />
        </div>

        <button type="button" onClick={startSso} disabled={busy} className={outlineButtonClass}>
          <KeyRound className="size-4" /> {t('signIn.sso')}
        </button>

        <footer className="mt-6 space-y-3 text-center text-sm text-slate-500 dark:text-slate-400">
          <p>
            {t('signIn.noAccount')}{' '}
            <button type="button" onClick={() => toast(signUpToast())} className={linkClass}>
              {t('signIn.signUp')}
            </button>
          </p>
          <p>
            {t('signIn.needAccess')}{' '}
            <a href={contactLink} className={linkClass}>
              {t('signIn.contactAdministrator')}
            </a>
          </p>
          <p className="flex justify-center gap-4 text-xs">
            {links.map((link) => (
              <a key={link.page} href={link.href} className="hover:underline">
                {t(`auth.${link.page}.title`)}
              </a>
            ))}
          </p>
        </footer>
      </div>
    </main>
  );
}
