import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '@hub/kit';
import { OrganizationDeleted } from '../organizations/organization-deleted.js';
import {
  lockOrganization,
  organizationDeleted,
  writeOrganizationData,
} from '../organizations/organizations.repository.js';

export interface AssignmentRow {
  id: number;
  integration_id: number;
  camera_id: string;
  camera_name: string;
  camera_model: string;
  camera_notes: string;
  organization_id: number;
  sop_ids: number[];
  created_at: Date;
  snapshot_enabled: boolean;
  snapshot_interval_seconds: number;
}

/** The latest snapshot run of an assignment. */
export interface LastRunRow {
  assignment_id: number;
  status: 'pending' | 'identified' | 'failed';
  reason: string | null;
  people_seen: number;
  at: Date;
}

/** A new assignment, or why there is none. */
export type AssignmentInsert = AssignmentRow | 'camera assigned' | 'organization deleted';

export interface NewAssignment {
  integrationId: number;
  cameraId: string;
  cameraName: string;
  cameraModel: string;
  cameraNotes: string;
  organizationId: number;
  createdBy: number;
}

@Injectable()
export class AssignmentsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Every assignment, oldest first: the previous release's whole list (`assignments.list`). */
  list(): Promise<AssignmentRow[]> {
    return this.db.query(`SELECT * FROM camera_assignments ORDER BY created_at, id`);
  }

  /** The assignments after `afterId` by id (oldest first), `limit` at most, and how many in all. */
  async page(
    afterId: number | null,
    limit: number,
  ): Promise<{ rows: AssignmentRow[]; total: number }> {
    const [rows, [count]] = (await Promise.all([
      this.db.query(
        `SELECT * FROM camera_assignments WHERE $1::int IS NULL OR id > $1 ORDER BY id LIMIT $2`,
        [afterId, limit],
      ),
      this.db.query(`SELECT count(*)::int AS total FROM camera_assignments`),
    ])) as [AssignmentRow[], { total: number }[]];
    return { rows, total: count?.total ?? 0 };
  }

  /** Cameras assigned to an organization, or to any (null: the platform). */
  async count(organizationId: number | null): Promise<number> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS cameras FROM camera_assignments
        WHERE $1::int IS NULL OR organization_id = $1`,
      [organizationId],
    )) as { cameras: number }[];
    return row?.cameras ?? 0;
  }

  async find(id: number): Promise<AssignmentRow | undefined> {
    const rows = (await this.db.query(`SELECT * FROM camera_assignments WHERE id = $1`, [
      id,
    ])) as AssignmentRow[];
    return rows[0];
  }

  /**
   * The latest run of each of these cameras (those an answer shows), one index read a camera
   * (snapshot_runs_latest): a month of runs is tens of thousands a camera, and the Integrations
   * page asks every 15 s.
   */
  async lastRuns(assignmentIds: number[]): Promise<Map<number, LastRunRow>> {
    if (assignmentIds.length === 0) return new Map();
    const rows = (await this.db.query(
      `SELECT a.id AS assignment_id, r.status, r.reason, r.people_seen, r.at
         FROM unnest($1::int[]) AS a(id)
         JOIN LATERAL (
           SELECT status, reason, people_seen, coalesce(finished_at, taken_at) AS at
             FROM snapshot_runs WHERE assignment_id = a.id ORDER BY id DESC LIMIT 1) r ON true
        ORDER BY a.id`,
      [assignmentIds],
    )) as LastRunRow[];
    return new Map(rows.map((row) => [row.assignment_id, row]));
  }

  /** An interval left out stays as it is (an organization's administrator may have chosen it). */
  async setSchedule(
    id: number,
    schedule: { snapshotEnabled: boolean; snapshotIntervalSeconds?: number | undefined },
  ): Promise<AssignmentRow | undefined> {
    const [rows] = (await this.db.query(
      `UPDATE camera_assignments SET snapshot_enabled = $2,
              snapshot_interval_seconds = coalesce($3, snapshot_interval_seconds)
        WHERE id = $1 RETURNING *`,
      [id, schedule.snapshotEnabled, schedule.snapshotIntervalSeconds ?? null],
    )) as [AssignmentRow[], number];
    return rows[0];
  }

  async byCamera(integrationId: number): Promise<Map<string, AssignmentRow>> {
    const rows = (await this.db.query(
      `SELECT * FROM camera_assignments WHERE integration_id = $1`,
      [integrationId],
    )) as AssignmentRow[];
    return new Map(rows.map((row) => [row.camera_id, row]));
  }

  /**
   * One organization per camera; none for an organization whose deletion was handled
   * (writeOrganizationData: identity, asked before, may have deleted it since).
   */
  async insert(assignment: NewAssignment): Promise<AssignmentInsert> {
    try {
      return await writeOrganizationData(this.db, assignment.organizationId, async (tx) => {
        const rows = (await tx.query(
          `INSERT INTO camera_assignments
             (integration_id, camera_id, camera_name, camera_model, camera_notes, organization_id, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
          [
            assignment.integrationId,
            assignment.cameraId,
            assignment.cameraName,
            assignment.cameraModel,
            assignment.cameraNotes,
            assignment.organizationId,
            assignment.createdBy,
          ],
        )) as AssignmentRow[];
        return rows[0]!;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return 'camera assigned';
      if (error instanceof OrganizationDeleted) return 'organization deleted';
      throw error;
    }
  }

  /**
   * The assignment's organization, once it is gone with its snapshot runs (undefined: there was
   * none). The pictures kept of them are removed before the rows commit: the runs are their only
   * record, so a store that refuses leaves the assignment to be removed again.
   */
  delete(
    id: number,
    removePictures: (organizationId: number) => Promise<unknown>,
  ): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      const [rows] = (await tx.query(
        `DELETE FROM camera_assignments WHERE id = $1 RETURNING organization_id`,
        [id],
      )) as [{ organization_id: number }[], number];
      const organizationId = rows[0]?.organization_id;
      if (organizationId !== undefined) await removePictures(organizationId);
      return organizationId;
    });
  }

  /**
   * The SOPs in the order given, less any document whose deletion was handled: read under the
   * organization's lock, so a document deleted after the library was asked is not tied back.
   */
  setSops(
    organizationId: number,
    id: number,
    sopIds: number[],
  ): Promise<AssignmentRow | undefined> {
    return this.db.transaction(async (tx) => {
      await lockOrganization(tx, organizationId);
      const [rows] = (await tx.query(
        `UPDATE camera_assignments SET sop_ids = ARRAY(
             SELECT sop.id FROM unnest($3::int[]) WITH ORDINALITY AS sop(id, n)
              WHERE NOT EXISTS (SELECT 1 FROM deleted_documents d WHERE d.document_id = sop.id)
              ORDER BY sop.n)
          WHERE id = $1 AND organization_id = $2 RETURNING *`,
        [id, organizationId, sopIds],
      )) as [AssignmentRow[], number];
      return rows[0];
    });
  }

  /**
   * The SOP leaves every camera of the organization it was tied to (a deleted document), and its
   * tombstone keeps a save that asked the library before from tying it back.
   */
  async removeSop(organizationId: number, documentId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockOrganization(tx, organizationId);
      if (!(await organizationDeleted(tx, organizationId)))
        await tx.query(
          `INSERT INTO deleted_documents (document_id, organization_id) VALUES ($1, $2)
           ON CONFLICT DO NOTHING`,
          [documentId, organizationId],
        );
      await tx.query(
        `UPDATE camera_assignments SET sop_ids = array_remove(sop_ids, $2)
          WHERE organization_id = $1 AND $2 = ANY(sop_ids)`,
        [organizationId, documentId],
      );
    });
  }

  async deleteOrganization(organizationId: number): Promise<void> {
    await this.db.query(`DELETE FROM camera_assignments WHERE organization_id = $1`, [
      organizationId,
    ]);
  }
}
