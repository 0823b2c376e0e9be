import { SamlErrorCode } from '@hub/proto';
import type { ToastInput } from '../toast/toastStore';
import { ApiError } from '../api/client';
import { i18n } from '../i18n/i18n';
import type { auth } from '../i18n/locales/en/auth';

/** 'ada@plant.example' -> 'plant.example'; no '@' (or nothing after it) gives ''. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '';
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase();
}

/** The sign-in toasts are built when shown, in the language shown then. */
type Plain = Exclude<keyof typeof auth.toasts, 'loginSucceededDescription'>;
const text = (key: Plain): string => i18n.t(`auth.toasts.${key}`);

export const validationErrorToast = (): ToastInput => ({
  title: text('validationTitle'),
  description: text('validationDescription'),
  variant: 'destructive',
});

export function hasCredentials(email: string, password: string): boolean {
  return email.trim() !== '' && password !== '';
}

/** Spec section 8: server message when present, else a fixed fallback; exceptions get their own text. */
export function loginFailureToast(error: unknown): ToastInput {
  if (error instanceof ApiError) {
    return {
      title: text('loginFailedTitle'),
      description: error.serverMessage ?? text('loginFailedDescription'),
      variant: 'destructive',
    };
  }
  return {
    title: text('loginFailedTitle'),
    description: text('loginErrorDescription'),
    variant: 'destructive',
  };
}

export function loginSuccessToast(name: string): ToastInput {
  return {
    title: text('loginSucceededTitle'),
    description: i18n.t('auth.toasts.loginSucceededDescription', { name }),
  };
}

/**
 * Why SSO cannot start for this organization identifier, or null when it can: an identifier
 * with a space is a name, not an id, and is rejected (spec section 5).
 */
export function ssoAttemptToast(organizationIdentifier: string | null): ToastInput {
  if (organizationIdentifier !== null && organizationIdentifier.includes(' ')) {
    return {
      title: text('ssoTitle'),
      description: text('ssoInvalidOrganization'),
      variant: 'destructive',
    };
  }
  return { title: text('ssoTitle'), description: text('ssoFailed'), variant: 'destructive' };
}

/** Spec section 8: connection or CORS failures name the missing configuration; messages about the organization are shown as is. */
export function ssoFailureToast(error: unknown): ToastInput {
  const message = error instanceof Error ? error.message : '';
  let description = text('ssoFailed');
  if (/refused to connect|cors/i.test(message)) {
    description = text('ssoNotConfigured');
  } else if (/organization/i.test(message)) {
    description = message;
  }
  return { title: text('ssoTitle'), description, variant: 'destructive' };
}

/** The toast for an SSO sign-in the server refused (`/callback?error=code`). */
export function ssoRefusedToast(code: string): ToastInput {
  // proto's messages are the English reference; the reader's language comes from the catalog.
  const known = SamlErrorCode.safeParse(code);
  const description = known.success
    ? i18n.t(`auth.samlErrors.${known.data}`)
    : text('callbackFailed');
  return { title: text('authenticationTitle'), description, variant: 'destructive' };
}

export const forgotPasswordToast = (): ToastInput => ({
  title: text('passwordResetTitle'),
  description: text('passwordResetDescription'),
});

export const signUpToast = (): ToastInput => ({
  title: text('signUpTitle'),
  description: text('signUpDescription'),
});

export const callbackFailureToast = (): ToastInput => ({
  title: text('authenticationTitle'),
  description: text('callbackFailed'),
  variant: 'destructive',
});

/** Spec: the sign-in page's own callback failure ('/?code=...' that opened no session). */
export const signInCallbackFailureToast = (): ToastInput => ({
  title: text('authenticationTitle'),
  description: text('signInCallbackFailed'),
  variant: 'destructive',
});

/** Whether the address carries an external sign-in's 'code=' parameter. */
export function hasCallbackCode(search: string): boolean {
  return new URLSearchParams(search).has('code');
}

/**
 * The email an invitation to a single sign-on organization links with (`/login?email=`): the
 * form starts with it, so the organization is detected and its SSO button is one click away.
 */
export function linkedEmail(search: string): string {
  return new URLSearchParams(search).get('email')?.trim() ?? '';
}
