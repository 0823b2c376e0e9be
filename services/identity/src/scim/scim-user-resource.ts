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
  | 'scimModifiedAt'
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
      lastModified: user.scimModifiedAt.toISOString(),
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
/** Entra ID sends "True" and "False", other providers "TRUE" or "false": any case is read. */
const Active = z
  .union([z.boolean(), z.string().regex(/^(true|false)$/i, 'must be true or false')])
  .transform((value) => value === true || (typeof value === 'string' && /^true$/i.test(value)));

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

/** The attributes read, by their names in any case (RFC 7643 2.1): "Active" is `active`. */
const USER_ATTRIBUTES = ['userName', 'externalId', 'displayName', 'name', 'active'];
const NAME_ATTRIBUTES = ['givenName', 'familyName', 'formatted'];

/** An object's keys spelled as `names` spell them; a key already spelled so wins over another. */
function spelled(value: unknown, names: string[]): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const canonical = new Map(names.map((name) => [name.toLowerCase(), name]));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const name = canonical.get(key.toLowerCase()) ?? key;
    if (name === key || !(name in value)) result[name] = item;
  }
  return result;
}

/** A User document with the attributes this product reads spelled as the schema spells them. */
export function spelledUser(body: unknown): unknown {
  const user = spelled(body, USER_ATTRIBUTES);
  if (!user || typeof user !== 'object' || !('name' in user)) return user;
  return { ...user, name: spelled(user.name, NAME_ATTRIBUTES) };
}

/** A User document (POST, PUT or the result of a PATCH) as the member's fields. */
export function scimUserFields(body: unknown): ScimUserFields {
  const parsed = ScimUserInput.safeParse(spelledUser(body));
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

const CORE_PREFIX = `${SCIM_SCHEMAS.user}:`.toLowerCase();

/** An attribute path lower-cased, without the core schema's URN: "name.formatted". */
const attributePath = (path: string) => {
  const lower = path.trim().toLowerCase();
  return lower.startsWith(CORE_PREFIX) ? lower.slice(CORE_PREFIX.length) : lower;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The attribute paths an operation sets: its path, or each key of its value, one level down. */
function pathsSet(operation: object): string[] {
  const { path, value } = operation as { path?: string; value?: unknown };
  const entries: [string, unknown][] = path
    ? [[path, value]]
    : Object.entries(isObject(value) ? value : {});
  return entries.flatMap(([key, item]) => {
    const at = attributePath(key);
    return [
      at,
      ...Object.keys(isObject(item) ? item : {}).map((sub) => attributePath(`${at}.${sub}`)),
    ];
  });
}

/** Whether a PATCH sends the name whole: displayName or name.formatted, changed or not. */
function statesDisplayName(operations: readonly object[]): boolean {
  return operations.some(
    (operation) =>
      (operation as { op?: string }).op !== 'remove' &&
      pathsSet(operation).some((path) => path === 'displayname' || path === 'name.formatted'),
  );
}

const nameParts = (user: { name?: { givenName?: unknown; familyName?: unknown } }) =>
  JSON.stringify([user.name?.givenName ?? null, user.name?.familyName ?? null]);

/**
 * A PATCH's result with the member's name following a new given or family name: Entra ID sends
 * `name.givenName` alone, and the displayName read back with the user would otherwise keep the
 * old name. Without it (and name.formatted), scimUserFields composes the name as it does for a
 * created user sent without one. A PATCH that sends displayName keeps it.
 */
export function nameFollowingItsParts<T extends ScimUser>(
  before: ScimUser,
  patched: T,
  operations: readonly object[],
): T {
  if (statesDisplayName(operations) || nameParts(before) === nameParts(patched)) return patched;
  const { displayName: _stale, ...rest } = patched;
  const { formatted: _staleFormatted, ...name } = isObject(patched.name) ? patched.name : {};
  return { ...rest, name } as unknown as T;
}
