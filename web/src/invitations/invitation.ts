import { PASSWORD_MIN_LENGTH, PASSWORD_RULES, PASSWORD_SPECIAL_CHARACTERS } from '@hub/proto';
import { ApiError } from '../api/client';
import { i18n } from '../i18n/i18n';
import type { auth } from '../i18n/locales/en/auth';
import type { ToastInput } from '../toast/toastStore';

/** The toasts are built when shown, in the language shown then. */
const text = (key: keyof typeof auth.invitation): string => i18n.t(`auth.invitation.${key}`);

export interface InvitationParams {
  token: string;
  email: string;
}

/** Redirect delays (spec section 9). */
export const INVALID_LINK_REDIRECT_MS = 3000;
export const SETUP_DONE_REDIRECT_MS = 2000;

/** token and email from '?token=..&email=..', or null when either is missing or empty. */
export function readInvitationParams(search: string): InvitationParams | null {
  const params = new URLSearchParams(search);
  const token = params.get('token')?.trim() ?? '';
  const email = params.get('email')?.trim() ?? '';
  return token && email ? { token, email } : null;
}

export function invitationSearch({ token, email }: InvitationParams): string {
  return new URLSearchParams({ token, email }).toString();
}

export const invalidLinkToast = (): ToastInput => ({
  title: text('invalidLinkTitle'),
  description: text('invalidLinkDescription'),
  variant: 'destructive',
});

/** The server refused the link (a 4xx answer); a 5xx or no answer is a failed request. */
export function isRefusedLink(error: unknown): boolean {
  return error instanceof ApiError && error.status < 500;
}

/** A refused link (the redirect follows), or a request that failed and may be retried. */
export function verifyFailureToast(error: unknown): ToastInput {
  if (error instanceof ApiError && isRefusedLink(error)) {
    return {
      // The link is fine, but their organization signs in through its identity provider: the
      // sign-in page the redirect opens is where they go on.
      title: text(error.code === 'invitation_sso_sign_in' ? 'ssoSignInTitle' : 'expiredLinkTitle'),
      description: error.serverMessage ?? text('expiredLinkDescription'),
      variant: 'destructive',
    };
  }
  return {
    title: text('errorTitle'),
    description: text('verifyFailed'),
    variant: 'destructive',
  };
}

export const SPECIAL_CHARACTERS = PASSWORD_SPECIAL_CHARACTERS;

export interface ChecklistItem {
  key: string;
  label: string;
  met: boolean;
}

/**
 * The live requirements list: the same rules the server applies, worded by the catalog under
 * each rule's key (proto's labels are English). It is all the page prints about the rules, so
 * the special-character set appears once (in its rule's label).
 */
export function passwordChecklist(password: string): ChecklistItem[] {
  return PASSWORD_RULES.map((rule) => ({
    key: rule.key,
    label: i18n.t(`auth.passwordRules.${rule.key}`, {
      min: PASSWORD_MIN_LENGTH,
      characters: PASSWORD_SPECIAL_CHARACTERS,
    }),
    met: rule.test(password),
  }));
}

export function passwordMeetsRules(password: string): boolean {
  return PASSWORD_RULES.every((rule) => rule.test(password));
}

/** Why the setup cannot be sent yet, as a toast; null when it can. */
export function setupProblem(
  password: string,
  confirmation: string,
  photo: { required: boolean; chosen: boolean } = { required: false, chosen: false },
): ToastInput | null {
  if (!passwordMeetsRules(password)) {
    return {
      title: text('invalidPasswordTitle'),
      description: text('invalidPasswordDescription'),
      variant: 'destructive',
    };
  }
  if (password !== confirmation) {
    return {
      title: text('mismatchTitle'),
      description: text('mismatchDescription'),
      variant: 'destructive',
    };
  }
  if (photo.required && !photo.chosen) {
    return {
      title: text('photoRequiredTitle'),
      description: text('photoRequiredDescription'),
      variant: 'destructive',
    };
  }
  return null;
}

export type SetupKind = 'password' | 'profile';

export function setupFailureToast(kind: SetupKind, error: unknown): ToastInput {
  if (error instanceof ApiError) {
    return {
      title: text('setupFailedTitle'),
      description: error.serverMessage ?? text(`${kind}Failed`),
      variant: 'destructive',
    };
  }
  return {
    title: text('setupFailedTitle'),
    description: text(`${kind}Exception`),
    variant: 'destructive',
  };
}
