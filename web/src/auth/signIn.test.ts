import { SAML_ERROR_MESSAGES } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { i18n } from '../i18n/i18n';
import { auth } from '../i18n/locales/en/auth';
import {
  emailDomain,
  hasCallbackCode,
  hasCredentials,
  linkedEmail,
  loginFailureToast,
  signInCallbackFailureToast,
  ssoAttemptToast,
  ssoRefusedToast,
} from './signIn';

describe('sign-in rules', () => {
  it('takes the domain after the @', () => {
    expect(emailDomain('ada@Plant.Example')).toBe('plant.example');
    expect(emailDomain('ada@')).toBe('');
    expect(emailDomain('ada')).toBe('');
  });

  it('needs both email and password', () => {
    expect(hasCredentials('a@b.c', 'x')).toBe(true);
    expect(hasCredentials('  ', 'x')).toBe(false);
    expect(hasCredentials('a@b.c', '')).toBe(false);
  });

  it("uses the server's message, its fallback, or the exception text", () => {
    expect(loginFailureToast(new ApiError(401, 'Account disabled')).description).toBe(
      'Account disabled',
    );
    expect(loginFailureToast(new ApiError(401, undefined)).description).toBe(
      'Invalid email or password. Please try again.',
    );
    expect(loginFailureToast(new TypeError('Failed to fetch'))).toMatchObject({
      title: 'Login Failed',
      description: 'An error occurred during login. Please try again.',
      variant: 'destructive',
    });
  });

  it('rejects an organization identifier that is really a name', () => {
    expect(ssoAttemptToast('Acme Corp').description).toBe(
      'Invalid organization identifier. Please contact your administrator.',
    );
    expect(ssoAttemptToast('org_123').description).toBe('Failed to initiate SSO login.');
    expect(ssoAttemptToast(null).title).toBe('SSO Error');
  });
});

describe("'/?code=' while signed out", () => {
  it("is noticed, and answered with the spec's sign-in callback failure", () => {
    expect(hasCallbackCode('?code=abc&state=x')).toBe(true);
    expect(hasCallbackCode('?state=x')).toBe(false);
    expect(hasCallbackCode('')).toBe(false);
    expect(signInCallbackFailureToast()).toMatchObject({
      title: 'Authentication Error',
      description: 'Failed to process authentication. Please try again.',
    });
  });
});

describe('a sign-in link from an invitation', () => {
  it('starts the form with the invited email, and with nothing otherwise', () => {
    expect(linkedEmail('?email=kim%40acme.test&lang=fr')).toBe('kim@acme.test');
    expect(linkedEmail('?lang=fr')).toBe('');
    expect(linkedEmail('')).toBe('');
  });
});

describe('an SSO sign-in the server refused', () => {
  it('keeps the English catalog word for word with proto', () => {
    expect(auth.samlErrors).toEqual(SAML_ERROR_MESSAGES);
  });

  it('reads in the language shown, and an unknown code as a failed callback', async () => {
    expect(ssoRefusedToast('saml_expired').description).toBe(SAML_ERROR_MESSAGES.saml_expired);
    await i18n.changeLanguage('fr');
    expect(ssoRefusedToast('saml_no_account').description).toMatch(/^Aucun compte actif/);
    await i18n.changeLanguage('es');
    expect(ssoRefusedToast('whatever').description).toBe(
      'Hubo un error al procesar tu inicio de sesión. Inténtalo de nuevo.',
    );
    await i18n.changeLanguage('en');
  });
});
