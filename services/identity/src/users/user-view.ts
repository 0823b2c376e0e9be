import type { User } from '@hub/proto';
import type { UserEntity } from './user.entity.js';

/** The user as the API shows it; the organization must be loaded with it. */
export function toUserView(user: UserEntity): User {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organizationId: user.organizationId,
    organizationName: user.organization?.displayName || user.organization?.name || '',
    profilePicture: user.profilePicture,
    auth0UserId: user.auth0UserId,
    isActive: user.isActive,
    lastLogin: user.lastLogin?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
