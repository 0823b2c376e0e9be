import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Actor, User } from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import { CurrentUserReads } from './current-user-reads.js';
import { profilePictureUrl, toUserView } from './user-view.js';

interface MemberRow {
  id: number;
  name: string;
  email: string;
  role: string;
  is_active: boolean;
  profile_picture: string | null;
}

const toMember = (user: MemberRow) => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: user.role,
  isActive: user.is_active,
  profilePicture: profilePictureUrl({ id: user.id, profilePicture: user.profile_picture }),
});

@Injectable()
export class UsersService {
  private readonly currentUsers: CurrentUserReads;

  constructor(@Inject(DataSource) private readonly db: DataSource) {
    this.currentUsers = new CurrentUserReads(db);
  }

  /** Everyone of an organization, for the services that show or choose people. */
  async members(organizationId: number) {
    // Plain rows: an organization of 10,000 people is answered without hydrating entities.
    const rows = (await this.db.query(
      `SELECT id, name, email, role, is_active, profile_picture FROM users
        WHERE organization_id = $1 ORDER BY name`,
      [organizationId],
    )) as MemberRow[];
    return rows.map(toMember);
  }

  /** Some of an organization's people by id; ids of other organizations answer nothing. */
  async membersByIds(organizationId: number, userIds: number[]) {
    if (userIds.length === 0) return [];
    const rows = (await this.db.query(
      `SELECT id, name, email, role, is_active, profile_picture FROM users
        WHERE organization_id = $1 AND id = ANY($2::int[]) ORDER BY name`,
      [organizationId, userIds],
    )) as MemberRow[];
    return rows.map(toMember);
  }

  async names(userIds: number[]): Promise<{ id: number; name: string }[]> {
    if (userIds.length === 0) return [];
    return (await this.db.query(`SELECT id, name FROM users WHERE id = ANY($1::int[])`, [
      userIds,
    ])) as { id: number; name: string }[];
  }

  /** Ids of the organization's people with a sign-in since 00:00 UTC ("today" is the UTC day). */
  async signedInToday(organizationId: number): Promise<number[]> {
    const rows = (await this.db.query(
      `SELECT DISTINCT user_id FROM sign_in_events
        WHERE organization_id = $1
          AND occurred_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
      [organizationId],
    )) as { user_id: number }[];
    return rows.map((row) => row.user_id);
  }

  /** The signed-in user with the organization's name (every page load asks). */
  async current(actor: Actor): Promise<User> {
    const row = await this.currentUsers.read(actor);
    if (!row)
      throw new RpcFailure('unauthenticated', 'Your session has ended. Please sign in again.');
    const { organizationName, organizationDisplayName, ...user } = row;
    return toUserView({
      ...user,
      organization: { name: organizationName ?? '', displayName: organizationDisplayName ?? '' },
    });
  }
}
