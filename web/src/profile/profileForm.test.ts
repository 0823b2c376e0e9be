import { describe, expect, it } from 'vitest';
import {
  EMPTY_PASSWORDS,
  passwordErrors,
  passwordsFilled,
  profileChanged,
  profileErrors,
} from './profileForm';

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
        newPassword: 'long-enough-1',
        confirmPassword: 'long-enough-2',
      }),
    ).toEqual({ confirmPassword: "Passwords don't match" });
  });
});
