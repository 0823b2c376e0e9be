import type { Actor } from '@hub/proto';
import type { CurrentUserRow, UsersRepository } from './users.repository.js';

export type { CurrentUserRow } from './users.repository.js';

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

  constructor(private readonly users: Pick<UsersRepository, 'findCurrentUsers'>) {}

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
      const rows = await this.users.findCurrentUsers(batch.map(({ actor }) => actor.userId));
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const { actor, resolve } of batch) {
        const row = byId.get(actor.userId);
        resolve(row?.organizationId === actor.organizationId ? row : undefined);
      }
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }
}
