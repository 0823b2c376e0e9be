import { execFile } from 'node:child_process';
import ffmpeg from 'fluent-ffmpeg';
import { FAILURE_REASONS } from '@hub/proto/jobs';
import { VideoFailure } from '../failures.ts';
import type { FfmpegBinaries } from './binaries.ts';
import { ffmpegReason, notStarted, ourCopyFailed } from './probe.ts';
import type { RgbFrame } from './sample-frames.ts';

const MAX_SIDE = 640;

/** Fits within max x max without enlarging; even sides, as some scalers want. */
export function fitWithin(width: number, height: number, max = MAX_SIDE) {
  const scale = Math.min(1, max / Math.max(width, height));
  const even = (value: number) => Math.max(2, Math.round((value * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

/** fitWithin's size, as ffmpeg's scale filter reckons it from the frame it decoded. */
const FITTED_SIDE = (side: 'iw' | 'ih') =>
  `max(2,round(${side}*min(1,${MAX_SIDE}/max(iw,ih))/2)*2)`;
const FITTED = `scale=w='${FITTED_SIDE('iw')}':h='${FITTED_SIDE('ih')}'`;

/**
 * Decodes the first frame of a picture (any format ffmpeg reads) into RGB; of a video, the frame
 * at `atSeconds` when given. One ffmpeg run, which sizes the frame itself and says its size in
 * the output's header (PAM); a picture it cannot read so is read again the long way, which
 * names what is wrong with it.
 */
export async function readPicture(
  path: string,
  binaries: FfmpegBinaries,
  what: 'profile picture' | 'video' | 'snapshot' = 'profile picture',
  atSeconds?: number,
): Promise<RgbFrame> {
  // Seeking an image (even to 0) fails for some formats: only a video frame seeks.
  const seek = atSeconds === undefined ? [] : ['-ss', String(atSeconds)];
  const fitted = await decodeFitted(binaries.ffmpeg, seek, path);
  return fitted ?? readPictureNamingFailures(path, binaries, what, seek);
}

/**
 * The frame in one ffmpeg run, or nothing when that run fails or writes anything but an RGB
 * frame of at most MAX_SIDE a side: a process start here costs about as much as a decode.
 */
async function decodeFitted(
  program: string,
  seek: string[],
  path: string,
): Promise<RgbFrame | undefined> {
  const args = [...firstFrameRgb(seek, path, FITTED), '-f', 'image2pipe', '-c:v', 'pam', 'pipe:1'];
  const maxBuffer = MAX_SIDE * MAX_SIDE * 3 + 1024 * 1024;
  const output = await decodeFrame(program, args, maxBuffer, (error) => error).catch(
    () => undefined,
  );
  return output && rgbFromPam(output);
}

/** ffmpeg's arguments for the first frame at `seek`, through `filter`, as RGB. */
const firstFrameRgb = (seek: string[], path: string, filter: string) => [
  ...seek,
  ...['-i', path, '-frames:v', '1', '-filter:v', filter, '-pix_fmt', 'rgb24'],
];

/** The RGB frame of a PAM file (`P7`, `WIDTH`, `HEIGHT`, `TUPLTYPE RGB`, `ENDHDR`), if it is one. */
function rgbFromPam(file: Buffer): RgbFrame | undefined {
  const end = file.indexOf('ENDHDR\n');
  if (end < 0 || end > 200) return undefined;
  const [magic, ...fields] = file.subarray(0, end).toString('latin1').trimEnd().split('\n');
  const header = new Map(fields.map((line) => line.split(' ', 2) as [string, string]));
  const width = Number(header.get('WIDTH'));
  const height = Number(header.get('HEIGHT'));
  const fits = (side: number) => Number.isInteger(side) && side >= 2 && side <= MAX_SIDE;
  if (magic !== 'P7' || header.get('TUPLTYPE') !== 'RGB' || header.get('MAXVAL') !== '255')
    return undefined;
  if (!fits(width) || !fits(height)) return undefined;
  const start = end + 'ENDHDR\n'.length;
  const bytes = width * height * 3;
  if (file.byteLength < start + bytes) return undefined;
  return { width, height, data: file.subarray(start, start + bytes) };
}

/** Probes the picture, then decodes it at its fitted size: each failure named as it comes. */
async function readPictureNamingFailures(
  path: string,
  binaries: FfmpegBinaries,
  what: 'profile picture' | 'video' | 'snapshot',
  seek: string[],
): Promise<RgbFrame> {
  const unreadable = (reason: string) =>
    new VideoFailure(`The ${what} could not be read as an image: ${reason}`);
  // A program that did not start or was stopped from outside, or the worker's copy of the file
  // gone, is retried (as a video's is): the picture is not to blame.
  const failure = (error: Error, stderr?: string) => {
    const unstarted = notStarted(error) ?? stoppedFromOutside(error);
    if (unstarted)
      return new VideoFailure(`The ${what} could not be read as an image: ${unstarted}`, true);
    const reason = ffmpegReason(error, stderr);
    if (ourCopyFailed(reason))
      return new VideoFailure(`The ${what} could not be read: ${reason}`, true);
    return unreadable(reason);
  };
  const info = await new Promise<ffmpeg.FfprobeData>((resolve, reject) => {
    ffmpeg(path)
      .setFfprobePath(binaries.ffprobe)
      .ffprobe((error: Error | null, data) => (error ? reject(failure(error)) : resolve(data)));
  });
  const stream = info.streams.find((candidate) => candidate.codec_type === 'video');
  if (!stream) throw unreadable(FAILURE_REASONS.decode_no_video);
  // An image stream of no size: its header was read, not enough of the rest (a cut PNG).
  if (!stream.width || !stream.height) throw unreadable(FAILURE_REASONS.decode_damaged);
  const { width, height } = fitWithin(stream.width, stream.height);
  const bytes = width * height * 3;
  const data = await decodeFrame(
    binaries.ffmpeg,
    [...firstFrameRgb(seek, path, `scale=${width}:${height}`), '-f', 'rawvideo', 'pipe:1'],
    // The frame, and room for ffmpeg's lines about a damaged file.
    bytes + 1024 * 1024,
    failure,
  );
  if (data.byteLength < bytes) throw unreadable(FAILURE_REASONS.decode_no_video);
  return { width, height, data: data.subarray(0, bytes) };
}

/**
 * Signals that stop a program from outside (the kernel's out-of-memory killer, the worker's
 * machine stopping): another attempt may finish. A crash (SIGSEGV, SIGABRT) stays the picture's.
 */
const STOPPING_SIGNALS = new Set(['SIGKILL', 'SIGTERM', 'SIGINT', 'SIGHUP']);

function stoppedFromOutside(error: Error): string | undefined {
  const { signal } = error as { signal?: unknown };
  if (typeof signal !== 'string' || !STOPPING_SIGNALS.has(signal)) return undefined;
  return FAILURE_REASONS.program_stopped.replace('{program}', 'ffmpeg');
}

/**
 * ffmpeg run to its end, and what it wrote, judged once it has exited (a damaged picture is said
 * to be damaged, not to hold no image). Not through fluent-ffmpeg's output stream: that fails the
 * command ("Output stream closed") when the process's exit is told more than 20 ms after its
 * output closed, as on a busy machine, and a whole picture was refused as one the decoder
 * stopped on.
 */
function decodeFrame(
  program: string,
  args: string[],
  maxBuffer: number,
  fail: (error: Error, stderr: string) => Error,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const options = { encoding: 'buffer' as const, maxBuffer };
    execFile(program, ['-hide_banner', '-nostdin', ...args], options, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      // Worded as fluent-ffmpeg words it (ffmpegReason passes over these lines); a program that
      // did not start keeps its own error, which notStarted reads.
      const ended =
        typeof error.code === 'number'
          ? new Error(`ffmpeg exited with code ${error.code}`)
          : error.signal
            ? Object.assign(new Error(`ffmpeg was killed with signal ${error.signal}`), {
                signal: error.signal,
              })
            : error;
      reject(fail(ended, stderr.toString()));
    });
  });
}

/** Where padFrame places a picture on its canvas: the canvas's pixel of the picture's (0, 0). */
export const padOffset = (frame: Pick<RgbFrame, 'width' | 'height'>) => ({
  left: Math.floor(frame.width / 2),
  top: Math.floor(frame.height / 2),
});

/** The picture in the middle of a canvas twice its size: detectors miss faces that fill the frame. */
export function padFrame(frame: RgbFrame, fill = 0): RgbFrame {
  const width = frame.width * 2;
  const height = frame.height * 2;
  const data = new Uint8Array(width * height * 3).fill(fill);
  const { left, top } = padOffset(frame);
  const row = frame.width * 3;
  for (let y = 0; y < frame.height; y++) {
    data.set(frame.data.subarray(y * row, (y + 1) * row), ((top + y) * width + left) * 3);
  }
  return { width, height, data };
}
