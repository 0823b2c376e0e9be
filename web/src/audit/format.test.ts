import { api, type AuditEntry } from '@hub/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '../i18n/i18n';
import { en } from '../i18n/locales/en';
import { auditAction, auditActionKey, auditActor, auditOutcome } from './format';

afterEach(() => applyLanguage('en'));

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  at: '2026-11-23T13:00:00.000Z',
  action: 'sign-in',
  outcome: 'failure',
  actorId: null,
  actorEmail: null,
  actorRole: null,
  organizationId: null,
  target: null,
  detail: '401',
  ip: '127.0.0.1',
  userAgent: 'test',
  ...over,
});

describe('audit log text', () => {
  it('names the actor by email, id, or as unknown', () => {
    expect(auditActor(entry({ actorEmail: 'ann@acme.test', actorId: 3 }))).toBe('ann@acme.test');
    expect(auditActor(entry({ actorId: 3 }))).toBe('User #3');
    expect(auditActor(entry({}))).toBe('Unknown');
  });

  it("names every action the route table audits from the catalog, none by the fallback's words", () => {
    const audited = Object.values(api).flatMap((route) => ('audit' in route ? [route.audit] : []));
    const named = Object.keys(en.audit.actions);
    const missing = audited.filter(
      (action): action is string => !!action && !named.includes(auditActionKey(action)),
    );
    expect(missing).toEqual([]);
  });

  it('reads action names as words', () => {
    expect(auditAction('user.delete')).toBe('User delete');
    expect(auditAction('sign-in.saml')).toBe('Sign in saml');
  });
});

// The gateway's notes in an entry's detail ('cut short', the API token) were shown in English
// inside the reader's words: 'Fallido (500 cut short)'.
describe("an entry's outcome", () => {
  const inSpanish = async () => {
    applyLanguage('es');
    await i18n.changeLanguage('es');
  };

  it("words the gateway's notes in the reader's language", async () => {
    await inSpanish();
    expect(auditOutcome(entry({ detail: '500 cut short' }))).toBe(
      'Fallido (500, respuesta interrumpida)',
    );
    expect(auditOutcome(entry({ detail: '404 caller left' }))).toBe(
      'Fallido (404, quien llamó se desconectó)',
    );
    expect(auditOutcome(entry({ detail: '403 by API token #3 "HR system"' }))).toBe(
      'Fallido (403, con el token de API n.º 3 «HR system»)',
    );
    expect(
      auditOutcome(
        entry({ detail: '403 by API token #3 "HR "beta" system" (read only) cut short' }),
      ),
    ).toBe(
      'Fallido (403, con el token de API n.º 3 «HR "beta" system», de solo lectura, respuesta interrumpida)',
    );
    expect(auditOutcome(entry({ detail: '401' }))).toBe('Fallido (401)');
    expect(auditOutcome(entry({ outcome: 'success', detail: '200 caller left' }))).toBe('Correcto');
  });

  it('shows a detail it does not know as written', async () => {
    await inSpanish();
    expect(auditOutcome(entry({ detail: 'refused upstream' }))).toBe('Fallido (refused upstream)');
    expect(auditOutcome(entry({ detail: null }))).toBe('Fallido ()');
  });

  it('is the detail as stored for an English reader', () => {
    expect(auditOutcome(entry({ detail: '500 by API token #3 "HR system" cut short' }))).toBe(
      'Failed (500 by API token #3 "HR system" cut short)',
    );
  });
});
