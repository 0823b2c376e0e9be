import {
  ChangePasswordRequest,
  ConfirmEmailRequest,
  ConfirmEmailResponse,
  ChangePictureRequest,
  MessageResponse,
  ProfilePictureUpload,
  UpdateProfileRequest,
  UserIdParams,
} from '../accounts.js';
import { defineRoute } from '../http.js';
import { identityRpc } from '../rpc/identity.js';
import { User } from '../identity.js';
import { ALL_ROLES, ORGANIZATION_ADMINS } from '../roles.js';
import { PROFILE_PICTURE_UPLOAD } from '../uploads.js';
import { z } from 'zod';
import {
  OrganizationSettings,
  OrganizationSettingsChange,
  SavedPreferences,
  SessionIdParams,
  UserPreferences,
  UserSessions,
} from '../settings.js';

/**
 * A token acts as its creator but never on them: the routes that change the caller's own
 * account (name, picture, preferences, credentials) are for their browser session only.
 */
export const userRoutes = {
  currentUser: defineRoute({
    method: 'GET',
    path: '/api/user',
    summary: 'The signed-in user (401 when signed out)',
    tag: 'user',
    access: ALL_ROLES,
    response: User,
    relay: { rpc: identityRpc.currentUser, request: ({ actor }) => ({ actor }) },
  }),
  uploadProfilePicture: defineRoute({
    method: 'POST',
    path: '/api/user/profile-picture-upload',
    summary: 'Upload an image (field profilePicture, up to 5 MB); answers the fileName to use',
    tag: 'user',
    access: ALL_ROLES,
    sessionOnly: true,
    response: ProfilePictureUpload,
    upload: PROFILE_PICTURE_UPLOAD,
  }),
  changeProfilePicture: defineRoute({
    method: 'PUT',
    path: '/api/user/profile-picture',
    summary: 'Use an uploaded image as your own profile picture',
    tag: 'user',
    access: ALL_ROLES,
    sessionOnly: true,
    body: ChangePictureRequest,
    response: User,
    relay: {
      rpc: identityRpc.changeProfilePicture,
      request: ({ actor, body }) => ({ actor, fileName: body.fileName }),
    },
  }),
  profilePicture: defineRoute({
    method: 'GET',
    path: '/api/users/:userId/profile-picture',
    summary: 'The profile picture of a user of your organization',
    tag: 'user',
    access: ALL_ROLES,
    params: UserIdParams,
    response: z.any(),
  }),
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/api/user/profile',
    summary:
      'Change your name; a new email (with your current password) changes once confirmed by the link mailed to it',
    tag: 'user',
    access: ALL_ROLES,
    sessionOnly: true,
    audit: 'profile.update',
    body: UpdateProfileRequest,
    response: User,
    relay: {
      rpc: identityRpc.updateProfile,
      request: ({ actor, body }) => ({ actor, profile: body }),
    },
  }),
  confirmEmail: defineRoute({
    method: 'POST',
    path: '/api/user/email/confirm',
    summary: 'Confirm a new email address with the link mailed to it',
    tag: 'user',
    // The link is the proof: it may be opened in a browser signed out or signed in as anyone.
    access: 'public',
    sessionOnly: true,
    audit: 'email.change',
    body: ConfirmEmailRequest,
    response: ConfirmEmailResponse,
  }),
  changePassword: defineRoute({
    method: 'PUT',
    path: '/api/user/password',
    summary: 'Change your password; your other sessions end',
    tag: 'user',
    access: ALL_ROLES,
    sessionOnly: true,
    audit: 'password.change',
    body: ChangePasswordRequest,
    response: MessageResponse,
  }),
  userSessions: defineRoute({
    method: 'GET',
    path: '/api/user/sessions',
    summary:
      'Your live sessions (the one making this request marked current) and when your password last changed',
    tag: 'user',
    access: ALL_ROLES,
    sessionOnly: true,
    response: UserSessions,
  }),
  endUserSession: defineRoute({
    method: 'DELETE',
    path: '/api/user/sessions/:id',
    summary: 'Sign out one of your other sessions',
    tag: 'user',
    access: ALL_ROLES,
    sessionOnly: true,
    params: SessionIdParams,
    response: MessageResponse,
  }),
  endOtherUserSessions: defineRoute({
    method: 'DELETE',
    path: '/api/user/sessions',
    summary: 'Sign out all your sessions but this one',
    tag: 'user',
    access: ALL_ROLES,
    sessionOnly: true,
    response: MessageResponse,
  }),
  userPreferences: defineRoute({
    method: 'GET',
    path: '/api/user/preferences',
    summary:
      "Your language (null: your organization's default, else your browser's), time zone, date format and theme",
    tag: 'user',
    access: ALL_ROLES,
    response: SavedPreferences,
    relay: { rpc: identityRpc.userPreferences, request: ({ actor }) => ({ actor }) },
  }),
  updateUserPreferences: defineRoute({
    method: 'PUT',
    path: '/api/user/preferences',
    summary: 'Change your language, time zone, date format and theme',
    tag: 'user',
    access: ALL_ROLES,
    sessionOnly: true,
    body: UserPreferences,
    response: SavedPreferences,
    relay: {
      rpc: identityRpc.updateUserPreferences,
      request: ({ actor, body }) => ({ actor, preferences: body }),
    },
  }),
  organizationSettings: defineRoute({
    method: 'GET',
    path: '/api/organization/settings',
    summary: "Your organization's settings: the language and time zone of members who chose none",
    tag: 'settings',
    access: ORGANIZATION_ADMINS,
    response: OrganizationSettings,
    relay: { rpc: identityRpc.organizationSettings, request: ({ actor }) => ({ actor }) },
  }),
  updateOrganizationSettings: defineRoute({
    method: 'PUT',
    path: '/api/organization/settings',
    summary: "Change your organization's default language and time zone",
    tag: 'settings',
    access: ORGANIZATION_ADMINS,
    audit: 'organization.settings',
    body: OrganizationSettingsChange,
    response: OrganizationSettings,
    relay: {
      rpc: identityRpc.updateOrganizationSettings,
      request: ({ actor, body }) => ({
        actor,
        settings: body,
      }),
    },
  }),
} as const;
