import { z } from 'zod';
import { Actor } from './roles.js';
import { DashboardStats, RecentActivity } from './dashboard.js';
import { OrganizationChoices, OrganizationLookup, User } from './identity.js';
import { ServicePing } from './health.js';
import {
  ActivitySummary,
  AdminOrganization,
  AdminOverview,
  ChangePasswordRequest,
  CreateOrganizationRequest,
  CreateUserRequest,
  CreateUserResponse,
  GlobalPrompts,
  InvitationSentResponse,
  MessageResponse,
  Notification,
  NotificationSettingChange,
  Notifications,
  NotificationSettings,
  ProfilePictureUpload,
  SetupPasswordRequest,
  UpdateProfileRequest,
  VerifyInvitationRequest,
  VerifyInvitationResponse,
} from './accounts.js';
import { Organization } from './identity.js';
import {
  CreateFolderRequest,
  CreateTagRequest,
  DocumentList,
  DocumentMarkdown,
  Folder,
  LibraryDocument,
  Tag,
} from './library.js';
import { Evaluation, ReviewEvaluation, UpdateEvaluationRequest } from './evaluations.js';

/** One request/answer exchange with a service over Redis. */
export interface RpcContract<
  TRequest extends z.ZodType = z.ZodType,
  TAnswer extends z.ZodType = z.ZodType,
> {
  service: string;
  pattern: string;
  request: TRequest;
  answer: TAnswer;
}

function rpc<TRequest extends z.ZodType, TAnswer extends z.ZodType>(
  service: string,
  pattern: string,
  request: TRequest,
  answer: TAnswer,
): RpcContract<TRequest, TAnswer> {
  return { service, pattern: `${service}.${pattern}`, request, answer };
}

export const ActorOnly = z.object({ actor: Actor });

const ClientContext = z.object({ ip: z.string(), userAgent: z.string().max(512) });

export const SessionView = z.object({
  sessionId: z.string(),
  actor: Actor,
  persistent: z.boolean(),
  expiresAt: z.string(),
});
export type SessionView = z.infer<typeof SessionView>;

export const identityRpc = {
  ping: rpc('identity', 'ping', z.object({}), ServicePing),
  login: rpc(
    'identity',
    'auth.login',
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
    z.object({ token: z.string() }),
    z.object({ ended: z.boolean() }),
  ),
  resolveSession: rpc(
    'identity',
    'auth.session',
    z.object({ token: z.string() }),
    z.object({ session: SessionView.nullable() }),
  ),
  organizationByDomain: rpc(
    'identity',
    'organizations.byDomain',
    z.object({ domain: z.string() }),
    OrganizationLookup,
  ),
  organizationChoices: rpc('identity', 'organizations.choices', ActorOnly, OrganizationChoices),
  currentUser: rpc('identity', 'users.current', ActorOnly, User),
  dashboardStats: rpc('identity', 'stats.dashboard', ActorOnly, DashboardStats),
  recentActivity: rpc(
    'identity',
    'activity.recent',
    z.object({ actor: Actor, limit: z.number().int().min(1).max(50) }),
    RecentActivity,
  ),
  // Super administrator console
  adminOverview: rpc('identity', 'admin.overview', ActorOnly, AdminOverview),
  adminOrganizations: rpc(
    'identity',
    'admin.organizations.list',
    ActorOnly,
    z.array(AdminOrganization),
  ),
  createOrganization: rpc(
    'identity',
    'admin.organizations.create',
    z.object({ actor: Actor, organization: CreateOrganizationRequest }),
    AdminOrganization,
  ),
  deleteOrganization: rpc(
    'identity',
    'admin.organizations.delete',
    z.object({ actor: Actor, organizationId: z.number().int() }),
    MessageResponse,
  ),
  adminUsers: rpc('identity', 'admin.users.list', ActorOnly, z.array(User)),
  createUser: rpc(
    'identity',
    'admin.users.create',
    z.object({ actor: Actor, user: CreateUserRequest }),
    CreateUserResponse,
  ),
  deleteUser: rpc(
    'identity',
    'admin.users.delete',
    z.object({ actor: Actor, userId: z.number().int() }),
    MessageResponse,
  ),
  resendInvitation: rpc(
    'identity',
    'admin.users.resendInvitation',
    z.object({ actor: Actor, userId: z.number().int() }),
    InvitationSentResponse,
  ),
  prompts: rpc('identity', 'prompts.get', ActorOnly, GlobalPrompts),
  savePrompts: rpc(
    'identity',
    'prompts.save',
    z.object({ actor: Actor, prompts: GlobalPrompts }),
    GlobalPrompts,
  ),
  dataPanelOrganizations: rpc(
    'identity',
    'admin.data.organizations',
    ActorOnly,
    z.array(Organization),
  ),

  // Profile and pictures
  registerPictureUpload: rpc(
    'identity',
    'pictures.register',
    z.object({ actor: Actor, storageKey: z.string() }),
    ProfilePictureUpload,
  ),
  changeProfilePicture: rpc(
    'identity',
    'pictures.change',
    z.object({ actor: Actor, fileName: z.string() }),
    User,
  ),
  locateProfilePicture: rpc(
    'identity',
    'pictures.locate',
    z.object({ actor: Actor, userId: z.number().int() }),
    z.object({ storageKey: z.string().nullable() }),
  ),
  updateProfile: rpc(
    'identity',
    'profile.update',
    z.object({ actor: Actor, profile: UpdateProfileRequest }),
    User,
  ),
  changePassword: rpc(
    'identity',
    'profile.password',
    z.object({ actor: Actor, sessionId: z.string(), change: ChangePasswordRequest }),
    MessageResponse,
  ),

  // Notifications
  notifications: rpc('identity', 'notifications.list', ActorOnly, Notifications),
  markNotificationRead: rpc(
    'identity',
    'notifications.read',
    z.object({ actor: Actor, notificationId: z.number().int() }),
    Notification,
  ),
  markAllNotificationsRead: rpc(
    'identity',
    'notifications.readAll',
    ActorOnly,
    z.object({ updated: z.number().int() }),
  ),
  notificationSettings: rpc('identity', 'notifications.settings', ActorOnly, NotificationSettings),
  changeNotificationSetting: rpc(
    'identity',
    'notifications.settings.change',
    z.object({ actor: Actor, change: NotificationSettingChange }),
    NotificationSettings,
  ),
  activitySummary: rpc('identity', 'notifications.summary', ActorOnly, ActivitySummary),

  // Between services (never exposed by the gateway)
  currentPrompts: rpc('identity', 'prompts.current', z.object({}), GlobalPrompts),
  notify: rpc(
    'identity',
    'notifications.notify',
    z.object({
      userIds: z.array(z.number().int()).max(1000),
      notification: Notification.pick({ type: true, title: true, message: true }),
    }),
    z.object({ delivered: z.number().int() }),
  ),

  // Invitations
  verifyInvitation: rpc(
    'identity',
    'invitations.verify',
    VerifyInvitationRequest,
    VerifyInvitationResponse,
  ),
  /** Which organization an invitation belongs to, so an uploaded photo is stored below it. */
  invitationOrganization: rpc(
    'identity',
    'invitations.organization',
    VerifyInvitationRequest,
    z.object({ organizationId: z.number().int() }),
  ),
  acceptInvitation: rpc(
    'identity',
    'invitations.accept',
    SetupPasswordRequest.extend({ pictureKey: z.string().optional() }),
    MessageResponse,
  ),
} as const;

export type RpcRequest<C extends RpcContract> = z.infer<C['request']>;
export type RpcAnswer<C extends RpcContract> = z.infer<C['answer']>;

/** The list filter after the gateway parsed the query string. */
export const DocumentFilter = z.object({
  folderId: z.number().int().optional(),
  tags: z.array(z.number().int()),
  search: z.string().optional(),
  limit: z.number().int().min(1).max(100),
  sopProcessed: z.boolean().optional(),
});
export type DocumentFilter = z.infer<typeof DocumentFilter>;

const DocumentRef = z.object({ actor: Actor, documentId: z.number().int() });

export const libraryRpc = {
  ping: rpc('library', 'ping', z.object({}), ServicePing),
  documents: rpc(
    'library',
    'documents.list',
    z.object({ actor: Actor, filter: DocumentFilter }),
    DocumentList,
  ),
  document: rpc('library', 'documents.get', DocumentRef, LibraryDocument),
  createDocument: rpc(
    'library',
    'documents.create',
    z.object({
      actor: Actor,
      title: z.string(),
      description: z.string(),
      tagNames: z.array(z.string().trim().min(1).max(100)).max(50),
      folderId: z.number().int().optional(),
      storagePrefix: z.string(),
      sourceKey: z.string(),
      fileName: z.string(),
      fileSize: z.number().int(),
    }),
    LibraryDocument,
  ),
  /** Checks the folder before the gateway stores any byte of an upload. */
  checkFolder: rpc(
    'library',
    'folders.check',
    z.object({ actor: Actor, folderId: z.number().int() }),
    z.object({ ok: z.boolean() }),
  ),
  deleteDocument: rpc(
    'library',
    'documents.delete',
    DocumentRef,
    z.object({ message: z.string() }),
  ),
  retryDocument: rpc('library', 'documents.retry', DocumentRef, LibraryDocument),
  documentFile: rpc(
    'library',
    'documents.file',
    DocumentRef,
    z.object({ key: z.string(), fileName: z.string() }),
  ),
  documentMarkdown: rpc('library', 'documents.markdown', DocumentRef, DocumentMarkdown),
  documentImage: rpc(
    'library',
    'documents.image',
    z.object({ actor: Actor, documentId: z.number().int(), imageId: z.string() }),
    z.object({ key: z.string() }),
  ),
  folders: rpc('library', 'folders.list', ActorOnly, z.array(Folder)),
  createFolder: rpc(
    'library',
    'folders.create',
    z.object({ actor: Actor, folder: CreateFolderRequest }),
    Folder,
  ),
  tags: rpc('library', 'tags.list', ActorOnly, z.array(Tag)),
  createTag: rpc('library', 'tags.create', z.object({ actor: Actor, tag: CreateTagRequest }), Tag),
  evaluationOfDocument: rpc(
    'library',
    'evaluations.ofDocument',
    DocumentRef,
    z.union([ReviewEvaluation, Evaluation]),
  ),
  evaluation: rpc(
    'library',
    'evaluations.get',
    z.object({ actor: Actor, evaluationId: z.number().int() }),
    z.union([ReviewEvaluation, Evaluation]),
  ),
  updateEvaluation: rpc(
    'library',
    'evaluations.update',
    z.object({ actor: Actor, documentId: z.number().int(), draft: UpdateEvaluationRequest }),
    ReviewEvaluation,
  ),
  publishEvaluation: rpc('library', 'evaluations.publish', DocumentRef, ReviewEvaluation),
  regenerateEvaluation: rpc('library', 'evaluations.regenerate', DocumentRef, LibraryDocument),
} as const;
