/** How the integration service reaches a camera system: one port, one adapter per kind of system. */
export interface ProviderCredentials {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

export interface ProviderCamera {
  id: string;
  name: string;
  model: string;
  notes: string;
}

/** The first cameras of the system, and whether (and why) it has more than were read. */
export interface CameraListing {
  cameras: ProviderCamera[];
  /**
   * false: the system's every camera; 'cameras': more than were asked for; 'pages': its pages
   * were too small to bring them within the pages read; 'time': it answered too slowly to bring
   * them within the time the pages may take; 'limited': it limited requests (429) on a page after
   * the first past the retries (a Retry-After longer than a retry waits or than the time left,
   * every attempt, or a refusal as the time ended), whatever the time left.
   */
  more: false | 'cameras' | 'pages' | 'time' | 'limited';
  /** With more 'limited': how long the system asked to wait (its Retry-After), when it said. */
  retryAfterMs?: number;
}

export interface CameraState {
  online: boolean;
  lastSeenAt: string | null;
}

export interface MediaFile {
  bytes: Buffer;
  contentType: string;
}

export interface CameraProvider {
  /** Signs in with fresh credentials: proves the system answers and accepts them. */
  verify(): Promise<void>;
  /**
   * The first `max` cameras, reading pages until more than that have come, none are left, the
   * pages needed to bring them at the adapter's smallest page size have been read, or the time
   * the pages may take has passed.
   */
  listCameras(max: number): Promise<CameraListing>;
  /** The camera of that id, at least as far into the system's pages as the list reads, or null. */
  findCamera(cameraId: string): Promise<ProviderCamera | null>;
  cameraState(cameraId: string): Promise<CameraState>;
  snapshot(cameraId: string): Promise<MediaFile>;
  exportClip(cameraId: string, start: Date, durationSeconds: number): Promise<MediaFile>;
}

export type ProviderFailureKind =
  | 'auth'
  | 'scope'
  | 'not_found'
  | 'rate_limited'
  | 'timeout'
  | 'unreachable'
  | 'unavailable'
  | 'circuit_open'
  | 'protocol';

/** A refusal or failure of the camera system, with its own words when it gave any. */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderFailureKind,
    message: string,
    readonly suggestion?: string,
    /** For rate limits: how long the provider asked to wait. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  /** Failures that say the system is unhealthy (and may pass): retried, and counted by the breaker. */
  get transient(): boolean {
    return ['timeout', 'unreachable', 'unavailable'].includes(this.kind);
  }
}
