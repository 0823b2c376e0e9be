import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SecretBox } from '@hub/kit';
import type { WebhookEventType } from '@hub/proto';
import { WEBHOOK_SECRETS } from '../tokens.js';

export interface EndpointRow {
  id: number;
  organization_id: number;
  url: string;
  description: string;
  events: WebhookEventType[];
  secret: string;
  /** The secrets replaced in the last day, newest first: each signs too until its `validUntil`. */
  previous_secrets: PreviousSecret[];
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: Date | null;
  /** Its last failed attempt: one long ago ends the failing episode (see `failed`). */
  last_failure_at: Date | null;
  created_at: Date;
}

/** A secret a rotation replaced: deliveries are signed with it too until `validUntil`. */
export interface PreviousSecret {
  secret: string;
  validUntil: Date;
}

/**
 * How many replaced secrets an endpoint keeps: rotating again and again within a day keeps
 * each signing for its day, up to this many; the oldest beyond them stops at the next rotation.
 * A bound on the signatures every delivery carries.
 */
export const MAX_PREVIOUS_SECRETS = 5;

/**
 * An endpoint as stored, its secrets sealed. `previous_secret` is the last one replaced, signing
 * until `previous_secret_expires_at` (as an older release kept it, so one still running signs
 * with it); `older_secrets` those replaced before it and still kept, sealed together as a JSON
 * list. Each signs for the same time after it was replaced, so none of the older ones outlives
 * `previous_secret`: once it expired, all have.
 */
type StoredEndpointRow = Omit<EndpointRow, 'previous_secrets'> & {
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  older_secrets: string | null;
};

interface StoredPreviousSecret {
  secret: string;
  validUntil: string;
}

/**
 * Every query of webhook endpoints: their settings, secrets and failing episodes. Signing
 * secrets are sealed on the way in and opened on the way out: the rows this answers hold them
 * in clear, the table never does.
 */
@Injectable()
export class WebhookEndpointsRepository {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(WEBHOOK_SECRETS) private readonly secrets: SecretBox,
  ) {}

  private opened(row: StoredEndpointRow): EndpointRow {
    const { previous_secret, previous_secret_expires_at, older_secrets, ...endpoint } = row;
    const last =
      previous_secret && previous_secret_expires_at
        ? [{ secret: this.secrets.open(previous_secret), validUntil: previous_secret_expires_at }]
        : [];
    return {
      ...endpoint,
      secret: this.secrets.open(row.secret),
      previous_secrets: [...last, ...this.olderSecrets(older_secrets)],
    };
  }

  private olderSecrets(sealed: string | null): PreviousSecret[] {
    if (!sealed) return [];
    const stored = JSON.parse(this.secrets.open(sealed)) as StoredPreviousSecret[];
    return stored.map(({ secret, validUntil }) => ({ secret, validUntil: new Date(validUntil) }));
  }

  private sealed(secret: string): string {
    return this.secrets.seal(secret).sealed;
  }

  private sealedList(previous: PreviousSecret[]): string {
    const stored: StoredPreviousSecret[] = previous.map(({ secret, validUntil }) => ({
      secret,
      validUntil: validUntil.toISOString(),
    }));
    return this.sealed(JSON.stringify(stored));
  }

  async endpoints(organizationId: number): Promise<EndpointRow[]> {
    const rows: StoredEndpointRow[] = await this.db.query(
      `SELECT * FROM webhook_endpoints WHERE organization_id = $1 ORDER BY created_at DESC, id DESC`,
      [organizationId],
    );
    return rows.map((row) => this.opened(row));
  }

  async endpoint(organizationId: number, id: number): Promise<EndpointRow | undefined> {
    const rows: StoredEndpointRow[] = await this.db.query(
      `SELECT * FROM webhook_endpoints WHERE organization_id = $1 AND id = $2`,
      [organizationId, id],
    );
    return rows[0] && this.opened(rows[0]);
  }

  /** The endpoints of an organization that subscribed to `type`, disabled ones included. */
  async subscribed(organizationId: number, type: WebhookEventType): Promise<EndpointRow[]> {
    const rows: StoredEndpointRow[] = await this.db.query(
      `SELECT * FROM webhook_endpoints
        WHERE organization_id = $1 AND $2 = ANY (events)`,
      [organizationId, type],
    );
    return rows.map((row) => this.opened(row));
  }

  /** The new endpoint, or undefined when the organization has `limit` already. */
  async create(
    endpoint: {
      organizationId: number;
      url: string;
      description: string;
      events: WebhookEventType[];
      secret: string;
      createdBy: number;
    },
    limit: number,
  ): Promise<EndpointRow | undefined> {
    return this.db.transaction(async (tx) => {
      // Creations of one organization take turns: two at once could both count one short.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('webhook-endpoints'), $1)`, [
        endpoint.organizationId,
      ]);
      const [{ count }]: [{ count: number }] = await tx.query(
        `SELECT count(*)::int AS count FROM webhook_endpoints WHERE organization_id = $1`,
        [endpoint.organizationId],
      );
      if (count >= limit) return undefined;
      const rows: StoredEndpointRow[] = await tx.query(
        `INSERT INTO webhook_endpoints (organization_id, url, description, events, secret, created_by)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [
          endpoint.organizationId,
          endpoint.url,
          endpoint.description,
          endpoint.events,
          this.sealed(endpoint.secret),
          endpoint.createdBy,
        ],
      );
      return this.opened(rows[0]!);
    });
  }

  async remove(organizationId: number, id: number): Promise<boolean> {
    const [, count] = (await this.db.query(
      `DELETE FROM webhook_endpoints WHERE organization_id = $1 AND id = $2`,
      [organizationId, id],
    )) as [unknown, number];
    return count > 0;
  }

  /**
   * The new secret; the current one joins the previous ones, signing too until `previousUntil`.
   * Those past their day by `now` are dropped, and the oldest beyond MAX_PREVIOUS_SECRETS.
   */
  async rotate(
    organizationId: number,
    id: number,
    secret: string,
    previousUntil: Date,
    now = new Date(),
  ): Promise<EndpointRow | undefined> {
    return this.db.transaction(async (tx) => {
      // Locked until written: two rotations at once would each keep a list without the other's.
      const found: StoredEndpointRow[] = await tx.query(
        `SELECT * FROM webhook_endpoints WHERE organization_id = $1 AND id = $2 FOR UPDATE`,
        [organizationId, id],
      );
      if (!found[0]) return undefined;
      const current = this.opened(found[0]);
      const previous = [
        { secret: current.secret, validUntil: previousUntil },
        ...current.previous_secrets,
      ]
        .filter((kept) => kept.validUntil > now)
        .slice(0, MAX_PREVIOUS_SECRETS);
      const [last, ...older] = previous;
      const rows: [StoredEndpointRow[], number] = await tx.query(
        `UPDATE webhook_endpoints
            SET secret = $3, previous_secret = $4, previous_secret_expires_at = $5,
                older_secrets = $6
          WHERE id = $1 AND organization_id = $2 RETURNING *`,
        [
          id,
          organizationId,
          this.sealed(secret),
          last ? this.sealed(last.secret) : null,
          last?.validUntil ?? null,
          older.length > 0 ? this.sealedList(older) : null,
        ],
      );
      return rows[0][0] && this.opened(rows[0][0]);
    });
  }

  /**
   * Forgets the replaced secrets of every endpoint whose last one replaced expired by `now` (the
   * older ones expired before it); answers how many endpoints. One kept by an older release
   * without a date signs nothing and goes too.
   */
  async clearExpiredSecrets(now = new Date()): Promise<number> {
    const [, count] = (await this.db.query(
      `UPDATE webhook_endpoints
          SET previous_secret = NULL, previous_secret_expires_at = NULL, older_secrets = NULL
        WHERE (previous_secret IS NOT NULL OR older_secrets IS NOT NULL)
          AND (previous_secret_expires_at IS NULL OR previous_secret_expires_at <= $1)`,
      [now],
    )) as [unknown, number];
    return count;
  }

  /**
   * Enables a disabled endpoint afresh (no failing episode). One already enabled keeps its
   * episode: the route is open to API tokens, and a program calling it at every run would
   * otherwise keep a failing endpoint from ever being disabled, or shown as failing.
   */
  async enable(organizationId: number, id: number): Promise<EndpointRow | undefined> {
    const rows: [StoredEndpointRow[], number] = await this.db.query(
      `UPDATE webhook_endpoints
          SET failing_since = CASE WHEN enabled THEN failing_since END,
              enabled = true, disabled_reason = NULL
        WHERE organization_id = $1 AND id = $2 RETURNING *`,
      [organizationId, id],
    );
    return rows[0][0] && this.opened(rows[0][0]);
  }

  async succeeded(endpointId: number): Promise<void> {
    await this.db.query(`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1`, [
      endpointId,
    ]);
  }

  /**
   * Records a failure at `now`; answers since when the endpoint has failed. A new episode (since
   * now) starts at its first failure since a success, and at a failure after a quiet period: no
   * failure since `quietBefore` (nor a success, which ends the episode) means no attempt at all,
   * so the old episode's start says nothing of whether the endpoint is down now.
   */
  async failed(endpointId: number, now: Date, quietBefore: Date): Promise<Date> {
    const rows: [{ failing_since: Date }[], number] = await this.db.query(
      `UPDATE webhook_endpoints
          SET failing_since = CASE
                WHEN failing_since IS NULL OR last_failure_at IS NULL
                  OR last_failure_at < $3::timestamptz THEN $2::timestamptz
                ELSE failing_since END,
              last_failure_at = $2::timestamptz
        WHERE id = $1 RETURNING failing_since`,
      [endpointId, now, quietBefore],
    );
    return rows[0][0]?.failing_since ?? now;
  }

  /**
   * Disables the endpoint and fails, for `pendingError`, what it still had pending: left pending
   * until each job's next retry (up to half a day), they were refused every replay (409) after
   * the endpoint was enabled again. Their jobs then find them finished and send nothing. True
   * when this call disabled it (so its administrators are told once).
   */
  async disable(endpointId: number, reason: string, pendingError: string): Promise<boolean> {
    const rows: { id: number }[] = await this.db.query(
      `WITH disabled AS (
         UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2
          WHERE id = $1 AND enabled RETURNING id),
       pending AS (
         UPDATE webhook_deliveries SET status = 'failed', error = $3
           FROM disabled
          WHERE webhook_deliveries.endpoint_id = disabled.id
            AND webhook_deliveries.status = 'pending'
          RETURNING webhook_deliveries.id)
       SELECT id FROM disabled`,
      [endpointId, reason, pendingError],
    );
    return rows.length > 0;
  }

  /** Who is told of a disabled endpoint; one the identity provider suspended is not. */
  async admins(organizationId: number): Promise<{ id: number; email: string }[]> {
    return this.db.query(
      `SELECT id, email FROM users
        WHERE organization_id = $1 AND role = 'admin' AND is_active AND suspended_at IS NULL`,
      [organizationId],
    );
  }
}
