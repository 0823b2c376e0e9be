import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, PASSWORD_SPECIAL_CHARACTERS } from '@hub/proto';
import { ApiError } from '../api/client';
import { i18n } from '../i18n/i18n';
import {
  invitationSearch,
  passwordChecklist,
  passwordMeetsRules,
  readInvitationParams,
  setupFailureToast,
  setupProblem,
  verifyFailureToast,
} from './invitation';

describe('invitation link', () => {
  it('needs both token and email', () => {
    expect(readInvitationParams('?token=abc&email=a%2Bb%40x.test')).toEqual({
      token: 'abc',
      email: 'a+b@x.test',
    });
    expect(readInvitationParams('?token=abc')).toBeNull();
    expect(readInvitationParams('?token=&email=a@x.test')).toBeNull();
    expect(readInvitationParams('')).toBeNull();
  });

  it('round-trips into a search string', () => {
    const params = { token: '1e5', email: 'a+b@x.test' };
    expect(readInvitationParams(invitationSearch(params))).toEqual(params);
  });

  it('tells an invalid link from a failed request', () => {
    expect(verifyFailureToast(new ApiError(404, 'This link has expired.'))).toMatchObject({
      title: 'Invalid or Expired Link',
      description: 'This link has expired.',
    });
    expect(verifyFailureToast(new ApiError(400, undefined)).description).toBe(
      'This password setup link is invalid or has expired.',
    );
    expect(verifyFailureToast(new ApiError(503, 'Service unavailable')).description).toBe(
      'Failed to verify invitation. Please try again.',
    );
    expect(verifyFailureToast(new TypeError('Failed to fetch')).description).toBe(
      'Failed to verify invitation. Please try again.',
    );
  });

  it('sends a member of a single sign-on organization to sign in, not to a broken link', () => {
    const refused = new ApiError(409, ERROR_TEXTS.invitation_sso_sign_in, 'invitation_sso_sign_in');
    expect(verifyFailureToast(refused)).toMatchObject({
      title: 'Sign In with Single Sign-On',
      description: ERROR_TEXTS.invitation_sso_sign_in,
    });
  });
});

describe('password setup', () => {
  it('ticks each rule', () => {
    const met = (password: string) =>
      passwordChecklist(password)
        .filter((item) => item.met)
        .map((item) => item.key);
    expect(met('abc')).toEqual(['lower']);
    expect(met('Abcdefg1!')).toEqual(['length', 'upper', 'lower', 'digit', 'special']);
    expect(passwordMeetsRules('Abcdefg1!')).toBe(true);
    expect(passwordMeetsRules('Abcdefgh1')).toBe(false);
  });

  it('words each rule in the language shown', async () => {
    const labels = () => passwordChecklist('').map((item) => item.label);
    expect(labels()).toEqual([
      'At least 8 characters',
      'One uppercase letter',
      'One lowercase letter',
      'One number',
      `One special character (${PASSWORD_SPECIAL_CHARACTERS})`,
    ]);
    await i18n.changeLanguage('fr');
    expect(labels()[0]).toBe('Au moins 8 caractères');
    expect(labels()[4]).toBe(`Un caractère spécial (${PASSWORD_SPECIAL_CHARACTERS})`);
    await i18n.changeLanguage('es');
    expect(labels()[3]).toBe('Un número');
    await i18n.changeLanguage('en');
  });

  it('blocks the submit until everything is right', () => {
    expect(setupProblem('weak', 'weak')?.title).toBe('Invalid Password');
    expect(setupProblem('Abcdefg1!', 'Abcdefg1?')?.title).toBe("Passwords Don't Match");
    expect(setupProblem('Abcdefg1!', 'Abcdefg1!')).toBeNull();
    expect(
      setupProblem('Abcdefg1!', 'Abcdefg1!', { required: true, chosen: false })?.description,
    ).toBe('Please upload a profile picture to complete your account setup.');
  });

  it('uses the page fallbacks', () => {
    expect(setupFailureToast('password', new ApiError(500, undefined)).description).toBe(
      'Failed to set password. Please try again.',
    );
    expect(setupFailureToast('profile', new TypeError('x')).description).toBe(
      'An error occurred while setting up your account. Please try again.',
    );
    expect(setupFailureToast('profile', new ApiError(400, 'Bad photo')).description).toBe(
      'Bad photo',
    );
  });
});
