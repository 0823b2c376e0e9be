import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { linkClass } from '../ui/styles';
import { ADMIN_CONTACT_EMAIL, isEmail, mailto, SUPPORT_EMAIL } from './links';

/** A public page linked from the sign-in page: readable without an account. */
function InfoPage({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main
      data-testid={testId}
      className="min-h-screen bg-slate-50 p-4 text-slate-900 dark:bg-slate-900 dark:text-slate-50"
    >
      <article className="mx-auto max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-8 text-sm leading-6 shadow-sm dark:border-slate-800 dark:bg-slate-950 [&_h2]:pt-2 [&_h2]:text-base [&_h2]:font-semibold">
        <h1 className="text-2xl font-bold">{title}</h1>
        {children}
        <p className="pt-4">
          <Link to="/" className={linkClass}>
            {t('auth.backToSignIn')}
          </Link>
        </p>
      </article>
    </main>
  );
}

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <InfoPage title={t('auth.privacy.title')} testId="privacy-page">
      <p>{t('auth.privacy.intro')}</p>
      <h2>{t('auth.privacy.keptTitle')}</h2>
      <ul className="list-disc space-y-1 pl-5">
        <li>{t('auth.privacy.account')}</li>
        <li>{t('auth.privacy.photo')}</li>
        <li>{t('auth.privacy.training')}</li>
        <li>{t('auth.privacy.presence')}</li>
        <li>{t('auth.privacy.log')}</li>
      </ul>
      <h2>{t('auth.privacy.whoTitle')}</h2>
      <p>{t('auth.privacy.who')}</p>
      <h2>{t('auth.privacy.choicesTitle')}</h2>
      <p>{t('auth.privacy.choices')}</p>
    </InfoPage>
  );
}

export function TermsPage() {
  const { t } = useTranslation();
  return (
    <InfoPage title={t('auth.terms.title')} testId="terms-page">
      <p>{t('auth.terms.intro')}</p>
      <h2>{t('auth.terms.accountTitle')}</h2>
      <p>{t('auth.terms.account')}</p>
      <h2>{t('auth.terms.contentTitle')}</h2>
      <p>{t('auth.terms.content')}</p>
      <h2>{t('auth.terms.availabilityTitle')}</h2>
      <p>{t('auth.terms.availability')}</p>
    </InfoPage>
  );
}

export function SupportPage() {
  const { t } = useTranslation();
  return (
    <InfoPage title={t('auth.support.title')} testId="support-page">
      <h2>{t('auth.support.cannotSignInTitle')}</h2>
      <p>{t('auth.support.cannotSignIn')}</p>
      <h2 id="administrator">{t('auth.support.administratorTitle')}</h2>
      <p>
        {t('auth.support.administrator')}
        {isEmail(ADMIN_CONTACT_EMAIL) && (
          <>
            {' '}
            <Trans
              i18nKey="auth.support.writeToAdministrator"
              values={{ email: ADMIN_CONTACT_EMAIL }}
              components={{
                mail: (
                  <a
                    href={mailto(ADMIN_CONTACT_EMAIL, t('auth.support.administratorSubject'))}
                    className={linkClass}
                  />
                ),
              }}
            />
          </>
        )}
      </p>
      <h2>{t('auth.support.brokenTitle')}</h2>
      <p>
        {isEmail(SUPPORT_EMAIL) ? (
          <Trans
            i18nKey="auth.support.writeToSupport"
            values={{ email: SUPPORT_EMAIL }}
            components={{
              mail: (
                <a
                  href={mailto(SUPPORT_EMAIL, t('auth.support.supportSubject'))}
                  className={linkClass}
                />
              ),
            }}
          />
        ) : (
          t('auth.support.tellAdministrator')
        )}
      </p>
    </InfoPage>
  );
}
