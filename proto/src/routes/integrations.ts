import { z } from 'zod';
import { MessageResponse } from '../accounts.js';
import { IdParams } from '../row-id.js';
import { defineRoute } from '../http.js';
import { libraryRpc } from '../rpc/library.js';
import { integrationRpc } from '../rpc/integration.js';
import {
  CAMERA_LIST_MAX,
  CameraAssignment,
  CameraAssignmentListQuery,
  CameraAssignmentPage,
  CameraList,
  ConnectionTestResult,
  CreateCameraAssignmentRequest,
  CreateIntegrationRequest,
  Integration,
  PROVIDER_CALL_MS,
  SopChoice,
  UpdateAssignmentScheduleRequest,
  UpdateAssignmentSopsRequest,
} from '../integrations.js';
import { SUPER_ADMIN_ONLY } from '../roles.js';

export const integrationsRoutes = {
  integrations: defineRoute({
    method: 'GET',
    path: '/api/admin/integrations',
    summary: 'Camera-system integrations with their last connection test (never their secrets)',
    tag: 'integrations',
    access: SUPER_ADMIN_ONLY,
    response: z.array(Integration),
    relay: { rpc: integrationRpc.list, request: ({ actor }) => ({ actor }) },
  }),
  createIntegration: defineRoute({
    method: 'POST',
    path: '/api/admin/integrations',
    summary:
      'Set up the camera-system integration (API base URL, client id and secret, stored encrypted); again replaces its credentials',
    tag: 'integrations',
    access: SUPER_ADMIN_ONLY,
    audit: 'integration.create',
    body: CreateIntegrationRequest,
    response: Integration,
    relay: {
      rpc: integrationRpc.create,
      request: ({ actor, body }) => ({ actor, integration: body }),
    },
  }),
  testIntegration: defineRoute({
    method: 'POST',
    path: '/api/admin/integrations/:id/test',
    summary: 'Sign in to the camera system and list one page of cameras; stores success or failed',
    tag: 'integrations',
    access: SUPER_ADMIN_ONLY,
    params: IdParams,
    response: ConnectionTestResult,
    relay: {
      rpc: integrationRpc.test,
      request: ({ actor, params }) => ({ actor, integrationId: params.id }),
      timeoutMs: PROVIDER_CALL_MS,
    },
  }),
  integrationCameras: defineRoute({
    method: 'GET',
    path: '/api/admin/integrations/:id/cameras',
    summary: `Cameras of the camera system, Assigned or Available; a provider refusal is success false, and so is a system of more than ${CAMERA_LIST_MAX} cameras (its first ${CAMERA_LIST_MAX} listed)`,
    tag: 'integrations',
    access: SUPER_ADMIN_ONLY,
    params: IdParams,
    response: CameraList,
    relay: {
      rpc: integrationRpc.cameras,
      request: ({ actor, params }) => ({ actor, integrationId: params.id }),
      timeoutMs: PROVIDER_CALL_MS,
    },
  }),
  cameraAssignments: defineRoute({
    method: 'GET',
    path: '/api/admin/camera-assignments',
    summary: 'Cameras assigned to organizations, with their SOPs, oldest first (cursor-paged)',
    tag: 'integrations',
    access: SUPER_ADMIN_ONLY,
    query: CameraAssignmentListQuery,
    response: CameraAssignmentPage,
    paged: { items: 'assignments' },
    relay: {
      rpc: integrationRpc.assignmentPage,
      request: ({ actor, query }) => ({ actor, page: query }),
      older: {
        rpc: integrationRpc.assignments,
        request: ({ actor }) => ({ actor }),
        answer: 'wholeListById',
      },
    },
  }),
  createCameraAssignment: defineRoute({
    method: 'POST',
    path: '/api/admin/camera-assignments',
    summary: 'Assign a camera to an organization (one organization per camera)',
    tag: 'integrations',
    access: SUPER_ADMIN_ONLY,
    audit: 'camera-assignment.create',
    auditOrganization: 'organizationId',
    body: CreateCameraAssignmentRequest,
    response: CameraAssignment,
    relay: {
      rpc: integrationRpc.assign,
      request: ({ actor, body }) => ({ actor, assignment: body }),
      timeoutMs: PROVIDER_CALL_MS,
    },
  }),
  deleteCameraAssignment: defineRoute({
    method: 'DELETE',
    path: '/api/admin/camera-assignments/:id',
    summary: 'Remove an assignment: the camera is Available again',
    tag: 'integrations',
    access: SUPER_ADMIN_ONLY,
    audit: 'camera-assignment.delete',
    // The camera's organization, as the integration service's answer names it.
    auditOrganization: { answered: true },
    params: IdParams,
    response: MessageResponse,
    relay: {
      rpc: integrationRpc.unassign,
      request: ({ actor, params }) => ({ actor, assignmentId: params.id }),
    },
  }),
  updateCameraAssignmentSchedule: defineRoute({
    method: 'PUT',
    path: '/api/admin/camera-assignments/:id/schedule',
    summary:
      "Turn a camera's snapshot schedule on or off (off by default, every 60 s; an interval left out stays as it is): each snapshot is identified against the organization's enrolled faces and becomes presence events",
    tag: 'integrations',
    access: SUPER_ADMIN_ONLY,
    params: IdParams,
    body: UpdateAssignmentScheduleRequest,
    response: CameraAssignment,
    audit: 'camera-assignment.schedule',
    auditOrganization: { answered: true },
    relay: {
      rpc: integrationRpc.updateSchedule,
      request: ({ actor, params, body }) => ({ actor, assignmentId: params.id, schedule: body }),
    },
  }),
  updateCameraAssignmentSops: defineRoute({
    method: 'PUT',
    path: '/api/admin/camera-assignments/:id/sops',
    summary: 'Tie processed SOPs of the organization to the assignment',
    tag: 'integrations',
    access: SUPER_ADMIN_ONLY,
    audit: 'camera-assignment.sops',
    auditOrganization: { answered: true },
    params: IdParams,
    body: UpdateAssignmentSopsRequest,
    response: CameraAssignment,
    relay: {
      rpc: integrationRpc.updateSops,
      request: ({ actor, params, body }) => ({
        actor,
        assignmentId: params.id,
        sopIds: body.sopIds,
      }),
    },
  }),
  organizationSops: defineRoute({
    method: 'GET',
    path: '/api/admin/organizations/:id/sops',
    summary: 'Processed SOPs of an organization, for tying them to camera assignments',
    tag: 'integrations',
    access: SUPER_ADMIN_ONLY,
    params: IdParams,
    response: z.array(SopChoice),
    relay: {
      rpc: libraryRpc.organizationSops,
      request: ({ actor, params }) => ({ actor, organizationId: params.id }),
    },
  }),
} as const;
