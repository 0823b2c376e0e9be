import {
  ActivitySummary,
  AdminOrganization,
  AdminOverview,
  ChangePasswordRequest,
  ConfirmEmailRequest,
  CreateOrganizationRequest,
  CreateUserRequest,
  CreateUserResponse,
  GlobalPrompts,
  InvitationSentResponse,
  MessageResponse,
  Notification,
  NotificationSettingChange,
  NotificationSettings,
  NotificationPage,
  ProfilePictureUpload,
  SetupPasswordRequest,
  UpdateProfileRequest,
  UserPage,
  VerifyInvitationRequest,
  VerifyInvitationResponse,
} from '../accounts.js';
import { DashboardStats, SignInActivity } from '../dashboard.js';
import { ServicePing } from '../health.js';
import { NotificationRequest } from '../notification-texts.js';
import { Organization, OrganizationChoices, OrganizationLookup, User } from '../identity.js';
import { Actor, ALL_ROLES, SUPER_ADMIN_ONLY } from '../roles.js';
import { z } from 'zod';
import { rpc, ActorOnly, SessionView, ClientContext, FROM_ROUTES } from '../rpc.js';
import { SessionRevocation } from '../sessions.js';
import {
  LanguageCode,
  OrganizationSettings,
  SavedPreferences,
  UserPreferences,
  UserSessions,
} from '../settings.js';
import { PageRequest } from '../paging.js';
import { AuditPage, NewAuditEntry } from '../audit.js';

/** A person of an organization, as identity answers other services. */
const Member = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  isActive: z.boolean(),
  profilePicture: z.string().nullable(),
});

export const identityRpc = {
  ping: rpc('identity', 'ping', 'service', z.object({}), ServicePing),
  login: rpc(
    'identity',
    'auth.login',
    'public',
    z.object({
      email: z.string(),
      password: z.string(),
      rememberMe: z.boolean(),
      client: ClientContext,
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
    z.object({ token: z.string() }),
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
    ActorOnly,
    OrganizationChoices,
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
  // Super administrator console
  adminOverview: rpc('identity', 'admin.overview', FROM_ROUTES, ActorOnly, AdminOverview),
  adminOrganizations: rpc(
    'identity',
    'admin.organizations.list',
    FROM_ROUTES,
    ActorOnly,
    z.array(AdminOrganization),
  ),
  createOrganization: rpc(
    'identity',
    'admin.organizations.create',
    FROM_ROUTES,
    z.object({ actor: Actor, organization: CreateOrganizationRequest }),
    AdminOrganization,
  ),
  deleteOrganization: rpc(
    'identity',
    'admin.organizations.delete',
    SUPER_ADMIN_ONLY,
    z.object({ actor: Actor, organizationId: z.number().int() }),
    MessageResponse,
  ),
  /** Appends one entry to the audit log (the gateway, after each audited route). */
  recordAudit: rpc(
    'identity',
    'audit.record',
    'service',
    NewAuditEntry,
    z.object({ recorded: z.boolean() }),
  ),
  auditLog: rpc(
    'identity',
    'audit.list',
    FROM_ROUTES,
    z.object({ actor: Actor, page: PageRequest }),
    AuditPage,
  ),
  adminUsers: rpc(
    'identity',
    'admin.users.list',
    FROM_ROUTES,
    z.object({ actor: Actor, page: PageRequest }),
    UserPage,
  ),
  createUser: rpc(
    'identity',
    'admin.users.create',
    FROM_ROUTES,
    z.object({ actor: Actor, user: CreateUserRequest }),
    CreateUserResponse,
  ),
  deleteUser: rpc(
    'identity',
    'admin.users.delete',
    SUPER_ADMIN_ONLY,
    z.object({ actor: Actor, userId: z.number().int() }),
    MessageResponse,
  ),
  resendInvitation: rpc(
    'identity',
    'admin.users.resendInvitation',
    FROM_ROUTES,
    z.object({ actor: Actor, userId: z.number().int() }),
    InvitationSentResponse,
  ),
  prompts: rpc('identity', 'prompts.get', FROM_ROUTES, ActorOnly, GlobalPrompts),
  savePrompts: rpc(
    'identity',
    'prompts.save',
    FROM_ROUTES,
    z.object({ actor: Actor, prompts: GlobalPrompts }),
    GlobalPrompts,
  ),
  dataPanelOrganizations: rpc(
    'identity',
    'admin.data.organizations',
    FROM_ROUTES,
    ActorOnly,
    z.array(Organization),
  ),

  // Profile and pictures
  registerPictureUpload: rpc(
    'identity',
    'pictures.register',
    ALL_ROLES,
    z.object({ actor: Actor, storageKey: z.string() }),
    ProfilePictureUpload,
  ),
  changeProfilePicture: rpc(
    'identity',
    'pictures.change',
    FROM_ROUTES,
    z.object({ actor: Actor, fileName: z.string() }),
    User,
  ),
  locateProfilePicture: rpc(
    'identity',
    'pictures.locate',
    ALL_ROLES,
    z.object({ actor: Actor, userId: z.number().int() }),
    z.object({ storageKey: z.string().nullable() }),
  ),
  updateProfile: rpc(
    'identity',
    'profile.update',
    FROM_ROUTES,
    z.object({ actor: Actor, profile: UpdateProfileRequest }),
    User,
  ),
  confirmEmail: rpc(
    'identity',
    'profile.confirm-email',
    'public',
    ConfirmEmailRequest,
    MessageResponse,
  ),
  changePassword: rpc(
    'identity',
    'profile.password',
    ALL_ROLES,
    z.object({ actor: Actor, sessionId: z.string(), change: ChangePasswordRequest }),
    MessageResponse,
  ),

  // Settings: sessions and preferences
  userSessions: rpc(
    'identity',
    'settings.sessions',
    ALL_ROLES,
    z.object({ actor: Actor, sessionId: z.string() }),
    UserSessions,
  ),
  /** Ends one other session (sessionId given) or all others; answers what to drop from caches. */
  endUserSessions: rpc(
    'identity',
    'settings.endSessions',
    ALL_ROLES,
    z.object({ actor: Actor, currentSessionId: z.string(), sessionId: z.string().optional() }),
    z.object({ message: z.string(), revocations: z.array(SessionRevocation) }),
  ),
  userPreferences: rpc(
    'identity',
    'settings.preferences',
    FROM_ROUTES,
    ActorOnly,
    SavedPreferences,
  ),
  updateUserPreferences: rpc(
    'identity',
    'settings.updatePreferences',
    FROM_ROUTES,
    z.object({ actor: Actor, preferences: UserPreferences }),
    SavedPreferences,
  ),
  organizationSettings: rpc(
    'identity',
    'settings.organization',
    FROM_ROUTES,
    ActorOnly,
    OrganizationSettings,
  ),
  updateOrganizationSettings: rpc(
    'identity',
    'settings.updateOrganization',
    FROM_ROUTES,
    z.object({ actor: Actor, settings: OrganizationSettings }),
    OrganizationSettings,
  ),
  /**
   * The language to write to each person in (their choice, else their organization's default,
   * else the browser's `acceptLanguage` when the caller has one, else English).
   */
  languagesOf: rpc(
    'identity',
    'settings.languagesOf',
    'service',
    z.object({
      userIds: z.array(z.number().int()).max(1000),
      acceptLanguage: z.string().max(512).optional(),
    }),
    z.array(z.object({ userId: z.number().int(), language: LanguageCode })),
  ),

  // Notifications
  notifications: rpc(
    'identity',
    'notifications.list',
    FROM_ROUTES,
    z.object({ actor: Actor, page: PageRequest }),
    NotificationPage,
  ),
  markNotificationRead: rpc(
    'identity',
    'notifications.read',
    FROM_ROUTES,
    z.object({ actor: Actor, notificationId: z.number().int() }),
    Notification,
  ),
  markAllNotificationsRead: rpc(
    'identity',
    'notifications.readAll',
    FROM_ROUTES,
    ActorOnly,
    z.object({ updated: z.number().int() }),
  ),
  notificationSettings: rpc(
    'identity',
    'notifications.settings',
    FROM_ROUTES,
    ActorOnly,
    NotificationSettings,
  ),
  changeNotificationSetting: rpc(
    'identity',
    'notifications.settings.change',
    FROM_ROUTES,
    z.object({ actor: Actor, change: NotificationSettingChange }),
    NotificationSettings,
  ),
  activitySummary: rpc(
    'identity',
    'notifications.summary',
    FROM_ROUTES,
    ActorOnly,
    ActivitySummary,
  ),

  // Between services (never exposed by the gateway)
  members: rpc(
    'identity',
    'users.members',
    'service',
    z.object({ organizationId: z.number().int() }),
    z.array(Member),
  ),
  /**
   * Some of the organization's people, by id (others' ids are not answered): a batch of a list
   * the caller already chose, without asking for everyone again.
   */
  membersByIds: rpc(
    'identity',
    'users.membersByIds',
    'service',
    z.object({
      organizationId: z.number().int(),
      userIds: z.array(z.number().int()).max(1000),
    }),
    z.array(Member),
  ),
  /**
   * Names of people by id, for a page that lists a few of the caller's records (their ids come
   * from the caller's own organization-scoped rows); one call for the whole page.
   */
  names: rpc(
    'identity',
    'users.names',
    'service',
    z.object({ userIds: z.array(z.number().int()).max(1000) }),
    z.array(z.object({ id: z.number().int(), name: z.string() })),
  ),
  currentPrompts: rpc('identity', 'prompts.current', 'service', z.object({}), GlobalPrompts),
  /** For nightly jobs of other services: the ids of every organization. */
  organizationIds: rpc(
    'identity',
    'organizations.ids',
    'service',
    z.object({}),
    z.array(z.number().int()),
  ),
  /** Team Overview: who of the organization signed in today (UTC). */
  signedInToday: rpc(
    'identity',
    'users.signedInToday',
    'service',
    z.object({ organizationId: z.number().int() }),
    z.array(z.number().int()),
  ),
  notify: rpc(
    'identity',
    'notifications.notify',
    'service',
    z.object({
      userIds: z.array(z.number().int()).max(1000),
      notification: NotificationRequest,
    }),
    z.object({ delivered: z.number().int() }),
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
    SetupPasswordRequest.extend({ pictureKey: z.string().optional() }),
    MessageResponse,
  ),
} as const;
