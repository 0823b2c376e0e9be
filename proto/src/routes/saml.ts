import { z } from 'zod';
import { MessageResponse } from '../accounts.js';
import { IdParams } from '../row-id.js';
import { defineRoute } from '../http.js';
import { samlRpc } from '../rpc/saml.js';
import { SUPER_ADMIN_ONLY } from '../roles.js';
import {
  SamlAcsForm,
  SamlConnectionParams,
  SamlIdpSettings,
  SamlSettingsView,
  SamlStartRequest,
  SamlStartResponse,
} from '../saml.js';

export const samlRoutes = {
  samlStart: defineRoute({
    method: 'POST',
    path: '/api/auth/saml/start',
    summary:
      'Begin SSO for an organization identifier: a fresh AuthnRequest, answered as the provider URL to go to',
    tag: 'auth',
    access: 'public',
    body: SamlStartRequest,
    response: SamlStartResponse,
  }),
  samlMetadata: defineRoute({
    method: 'GET',
    path: '/api/auth/saml/:connection/metadata',
    summary: "The organization's service provider metadata (XML), for its identity provider",
    tag: 'auth',
    access: 'public',
    params: SamlConnectionParams,
    response: z.string(),
  }),
  samlAssertionConsumer: defineRoute({
    method: 'POST',
    path: '/api/auth/saml/:connection/acs',
    summary:
      'Assertion consumer (form post from the identity provider): validates, sets the session cookie, redirects to /callback',
    tag: 'auth',
    access: 'public',
    audit: 'sign-in.saml',
    params: SamlConnectionParams,
    body: SamlAcsForm,
    response: z.string(),
    // Its own checks (signature, audience, recipient, InResponseTo) stand in for the origin check.
    crossSiteForm: true,
  }),
  samlBrowserCallback: defineRoute({
    method: 'POST',
    path: '/api/auth/callback',
    summary:
      'Refused (410): a browser-asserted identity never opens a session; SSO completes at the assertion consumer',
    tag: 'auth',
    access: 'public',
    response: MessageResponse,
  }),
  samlSettings: defineRoute({
    method: 'GET',
    path: '/api/admin/organizations/:id/saml',
    summary: "An organization's SAML settings and its service provider addresses",
    tag: 'admin',
    access: SUPER_ADMIN_ONLY,
    params: IdParams,
    response: SamlSettingsView,
    relay: {
      rpc: samlRpc.settings,
      request: ({ actor, params }) => ({ actor, organizationId: params.id }),
    },
  }),
  saveSamlSettings: defineRoute({
    method: 'PUT',
    path: '/api/admin/organizations/:id/saml',
    summary: "Set an organization's identity provider (fields or metadata XML) and sign-up rule",
    tag: 'admin',
    access: SUPER_ADMIN_ONLY,
    audit: 'saml.settings.save',
    auditBody: ['signUpRole'],
    auditOrganization: 'id',
    params: IdParams,
    body: SamlIdpSettings,
    response: SamlSettingsView,
    relay: {
      rpc: samlRpc.saveSettings,
      request: ({ actor, params, body }) => ({ actor, organizationId: params.id, settings: body }),
    },
  }),
} as const;
