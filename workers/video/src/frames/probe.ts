import ffmpeg from 'fluent-ffmpeg';
import { VideoFailure } from '../failures.ts';
import type { FfmpegBinaries } from './binaries.ts';

export interface VideoProbe {
  /** Null when neither the container nor the stream tells. */
  durationSeconds: number | null;
  width: number;
  height: number;
}

const positive = (value: unknown): number | null => {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) && number > 0 ? number : null;
};

/** The last line ffmpeg wrote that says something, as the reason shown to users. */
export function ffmpegReason(error: Error, stderr?: string): string {
  const lines = `${stderr ?? ''}\n${error.message}`
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !/^ff(mpeg|probe) (exited|was killed)/.test(line));
  const last = lines.at(-1) ?? error.message;
  // "/tmp/…/input.mp4: Invalid data found when processing input": the temp file means nothing.
  return last.replace(/^(?:\/[^:]*|input(?:\.\w+)?): /, '').replace(/^\[[^\]]*\]\s*/, '');
}

export function decodeFailure(reason: string): VideoFailure {
  const text = reason.trim().replace(/\s+/g, ' ');
  return new VideoFailure(
    `The video could not be decoded: ${/[.!?]$/.test(text) ? text : `${text}.`}`,
  );
}

export async function probeVideo(path: string, binaries: FfmpegBinaries): Promise<VideoProbe> {
  const data = await new Promise<ffmpeg.FfprobeData>((resolve, reject) => {
    ffmpeg(path)
      .setFfprobePath(binaries.ffprobe)
      .ffprobe((error: Error | null, result) => {
        if (error) reject(decodeFailure(ffmpegReason(error)));
        else resolve(result);
      });
  });
  const video = data.streams.find((stream) => stream.codec_type === 'video');
  if (!video || !video.width || !video.height) throw new VideoFailure('The video has no frames.');
  return {
    durationSeconds: positive(data.format.duration) ?? positive(video.duration),
    width: video.width,
    height: video.height,
  };
}
