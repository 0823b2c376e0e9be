import { FAILURE_REASONS } from '@hub/proto/jobs';
import { describe, expect, it } from 'vitest';
import { readPicture } from './picture.ts';
import { probeVideo } from './probe.ts';

const MISSING = { ffmpeg: '/nonexistent/bin/ffmpeg', ffprobe: '/nonexistent/bin/ffprobe' };
const NOT_STARTED = FAILURE_REASONS.program_not_started.replace('{program}', 'ffprobe');

describe('ffprobe that will not start', () => {
  it("fails the video as ours to retry, not as the file's, in the catalog's words", async () => {
    await expect(probeVideo('any.mp4', MISSING)).rejects.toMatchObject({
      message: `The video could not be read: ${NOT_STARTED}`,
      retryable: true,
    });
  });

  it('fails a picture so too', async () => {
    await expect(readPicture('any.png', MISSING, 'snapshot')).rejects.toMatchObject({
      message: `The snapshot could not be read as an image: ${NOT_STARTED}`,
      retryable: true,
    });
  });
});
