// The minio client is loaded on first use: it is no small module.
type Minio = typeof import('minio');
let minio: Minio | undefined;
let loadingMinio: Promise<Minio> | undefined;

/**
 * The minio client (and the XML parsers, lodash, ... it brings, ~14 MB of heap) is loaded on the
 * first call to S3: a process that stores on local disk, or never touches storage, carries none
 * of it.
 */
export function loadMinio(): Promise<Minio> {
  loadingMinio ??= import('minio').then((loaded) => (minio = loaded));
  return loadingMinio;
}

/** An S3 error with this code (always false before minio was loaded: no S3 call, no S3 error). */
export const isS3Error = (error: unknown, ...codes: string[]) =>
  minio !== undefined && error instanceof minio.S3Error && codes.includes(error.code ?? '');
