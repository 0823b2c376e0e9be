import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type Actor,
  type CameraAssignment,
  type CameraAssignmentPage,
  type CreateCameraAssignmentRequest,
  identityRpc,
  libraryRpc,
  type PageRequest,
  type UpdateAssignmentScheduleRequest,
  organizationScope,
} from '@hub/proto';
import { decodeCursor, type ObjectStorage, pageOf, RpcClient, RpcFailure } from '@hub/kit';
import { RPC, SCHEDULES, STORAGE } from '../config.js';
import { IntegrationsService } from '../integrations/integrations.service.js';
import { ORGANIZATION_NOT_FOUND } from '../organizations/organization-deleted.js';
import { ProviderError } from '../provider/camera-provider.js';
import type { SnapshotSchedules } from '../snapshots/snapshot-schedules.js';
import { cameraSnapshotsPrefix } from '../snapshots/snapshot-taker.js';
import {
  type AssignmentRow,
  AssignmentsRepository,
  type LastRunRow,
} from './assignments.repository.js';

export const ASSIGNMENT_NOT_FOUND = 'Camera assignment not found';
export const ALREADY_ASSIGNED = 'This camera is already assigned to an organization.';
export const SOPS_NOT_TIED = "Only processed SOPs of the camera's organization can be tied to it";

const logger = new Logger('Assignments');

const toAssignment = (
  row: AssignmentRow,
  names: Map<number, string>,
  lastRun?: LastRunRow,
): CameraAssignment => ({
  id: row.id,
  cameraId: row.camera_id,
  cameraName: row.camera_name,
  cameraModel: row.camera_model,
  cameraNotes: row.camera_notes,
  organizationId: row.organization_id,
  organizationName: names.get(row.organization_id) ?? `Organization ${row.organization_id}`,
  integrationId: row.integration_id,
  sopIds: row.sop_ids,
  createdAt: row.created_at.toISOString(),
  snapshotEnabled: row.snapshot_enabled,
  snapshotIntervalSeconds: row.snapshot_interval_seconds,
  lastSnapshot: lastRun
    ? {
        status: lastRun.status,
        reason: lastRun.reason,
        peopleSeen: lastRun.people_seen,
        at: lastRun.at.toISOString(),
      }
    : null,
});

@Injectable()
export class AssignmentsService {
  constructor(
    @Inject(AssignmentsRepository) private readonly assignments: AssignmentsRepository,
    @Inject(IntegrationsService) private readonly integrations: IntegrationsService,
    @Inject(RPC) private readonly rpc: RpcClient,
    @Inject(SCHEDULES) private readonly schedules: SnapshotSchedules,
    @Inject(STORAGE) private readonly storage: ObjectStorage,
  ) {}

  /**
   * Organization names live in identity: those of the organizations an answer shows, asked once
   * per answer by their ids (the platform may hold thousands); one it does not name is gone.
   */
  private async organizationNames(
    actor: Actor,
    organizationIds: number[],
  ): Promise<Map<number, string>> {
    const distinct = [...new Set(organizationIds)];
    if (!distinct.length) return new Map();
    const named = await this.rpc.call(identityRpc.organizationNames, {
      actor,
      organizationIds: distinct,
    });
    return new Map(named.map((organization) => [organization.id, organization.name]));
  }

  /** The assignment as answered, named by its organization's name and with its last run. */
  private async answered(actor: Actor, row: AssignmentRow): Promise<CameraAssignment> {
    const [names, lastRuns] = await Promise.all([
      this.organizationNames(actor, [row.organization_id]),
      this.assignments.lastRuns([row.id]),
    ]);
    return toAssignment(row, names, lastRuns.get(row.id));
  }

  /**
   * The Insights' Observation Center: the caller's organization's assigned cameras, every
   * organization's for the super administrator (as the other Insights figures).
   */
  async count(actor: Actor): Promise<{ cameras: number }> {
    const scope = organizationScope(actor);
    return { cameras: await this.assignments.count(scope) };
  }

  /**
   * Every organization's assignments at once, as the previous release answered them (unbounded,
   * as then), for its gateway during a rolling upgrade; removed with `assignments.list`.
   */
  async listAll(actor: Actor): Promise<CameraAssignment[]> {
    const rows = await this.assignments.list();
    const [names, lastRuns] = await Promise.all([
      this.organizationNames(
        actor,
        rows.map((row) => row.organization_id),
      ),
      this.assignments.lastRuns(rows.map((row) => row.id)),
    ]);
    return rows.map((row) => toAssignment(row, names, lastRuns.get(row.id)));
  }

  /**
   * Every organization's assignments, a page at a time (one a camera of the platform's clients:
   * thousands), each page's names and last runs asked for its rows alone.
   */
  async list(actor: Actor, page: PageRequest): Promise<CameraAssignmentPage> {
    const after = decodeCursor(page.cursor, ['id']);
    const read = await this.assignments.page(after ? Number(after[0]) : null, page.limit + 1);
    const { rows, nextCursor } = pageOf(read.rows, page.limit, (row) => [String(row.id)]);
    const [names, lastRuns] = await Promise.all([
      this.organizationNames(
        actor,
        rows.map((row) => row.organization_id),
      ),
      this.assignments.lastRuns(rows.map((row) => row.id)),
    ]);
    return {
      assignments: rows.map((row) => toAssignment(row, names, lastRuns.get(row.id))),
      totalCount: read.total,
      nextCursor,
    };
  }

  /**
   * The camera must exist in the camera system (its name, model and notes are taken from there)
   * and the organization here; a camera serves one organization at a time.
   */
  async assign(actor: Actor, request: CreateCameraAssignmentRequest): Promise<CameraAssignment> {
    const names = await this.organizationNames(actor, [request.organizationId]);
    if (!names.has(request.organizationId))
      throw RpcFailure.validation(ORGANIZATION_NOT_FOUND, 'organizationId');
    const integration = await this.integrations.row(request.integrationId);
    const camera = await this.providerCamera(integration, request.cameraId);
    const row = await this.assignments.insert({
      integrationId: integration.id,
      cameraId: camera.id,
      cameraName: camera.name,
      cameraModel: camera.model,
      cameraNotes: camera.notes,
      organizationId: request.organizationId,
      createdBy: actor.userId,
    });
    if (row === 'camera assigned') throw new RpcFailure('conflict', ALREADY_ASSIGNED, 'cameraId');
    // Deleted since identity named it (the camera system's list may take seconds).
    if (row === 'organization deleted')
      throw RpcFailure.validation(ORGANIZATION_NOT_FOUND, 'organizationId');
    return toAssignment(row, names);
  }

  private async providerCamera(
    integration: Awaited<ReturnType<IntegrationsService['row']>>,
    cameraId: string,
  ) {
    try {
      const camera = await this.integrations.provider(integration).findCamera(cameraId);
      if (!camera) throw RpcFailure.validation('The camera system has no such camera', 'cameraId');
      return camera;
    } catch (error) {
      if (error instanceof ProviderError) throw new RpcFailure('unavailable', error.message);
      throw error;
    }
  }

  /**
   * The camera is Available again; its snapshot runs go, and the pictures kept of them. The answer
   * names its organization, whose audit entry it is.
   */
  async unassign(actor: Actor, assignmentId: number) {
    const removePictures = (organizationId: number) =>
      this.storage.removePrefix(cameraSnapshotsPrefix(organizationId, assignmentId));
    const organizationId = await this.assignments.delete(assignmentId, removePictures);
    if (organizationId === undefined) throw RpcFailure.notFound(ASSIGNMENT_NOT_FOUND);
    await this.schedules.follow(organizationId);
    // A tick under way may have stored one more picture before its run was gone.
    await removePictures(organizationId).catch((error: unknown) =>
      logger.warn(`Snapshots of camera assignment ${assignmentId} left: ${String(error)}`),
    );
    return { message: 'Assignment removed', organizationId };
  }

  /** Turns the camera's snapshot schedule on or off; the job scheduler follows at once. */
  async updateSchedule(
    actor: Actor,
    assignmentId: number,
    schedule: UpdateAssignmentScheduleRequest,
  ): Promise<CameraAssignment> {
    const row = await this.assignments.setSchedule(assignmentId, schedule);
    if (!row) throw RpcFailure.notFound(ASSIGNMENT_NOT_FOUND);
    await this.schedules.follow(
      row.organization_id,
      row.snapshot_enabled ? row.snapshot_interval_seconds : undefined,
    );
    return this.answered(actor, row);
  }

  /**
   * Only processed SOPs of the assignment's own organization can be tied to its camera. A
   * document deleted after the library was asked is left out under the organization's lock
   * (AssignmentsRepository.setSops).
   */
  async updateSops(
    actor: Actor,
    assignmentId: number,
    sopIds: number[],
  ): Promise<CameraAssignment> {
    const row = await this.assignments.find(assignmentId);
    if (!row) throw RpcFailure.notFound(ASSIGNMENT_NOT_FOUND);
    const wanted = await this.listedSops(actor, row, [...new Set(sopIds)]);
    const updated = await this.assignments.setSops(row.organization_id, assignmentId, wanted);
    if (!updated) throw RpcFailure.notFound(ASSIGNMENT_NOT_FOUND);
    return this.answered(actor, updated);
  }

  /**
   * The SOPs wanted that the library lists for the camera's organization. One it does not list
   * is refused when new to the camera, and dropped when tied already: that one was deleted (the
   * picker, whose choices the library lists, shows it ticked but cannot untick it).
   */
  private async listedSops(actor: Actor, row: AssignmentRow, wanted: number[]) {
    if (wanted.length === 0) return wanted;
    const sops = await this.rpc.call(libraryRpc.organizationSops, {
      actor,
      organizationId: row.organization_id,
    });
    const listed = new Set(sops.map((sop) => sop.id));
    const tied = new Set(row.sop_ids);
    if (wanted.some((id) => !listed.has(id) && !tied.has(id)))
      throw RpcFailure.validation(SOPS_NOT_TIED, 'sopIds');
    return wanted.filter((id) => listed.has(id));
  }
}
