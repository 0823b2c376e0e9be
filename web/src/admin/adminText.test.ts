import type { User } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import {
  activeUserCount,
  authType,
  createUserToast,
  pictureUploadFailureToast,
  resendToast,
} from './adminText';
import { formatDate } from '../ui/dates';

const user = (id: number): User => ({
  id,
  email: `u${id}@x.test`,
  name: `User ${id}`,
  role: 'operator',
  organizationId: 1,
  organizationName: 'X',
  profilePicture: null,
  auth0UserId: null,
  isActive: false,
  lastLogin: null,
  createdAt: '2025-01-01T00:00:00Z',
});

describe('console texts', () => {
  it('reports a mail failure from the create answer', () => {
    const created = { user: user(1), name: 'Amy', email: 'amy@x.test' };
    expect(
      createUserToast({
        ...created,
        invitationSent: false,
        message: 'Invitation email failed to send',
      }).title,
    ).toBe('Email Send Failed');
    const ok = createUserToast({ ...created, invitationSent: true, message: 'User created' });
    expect(ok.title).toBe('User Created Successfully');
    expect(ok.description).toContain('Invitation Sent');
    expect(ok.variant).toBeUndefined();
  });

  it('tells a resend that did not mail', () => {
    expect(resendToast({ invitationSent: true, message: '' }, 'a@x.test').title).toBe(
      'Invitation Email Sent',
    );
    expect(resendToast({ invitationSent: false, message: '' }, 'a@x.test').description).toBe(
      'Failed to send invitation.',
    );
  });

  it('names the upload failure reason', () => {
    expect(pictureUploadFailureToast(new ApiError(413, 'File too large')).description).toBe(
      'Profile picture upload failed: File too large',
    );
    expect(pictureUploadFailureToast(new TypeError('offline')).description).toBe(
      'Failed to upload profile picture. Please try again.',
    );
  });

  it('derives the data panel columns', () => {
    expect(authType({ auth0UserId: 'auth0|1' })).toBe('Auth0');
    expect(authType({ auth0UserId: null })).toBe('Local');
    expect(activeUserCount([{ lastLogin: null }, { lastLogin: '2025-01-01T00:00:00Z' }])).toBe(1);
    expect(formatDate(null)).toBe('Never');
  });
});
