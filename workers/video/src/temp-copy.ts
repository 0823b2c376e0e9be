import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  asStorageFault,
  isStorageFault,
  logger,
  type ObjectStorage,
  storageReadCause,
} from '@hub/runtime';
import { VideoFailure } from './failures.ts';

const log = logger('temp-copy');

/**
 * Copies an object to a temp file (ffmpeg seeks in it, Gemini uploads it), runs `use`, and
 * deletes the file whatever happens.
 */
export async function withTempCopy<T>(
  storage: ObjectStorage,
  key: string,
  what: 'video' | 'profile picture' | 'reference photo' | 'snapshot',
  use: (path: string) => Promise<T>,
): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'video-worker-'));
  try {
    const path = join(folder, `input${extname(key).toLowerCase()}`);
    try {
      await pipeline(await storage.get(key), createWriteStream(path));
    } catch (error) {
      // The store away or full is waited for (see startWorker), not held against the video; a
      // socket cut while the object streams counts too (storage.get only guards its opening).
      const fault = asStorageFault(error);
      if (isStorageFault(fault)) throw fault;
      // The store's words (a path, a request id) are logged; the reason says what kind of failure.
      log.warn({ err: error, key }, `${what} not read from storage`);
      throw new VideoFailure(
        `The ${what} could not be read from storage: ${storageReadCause(error)}`,
        true,
      );
    }
    return await use(path);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
