import {
  ActivitySummary,
  ChangePasswordRequest,
  ConfirmEmailRequest,
  ConfirmEmailResponse,
  MarkAllNotificationsRead,
  MessageResponse,
  Notification,
  NotificationSettingChange,
  NotificationSettings,
  NotificationPage,
  ProfilePictureUpload,
  UpdateProfileRequest,
} from '../accounts.js';
import { User } from '../identity.js';
import { Actor, ALL_ROLES } from '../roles.js';
import { z } from 'zod';
import { rpc, ActorOnly, FROM_ROUTES } from '../rpc.js';
import { SessionRevocation } from '../sessions.js';
import {
  LanguageCode,
  OrganizationSettings,
  OrganizationSettingsChange,
  SavedPreferences,
  UserPreferences,
  UserSessions,
} from '../settings.js';
import { PageRequest } from '../paging.js';

/** A person's profile, settings and notifications: part of identityRpc. */
export const identityAccountRpc = {
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
    ConfirmEmailResponse,
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
    z.object({ actor: Actor, settings: OrganizationSettingsChange }),
    OrganizationSettings,
  ),
  /**
   * The language to write to each person in (their choice, else their organization's default,
   * else the browser's: `acceptLanguage` when the caller has one, else the one remembered at
   * their last sign-in; else English), and the IANA zone to date it in (their choice, else their
   * device's as last known, else their organization's default, else UTC).
   */
  languagesOf: rpc(
    'identity',
    'settings.languagesOf',
    'service',
    z.object({
      userIds: z.array(z.number().int()).max(1000),
      acceptLanguage: z.string().max(512).optional(),
    }),
    z.array(z.object({ userId: z.number().int(), language: LanguageCode, timeZone: z.string() })),
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
    MarkAllNotificationsRead.extend({ actor: Actor }),
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
} as const;
