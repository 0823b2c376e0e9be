import { api, type AuditEntry } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/locales/en';
import { auditAction, auditActionKey, auditActor } from './format';

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
