import { type CreateUserResponse, type InvitationSentResponse, type User } from '@hub/proto';
import { ApiError } from '../api/client';
import { i18n } from '../i18n/i18n';
import type { ToastInput } from '../toast/toastStore';

/** The refusal toast, in the language of the moment it is shown. */
export const accessDeniedToast = (): ToastInput => ({
  title: i18n.t('admin.accessDenied'),
  description: i18n.t('admin.accessDeniedDescription'),
  variant: 'destructive',
});

/** How many users 'Recent Users' shows (the spec's first 10), and its search the same. */
export const RECENT_USERS_LIMIT = 10;

/** Spec section 8: a create answer whose message says 'failed to send' is a mail failure. */
export function createUserToast(response: CreateUserResponse): ToastInput {
  if (/failed to send/i.test(response.message)) {
    return {
      title: i18n.t('admin.createUser.mailFailed'),
      description: i18n.t('admin.createUser.mailFailedDescription'),
      variant: 'destructive',
    };
  }
  return {
    title: i18n.t('admin.createUser.created'),
    description: response.invitationSent
      ? i18n.t('admin.createUser.invitationSent', { name: response.name, email: response.email })
      : response.message,
  };
}

export function resendToast(response: InvitationSentResponse, email: string): ToastInput {
  if (!response.invitationSent) {
    return {
      title: i18n.t('admin.error'),
      description: response.message || i18n.t('admin.users.resendFailed'),
      variant: 'destructive',
    };
  }
  return {
    title: i18n.t('admin.users.resent'),
    description: i18n.t('admin.users.resentDescription', { email }),
  };
}

/** 'Profile picture upload failed: {reason}', or the fallback when there is no reason. */
export function pictureUploadFailureToast(error: unknown): ToastInput {
  const reason = error instanceof ApiError ? error.serverMessage : undefined;
  return {
    title: i18n.t('admin.createUser.uploadFailed'),
    description: reason
      ? i18n.t('admin.createUser.uploadFailedReason', { reason })
      : i18n.t('admin.createUser.uploadFailedDescription'),
    variant: 'destructive',
  };
}

/** Data panel: Auth0 when the user has an external identity, otherwise Local. */
export function authType(user: Pick<User, 'auth0UserId'>): 'Auth0' | 'Local' {
  return user.auth0UserId ? 'Auth0' : 'Local';
}

/** Users with a last login count as active on the data panel. */
export function activeUserCount(users: readonly Pick<User, 'lastLogin'>[]): number {
  return users.filter((user) => user.lastLogin !== null).length;
}
