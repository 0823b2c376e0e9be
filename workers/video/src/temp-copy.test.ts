import { FAILURE_REASONS } from '@hub/proto/jobs';
import type { ObjectStorage } from '@hub/runtime';
import { describe, expect, it } from 'vitest';
import { withTempCopy } from './temp-copy.ts';

const failingWith = (error: Error) =>
  ({
    get: async () => {
      throw error;
    },
  }) as Pick<ObjectStorage, 'get'> as ObjectStorage;

describe('a temp copy that storage cannot give', () => {
  it("says what kind of failure it was, never the store's words", async () => {
    const missing = Object.assign(
      new Error('The specified key does not exist. RequestId: 17F3A2, HostId: dd9025bab4ad'),
      { code: 'NoSuchKey' },
    );
    const copying = withTempCopy(
      failingWith(missing),
      'org/1/videos/7.mp4',
      'video',
      async () => 0,
    );
    await expect(copying).rejects.toMatchObject({
      message: `The video could not be read from storage: ${FAILURE_REASONS.storage_read_missing}`,
      retryable: true,
    });
  });
});
