import type { Client } from 'minio';
import { isS3Error } from './minio-loader.js';

/**
 * Aborts every multipart upload of the bucket started before `cutoff` (a process killed
 * mid-upload, or an abort that failed, leaves its parts billed and invisible in listings).
 * Pages resume after the last upload seen, by key and upload id, as S3 documents. An upload
 * another replica aborted meanwhile (NoSuchUpload) is not an error. Answers how many it aborted.
 */
export async function abortUploadsStartedBefore(
  client: Client,
  bucket: string,
  cutoff: Date,
): Promise<number> {
  let aborted = 0;
  let keyMarker = '';
  let uploadIdMarker = '';
  for (;;) {
    const page = await client.listIncompleteUploadsQuery(bucket, '', keyMarker, uploadIdMarker, '');
    for (const upload of page.uploads) {
      if (upload.initiated.getTime() >= cutoff.getTime()) continue;
      try {
        await client.abortMultipartUpload(bucket, upload.key, upload.uploadId);
        aborted += 1;
      } catch (error) {
        if (!isS3Error(error, 'NoSuchUpload')) throw error;
      }
    }
    const last = page.uploads.at(-1);
    if (!page.isTruncated || !last) return aborted;
    keyMarker = last.key;
    uploadIdMarker = last.uploadId;
  }
}
