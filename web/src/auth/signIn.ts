import { SAML_ERROR_MESSAGES } from '@hub/proto';
import type { ToastInput } from '../toast/toastStore';
import { ApiError } from '../api/client';

/** 'ada@plant.example' -> 'plant.example'; no '@' (or nothing after it) gives ''. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '';
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase();
}

export const VALIDATION_ERROR: ToastInput = {
  title: 'Validation Error',
  description: 'Please enter both email and password.',
  variant: 'destructive',
};

export function hasCredentials(email: string, password: string): boolean {
  return email.trim() !== '' && password !== '';
}

/** Spec section 8: server message when present, else a fixed fallback; exceptions get their own text. */
export function loginFailureToast(error: unknown): ToastInput {
  if (error instanceof ApiError) {
    return {
      title: 'Login Failed',
      description: error.serverMessage ?? 'Invalid email or password. Please try again.',
      variant: 'destructive',
    };
  }
  return {
    title: 'Login Failed',
    description: 'An error occurred during login. Please try again.',
    variant: 'destructive',
  };
}

export function loginSuccessToast(name: string): ToastInput {
  return { title: 'Login Successful', description: `Welcome back, ${name}!` };
}

const SSO_DEFAULT = 'Failed to initiate SSO login.';

/**
 * Why SSO cannot start for this organization identifier, or null when it can: an identifier
 * with a space is a name, not an id, and is rejected (spec section 5).
 */
export function ssoAttemptToast(organizationIdentifier: string | null): ToastInput {
  if (organizationIdentifier !== null && organizationIdentifier.includes(' ')) {
    return {
      title: 'SSO Error',
      description: 'Invalid organization identifier. Please contact your administrator.',
      variant: 'destructive',
    };
  }
  return { title: 'SSO Error', description: SSO_DEFAULT, variant: 'destructive' };
}

/** Spec section 8: connection or CORS failures name the missing configuration; messages about the organization are shown as is. */
export function ssoFailureToast(error: unknown): ToastInput {
  const message = error instanceof Error ? error.message : '';
  let description = SSO_DEFAULT;
  if (/refused to connect|cors/i.test(message)) {
    description = 'Auth0 configuration required for SAML. Please contact your administrator.';
  } else if (/organization/i.test(message)) {
    description = message;
  }
  return { title: 'SSO Error', description, variant: 'destructive' };
}

/** The toast for an SSO sign-in the server refused (`/callback?error=code`). */
export function ssoRefusedToast(code: string): ToastInput {
  const description =
    (SAML_ERROR_MESSAGES as Record<string, string>)[code] ?? CALLBACK_FAILURE_TOAST.description;
  return { title: 'Authentication Error', description, variant: 'destructive' };
}

export const FORGOT_PASSWORD_TOAST: ToastInput = {
  title: 'Password Reset',
  description: 'Please contact your administrator to reset your password.',
};

export const SIGN_UP_TOAST: ToastInput = {
  title: 'Contact Administrator',
  description: 'Please contact your organization administrator to create an account.',
};

export const CALLBACK_FAILURE_TOAST: ToastInput = {
  title: 'Authentication Error',
  description: 'There was an error processing your login. Please try again.',
  variant: 'destructive',
};

/** Spec: the sign-in page's own callback failure ('/?code=...' that opened no session). */
export const SIGN_IN_CALLBACK_FAILURE_TOAST: ToastInput = {
  title: 'Authentication Error',
  description: 'Failed to process authentication. Please try again.',
  variant: 'destructive',
};

/** Whether the address carries an external sign-in's 'code=' parameter. */
export function hasCallbackCode(search: string): boolean {
  return new URLSearchParams(search).has('code');
}
