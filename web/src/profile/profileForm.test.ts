import { ChangePasswordRequest } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../forms/fieldErrors';
import { i18n } from '../i18n/i18n';
import { errors as frErrors } from '../i18n/locales/fr/errors';
import {
  EMPTY_PASSWORDS,
  type PasswordDraft,
  passwordsFilled,
  profileChanged,
  profileErrors,
} from './profileForm';

/** What the password form shows: the contract's schema is its validator. */
const passwordErrors = (draft: PasswordDraft) => fieldErrors(ChangePasswordRequest, draft);

describe('profile form', () => {
  const loaded = { name: 'Amy', email: 'amy@x.test' };

  it('is changed only when name or email differ', () => {
    expect(profileChanged(loaded, { ...loaded })).toBe(false);
    expect(profileChanged(loaded, { ...loaded, name: 'Amy B' })).toBe(true);
    expect(profileChanged(loaded, { ...loaded, email: 'amy@y.test' })).toBe(true);
  });

  it("uses the spec's messages", () => {
    expect(profileErrors({ name: ' ', email: 'nope' })).toEqual({
      name: 'Name is required',
      email: 'Invalid email address',
    });
    expect(profileErrors(loaded)).toEqual({});
  });

  it('asks for the current password when the email changes', () => {
    const changed = { ...loaded, email: 'new@acme.test' };
    expect(profileErrors(changed, loaded.email)).toEqual({
      currentPassword: 'Enter your current password to change your email.',
    });
    expect(profileErrors({ ...changed, currentPassword: 'secret' }, loaded.email)).toEqual({});
    expect(profileErrors({ ...loaded, name: 'Other' }, loaded.email)).toEqual({});
  });

  it('asks a French reader in French', async () => {
    await i18n.changeLanguage('fr');
    try {
      expect(profileErrors({ ...loaded, email: 'new@acme.test' }, loaded.email)).toEqual({
        currentPassword: frErrors.email_change_needs_password,
      });
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('password form', () => {
  it('needs all three fields', () => {
    expect(passwordsFilled(EMPTY_PASSWORDS)).toBe(false);
    expect(passwordsFilled({ currentPassword: 'a', newPassword: 'b', confirmPassword: '' })).toBe(
      false,
    );
    expect(passwordsFilled({ currentPassword: 'a', newPassword: 'b', confirmPassword: 'c' })).toBe(
      true,
    );
  });

  it("uses the spec's messages", () => {
    expect(
      passwordErrors({ currentPassword: '', newPassword: 'short', confirmPassword: 'x' }),
    ).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 8 characters',
      confirmPassword: 'Password confirmation is required',
    });
    expect(
      passwordErrors({
        currentPassword: 'old',
        newPassword: 'Long-enough-1!',
        confirmPassword: 'Long-enough-2!',
      }),
    ).toEqual({ confirmPassword: "Passwords don't match" });
    // The one password policy: the same rules as invitations.
    expect(
      passwordErrors({
        currentPassword: 'old',
        newPassword: 'aaaaaaaa',
        confirmPassword: 'aaaaaaaa',
      }).newPassword,
    ).toMatch(/uppercase letter, a lowercase letter, a number and a special character/);
  });
});
