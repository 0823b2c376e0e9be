import { z } from 'zod';
import { MessageResponse } from '../accounts.js';
import { ServicePing } from '../health.js';
import {
  CameraAssignment,
  CameraAssignmentPage,
  CameraList,
  ConnectionTestResult,
  CreateCameraAssignmentRequest,
  CreateIntegrationRequest,
  Integration,
  UpdateAssignmentScheduleRequest,
} from '../integrations.js';
import {
  Area,
  FloorCamera,
  FloorLayout,
  FloorPrivacy,
  FloorPrivacyRequest,
  FloorStats,
  SaveAreaRequest,
  SaveStationRequest,
  SensorReadingRequest,
  SensorToken,
  Station,
  UpdateFloorCameraRequest,
} from '../floor.js';
import { Actor, STAFF_ROLES, SUPER_ADMIN_ONLY } from '../roles.js';
import { ActorOnly, rpc, FROM_ROUTES } from '../rpc.js';
import { PageRequest } from '../paging.js';

const IntegrationRef = z.object({ actor: Actor, integrationId: z.number().int() });
const AssignmentRef = z.object({ actor: Actor, assignmentId: z.number().int() });

export const integrationRpc = {
  ping: rpc('integration', 'ping', 'service', z.object({}), ServicePing),
  list: rpc('integration', 'integrations.list', FROM_ROUTES, ActorOnly, z.array(Integration)),
  create: rpc(
    'integration',
    'integrations.create',
    FROM_ROUTES,
    z.object({ actor: Actor, integration: CreateIntegrationRequest }),
    Integration,
  ),
  test: rpc('integration', 'integrations.test', FROM_ROUTES, IntegrationRef, ConnectionTestResult),
  cameras: rpc('integration', 'integrations.cameras', FROM_ROUTES, IntegrationRef, CameraList),
  /**
   * Every camera assignment at once, oldest first: the previous release's gateway asks it. Kept
   * for one release, answered so during a rolling upgrade (this release's asks `assignmentPage`,
   * and this one of a pod of the previous release, which knows no other: the route's `older`),
   * removed in the next. Its roles named here: routes relay to `assignmentPage`, not to it.
   */
  assignments: rpc(
    'integration',
    'assignments.list',
    SUPER_ADMIN_ONLY,
    ActorOnly,
    z.array(CameraAssignment),
  ),
  /** One page of the camera assignments of every organization, by id (oldest first). */
  assignmentPage: rpc(
    'integration',
    'assignments.page',
    FROM_ROUTES,
    z.object({ actor: Actor, page: PageRequest }),
    CameraAssignmentPage,
  ),
  assign: rpc(
    'integration',
    'assignments.create',
    FROM_ROUTES,
    z.object({ actor: Actor, assignment: CreateCameraAssignmentRequest }),
    CameraAssignment,
  ),
  /**
   * The route's answer and the camera's organization, which the gateway files the audit entry
   * under (the route's `auditOrganization: { answered: true }`), not sent on.
   */
  unassign: rpc(
    'integration',
    'assignments.delete',
    FROM_ROUTES,
    AssignmentRef,
    MessageResponse.extend({ organizationId: z.number().int() }),
  ),
  /** Answered whole: the assignment names its organization, the audit entry's. */
  updateSops: rpc(
    'integration',
    'assignments.sops',
    FROM_ROUTES,
    AssignmentRef.extend({ sopIds: z.array(z.number().int()) }),
    CameraAssignment,
  ),
  updateSchedule: rpc(
    'integration',
    'assignments.schedule',
    FROM_ROUTES,
    AssignmentRef.extend({ schedule: UpdateAssignmentScheduleRequest }),
    CameraAssignment,
  ),
  updateFloorPrivacy: rpc(
    'integration',
    'floor.privacy.update',
    FROM_ROUTES,
    z.object({ actor: Actor, privacy: FloorPrivacyRequest }),
    FloorPrivacy,
  ),
  /**
   * The video service: whether the organization lets confirmed faces become references, and how
   * many days its face data of people not yet named is kept (the card's presence retention).
   */
  faceLearning: rpc(
    'integration',
    'floor.privacy.faceLearning',
    'service',
    z.object({ organizationId: z.number().int() }),
    z.object({ learnFromConfirmed: z.boolean(), retentionDays: z.number().int() }),
  ),
  floorStats: rpc('integration', 'floor.stats', FROM_ROUTES, ActorOnly, FloorStats),
  /**
   * Team Overview (staff roles): the ids of the actor's organization's people a camera saw
   * today, each once; of `userIds` only when given (a page of people, one member). Today from
   * `since`, the organization's day start as identity answers it (organizationDayStart); from
   * 00:00 UTC without it (a caller of the previous release).
   */
  seenToday: rpc(
    'integration',
    'floor.presence.today',
    STAFF_ROLES,
    ActorOnly.extend({
      userIds: z.array(z.number().int()).max(1000).optional(),
      since: z.iso.datetime().optional(),
    }),
    z.array(z.number().int()),
  ),
  floorLayout: rpc('integration', 'floor.layout', FROM_ROUTES, ActorOnly, FloorLayout),
  createArea: rpc(
    'integration',
    'floor.areas.create',
    FROM_ROUTES,
    z.object({ actor: Actor, area: SaveAreaRequest }),
    Area,
  ),
  updateArea: rpc(
    'integration',
    'floor.areas.update',
    FROM_ROUTES,
    z.object({ actor: Actor, areaId: z.number().int(), area: SaveAreaRequest }),
    Area,
  ),
  deleteArea: rpc(
    'integration',
    'floor.areas.delete',
    FROM_ROUTES,
    z.object({ actor: Actor, areaId: z.number().int() }),
    z.object({ message: z.string() }),
  ),
  createStation: rpc(
    'integration',
    'floor.stations.create',
    FROM_ROUTES,
    z.object({ actor: Actor, areaId: z.number().int(), station: SaveStationRequest }),
    Station,
  ),
  updateStation: rpc(
    'integration',
    'floor.stations.update',
    FROM_ROUTES,
    z.object({ actor: Actor, stationId: z.number().int(), station: SaveStationRequest }),
    Station,
  ),
  deleteStation: rpc(
    'integration',
    'floor.stations.delete',
    FROM_ROUTES,
    z.object({ actor: Actor, stationId: z.number().int() }),
    z.object({ message: z.string() }),
  ),
  updateFloorCamera: rpc(
    'integration',
    'floor.cameras.update',
    FROM_ROUTES,
    z.object({ actor: Actor, assignmentId: z.number().int(), camera: UpdateFloorCameraRequest }),
    FloorCamera,
  ),
  createSensorToken: rpc(
    'integration',
    'floor.sensorToken.create',
    FROM_ROUTES,
    ActorOnly,
    SensorToken,
  ),
  /** From the gateway's public sensor endpoint: the token is the only credential. */
  sensorReading: rpc(
    'integration',
    'floor.sensorReadings.create',
    'public',
    z.object({ token: z.string().max(200), reading: SensorReadingRequest }),
    z.object({ accepted: z.boolean() }),
  ),
} as const;
