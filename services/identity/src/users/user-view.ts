import type { User } from '@hub/proto';
import type { OrganizationEntity } from '../organizations/organization.entity.js';
import type { UserEntity } from './user.entity.js';

/**
 * Where the browser loads the picture; the version part changes with the picture, so caches
 * never show an old one. The storage key itself never leaves the server.
 */
export function profilePictureUrl(user: Pick<UserEntity, 'id' | 'profilePicture'>): string | null {
  if (!user.profilePicture) return null;
  const version = user.profilePicture.slice(
    user.profilePicture.lastIndexOf('/') + 1,
    user.profilePicture.lastIndexOf('.'),
  );
  return `/api/users/${user.id}/profile-picture?v=${version.slice(0, 8)}`;
}

/** What the view reads: an entity, or a plain row of the same fields (UsersService.current). */
export type UserViewSource = Pick<
  UserEntity,
  | 'id'
  | 'email'
  | 'name'
  | 'role'
  | 'organizationId'
  | 'profilePicture'
  | 'auth0UserId'
  | 'isActive'
  | 'lastLogin'
  | 'createdAt'
> & { organization?: Pick<OrganizationEntity, 'name' | 'displayName'> | null };

/** The user as the API shows it; the organization must be loaded with it. */
export function toUserView(user: UserViewSource): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organizationId: user.organizationId,
    organizationName: user.organization?.displayName || user.organization?.name || '',
    profilePicture: profilePictureUrl(user),
    auth0UserId: user.auth0UserId,
    isActive: user.isActive,
    lastLogin: user.lastLogin?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
