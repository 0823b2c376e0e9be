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
  /** Every camera, all pages. */
  listCameras(): Promise<ProviderCamera[]>;
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
