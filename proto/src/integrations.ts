import { z } from 'zod';
import { ERROR_TEXTS } from './error-codes.js';
import { holdsCredentials } from './webhooks.js';
import { BodyRowId, MAX_ROW_ID } from './row-id.js';
import { PageInfo, pageQuery } from './paging.js';

/** The one supported type: a cloud security-camera system reached through its HTTP API. */
export const INTEGRATION_TYPES = ['camera_cloud'] as const;
export const IntegrationType = z.enum(INTEGRATION_TYPES);
export type IntegrationType = z.infer<typeof IntegrationType>;

export const IntegrationTestStatus = z.enum(['untested', 'success', 'failed']);
export type IntegrationTestStatus = z.infer<typeof IntegrationTestStatus>;

/** What any answer shows of an integration: never its credentials. */
export const Integration = z.object({
  id: z.number().int(),
  integrationType: IntegrationType,
  baseUrl: z.string(),
  lastTestStatus: IntegrationTestStatus,
  lastTestMessage: z.string().nullable(),
  lastTestedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Integration = z.infer<typeof Integration>;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max);

/** proto runs in the browser and in Node alike, so the check is a pattern, not the URL class. */
const isHttpUrl = (value: string) => /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i.test(value);

/**
 * Setting up (or re-keying) the integration; the secret is stored encrypted and never answered.
 * The address holds no user name or password: it is answered, logged and quoted in connection
 * failures, which every organization whose cameras it serves reads as floor alerts.
 */
export const CreateIntegrationRequest = z.object({
  integrationType: IntegrationType,
  baseUrl: z
    .string()
    .trim()
    .max(500)
    .refine(isHttpUrl, ERROR_TEXTS.api_base_url_format)
    .refine((url) => !holdsCredentials(url), ERROR_TEXTS.camera_system_address_credentials),
  clientId: requiredText('Client ID is required', 200),
  clientSecret: requiredText('Client secret is required', 500),
});
export type CreateIntegrationRequest = z.infer<typeof CreateIntegrationRequest>;

/**
 * A passed connection test's message, naming the provider generically as the spec asks; kept as
 * the integration's last test message in English (API clients read it), worded by the web app in
 * its reader's language. A failed test's message is a sentence of FAILURE_REASONS or the camera
 * system's own words.
 */
export const CONNECTION_OK = 'Camera system integration is working properly';

export const ConnectionTestResult = z.object({ success: z.boolean(), message: z.string() });
export type ConnectionTestResult = z.infer<typeof ConnectionTestResult>;

export const CameraStatus = z.enum(['Assigned', 'Available']);
export type CameraStatus = z.infer<typeof CameraStatus>;

/** A camera of the external system, with where it is assigned here. */
export const Camera = z.object({
  id: z.string(),
  name: z.string(),
  model: z.string(),
  notes: z.string(),
  status: CameraStatus,
  assignmentId: z.number().int().nullable(),
  organizationId: z.number().int().nullable(),
});
export type Camera = z.infer<typeof Camera>;

/**
 * The most cameras the camera list holds (the camera system's first ones, in its order); past it
 * the list is success false, its message saying so (docs/decisions.md, ninth review).
 */
export const CAMERA_LIST_MAX = 10_000;

/**
 * How long the gateway waits for the integration service's calls that reach the camera system
 * (it may retry and wait for Retry-After): more than the usual relay time. The service's own
 * budgets for those calls are derived from it, so they end before the gateway stops waiting.
 */
export const PROVIDER_CALL_MS = 30_000;

/** The camera list reports a provider refusal as success false, with a suggestion when known. */
export const CameraList = z.object({
  success: z.boolean(),
  message: z.string(),
  technicalDetails: z.object({ suggestion: z.string().optional() }).optional(),
  cameras: z.array(Camera),
});
export type CameraList = z.infer<typeof CameraList>;

export const CameraAssignment = z.object({
  id: z.number().int(),
  cameraId: z.string(),
  cameraName: z.string(),
  cameraModel: z.string(),
  cameraNotes: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  integrationId: z.number().int(),
  sopIds: z.array(z.number().int()),
  createdAt: z.string(),
  /** The snapshot schedule: off by default, every 60 s when on. */
  snapshotEnabled: z.boolean(),
  snapshotIntervalSeconds: z.number().int(),
  /** The latest snapshot run: identified, or failed with the reason in words. */
  lastSnapshot: z
    .object({
      status: z.enum(['pending', 'identified', 'failed']),
      reason: z.string().nullable(),
      peopleSeen: z.number().int(),
      at: z.string(),
    })
    .nullable(),
});
export type CameraAssignment = z.infer<typeof CameraAssignment>;

/**
 * One page of the camera assignments of every organization, oldest first: one a camera of the
 * platform's clients, thousands in all.
 */
export const CameraAssignmentPage = PageInfo.extend({ assignments: z.array(CameraAssignment) });
export type CameraAssignmentPage = z.infer<typeof CameraAssignmentPage>;
export const CameraAssignmentListQuery = pageQuery(50, 200);

export const CreateCameraAssignmentRequest = z.object({
  cameraId: z.string().trim().min(1, 'Camera is required').max(200),
  cameraName: z.string().trim().min(1, 'Camera name is required').max(300),
  cameraModel: z.string().trim().max(300).default(''),
  cameraNotes: z.string().trim().max(2000).default(''),
  organizationId: z
    .number({ error: 'Organization is required' })
    .int()
    .positive()
    .max(MAX_ROW_ID, 'Organization is required'),
  integrationId: BodyRowId,
});
export type CreateCameraAssignmentRequest = z.infer<typeof CreateCameraAssignmentRequest>;

export const UpdateAssignmentSopsRequest = z.object({
  sopIds: z.array(BodyRowId).max(200),
});
export type UpdateAssignmentSopsRequest = z.infer<typeof UpdateAssignmentSopsRequest>;

/** The interval left out stays as it is (60 s for a camera never given one). */
export const UpdateAssignmentScheduleRequest = z.object({
  snapshotEnabled: z.boolean(),
  snapshotIntervalSeconds: z.number().int().min(10).max(3600).optional(),
});
export type UpdateAssignmentScheduleRequest = z.infer<typeof UpdateAssignmentScheduleRequest>;

/** A processed SOP of an organization, for the assignment's SOP multi-select. */
export const SopChoice = z.object({ id: z.number().int(), title: z.string() });
export type SopChoice = z.infer<typeof SopChoice>;
