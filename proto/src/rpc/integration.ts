import { z } from 'zod';
import { ServicePing } from '../health.js';
import {
  CameraAssignment,
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
import { Actor } from '../roles.js';
import { ActorOnly, rpc } from '../rpc.js';

const IntegrationRef = z.object({ actor: Actor, integrationId: z.number().int() });
const AssignmentRef = z.object({ actor: Actor, assignmentId: z.number().int() });

export const integrationRpc = {
  ping: rpc('integration', 'ping', z.object({}), ServicePing),
  list: rpc('integration', 'integrations.list', ActorOnly, z.array(Integration)),
  create: rpc(
    'integration',
    'integrations.create',
    z.object({ actor: Actor, integration: CreateIntegrationRequest }),
    Integration,
  ),
  test: rpc('integration', 'integrations.test', IntegrationRef, ConnectionTestResult),
  cameras: rpc('integration', 'integrations.cameras', IntegrationRef, CameraList),
  assignments: rpc('integration', 'assignments.list', ActorOnly, z.array(CameraAssignment)),
  assign: rpc(
    'integration',
    'assignments.create',
    z.object({ actor: Actor, assignment: CreateCameraAssignmentRequest }),
    CameraAssignment,
  ),
  unassign: rpc(
    'integration',
    'assignments.delete',
    AssignmentRef,
    z.object({ message: z.string() }),
  ),
  updateSops: rpc(
    'integration',
    'assignments.sops',
    AssignmentRef.extend({ sopIds: z.array(z.number().int()) }),
    CameraAssignment,
  ),
  updateSchedule: rpc(
    'integration',
    'assignments.schedule',
    AssignmentRef.extend({ schedule: UpdateAssignmentScheduleRequest }),
    CameraAssignment,
  ),
  updateFloorPrivacy: rpc(
    'integration',
    'floor.privacy.update',
    z.object({ actor: Actor, privacy: FloorPrivacyRequest }),
    FloorPrivacy,
  ),
  floorStats: rpc('integration', 'floor.stats', ActorOnly, FloorStats),
  /**
   * Team Overview (staff roles): the ids of the actor's organization's people a camera saw
   * today (the UTC day), each once.
   */
  seenToday: rpc('integration', 'floor.presence.today', ActorOnly, z.array(z.number().int())),
  floorLayout: rpc('integration', 'floor.layout', ActorOnly, FloorLayout),
  createArea: rpc(
    'integration',
    'floor.areas.create',
    z.object({ actor: Actor, area: SaveAreaRequest }),
    Area,
  ),
  updateArea: rpc(
    'integration',
    'floor.areas.update',
    z.object({ actor: Actor, areaId: z.number().int(), area: SaveAreaRequest }),
    Area,
  ),
  deleteArea: rpc(
    'integration',
    'floor.areas.delete',
    z.object({ actor: Actor, areaId: z.number().int() }),
    z.object({ message: z.string() }),
  ),
  createStation: rpc(
    'integration',
    'floor.stations.create',
    z.object({ actor: Actor, areaId: z.number().int(), station: SaveStationRequest }),
    Station,
  ),
  updateStation: rpc(
    'integration',
    'floor.stations.update',
    z.object({ actor: Actor, stationId: z.number().int(), station: SaveStationRequest }),
    Station,
  ),
  deleteStation: rpc(
    'integration',
    'floor.stations.delete',
    z.object({ actor: Actor, stationId: z.number().int() }),
    z.object({ message: z.string() }),
  ),
  updateFloorCamera: rpc(
    'integration',
    'floor.cameras.update',
    z.object({ actor: Actor, assignmentId: z.number().int(), camera: UpdateFloorCameraRequest }),
    FloorCamera,
  ),
  createSensorToken: rpc('integration', 'floor.sensorToken.create', ActorOnly, SensorToken),
  /** From the gateway's public sensor endpoint: the token is the only credential. */
  sensorReading: rpc(
    'integration',
    'floor.sensorReadings.create',
    z.object({ token: z.string().max(200), reading: SensorReadingRequest }),
    z.object({ accepted: z.boolean() }),
  ),
} as const;
