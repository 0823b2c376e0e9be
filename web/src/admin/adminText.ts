import { type CreateUserResponse, type InvitationSentResponse, type User } from '@hub/proto';
import { ApiError } from '../api/client';
import type { ToastInput } from '../toast/toastStore';

export const ACCESS_DENIED: ToastInput = {
  title: 'Access Denied',
  description: "You don't have permission to access this page.",
  variant: 'destructive',
};

export const RECENT_USERS_LIMIT = 10;

/** The first ten users, as 'Recent Users' shows them (the server answers newest first). */
export function recentUsers(users: readonly User[]): User[] {
  return users.slice(0, RECENT_USERS_LIMIT);
}

/** Spec section 8: a create answer whose message says 'failed to send' is a mail failure. */
export function createUserToast(response: CreateUserResponse): ToastInput {
  if (/failed to send/i.test(response.message)) {
    return {
      title: 'Email Send Failed',
      description:
        'User was created but invitation email failed to send. You can manually resend it later.',
      variant: 'destructive',
    };
  }
  return {
    title: 'User Created Successfully',
    description: response.invitationSent
      ? `Invitation Sent: ${response.name} will receive an email at ${response.email} to set up their account.`
      : response.message,
  };
}

export function resendToast(response: InvitationSentResponse, email: string): ToastInput {
  if (!response.invitationSent) {
    return {
      title: 'Error',
      description: response.message || 'Failed to send invitation.',
      variant: 'destructive',
    };
  }
  return { title: 'Invitation Email Sent', description: `A new invitation was sent to ${email}.` };
}

/** 'Profile picture upload failed: {reason}', or the fallback when there is no reason. */
export function pictureUploadFailureToast(error: unknown): ToastInput {
  const reason = error instanceof ApiError ? error.serverMessage : undefined;
  return {
    title: 'Upload Failed',
    description: reason
      ? `Profile picture upload failed: ${reason}`
      : 'Failed to upload profile picture. Please try again.',
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
