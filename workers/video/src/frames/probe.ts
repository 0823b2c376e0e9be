import { basename } from 'node:path';
import ffmpeg from 'fluent-ffmpeg';
import { FAILURE_REASONS } from '@hub/proto/jobs';
import { logger } from '@hub/runtime';
import { VideoFailure } from '../failures.ts';
import type { FfmpegBinaries } from './binaries.ts';

const log = logger('ffmpeg');

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

/**
 * ffmpeg or ffprobe that would not start (not installed, not executable) as the detail of a
 * reason, or undefined for a program that ran: the worker's fault, not the file's, so its failure
 * is retried and says so in the catalog's words; the spawn's own (a path) is logged.
 */
export function notStarted(error: Error): string | undefined {
  const { syscall } = error as NodeJS.ErrnoException;
  const spawned = syscall?.startsWith('spawn')
    ? basename(syscall.slice('spawn'.length).trim())
    : '';
  const missing = /^Cannot find (ffmpeg|ffprobe)$/.exec(error.message)?.[1];
  const program = missing ?? (spawned || undefined);
  if (program === undefined) return undefined;
  log.error({ err: error }, `${program} could not be started`);
  return FAILURE_REASONS.program_not_started.replace('{program}', program);
}

/** A video ffmpeg or ffprobe failed on: not read if the program did not start, else undecodable. */
export function videoFailure(error: Error, stderr?: string): VideoFailure {
  const unstarted = notStarted(error);
  if (unstarted) return new VideoFailure(`The video could not be read: ${unstarted}`, true);
  return decodeFailure(ffmpegReason(error, stderr));
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
        if (error) reject(videoFailure(error));
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
