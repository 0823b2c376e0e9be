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

/** Roles the super administrator may give to a new user (spec, section 6). */
export const CREATABLE_ROLES = ['admin', 'training_supervisor', 'manager', 'operator'] as const;
export const CreatableRole = z.enum(CREATABLE_ROLES);
export type CreatableRole = z.infer<typeof CreatableRole>;

export const ALL_ROLES: readonly Role[] = ROLES;
export const STAFF_ROLES: readonly Role[] = [
  'super_admin',
  'admin',
  'training_supervisor',
  'manager',
];
export const SUPER_ADMIN_ONLY: readonly Role[] = ['super_admin'];
/** Who manages another person's face reference photos (a person manages their own). */
export const FACE_ADMINS: readonly Role[] = ['super_admin', 'admin'];
/** The audit log: everything for super administrators, their organization for administrators. */
export const AUDIT_READERS: readonly Role[] = ['super_admin', 'admin'];
/** Who runs an organization: its administrators, and the super administrator for any of them. */
export const ORGANIZATION_ADMINS: readonly Role[] = ['super_admin', 'admin'];

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
