import { ERROR_TEXTS } from './error-codes.js';
import type { Language } from './settings.js';
import { z } from 'zod';

export const ROLES = [
  'super_admin',
  'admin',
  'training_supervisor',
  'manager',
  'operator',
] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/**
 * Each role's name in each language: the web app's catalogs show these (`roles`), and a people
 * import reads a role cell by any of them as well as by the code (without regard to capitals,
 * accents, spaces or hyphens; a super administrator's name is refused there like the code).
 */
export const ROLE_NAMES: Record<Language, Record<Role, string>> = {
  en: {
    super_admin: 'super admin',
    admin: 'admin',
    training_supervisor: 'training supervisor',
    manager: 'manager',
    operator: 'operator',
  },
  es: {
    super_admin: 'superadministrador',
    admin: 'administrador',
    training_supervisor: 'supervisor de formación',
    manager: 'gerente',
    operator: 'operario',
  },
  fr: {
    super_admin: 'super-administrateur',
    admin: 'administrateur',
    training_supervisor: 'responsable formation',
    manager: 'manager',
    operator: 'opérateur',
  },
};

/** Roles the super administrator may give to a new user (spec, section 6). */
export const CREATABLE_ROLES = ['admin', 'training_supervisor', 'manager', 'operator'] as const;
export const CreatableRole = z.enum(CREATABLE_ROLES);
export type CreatableRole = z.infer<typeof CreatableRole>;

/**
 * Every set of roles the product grants something to, named by what it allows; the route table,
 * the RPC contracts, the services' rules and the web app's navigation all read these (an infra
 * test refuses a role array written anywhere else).
 */

/** Everyone signed in: their own records, the library, their training and certificates. */
export const ALL_ROLES: readonly Role[] = ROLES;
/**
 * The staff: see and supervise the team's records (observations, insights, the whole skills
 * matrix, every certification, recommendations, job functions and their coverage).
 */
export const STAFF_ROLES: readonly Role[] = [
  'super_admin',
  'admin',
  'training_supervisor',
  'manager',
];
/**
 * Edit training and what it rests on: evaluations, courses, the pass mark, certification
 * settings; and see the floor (the spec's navigation: Floor View).
 */
export const TRAINING_EDITORS: readonly Role[] = ['super_admin', 'admin', 'training_supervisor'];
/**
 * Run an organization: its administrators, and the super administrator for any of them (people
 * imports, job functions, the floor's configuration, face references, revocations, the audit log).
 */
export const ORGANIZATION_ADMINS: readonly Role[] = ['super_admin', 'admin'];
/**
 * An organization's own administrators, never the super administrator: the credentials the
 * organization hands its other systems (API tokens, SCIM tokens).
 */
export const OWN_ORGANIZATION_ADMINS: readonly Role[] = ['admin'];
/** The platform itself: organizations, their users, prompts. */
export const SUPER_ADMIN_ONLY: readonly Role[] = ['super_admin'];
/** Who may be observed at work. */
export const OBSERVED_ROLES: readonly Role[] = ['operator', 'training_supervisor'];

/** The super administrator's queries span every organization (null); anyone else's, their own. */
export function organizationScope(actor: Pick<Actor, 'role' | 'organizationId'>): number | null {
  return actor.role === 'super_admin' ? null : actor.organizationId;
}

/** The one answer to a role or organization that may not do what it asked. */
export const NOT_PERMITTED = ERROR_TEXTS.not_permitted;

/** 'training_supervisor' -> 'training supervisor', as the shell shows it. */
export function roleLabel(role: Role): string {
  return role.replace(/_/g, ' ');
}

/**
 * Who is calling: built by the gateway from the session, never from anything the browser says.
 * Every RPC to a service carries it, and the service scopes its queries to organizationId.
 */
export const Actor = z.object({
  userId: z.number().int().positive(),
  organizationId: z.number().int().positive(),
  role: Role,
});
export type Actor = z.infer<typeof Actor>;
