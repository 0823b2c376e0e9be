import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
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
            Back to sign in
          </Link>
        </p>
      </article>
    </main>
  );
}

export function PrivacyPage() {
  return (
    <InfoPage title="Privacy Policy" testId="privacy-page">
      <p>
        Frontline Hub is run for your organization, which decides who has an account and what is
        recorded. This page says what the product keeps about you and why.
      </p>
      <h2>What is kept</h2>
      <ul className="list-disc space-y-1 pl-5">
        <li>Your account: name, email address, role, organization, sign-in times.</li>
        <li>
          Your profile picture. It is also used to recognise you in performance videos your
          organization uploads for analysis against its procedures.
        </li>
        <li>
          Training records: observations of your work, their answers and notes, course progress,
          certifications, acknowledgements of procedures.
        </li>
        <li>Camera presence records on the floor, kept for the period your organization sets.</li>
        <li>A log of security-relevant actions (sign-ins, account and permission changes).</li>
      </ul>
      <h2>Who sees it</h2>
      <p>
        People of your organization, according to their role (an operator sees his own records;
        supervisors, managers and administrators see their organization&apos;s), and the platform
        administrator who runs the service. Nothing is sold or shared for advertising.
      </p>
      <h2>Your choices</h2>
      <p>
        You can change your name, email address, password and notification preferences on your
        profile. To correct or remove other records, ask your organization&apos;s administrator.
      </p>
    </InfoPage>
  );
}

export function TermsPage() {
  return (
    <InfoPage title="Terms of Service" testId="terms-page">
      <p>
        Frontline Hub is provided to your organization for training and supervising its workforce
        against its standard operating procedures. By signing in you agree to use it for that
        purpose, under your organization&apos;s own rules.
      </p>
      <h2>Your account</h2>
      <p>
        Your account is personal: keep your password to yourself and sign out on shared devices.
        Accounts are created, re-invited and removed by your organization&apos;s administrator.
      </p>
      <h2>Content</h2>
      <p>
        Documents, videos and records belong to your organization. Upload only material your
        organization is entitled to use; the product processes it (text extraction, evaluations,
        video analysis) only to provide the service.
      </p>
      <h2>Availability</h2>
      <p>
        The service is provided as your organization&apos;s agreement describes. Questions about
        these terms go to your organization&apos;s administrator.
      </p>
    </InfoPage>
  );
}

export function SupportPage() {
  return (
    <InfoPage title="Support" testId="support-page">
      <h2>Cannot sign in?</h2>
      <p>
        There is no self-service password reset: your administrator resets passwords and resends
        invitations. If your organization signs in with single sign-on (SSO SAML), use the same
        account as for your other work tools; problems with it go to your IT department.
      </p>
      <h2 id="administrator">Contact your administrator</h2>
      <p>
        Each organization has administrators who create accounts, set roles and resend invitation
        links. Ask your supervisor or manager who they are.
        {isEmail(ADMIN_CONTACT_EMAIL) && (
          <>
            {' '}
            You can also write to{' '}
            <a href={mailto(ADMIN_CONTACT_EMAIL, 'Account access')} className={linkClass}>
              {ADMIN_CONTACT_EMAIL}
            </a>
            .
          </>
        )}
      </p>
      <h2>Something does not work</h2>
      <p>
        {isEmail(SUPPORT_EMAIL) ? (
          <>
            Write to{' '}
            <a href={mailto(SUPPORT_EMAIL, 'Support request')} className={linkClass}>
              {SUPPORT_EMAIL}
            </a>{' '}
            with what you did, what you expected and what you saw.
          </>
        ) : (
          'Tell your administrator what you did, what you expected and what you saw; they can reach the platform administrator.'
        )}
      </p>
    </InfoPage>
  );
}
