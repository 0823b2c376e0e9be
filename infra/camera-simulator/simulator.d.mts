/** Types of simulator.mjs for the TypeScript tests that start it. */
export interface LoggedRequest {
  method: string;
  path: string;
  clientId: string | null;
  status: number;
}

export interface SimulatorOptions {
  port?: number;
  host?: string;
  /** Camera id -> picture file its snapshots (and clips) show. */
  snapshots?: Record<string, string>;
  /** False: no recorded pictures (fixtures/snapshots.json), only those given here. */
  recorded?: boolean;
}

export interface RunningSimulator {
  url: string;
  requests: LoggedRequest[];
  setSnapshot(cameraId: string, file: string): void;
  /** Takes a camera offline (its snapshots then fail as the provider answers) or back online. */
  setOnline(cameraId: string, online: boolean): void;
  close(): Promise<void>;
}

export function startCameraSimulator(options?: SimulatorOptions): Promise<RunningSimulator>;

/** The fixture accounts, by behaviour. */
export const SIMULATOR_ACCOUNTS: Record<
  'demo' | 'limited' | 'throttled' | 'throttledLong' | 'slow' | 'flaky' | 'down',
  { clientId: string; clientSecret: string }
>;
export const SIMULATOR_CAMERA_COUNT: number;
