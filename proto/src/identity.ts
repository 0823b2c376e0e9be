import { ERROR_TEXTS } from './error-codes.js';
import { z } from 'zod';
import { PageInfo } from './paging.js';
import { Role } from './roles.js';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './text.js';

export const User = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: Role,
  organizationId: z.number().int(),
  organizationName: z.string(),
  profilePicture: z.string().nullable(),
  auth0UserId: z.string().nullable(),
  isActive: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof User>;

export const Organization = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  domain: z.string(),
  auth0OrgId: z.string().nullable(),
  samlEnabled: z.boolean(),
  createdAt: z.string(),
});
export type Organization = z.infer<typeof Organization>;

/** The one answer to a wrong email or password: it never says which of the two was wrong. */
export const INVALID_CREDENTIALS = ERROR_TEXTS.invalid_credentials;

export const LoginRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Please enter both email and password.')
    .max(EMAIL_MAX_LENGTH, INVALID_CREDENTIALS),
  password: z
    .string()
    .min(1, 'Please enter both email and password.')
    .max(PASSWORD_MAX_LENGTH, INVALID_CREDENTIALS),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({
  message: z.string(),
  user: User,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const LogoutResponse = z.object({ message: z.string() });
export type LogoutResponse = z.infer<typeof LogoutResponse>;

export const OrganizationLookup = z.object({
  organization: z.object({
    id: z.number().int(),
    name: z.string(),
    displayName: z.string(),
    auth0OrgId: z.string().nullable(),
    samlEnabled: z.boolean(),
  }),
});
export type OrganizationLookup = z.infer<typeof OrganizationLookup>;

export const OrganizationChoice = z.object({
  auth0OrgId: z.string().nullable(),
  name: z.string(),
  displayName: z.string(),
});
export type OrganizationChoice = z.infer<typeof OrganizationChoice>;
/**
 * The sign-in chooser's organizations: the caller's own, or for the super administrator the
 * newest (or those matching a search) a page at a time, never thousands at once.
 */
export const OrganizationChoicePage = PageInfo.extend({
  organizations: z.array(OrganizationChoice),
});
export type OrganizationChoicePage = z.infer<typeof OrganizationChoicePage>;

export const DomainParams = z.object({ domain: z.string().trim().toLowerCase().min(1).max(253) });
export type DomainParams = z.infer<typeof DomainParams>;
