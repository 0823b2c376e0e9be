import { describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import type { GuardedRequest } from '../http/request-context.js';
import { auditEntryOf } from './audit-trail.js';

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
