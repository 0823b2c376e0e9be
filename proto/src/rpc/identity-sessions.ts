import {
  MessageResponse,
  SetupPasswordRequest,
  VerifyInvitationRequest,
  VerifyInvitationResponse,
} from '../accounts.js';
import { DashboardStats, SignInActivity } from '../dashboard.js';
import { ServicePing } from '../health.js';
import { OrganizationChoicePage, OrganizationLookup, User } from '../identity.js';
import { Actor, ALL_ROLES } from '../roles.js';
import { z } from 'zod';
import { rpc, ActorOnly, SessionView, ClientContext, FROM_ROUTES } from '../rpc.js';
import { PageRequest } from '../paging.js';

/**
 * The device's IANA time zone as the web app reports it (`X-Time-Zone`). Not checked against a
 * zone list here: one this runtime lacks must not refuse the sign-in or request it comes with;
 * identity keeps only a zone it knows. Longer than any IANA name: the gateway drops it.
 */
const DeviceTimeZone = z.string().max(64);

/** Identity's sign-in, session and home-page RPCs, and invitations: part of identityRpc. */
export const identitySessionRpc = {
  ping: rpc('identity', 'ping', 'service', z.object({}), ServicePing),
  login: rpc(
    'identity',
    'auth.login',
    'public',
    z.object({
      email: z.string(),
      password: z.string(),
      rememberMe: z.boolean(),
      client: ClientContext.extend({ timeZone: DeviceTimeZone.optional() }),
    }),
    z.object({ token: z.string(), session: SessionView, user: User }),
  ),
  logout: rpc(
    'identity',
    'auth.logout',
    'public',
    z.object({ token: z.string() }),
    z.object({ ended: z.boolean() }),
  ),
  resolveSession: rpc(
    'identity',
    'auth.session',
    'service',
    z.object({
      token: z.string(),
      /** The using browser's `Accept-Language`, remembered as at a sign-in (none: kept as is). */
      acceptLanguage: z.string().max(512).optional(),
      /** The using device's zone, remembered as at a sign-in (none: kept as is). */
      timeZone: DeviceTimeZone.optional(),
    }),
    z.object({ session: SessionView.nullable() }),
  ),
  organizationByDomain: rpc(
    'identity',
    'organizations.byDomain',
    'public',
    z.object({ domain: z.string() }),
    OrganizationLookup,
  ),
  organizationChoices: rpc(
    'identity',
    'organizations.choices',
    FROM_ROUTES,
    z.object({ actor: Actor, page: PageRequest, search: z.string().max(200).optional() }),
    OrganizationChoicePage,
  ),
  currentUser: rpc('identity', 'users.current', FROM_ROUTES, ActorOnly, User),
  dashboardStats: rpc('identity', 'stats.dashboard', ALL_ROLES, ActorOnly, DashboardStats),
  recentActivity: rpc(
    'identity',
    'activity.recent',
    ALL_ROLES,
    z.object({ actor: Actor, limit: z.number().int().min(1).max(50) }),
    SignInActivity,
  ),
  // Invitations
  verifyInvitation: rpc(
    'identity',
    'invitations.verify',
    'public',
    VerifyInvitationRequest,
    VerifyInvitationResponse,
  ),
  /** Which organization an invitation belongs to, so an uploaded photo is stored below it. */
  invitationOrganization: rpc(
    'identity',
    'invitations.organization',
    'public',
    VerifyInvitationRequest,
    z.object({ organizationId: z.number().int() }),
  ),
  acceptInvitation: rpc(
    'identity',
    'invitations.accept',
    'public',
    SetupPasswordRequest.extend({
      pictureKey: z.string().optional(),
      /** The browser's `Accept-Language`, remembered as at a sign-in. */
      acceptLanguage: z.string().max(512).optional(),
      /** The device's time zone, remembered as at a sign-in. */
      timeZone: DeviceTimeZone.optional(),
    }),
    MessageResponse,
  ),
} as const;
