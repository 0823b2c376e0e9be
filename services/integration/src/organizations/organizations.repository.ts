import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OrganizationDeleted } from './organization-deleted.js';

const ORGANIZATION_TABLES = [
  'snapshot_runs',
  'floor_privacy',
  'camera_assignments',
  'presence_events',
  'member_suspensions',
  'sensor_readings',
  'sensor_tokens',
  'stations',
  'areas',
  // No camera of the organization is left to name them, nor can one be assigned again.
  'deleted_documents',
  // Nobody of the organization is left for a snapshot to show.
  'deleted_members',
] as const;

/**
 * Held until the transaction ends by whatever adds to an organization's rows or takes from them
 * on another service's word: exclusively by the organization's or a document's deletion handled
 * and an assignment's SOPs saved, shared by writeOrganizationData (writes of one organization
 * wait for none of each other, only for a deletion). A request that checked identity or the
 * library before a deletion then writes either before its handler (which then removes what it
 * wrote) or after it (and reads the deletion's tombstone), never in between.
 */
export async function lockOrganization(
  tx: EntityManager,
  organizationId: number,
  mode: 'exclusive' | 'shared' = 'exclusive',
): Promise<void> {
  const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  await tx.query(`SELECT ${lock}(hashtext('integration.organization'), $1)`, [organizationId]);
}

/** Whether the organization's deletion was handled here; read under its lock. */
export async function organizationDeleted(
  tx: EntityManager,
  organizationId: number,
): Promise<boolean> {
  const rows = (await tx.query(`SELECT 1 FROM deleted_organizations WHERE organization_id = $1`, [
    organizationId,
  ])) as unknown[];
  return rows.length > 0;
}

/**
 * `write` in one transaction under the organization's lock, refused (OrganizationDeleted) once
 * its deletion was handled: a request that found the organization before (its session, identity)
 * and writes after the handler removed its rows would otherwise make some again. Every write of
 * an organization's floor and cameras goes through here.
 */
export function writeOrganizationData<T>(
  db: DataSource,
  organizationId: number,
  write: (tx: EntityManager) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockOrganization(tx, organizationId, 'shared');
    if (await organizationDeleted(tx, organizationId)) throw new OrganizationDeleted();
    return write(tx);
  });
}

/** The integration service's rows of what identity deleted: an organization, a person. */
@Injectable()
export class OrganizationsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /**
   * Its camera assignments, areas, stations, presence and readings, in one transaction, its
   * snapshot pictures removed before it commits: the runs are their only record, so a store that
   * refuses keeps the rows, and the event, redelivered, tries again. Its tombstone, written under
   * its lock, refuses a camera assigned by a request that found it in identity before.
   */
  async deleteIntegrationDataOf(
    organizationId: number,
    removePictures: () => Promise<unknown>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockOrganization(tx, organizationId);
      await tx.query(
        `INSERT INTO deleted_organizations (organization_id) VALUES ($1) ON CONFLICT DO NOTHING`,
        [organizationId],
      );
      for (const table of ORGANIZATION_TABLES)
        await tx.query(`DELETE FROM ${table} WHERE organization_id = $1`, [organizationId]);
      await removePictures();
    });
  }

  /**
   * Where the cameras saw a person of the organization, with a tombstone, under the
   * organization's lock: a snapshot recorded at the same time (its lock shared) either commits
   * first, and its events go here, or reads the tombstone and records none of the person.
   */
  async deletePresenceOf(organizationId: number, personId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockOrganization(tx, organizationId);
      await tx.query(
        `INSERT INTO deleted_members (organization_id, user_id) VALUES ($1, $2)
         ON CONFLICT DO NOTHING`,
        [organizationId, personId],
      );
      await deleteEventsAndCounts(tx, organizationId, personId);
    });
  }
}

/**
 * The person's presence events, and each from a snapshot taken out of its run's people_seen:
 * a run counts the people it recorded, so the count shown for a camera's last run agrees with
 * the presence left. Counted from the rows deleted, a deletion heard again lowers nothing more.
 */
async function deleteEventsAndCounts(
  tx: EntityManager,
  organizationId: number,
  personId: number,
): Promise<void> {
  await tx.query(
    `WITH gone AS (
       DELETE FROM presence_events WHERE organization_id = $1 AND person_id = $2
       RETURNING snapshot_run_id
     ), counted AS (
       SELECT snapshot_run_id AS run_id, count(*)::int AS events FROM gone
        WHERE snapshot_run_id IS NOT NULL GROUP BY snapshot_run_id
     )
     UPDATE snapshot_runs r SET people_seen = greatest(r.people_seen - c.events, 0)
       FROM counted c WHERE r.id = c.run_id`,
    [organizationId, personId],
  );
}
