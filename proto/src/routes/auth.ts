import {
  AdminOrganizationListQuery,
  MessageResponse,
  SetupPasswordRequest,
  VerifyInvitationRequest,
  VerifyInvitationResponse,
} from '../accounts.js';
import { defineRoute } from '../http.js';
import { identityRpc } from '../rpc/identity.js';
import {
  DomainParams,
  LoginRequest,
  LoginResponse,
  LogoutResponse,
  OrganizationChoicePage,
  OrganizationLookup,
} from '../identity.js';
import { ALL_ROLES } from '../roles.js';
import { INVITATION_PHOTO_UPLOAD } from '../uploads.js';

export const authRoutes = {
  login: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with email and password; sets the session cookie',
    tag: 'auth',
    access: 'public',
    audit: 'sign-in',
    rateLimited: true,
    body: LoginRequest,
    response: LoginResponse,
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'End the current session on the server and clear its cookie',
    tag: 'auth',
    access: 'public',
    audit: 'sign-out',
    response: LogoutResponse,
  }),
  organizationByDomain: defineRoute({
    method: 'GET',
    path: '/api/auth/organization/:domain',
    summary: 'The organization that owns an email domain (404 when none)',
    tag: 'auth',
    access: 'public',
    params: DomainParams,
    response: OrganizationLookup,
  }),
  organizationChoices: defineRoute({
    method: 'GET',
    path: '/api/auth/organizations',
    summary:
      'Organizations for the sign-in picker: the caller’s own; for the super administrator every one, or those whose name, display name or domain holds `search`, newest first (cursor-paged)',
    tag: 'auth',
    access: ALL_ROLES,
    // The console pickers' query: a chooser of thousands is searched on the server.
    query: AdminOrganizationListQuery,
    response: OrganizationChoicePage,
    paged: { items: 'organizations' },
    relay: {
      rpc: identityRpc.organizationChoices,
      request: ({ actor, query: { search, ...page } }) => ({ actor, page, search }),
    },
  }),
  verifyInvitation: defineRoute({
    method: 'POST',
    path: '/api/auth/verify-invitation',
    summary: 'Check an invitation link',
    tag: 'auth',
    access: 'public',
    body: VerifyInvitationRequest,
    response: VerifyInvitationResponse,
  }),
  setupPassword: defineRoute({
    method: 'POST',
    path: '/api/auth/setup-password',
    summary: 'Accept an invitation by setting a password',
    tag: 'auth',
    access: 'public',
    audit: 'invitation.accept',
    body: SetupPasswordRequest,
    response: MessageResponse,
  }),
  setupPasswordWithProfile: defineRoute({
    method: 'POST',
    path: '/api/auth/setup-password-with-profile',
    summary:
      'Accept an invitation with a password and a JPEG or PNG photo (field file, up to 5 MB)',
    tag: 'auth',
    access: 'public',
    audit: 'invitation.accept',
    response: MessageResponse,
    upload: INVITATION_PHOTO_UPLOAD,
  }),
} as const;
