import { PassThrough } from 'node:stream';
import ffmpeg from 'fluent-ffmpeg';
import type { FfmpegBinaries } from './binaries.ts';
import { videoFailure } from './probe.ts';
import { rawFrames } from './raw-frames.ts';

/** One sampled frame: RGB, 3 bytes a pixel, rows top to bottom. */
export interface RgbFrame {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface SampledFrame extends RgbFrame {
  index: number;
  /** Seconds from the start of the video. */
  time: number;
}

export interface SamplingOptions {
  fps: number;
  width: number;
  height: number;
  signal?: AbortSignal;
}

/** Scaled to fit and padded, so every frame has the same size whatever the video's shape. */
export const fitFilters = (width: number, height: number) => [
  `scale=${width}:${height}:force_original_aspect_ratio=decrease`,
  `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2`,
];

/**
 * Frames of a video at `fps`, decoded by ffmpeg into raw RGB through a pipe and read one at a
 * time. Leaving the loop early stops ffmpeg.
 */
export async function* sampleFrames(
  path: string,
  binaries: FfmpegBinaries,
  options: SamplingOptions,
): AsyncGenerator<SampledFrame> {
  const { fps, width, height, signal } = options;
  const output = new PassThrough({ highWaterMark: width * height * 3 });
  let finished = false;
  const command = ffmpeg(path)
    .setFfmpegPath(binaries.ffmpeg)
    .noAudio()
    .videoFilters([`fps=${fps}`, ...fitFilters(width, height)])
    .outputOptions(['-pix_fmt', 'rgb24', '-sn', '-dn'])
    .format('rawvideo')
    .on('error', (error: Error, _stdout: string | null, stderr: string | null) => {
      if (finished) return;
      output.destroy(videoFailure(error, stderr ?? undefined));
    });
  const abort = () => output.destroy(signal?.reason instanceof Error ? signal.reason : undefined);
  signal?.addEventListener('abort', abort, { once: true });
  command.pipe(output, { end: true });
  try {
    signal?.throwIfAborted();
    let index = 0;
    for await (const data of rawFrames(output, width * height * 3)) {
      yield { index, time: index / fps, width, height, data };
      index += 1;
    }
  } finally {
    finished = true;
    signal?.removeEventListener('abort', abort);
    command.kill('SIGKILL');
  }
}
