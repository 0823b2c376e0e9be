import { describe, expect, it } from 'vitest';
import { api, auditDetailOf } from '@hub/proto';
import type { GuardedRequest } from '../http/request-context.js';
import { auditEntryOf, auditedOrganization } from './audit-trail.js';

const root = { userId: 1, organizationId: 1, role: 'super_admin' } as const;

function requestOf(params: Record<string, string>, body: unknown): GuardedRequest {
  const request = { params, body, ip: '10.0.0.9', headers: { 'user-agent': 'test' } };
  return Object.assign(request, { actor: root }) as unknown as GuardedRequest;
}

describe('audit entries of grants', () => {
  it('name the role an invitation gives', () => {
    const body = { email: 'ned@acme.test', name: 'Ned', role: 'admin', organizationId: 7 };
    const entry = auditEntryOf(requestOf({}, body), api.createUser, 201);
    expect(entry).toMatchObject({
      action: 'user.invite',
      target: 'email=ned@acme.test role=admin organizationId=7',
    });
  });

  it('name the role SAML sign-ups get, after the organization', () => {
    const body = { signUpRole: 'training_supervisor', entityId: 'https://idp.test' };
    const entry = auditEntryOf(requestOf({ id: '7' }, body), api.saveSamlSettings, 200);
    expect(entry.target).toBe('id=7 signUpRole=training_supervisor');
  });

  it('name the sign-up role of an organization created with SAML', () => {
    const body = { name: 'Acme', domain: 'acme.test', saml: { signUpRole: 'manager' } };
    const entry = auditEntryOf(requestOf({}, body), api.createOrganization, 201);
    expect(entry.target).toBe('domain=acme.test saml.signUpRole=manager');
  });
});

describe('audit entries name who acted', () => {
  it("never as the person an invitation or a profile's new address names", () => {
    const body = { email: 'ned@acme.test', name: 'Ned', role: 'admin', organizationId: 7 };
    // Identity fills in the actor's own email from their id.
    expect(auditEntryOf(requestOf({}, body), api.createUser, 201).actorEmail).toBeNull();
    const profile = { name: 'Root', email: 'new@acme.test', currentPassword: 'x' };
    expect(auditEntryOf(requestOf({}, profile), api.updateProfile, 200).actorEmail).toBeNull();
    const unknown = Object.assign(requestOf({}, body), { actor: undefined });
    expect(auditEntryOf(unknown, api.createUser, 401).actorEmail).toBeNull();
  });

  it('as the account tried at a sign-in nobody passed', () => {
    const tried = Object.assign(requestOf({}, { email: 'ann@acme.test', password: 'x' }), {
      actor: undefined,
    });
    expect(auditEntryOf(tried, api.login, 401).actorEmail).toBe('ann@acme.test');
  });
});

describe("audit entries of the super administrator's acts on an organization", () => {
  it("are that organization's, for its administrators to read", () => {
    const invited = { email: 'ned@acme.test', name: 'Ned', role: 'admin', organizationId: 7 };
    expect(auditEntryOf(requestOf({}, invited), api.createUser, 201).organizationId).toBe(7);
    const saml = { signUpRole: 'admin', entityId: 'https://idp.test' };
    expect(
      auditEntryOf(requestOf({ id: '7' }, saml), api.saveSamlSettings, 200).organizationId,
    ).toBe(7);
    const exported = Object.assign(requestOf({}, undefined), { query: { organizationId: 7 } });
    expect(auditEntryOf(exported, api.organizationExport, 200).organizationId).toBe(7);
    const own = Object.assign(requestOf({}, undefined), { query: {} });
    expect(auditEntryOf(own, api.organizationExport, 200).organizationId).toBe(root.organizationId);
  });

  it("are the organization of the person acted on, as identity's answer named it", () => {
    for (const route of [api.deleteUser, api.resendInvitation]) {
      const acted = requestOf({ id: '42' }, undefined);
      auditedOrganization(acted, 7);
      expect(auditEntryOf(acted, route, 200)).toMatchObject({ organizationId: 7, target: 'id=42' });
      // Refused before identity named it (no such person): the platform's own.
      const unknown = requestOf({ id: '42' }, undefined);
      expect(auditEntryOf(unknown, route, 404).organizationId).toBe(root.organizationId);
    }
  });

  it("stay an administrator's own, whichever organization they asked for", () => {
    const admin = { userId: 5, organizationId: 3, role: 'admin' } as const;
    const asked = Object.assign(requestOf({}, undefined), {
      actor: admin,
      query: { organizationId: '7' },
    });
    expect(auditEntryOf(asked, api.organizationExport, 403).organizationId).toBe(3);
  });
});

// The gateway's notes were English words the audit page showed inside its reader's language
// ('Fallido (500 cut short)'): each is now a sentence of proto's AUDIT_NOTES, read back by code.
describe("an entry's detail", () => {
  const byToken = (readOnly: boolean) =>
    Object.assign(requestOf({}, {}), {
      actor: undefined,
      apiToken: {
        tokenId: 3,
        tokenName: 'HR "beta" system',
        organizationId: 7,
        userId: 5,
        role: 'admin',
        readOnly,
      },
    }) as unknown as GuardedRequest;

  it("is the status and the gateway's notes, as API clients have read it", () => {
    expect(auditEntryOf(requestOf({}, {}), api.createUser, 403).detail).toBe('403');
    expect(auditEntryOf(byToken(false), api.createUser, 201).detail).toBe(
      '201 by API token #3 "HR "beta" system"',
    );
    const cut = auditEntryOf(byToken(true), api.createUser, 200, 'cut_short');
    expect(cut).toMatchObject({
      outcome: 'failure',
      detail: '200 by API token #3 "HR "beta" system" (read only) cut short',
    });
    const left = auditEntryOf(requestOf({}, {}), api.createUser, 201, 'caller_left');
    expect(left).toMatchObject({ outcome: 'success', detail: '201 caller left' });
  });

  it('is read back to its notes by code, for the audit page to word them', () => {
    const cut = auditEntryOf(byToken(true), api.createUser, 500, 'cut_short');
    expect(auditDetailOf(cut.detail ?? '')).toEqual({
      status: '500',
      notes: [
        { code: 'api_token', params: { id: '3', name: 'HR "beta" system' } },
        { code: 'read_only', params: {} },
        { code: 'cut_short', params: {} },
      ],
    });
    expect(auditDetailOf('404 caller left')).toEqual({
      status: '404',
      notes: [{ code: 'caller_left', params: {} }],
    });
    expect(auditDetailOf('401')).toEqual({ status: '401', notes: [] });
    expect(auditDetailOf('403 refused upstream')).toBeUndefined();
  });
});
