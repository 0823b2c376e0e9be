import { PASSWORD_RULES, PASSWORD_SPECIAL_CHARACTERS } from '@hub/proto';
import { ApiError } from '../api/client';
import type { ToastInput } from '../toast/toastStore';

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

export const INVALID_LINK_TOAST: ToastInput = {
  title: 'Invalid Link',
  description: 'This password setup link is invalid or incomplete.',
  variant: 'destructive',
};

/** The server refused the link (a 4xx answer); a 5xx or no answer is a failed request. */
export function isRefusedLink(error: unknown): boolean {
  return error instanceof ApiError && error.status < 500;
}

/** A refused link (the redirect follows), or a request that failed and may be retried. */
export function verifyFailureToast(error: unknown): ToastInput {
  if (error instanceof ApiError && isRefusedLink(error)) {
    return {
      title: 'Invalid or Expired Link',
      description: error.serverMessage ?? 'This password setup link is invalid or has expired.',
      variant: 'destructive',
    };
  }
  return {
    title: 'Error',
    description: 'Failed to verify invitation. Please try again.',
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
 * The live requirements list: the same rules the server applies. It is all the page prints
 * about the rules, so the special-character set appears once (in its rule's label).
 */
export function passwordChecklist(password: string): ChecklistItem[] {
  return PASSWORD_RULES.map((rule) => ({
    key: rule.key,
    label: rule.label,
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
      title: 'Invalid Password',
      description: 'Please make sure your password meets all the requirements.',
      variant: 'destructive',
    };
  }
  if (password !== confirmation) {
    return {
      title: "Passwords Don't Match",
      description: 'Please make sure both passwords are the same.',
      variant: 'destructive',
    };
  }
  if (photo.required && !photo.chosen) {
    return {
      title: 'Profile Picture Required',
      description: 'Please upload a profile picture to complete your account setup.',
      variant: 'destructive',
    };
  }
  return null;
}

export type SetupKind = 'password' | 'profile';

const SETUP_FALLBACKS: Record<SetupKind, { failed: string; exception: string }> = {
  password: {
    failed: 'Failed to set password. Please try again.',
    exception: 'An error occurred while setting your password. Please try again.',
  },
  profile: {
    failed: 'Failed to complete account setup. Please try again.',
    exception: 'An error occurred while setting up your account. Please try again.',
  },
};

export function setupFailureToast(kind: SetupKind, error: unknown): ToastInput {
  const texts = SETUP_FALLBACKS[kind];
  if (error instanceof ApiError) {
    return {
      title: 'Setup Failed',
      description: error.serverMessage ?? texts.failed,
      variant: 'destructive',
    };
  }
  return { title: 'Setup Failed', description: texts.exception, variant: 'destructive' };
}
