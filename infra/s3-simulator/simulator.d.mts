/** Types of simulator.mjs for the TypeScript tests that start it. */
export interface S3SimulatorOptions {
  port?: number;
  host?: string;
  /** Where buckets are stored; a temporary folder (removed on close) by default. */
  directory?: string;
  /** The access key requests must be signed for (default `hub-test-access`). */
  accessKey?: string;
  /** False: requests without a SigV4 Authorization header are accepted too. */
  requireSignature?: boolean;
  /** The smallest part but the last one that completion accepts (S3: 5 MiB). */
  minPartSize?: number;
  /** At most this many entries per list answer (default 1000), to exercise paging. */
  pageSize?: number;
  region?: string;
}

export interface SimulatedUpload {
  uploadId: string;
  key: string;
  contentType: string;
  initiated: string;
  /** Parts stored so far, and their bytes. */
  parts: number;
  bytes: number;
}

export interface LoggedS3Request {
  method: string;
  path: string;
  /** The query string, with its leading `?` (empty when none). */
  query: string;
  status: number;
}

export interface RunningS3Simulator {
  url: string;
  accessKey: string;
  requests: LoggedS3Request[];
  /** Multipart uploads in progress in a bucket, read from the disk. */
  uploads(bucket: string): Promise<SimulatedUpload[]>;
  /** Part files on disk in a bucket, whatever upload they belong to. */
  partFiles(bucket: string): Promise<number>;
  /**
   * The next `times` UploadParts with this number (of this upload, or any) answer 500
   * InternalError; every one of them when `times` is not given (clients retry 500s).
   */
  failPart(partNumber: number, times?: number, uploadId?: string): void;
  close(): Promise<void>;
}

export function startS3Simulator(options?: S3SimulatorOptions): Promise<RunningS3Simulator>;
