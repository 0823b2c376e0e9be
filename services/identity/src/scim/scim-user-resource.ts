import { z } from 'zod';
import { SCIM_SCHEMAS } from '@hub/proto';
import { refuse } from '@hub/kit';
import type { UserEntity } from '../users/user.entity.js';

export type ScimUserSource = Pick<
  UserEntity,
  | 'id'
  | 'email'
  | 'name'
  | 'givenName'
  | 'familyName'
  | 'scimExternalId'
  | 'suspendedAt'
  | 'createdAt'
>;

export interface ScimUser {
  schemas: string[];
  id: string;
  externalId?: string;
  userName: string;
  name: { givenName?: string; familyName?: string; formatted: string };
  displayName: string;
  emails: { value: string; type: string; primary: boolean }[];
  active: boolean;
  meta: { resourceType: 'User'; created: string; lastModified: string; location: string };
}

/** A member as SCIM shows them: `userName` is the email they sign in with. */
export function toScimUser(user: ScimUserSource, baseUrl: string): ScimUser {
  const created = user.createdAt.toISOString();
  return {
    schemas: [SCIM_SCHEMAS.user],
    id: String(user.id),
    ...(user.scimExternalId ? { externalId: user.scimExternalId } : {}),
    userName: user.email,
    name: {
      ...(user.givenName ? { givenName: user.givenName } : {}),
      ...(user.familyName ? { familyName: user.familyName } : {}),
      formatted: user.name,
    },
    displayName: user.name,
    emails: [{ value: user.email, type: 'work', primary: true }],
    active: !user.suspendedAt,
    meta: {
      resourceType: 'User',
      created,
      lastModified: (user.suspendedAt ?? user.createdAt).toISOString(),
      location: `${baseUrl}/Users/${user.id}`,
    },
  };
}

const text = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((value) => value || null);
const Active = z
  .union([z.boolean(), z.enum(['True', 'False', 'true', 'false'])])
  .transform((value) => value === true || value === 'True' || value === 'true');

/** The attributes of a User this product keeps; the others are accepted and ignored. */
const ScimUserInput = z.object({
  userName: z.email().trim().toLowerCase().max(320),
  externalId: text,
  displayName: text,
  name: z.object({ givenName: text, familyName: text, formatted: text }).partial().nullish(),
  active: Active.optional(),
});

export interface ScimUserFields {
  email: string;
  name: string;
  givenName: string | null;
  familyName: string | null;
  scimExternalId: string | null;
  active: boolean;
}

/** A User document (POST, PUT or the result of a PATCH) as the member's fields. */
export function scimUserFields(body: unknown): ScimUserFields {
  const parsed = ScimUserInput.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'userName';
    const detail =
      field === 'userName'
        ? 'userName must be the email address the member signs in with.'
        : `${field}: ${issue?.message ?? 'invalid value'}`;
    throw refuse(400, detail, 'invalidValue');
  }
  const { userName, externalId, displayName, name, active } = parsed.data;
  const joined = [name?.givenName, name?.familyName].filter(Boolean).join(' ');
  return {
    email: userName,
    name: (displayName ?? name?.formatted ?? joined) || userName.slice(0, userName.indexOf('@')),
    givenName: name?.givenName ?? null,
    familyName: name?.familyName ?? null,
    scimExternalId: externalId,
    active: active ?? true,
  };
}
