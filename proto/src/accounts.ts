import { ERROR_TEXTS } from './error-codes.js';
import { z } from 'zod';
import { CreatableRole } from './roles.js';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './text.js';
import { TextParams } from './text-params.js';
import { Organization, User } from './identity.js';
import { SamlIdpSettings } from './saml.js';
import { PageInfo, pageQuery } from './paging.js';
import { MAX_ROW_ID, RowId } from './row-id.js';

// Messages are the spec's (access-shell-admin.md, section 5), so the server and the browser say the same.

/** A required one-line text such as a name: 200 characters fit any real one. */
const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(200, 'At most 200 characters');

/** Lower-cased host name such as 'acme.com'. */
export const DomainName = z
  .string({ error: 'Domain is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Domain is required')
  .max(253, 'Enter a domain such as acme.com')
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Enter a domain such as acme.com',
  );

export const CreateOrganizationRequest = z
  .object({
    name: requiredText('Organization name is required'),
    displayName: requiredText('Display name is required'),
    domain: DomainName,
    auth0OrgId: z.string().trim().max(200).optional().nullable(),
    samlEnabled: z.boolean().optional().default(false),
    /** The identity provider (SAML); may also be set later through PUT .../:id/saml. */
    saml: SamlIdpSettings.optional().nullable(),
  })
  .superRefine((value, context) => {
    if (value.samlEnabled && !value.auth0OrgId) {
      context.addIssue({
        code: 'custom',
        path: ['auth0OrgId'],
        message: 'Auth0 Organization ID is required when SAML is enabled',
      });
    } else if (value.samlEnabled && /\s/.test(value.auth0OrgId ?? '')) {
      context.addIssue({
        code: 'custom',
        path: ['auth0OrgId'],
        message: 'Auth0 Organization ID must not contain spaces',
      });
    }
  });
export type CreateOrganizationRequest = z.infer<typeof CreateOrganizationRequest>;

export const AdminOrganization = Organization.extend({ userCount: z.number().int() });
export type AdminOrganization = z.infer<typeof AdminOrganization>;

export const CreateUserRequest = z.object({
  email: z.email('Valid email is required').trim().toLowerCase().max(EMAIL_MAX_LENGTH),
  name: requiredText('Name is required'),
  organizationId: z
    .number({ error: 'Organization is required' })
    .int()
    .min(1, 'Organization is required')
    .max(MAX_ROW_ID, 'Organization is required'),
  role: CreatableRole.optional().default('operator'),
  /** The fileName answered by POST /api/user/profile-picture-upload. */
  profilePicture: z.string().trim().min(1).max(200).nullable().optional(),
});
export type CreateUserRequest = z.infer<typeof CreateUserRequest>;

export const CreateUserResponse = z.object({
  user: User,
  name: z.string(),
  email: z.string(),
  invitationSent: z.boolean(),
  message: z.string(),
});
export type CreateUserResponse = z.infer<typeof CreateUserResponse>;

export const InvitationSentResponse = z.object({
  invitationSent: z.boolean(),
  message: z.string(),
});
export type InvitationSentResponse = z.infer<typeof InvitationSentResponse>;

export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

export const GlobalPrompts = z.object({
  quizPrompts: z.string().max(20_000, 'Prompts must be at most 20,000 characters'),
  videoAnalysisPrompts: z.string().max(20_000, 'Prompts must be at most 20,000 characters'),
});
export type GlobalPrompts = z.infer<typeof GlobalPrompts>;

/**
 * What an onboarding step says, as a catalog key and its counts (web: onboardingSteps.<key>),
 * for a client to word in its reader's language; `label` and `detail` say it in English.
 * Keys are never renamed.
 */
export const ONBOARDING_TEXT_KEYS = [
  // An organization's own checklist
  'people_none',
  'people',
  'sign_in_saml',
  'sign_in_password',
  'first_sop',
  'first_evaluation',
  'first_observation',
  'camera_system',
  // The super administrator's console
  'organization',
  'organization_with_platform',
  'sso_identifier',
  'saml_complete',
  'saml_missing',
  'admins',
  'users',
  'settings_saved',
  'settings_unsaved',
  'auth_test',
  'materials',
] as const;
export type OnboardingTextKey = (typeof ONBOARDING_TEXT_KEYS)[number];

export const OnboardingStep = z.object({
  key: z.string(),
  label: z.string(),
  done: z.boolean(),
  optional: z.boolean(),
  detail: z.string(),
  text: z.object({ key: z.enum(ONBOARDING_TEXT_KEYS), params: TextParams }),
});
export type OnboardingStep = z.infer<typeof OnboardingStep>;

export const AdminOverview = z.object({
  totalOrganizations: z.number().int(),
  totalUsers: z.number().int(),
  activeSessions: z.number().int(),
  onboarding: z.array(OnboardingStep),
});
export type AdminOverview = z.infer<typeof AdminOverview>;

export const ProfilePictureUpload = z.object({ fileName: z.string(), message: z.string() });
export type ProfilePictureUpload = z.infer<typeof ProfilePictureUpload>;

export const UpdateProfileRequest = z.object({
  name: requiredText('Name is required'),
  email: z.email('Invalid email address').trim().toLowerCase().max(EMAIL_MAX_LENGTH),
  /** Required when the email changes: a borrowed session must not take the account over. */
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequest>;

export const EMAIL_CHANGE_NEEDS_PASSWORD = ERROR_TEXTS.email_change_needs_password;
export const EMAIL_CHANGE_LINK_INVALID = ERROR_TEXTS.email_change_link_invalid;

export const ConfirmEmailRequest = z.object({
  token: z.string().min(1, EMAIL_CHANGE_LINK_INVALID).max(200),
});
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequest>;

/** A confirmed change: the English sentence for API clients, and the address now in use. */
export const ConfirmEmailResponse = MessageResponse.extend({ email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof ConfirmEmailResponse>;

export const PASSWORD_MIN_LENGTH = 8;

export const ChangePictureRequest = z.object({
  fileName: z.string().trim().min(1, 'Please select an image file.').max(200),
});
export type ChangePictureRequest = z.infer<typeof ChangePictureRequest>;

/** Special characters an invitation password may use to meet the 'one special character' rule. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~';

export const PASSWORD_RULES = [
  {
    key: 'length',
    label: 'At least 8 characters',
    test: (p: string) => p.length >= PASSWORD_MIN_LENGTH,
  },
  { key: 'upper', label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'lower', label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { key: 'digit', label: 'One number', test: (p: string) => /\d/.test(p) },
  {
    key: 'special',
    label: `One special character (${PASSWORD_SPECIAL_CHARACTERS})`,
    test: (p: string) => [...p].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  },
] as const;

/**
 * The one password policy, wherever a password is chosen (invitation, setup, change). The
 * identity service also refuses common passwords (a list too large for this package).
 */
export const NewPassword = z
  .string()
  .max(PASSWORD_MAX_LENGTH)
  .refine((password) => PASSWORD_RULES.every((rule) => rule.test(password)), {
    message:
      'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter, a number and a special character.',
  });
export const InvitationPassword = NewPassword;

export const COMMON_PASSWORD =
  'This password is too common. Please choose one that is harder to guess.';

export const ChangePasswordRequest = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
    // The spec's message for a short one first, then the rules every new password meets.
    newPassword: z
      .string()
      .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
      .max(PASSWORD_MAX_LENGTH)
      .pipe(NewPassword),
    confirmPassword: z
      .string()
      .min(PASSWORD_MIN_LENGTH, 'Password confirmation is required')
      .max(PASSWORD_MAX_LENGTH),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    message: "Passwords don't match",
  });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

export const VerifyInvitationRequest = z.object({
  token: z
    .string()
    .min(1, 'This password setup link is invalid or incomplete.')
    .max(512, 'This password setup link is invalid or incomplete.'),
  email: z
    .email('This password setup link is invalid or incomplete.')
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH, 'This password setup link is invalid or incomplete.'),
});
export type VerifyInvitationRequest = z.infer<typeof VerifyInvitationRequest>;

export const VerifyInvitationResponse = z.object({
  userName: z.string(),
  email: z.string(),
  organizationName: z.string(),
  hasProfilePicture: z.boolean(),
  message: z.string(),
});
export type VerifyInvitationResponse = z.infer<typeof VerifyInvitationResponse>;

export const SetupPasswordRequest = VerifyInvitationRequest.extend({
  password: InvitationPassword,
});
export type SetupPasswordRequest = z.infer<typeof SetupPasswordRequest>;

export const NOTIFICATION_TYPES = ['info', 'warning', 'success', 'error'] as const;
export const Notification = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  timestamp: z.string(),
});
export type Notification = z.infer<typeof Notification>;
export const Notifications = z.array(Notification);

/** One page of your notifications, newest first; `unreadCount` counts every unread one. */
export const NotificationPage = PageInfo.extend({
  notifications: Notifications,
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof NotificationPage>;

/**
 * Mark All as Read: `upTo` is the newest notification the page showed, so one that arrived
 * after the page was read stays unread; without it (older clients), every unread one.
 */
export const MarkAllNotificationsRead = z.object({
  upTo: z.number().int().positive().optional(),
});
export type MarkAllNotificationsRead = z.infer<typeof MarkAllNotificationsRead>;

/** One page of users, newest first; `activeCount` is the Hub's Active Users (active accounts). */
export const UserPage = PageInfo.extend({ users: z.array(User), activeCount: z.number().int() });
export type UserPage = z.infer<typeof UserPage>;

export const NotificationListQuery = pageQuery(50, 200);
export const UserListQuery = pageQuery(50, 200);
/**
 * The console's users: newest first, or those whose name or email holds `search` (a substring;
 * the super administrator's one way to reach a person older than the newest few).
 */
export const AdminUserListQuery = UserListQuery.extend({
  search: z.string().trim().max(200).optional(),
});

/** One page of the console's organizations, newest first, each with its number of users. */
export const AdminOrganizationPage = PageInfo.extend({ organizations: z.array(AdminOrganization) });
export type AdminOrganizationPage = z.infer<typeof AdminOrganizationPage>;
/** One page of the data panel's organizations, newest first. */
export const OrganizationPage = PageInfo.extend({ organizations: z.array(Organization) });
export type OrganizationPage = z.infer<typeof OrganizationPage>;

export const OrganizationListQuery = pageQuery(50, 200);
/**
 * The console's organizations, its organization pickers and the sign-in chooser: newest first,
 * or those whose name, display name or domain holds `search` (a substring: how one of thousands
 * is found).
 */
export const AdminOrganizationListQuery = OrganizationListQuery.extend({
  search: z.string().trim().max(200).optional(),
});

export const NotificationSettings = z.object({
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  systemUpdates: z.boolean(),
  activitySummary: z.boolean(),
  marketingEmails: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

/** One changed preference flag at a time, as the Activity page sends it. */
export const NotificationSettingChange = NotificationSettings.partial().refine(
  (value) => Object.keys(value).length === 1,
  'Send exactly one preference to change',
);
export type NotificationSettingChange = z.infer<typeof NotificationSettingChange>;

export const ActivitySummary = z.object({
  notificationsThisWeek: z.number().int(),
  actionsCompleted: z.number().int(),
  pendingItems: z.number().int(),
});
export type ActivitySummary = z.infer<typeof ActivitySummary>;

export const UserIdParams = z.object({ userId: RowId });
