import { FAILURE_REASONS } from '@hub/proto/jobs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fitWithin, padFrame } from './picture.ts';
import { decodeFailure, ffmpegReason } from './probe.ts';
import { rawFrames } from './raw-frames.ts';

async function* chunks(...parts: number[][]) {
  for (const part of parts) yield Uint8Array.from(part);
}

describe('raw frames', () => {
  it('cuts chunks of any size into whole frames and drops a trailing partial one', async () => {
    const frames: number[][] = [];
    for await (const frame of rawFrames(chunks([1, 2], [3, 4, 5, 6, 7], [8, 9]), 4)) {
      frames.push([...frame]);
    }
    expect(frames).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
  });

  it('fits pictures within 640 pixels without enlarging them', () => {
    expect(fitWithin(150, 150)).toEqual({ width: 150, height: 150 });
    expect(fitWithin(1366, 768)).toEqual({ width: 640, height: 360 });
  });

  it('pads a picture onto a canvas twice its size, centred', () => {
    const frame = { width: 2, height: 1, data: Uint8Array.from([1, 1, 1, 2, 2, 2]) };
    const padded = padFrame(frame);
    expect(padded.width).toBe(4);
    expect(padded.height).toBe(2);
    expect([...padded.data.subarray(0, 12)]).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0]);
  });
});

describe('ffmpeg failures in words', () => {
  it("words ffmpeg's line in the catalog's sentence, never the temp file name nor the line", () => {
    const error = new Error('ffprobe exited with code 1');
    const stderr = `${join(tmpdir(), 'video-worker-x', 'input.mp4')}: Invalid data found when processing input\n`;
    expect(ffmpegReason(error, stderr)).toBe(FAILURE_REASONS.decode_damaged);
    expect(decodeFailure(ffmpegReason(error, stderr)).message).toBe(
      `The video could not be decoded: ${FAILURE_REASONS.decode_damaged}`,
    );
  });
});
