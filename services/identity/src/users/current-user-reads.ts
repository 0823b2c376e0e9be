import type { DataSource } from 'typeorm';
import type { Actor } from '@hub/proto';
import type { UserViewSource } from './user-view.js';

export type CurrentUserRow = Omit<UserViewSource, 'organization'> & {
  /** Null only without an organization row (LEFT JOIN, as the entity relation loaded it). */
  organizationName: string | null;
  organizationDisplayName: string | null;
};

interface WaitingRead {
  actor: Pick<Actor, 'userId' | 'organizationId'>;
  resolve: (row: CurrentUserRow | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads the signed-in user behind `users.current`, which every page load asks. The reads that
 * arrive in one turn of the event loop (one batch of RPC requests taken from the stream) go to
 * PostgreSQL as one query: under load a round trip per page load was identity's largest cost.
 * Each read still sees the row as it is when its batch is read; nothing is cached.
 */
export class CurrentUserReads {
  private waiting: WaitingRead[] = [];

  constructor(private readonly db: DataSource) {}

  /** The user, if they still belong to the actor's organization. */
  read(actor: Pick<Actor, 'userId' | 'organizationId'>): Promise<CurrentUserRow | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ actor, resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => void this.readWaiting());
    });
  }

  private async readWaiting(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    try {
      const rows = await this.rowsOf(batch.map(({ actor }) => actor.userId));
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const { actor, resolve } of batch) {
        const row = byId.get(actor.userId);
        resolve(row?.organizationId === actor.organizationId ? row : undefined);
      }
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }

  private async rowsOf(userIds: number[]): Promise<CurrentUserRow[]> {
    return (await this.db.query(
      `SELECT u.id, u.email, u.name, u.role, u.organization_id AS "organizationId",
              u.profile_picture AS "profilePicture", u.auth0_user_id AS "auth0UserId",
              u.is_active AS "isActive", u.last_login AS "lastLogin", u.created_at AS "createdAt",
              o.name AS "organizationName", o.display_name AS "organizationDisplayName"
         FROM users u LEFT JOIN organizations o ON o.id = u.organization_id
        WHERE u.id = ANY($1::int[])`,
      [[...new Set(userIds)]],
    )) as CurrentUserRow[];
  }
}
