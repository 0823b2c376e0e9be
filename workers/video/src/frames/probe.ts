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

/** The lines ffmpeg or ffprobe wrote that say something, without the temp file's name. */
function ffmpegLines(error: Error, stderr?: string): string[] {
  return (
    `${stderr ?? ''}\n${error.message}`
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !/^ff(mpeg|probe) (exited|was killed)/.test(line))
      // "/tmp/…/input.mp4: Invalid data found when processing input": the temp file means nothing.
      .map((line) =>
        line.replace(/^(?:\/[^:]*|input(?:\.\w+)?): /, '').replace(/^\[[^\]]*\]\s*/, ''),
      )
  );
}

/**
 * ffmpeg's lines by what they say of the file, the first kind any line is of winning: a missing
 * decoder says more than the "Output file #0 does not contain any stream" it leads to, a cut file
 * more than the "Invalid data found" its last frame gives. "Invalid argument" comes last of all:
 * ffmpeg ends many failures with it (a stream map that matches nothing, a demuxer that gave up),
 * so it only says the file is unsupported when no line says more.
 */
const FFMPEG_CAUSES: [RegExp, string][] = [
  [/No such file or directory/i, FAILURE_REASONS.file_read_missing],
  [/Permission denied/i, FAILURE_REASONS.file_read_refused],
  // A format guessed on a low score (a text file named .mp4, noise read as an MP3): what its
  // demuxer says next (no moov atom, an invalid argument) is about a format the file is not.
  [/misdetection possible/i, FAILURE_REASONS.decode_damaged],
  [
    /Decoder \(codec [^)]*\) not found|no decoder found|Unsupported codec|Unknown decoder|not (?:yet )?implemented|is not supported/i,
    FAILURE_REASONS.decode_unsupported,
  ],
  [/moov atom not found/i, FAILURE_REASONS.decode_incomplete],
  [
    // "File ended prematurely": Matroska's (and WebM's) cut file.
    /partial file|truncat|End of file|Premature end|ended prematurely|ran out of data/i,
    FAILURE_REASONS.decode_truncated,
  ],
  [
    /does not contain any stream|matches no streams|no video stream/i,
    FAILURE_REASONS.decode_no_video,
  ],
  [
    // "inflate returned error": a PNG whose compressed pixels are garbled.
    /Invalid data found when processing input|Could not find codec parameters|corrupt|Invalid NAL unit|inflate returned error/i,
    FAILURE_REASONS.decode_damaged,
  ],
  [/Invalid argument/i, FAILURE_REASONS.decode_unsupported],
];

/**
 * Why ffmpeg or ffprobe failed on a file, as a failure reason's `{detail}`: a FAILURE_REASONS
 * sentence chosen by the kind of line it wrote ('moov atom not found', 'partial file', a decoder
 * not found, ...), or a generic one for a line nobody foresaw. ffmpeg's own lines (its last one
 * is often only "Conversion failed!") are logged, never shown.
 */
export function ffmpegReason(error: Error, stderr?: string): string {
  const lines = ffmpegLines(error, stderr);
  for (const [pattern, cause] of FFMPEG_CAUSES) {
    const line = lines.find((each) => pattern.test(each));
    if (line !== undefined) {
      log.warn({ line, last: lines.at(-1) }, 'ffmpeg failed on the file');
      return cause;
    }
  }
  log.warn({ lines: lines.slice(-5) }, 'ffmpeg failed on the file, for a reason not worded');
  return FAILURE_REASONS.decode_failed;
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

/**
 * A video ffmpeg or ffprobe failed on: not read if the program did not start or its copy could not
 * be opened, else undecodable.
 */
export function videoFailure(error: Error, stderr?: string): VideoFailure {
  const unstarted = notStarted(error);
  if (unstarted) return new VideoFailure(`The video could not be read: ${unstarted}`, true);
  const reason = ffmpegReason(error, stderr);
  if (ourCopyFailed(reason))
    return new VideoFailure(`The video could not be read: ${reason}`, true);
  return decodeFailure(reason);
}

/**
 * Whether ffmpeg's reason is the worker's own copy gone or barred: the file is not to blame, and
 * another attempt copies it again.
 */
export function ourCopyFailed(reason: string): boolean {
  const ours: string[] = [FAILURE_REASONS.file_read_missing, FAILURE_REASONS.file_read_refused];
  return ours.includes(reason);
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
