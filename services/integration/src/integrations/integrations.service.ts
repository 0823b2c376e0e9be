import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  CAMERA_LIST_MAX,
  type CameraList,
  CONNECTION_OK,
  type ConnectionTestResult,
  type CreateIntegrationRequest,
  failureReasonText,
  type Integration,
  suggestionText,
} from '@hub/proto';
import { RpcFailure } from '@hub/kit';
import { PROVIDERS } from '../config.js';
import { AssignmentsRepository } from '../assignments/assignments.repository.js';
import {
  type CameraListing,
  type CameraProvider,
  ProviderError,
} from '../provider/camera-provider.js';
import { CAMERA_PAGE_MIN, type CloudCameraProviders } from '../provider/cloud-camera-provider.js';
import { Credentials } from './credentials.js';
import {
  type IntegrationRow,
  IntegrationsRepository,
  toIntegration,
} from './integrations.repository.js';

export const INTEGRATION_NOT_FOUND = 'Integration not found';

@Injectable()
export class IntegrationsService {
  constructor(
    @Inject(IntegrationsRepository) private readonly integrations: IntegrationsRepository,
    @Inject(AssignmentsRepository) private readonly assignments: AssignmentsRepository,
    @Inject(Credentials) private readonly credentials: Credentials,
    @Inject(PROVIDERS) private readonly providers: CloudCameraProviders,
  ) {}

  async list(): Promise<Integration[]> {
    return (await this.integrations.list()).map(toIntegration);
  }

  async create(actor: Actor, request: CreateIntegrationRequest): Promise<Integration> {
    const sealed = this.credentials.seal(request.clientId, request.clientSecret);
    const baseUrl = request.baseUrl.replace(/\/+$/, '');
    const row = await this.integrations.upsert(
      request.integrationType,
      baseUrl,
      sealed,
      actor.userId,
    );
    return toIntegration(row);
  }

  /**
   * Signs in with the stored credentials and records the outcome with the system's own words,
   * unless they were replaced while it ran (a re-keyed integration is untested).
   */
  async test(integrationId: number): Promise<ConnectionTestResult> {
    const row = await this.row(integrationId);
    const record = (status: 'success' | 'failed', message: string) =>
      this.integrations.recordTest(row.id, row.credentials, status, message);
    try {
      await this.provider(row).verify();
      await record('success', CONNECTION_OK);
      return { success: true, message: CONNECTION_OK };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      await record('failed', error.message);
      return { success: false, message: error.message };
    }
  }

  /**
   * A provider refusal (scope, rate limit, outage, an answer too large to read) is an answer with
   * success false, not an error; so is a system of more cameras than the list holds, or whose
   * pages are too small or too slow to bring them, whose first ones it shows (the notice the page shows for
   * success false says there are more, why, and how to see the others).
   */
  async cameras(integrationId: number): Promise<CameraList> {
    const row = await this.row(integrationId);
    try {
      const listing = await this.provider(row).listCameras(CAMERA_LIST_MAX);
      const assigned = await this.assignments.byCamera(row.id);
      return {
        ...listingOutcome(listing),
        cameras: listing.cameras.map((camera) => {
          const assignment = assigned.get(camera.id);
          return {
            ...camera,
            status: assignment ? 'Assigned' : 'Available',
            assignmentId: assignment?.id ?? null,
            organizationId: assignment?.organization_id ?? null,
          };
        }),
      };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return {
        success: false,
        message: error.message,
        technicalDetails: error.suggestion ? { suggestion: error.suggestion } : {},
        cameras: [],
      };
    }
  }

  async row(integrationId: number): Promise<IntegrationRow> {
    const row = await this.integrations.find(integrationId);
    if (!row) throw RpcFailure.notFound(INTEGRATION_NOT_FOUND);
    return row;
  }

  provider(row: IntegrationRow): CameraProvider {
    return this.providers.open(this.credentials.open(row));
  }
}

const MAX_SHOWN = CAMERA_LIST_MAX.toLocaleString('en-US');

/**
 * Whether the list is the system's whole, and the words that say so: a partial list's are the
 * catalog's (proto's failure reasons, and its suggestions for what to do), so a reader's language
 * can word them, its counts written as English writes them (the web app groups their digits in
 * its reader's way).
 */
function listingOutcome({
  cameras,
  more,
  retryAfterMs,
}: CameraListing): Omit<CameraList, 'cameras'> {
  const found = cameras.length.toLocaleString('en-US');
  if (!more)
    return {
      success: true,
      message: `${found} camera${cameras.length === 1 ? '' : 's'} found`,
    };
  if (more === 'pages')
    return {
      success: false,
      message: failureReasonText('camera_list_small_pages', {
        pageMin: String(CAMERA_PAGE_MIN),
        count: found,
      }),
      technicalDetails: {
        suggestion: suggestionText('camera_page_size', { pageMin: String(CAMERA_PAGE_MIN) }),
      },
    };
  if (more === 'limited')
    // The suggestion is the one of the system's refusal itself.
    return {
      success: false,
      message: limitedMessage(found, retryAfterMs),
      technicalDetails: { suggestion: suggestionText('try_again_later') },
    };
  if (more === 'time')
    return {
      success: false,
      message: failureReasonText('camera_list_slow', { count: found }),
      technicalDetails: { suggestion: suggestionText('camera_try_later_or_limit_client') },
    };
  return {
    success: false,
    message: failureReasonText('camera_list_more', { max: MAX_SHOWN, count: found }),
    technicalDetails: { suggestion: suggestionText('camera_limit_client') },
  };
}

/**
 * The notice of a list a rate limit cut, saying when to try again when the system said it (its
 * Retry-After, in whole seconds rounded up); a wait of none (Retry-After: 0) tells nothing.
 */
function limitedMessage(found: string, retryAfterMs: number | undefined): string {
  if (retryAfterMs === undefined || retryAfterMs <= 0)
    return failureReasonText('camera_list_limited', { count: found });
  const seconds = Math.ceil(retryAfterMs / 1000).toLocaleString('en-US');
  return failureReasonText('camera_list_limited_retry', { seconds, count: found });
}
