import type { User } from '@hub/proto';

/** The signed-in user as kept in browser storage under 'currentUser' (spec section 3). */
export type StoredUser = Pick<
  User,
  'id' | 'email' | 'name' | 'role' | 'organizationId' | 'profilePicture'
>;

const CURRENT_USER_KEY = 'currentUser';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function toStoredUser(user: User): StoredUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organizationId: user.organizationId,
    profilePicture: user.profilePicture,
  };
}

export function storeCurrentUser(user: User): void {
  storage()?.setItem(CURRENT_USER_KEY, JSON.stringify(toStoredUser(user)));
}

export function readCurrentUser(): StoredUser | null {
  const raw = storage()?.getItem(CURRENT_USER_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && 'email' in parsed
      ? (parsed as StoredUser)
      : null;
  } catch {
    return null;
  }
}

export function clearCurrentUser(): void {
  storage()?.removeItem(CURRENT_USER_KEY);
}
