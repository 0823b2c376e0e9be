import { describe, expect, it } from 'vitest';
import { NewPassword } from '@hub/proto';
import { isCommonPassword } from './password-policy.js';

describe('password policy', () => {
  it('refuses common passwords and common words dressed up to meet the rules', () => {
    for (const password of ['password', 'Password1!', 'Qwerty123!', '!Dragon2024', 'Welcome1!']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts passwords that are not on the list', () => {
    for (const password of ['Acme-Admin-1!', 'Tr4ctor&Silo', 'Sup3r-Secret-Pass!']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it('demands upper, lower, digit and special character everywhere', () => {
    for (const password of [
      'aaaaaaaa',
      'AAAAAAA1!',
      'aaaaaaa1!',
      'Aaaaaaaa!',
      'Aaaaaaa1',
      'Aa1!',
    ]) {
      expect(NewPassword.safeParse(password).success, password).toBe(false);
    }
    expect(NewPassword.safeParse('Tr4ctor&Silo').success).toBe(true);
  });
});
