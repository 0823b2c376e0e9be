import { z } from 'zod';
import { IdParams, MessageResponse } from '../accounts.js';
import { defineRoute } from '../http.js';
import {
  CameraAssignment,
  CameraList,
  ConnectionTestResult,
  CreateCameraAssignmentRequest,
  CreateIntegrationRequest,
  Integration,
  SopChoice,
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
  }),
  testIntegration: defineRoute({
    method: 'POST',
    path: '/api/admin/integrations/:id/test',
    summary: 'Sign in to the camera system and list one page of cameras; stores success or failed',
    tag: 'integrations',
    access: SUPER_ADMIN_ONLY,
    params: IdParams,
    response: ConnectionTestResult,
  }),
  integrationCameras: defineRoute({
    method: 'GET',
    path: '/api/admin/integrations/:id/cameras',
    summary:
      'Cameras of the camera system, Assigned or Available; a provider refusal is success false',
    tag: 'integrations',
    access: SUPER_ADMIN_ONLY,
    params: IdParams,
    response: CameraList,
  }),
  cameraAssignments: defineRoute({
    method: 'GET',
    path: '/api/admin/camera-assignments',
    summary: 'Cameras assigned to organizations, with their SOPs',
    tag: 'integrations',
    access: SUPER_ADMIN_ONLY,
    response: z.array(CameraAssignment),
  }),
  createCameraAssignment: defineRoute({
    method: 'POST',
    path: '/api/admin/camera-assignments',
    summary: 'Assign a camera to an organization (one organization per camera)',
    tag: 'integrations',
    access: SUPER_ADMIN_ONLY,
    audit: 'camera-assignment.create',
    body: CreateCameraAssignmentRequest,
    response: CameraAssignment,
  }),
  deleteCameraAssignment: defineRoute({
    method: 'DELETE',
    path: '/api/admin/camera-assignments/:id',
    summary: 'Remove an assignment: the camera is Available again',
    tag: 'integrations',
    access: SUPER_ADMIN_ONLY,
    audit: 'camera-assignment.delete',
    params: IdParams,
    response: MessageResponse,
  }),
  updateCameraAssignmentSops: defineRoute({
    method: 'PUT',
    path: '/api/admin/camera-assignments/:id/sops',
    summary: 'Tie processed SOPs of the organization to the assignment',
    tag: 'integrations',
    access: SUPER_ADMIN_ONLY,
    audit: 'camera-assignment.sops',
    params: IdParams,
    body: UpdateAssignmentSopsRequest,
    response: CameraAssignment,
  }),
  organizationSops: defineRoute({
    method: 'GET',
    path: '/api/admin/organizations/:id/sops',
    summary: 'Processed SOPs of an organization, for tying them to camera assignments',
    tag: 'integrations',
    access: SUPER_ADMIN_ONLY,
    params: IdParams,
    response: z.array(SopChoice),
  }),
} as const;
