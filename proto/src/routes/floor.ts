import { ORGANIZATION_ADMINS, TRAINING_EDITORS } from '../roles.js';
import { z } from 'zod';
import { MessageResponse } from '../accounts.js';
import { IdParams } from '../row-id.js';
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
import { defineRoute } from '../http.js';
import { integrationRpc } from '../rpc/integration.js';

export const floorRoutes = {
  floorStats: defineRoute({
    method: 'GET',
    path: '/api/stats/floor',
    summary:
      'Floor figures of your organization: stations, people seen by the cameras recently, areas, alerts, the latest sensor readings',
    tag: 'floor',
    access: TRAINING_EDITORS,
    response: FloorStats,
    relay: { rpc: integrationRpc.floorStats, request: ({ actor }) => ({ actor }) },
  }),
  floorLayout: defineRoute({
    method: 'GET',
    path: '/api/floor/layout',
    summary: 'Areas of your organization with their stations, and the cameras assigned to it',
    tag: 'floor',
    access: TRAINING_EDITORS,
    response: FloorLayout,
    relay: { rpc: integrationRpc.floorLayout, request: ({ actor }) => ({ actor }) },
  }),
  createArea: defineRoute({
    method: 'POST',
    path: '/api/floor/areas',
    summary: 'Add an area (status Operational, Maintenance or Offline)',
    tag: 'floor',
    access: ORGANIZATION_ADMINS,
    body: SaveAreaRequest,
    response: Area,
    relay: {
      rpc: integrationRpc.createArea,
      request: ({ actor, body }) => ({ actor, area: body }),
    },
  }),
  updateArea: defineRoute({
    method: 'PUT',
    path: '/api/floor/areas/:id',
    summary: 'Rename an area or change its status',
    tag: 'floor',
    access: ORGANIZATION_ADMINS,
    audit: 'floor.area.update',
    params: IdParams,
    body: SaveAreaRequest,
    response: Area,
    relay: {
      rpc: integrationRpc.updateArea,
      request: ({ actor, params, body }) => ({ actor, areaId: params.id, area: body }),
    },
  }),
  deleteArea: defineRoute({
    method: 'DELETE',
    path: '/api/floor/areas/:id',
    summary: 'Delete an area with its stations (its cameras then cover no area)',
    tag: 'floor',
    access: ORGANIZATION_ADMINS,
    audit: 'floor.area.delete',
    params: IdParams,
    response: MessageResponse,
    relay: {
      rpc: integrationRpc.deleteArea,
      request: ({ actor, params }) => ({ actor, areaId: params.id }),
    },
  }),
  createStation: defineRoute({
    method: 'POST',
    path: '/api/floor/areas/:id/stations',
    summary: 'Add a station to an area',
    tag: 'floor',
    access: ORGANIZATION_ADMINS,
    params: IdParams,
    body: SaveStationRequest,
    response: Station,
    relay: {
      rpc: integrationRpc.createStation,
      request: ({ actor, params, body }) => ({ actor, areaId: params.id, station: body }),
    },
  }),
  updateStation: defineRoute({
    method: 'PUT',
    path: '/api/floor/stations/:id',
    summary: 'Rename a station or change its status',
    tag: 'floor',
    access: ORGANIZATION_ADMINS,
    audit: 'floor.station.update',
    params: IdParams,
    body: SaveStationRequest,
    response: Station,
    relay: {
      rpc: integrationRpc.updateStation,
      request: ({ actor, params, body }) => ({ actor, stationId: params.id, station: body }),
    },
  }),
  deleteStation: defineRoute({
    method: 'DELETE',
    path: '/api/floor/stations/:id',
    summary: 'Delete a station',
    tag: 'floor',
    access: ORGANIZATION_ADMINS,
    audit: 'floor.station.delete',
    params: IdParams,
    response: MessageResponse,
    relay: {
      rpc: integrationRpc.deleteStation,
      request: ({ actor, params }) => ({ actor, stationId: params.id }),
    },
  }),
  updateFloorCamera: defineRoute({
    method: 'PUT',
    path: '/api/floor/cameras/:id',
    summary:
      'Set the area a camera assigned to your organization covers, and its snapshot schedule (off by default, every 60 s; left out, it stays as it is)',
    tag: 'floor',
    access: ORGANIZATION_ADMINS,
    audit: 'floor.camera.update',
    params: IdParams,
    body: UpdateFloorCameraRequest,
    response: FloorCamera,
    relay: {
      rpc: integrationRpc.updateFloorCamera,
      request: ({ actor, params, body }) => ({
        actor,
        assignmentId: params.id,
        camera: body,
      }),
    },
  }),
  updateFloorPrivacy: defineRoute({
    method: 'PUT',
    path: '/api/floor/privacy',
    summary:
      'Whether camera snapshots of your organization are kept after identification (by default they are deleted at once), and for how many days presence events are kept (1-365, default 30)',
    tag: 'floor',
    access: ORGANIZATION_ADMINS,
    body: FloorPrivacyRequest,
    response: FloorPrivacy,
    audit: 'floor.privacy',
    relay: {
      rpc: integrationRpc.updateFloorPrivacy,
      request: ({ actor, body }) => ({ actor, privacy: body }),
    },
  }),
  createSensorToken: defineRoute({
    method: 'POST',
    path: '/api/floor/sensor-token',
    summary:
      "A new token for your organization's environmental sensors (shown once; the previous one stops working)",
    tag: 'floor',
    access: ORGANIZATION_ADMINS,
    // A credential made (the previous one retired): who did, and when. The token is in no entry.
    audit: 'floor.sensor-token.create',
    // A credential shown once: an API token may not mint one (nor replace the sensors' own).
    sessionOnly: true,
    response: SensorToken,
    relay: { rpc: integrationRpc.createSensorToken, request: ({ actor }) => ({ actor }) },
  }),
  sensorReading: defineRoute({
    method: 'POST',
    path: '/api/floor/sensor-readings',
    summary:
      'A reading of an environmental sensor (temperature °F, humidity %, air quality, noise dB); authenticated by the header Authorization: Bearer <sensor token>; at most 600 readings a minute per token',
    tag: 'floor',
    access: 'public',
    rateLimited: true,
    body: SensorReadingRequest,
    response: z.object({ accepted: z.boolean() }),
  }),
} as const;
