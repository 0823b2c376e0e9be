import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FfmpegBinaries } from '../frames/binaries.ts';

const run = promisify(execFile);

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const facesDir = join(repoRoot, '../shared/fixtures/faces');
export const PEOPLE = ['amy', 'bernadette', 'howard', 'leonard'] as const;
export type Person = (typeof PEOPLE)[number];
export const facePhoto = (person: Person, index: number) =>
  join(facesDir, person, `${person}${index}.png`);

/** A still shown for `seconds`; face crops are shown small, as a face in a scene would be. */
export interface Still {
  file: string;
  seconds: number;
  /** Side the picture is scaled to before padding; the whole frame when not given. */
  side?: number;
}

/** An MPEG-4 video of stills at 640x480, 25 fps, made with ffmpeg. */
export async function makeVideo(binaries: FfmpegBinaries, stills: Still[], output: string) {
  // A still read once a second (`-framerate 1`), not 25 times: the fps filter repeats it, and the
  // file is the same byte for byte without decoding the picture again for every frame.
  const inputs = stills.flatMap((still) => [
    ...['-framerate', '1', '-loop', '1'],
    ...['-t', String(still.seconds), '-i', still.file],
  ]);
  const scaled = stills.map((still, index) => {
    const scale = still.side
      ? `scale=${still.side}:${still.side}`
      : 'scale=640:480:force_original_aspect_ratio=decrease';
    return `[${index}:v]${scale},pad=640:480:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=25,format=yuv420p[v${index}]`;
  });
  const concat = `${stills.map((_, index) => `[v${index}]`).join('')}concat=n=${stills.length}:v=1:a=0[out]`;
  await run(binaries.ffmpeg, [
    '-v',
    'error',
    '-y',
    ...inputs,
    '-filter_complex',
    [...scaled, concat].join(';'),
    '-map',
    '[out]',
    '-c:v',
    'mpeg4',
    '-q:v',
    '4',
    output,
  ]);
}

/** A picture of one flat colour: no face in it. */
export async function makeBlankPicture(binaries: FfmpegBinaries, output: string) {
  await run(binaries.ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'color=c=0x8899aa:s=320x240',
    '-frames:v',
    '1',
    output,
  ]);
}

/** A file with sound and no picture. */
export async function makeAudioOnly(binaries: FfmpegBinaries, output: string) {
  await run(binaries.ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=1',
    '-c:a',
    'aac',
    output,
  ]);
}

/** A still placed in a larger frame: `side` px square at (`x`, `y`), or the whole frame. */
export interface SceneStill {
  file: string;
  side?: number;
  x?: number;
  y?: number;
}

/**
 * A 1280x720 H.264 video of stills, 2 s each (as a phone or a fixed camera records: faces small
 * in a wide frame). Each still is composed into one frame first and the frames joined after: an
 * overlay on a looped picture loses a frame a still, which shifts every later still in time.
 */
export async function makeSceneVideo(
  binaries: FfmpegBinaries,
  stills: SceneStill[],
  folder: string,
  output: string,
) {
  const frames = await Promise.all(
    stills.map(async (still, index) => {
      const frame = join(folder, `scene-${index}.png`);
      const filter = still.side
        ? `[0:v]scale=${still.side}:${still.side}[p];color=c=0x707070:s=1280x720[b];` +
          `[b][p]overlay=${still.x ?? 0}:${still.y ?? 0}`
        : '[0:v]scale=1280:720:force_original_aspect_ratio=decrease,pad=1280:720:(ow-iw)/2:(oh-ih)/2';
      await run(binaries.ffmpeg, [
        ...['-v', 'error', '-y', '-i', still.file, '-filter_complex', filter],
        ...['-frames:v', '1', frame],
      ]);
      return frame;
    }),
  );
  // Each frame read once a second, repeated by the fps filter: the same file byte for byte, without
  // decoding a 720p PNG for each of the 25 frames a second (12 -> 7 CPU-s for 18 stills). Five
  // frames a second, not a phone's 25: the worker reads one a second either way, and x264 then
  // encodes a fifth of the frames (10.5 -> 3.4 CPU-s) and the worker's ffmpeg decodes a fifth.
  const inputs = frames.flatMap((frame) => [
    ...['-framerate', '1', '-loop', '1'],
    ...['-t', '2', '-i', frame],
  ]);
  const filters = frames.map((_, i) => `[${i}:v]setsar=1,fps=5,format=yuv420p[v${i}]`);
  const concat = `${frames.map((_, i) => `[v${i}]`).join('')}concat=n=${frames.length}:v=1:a=0[out]`;
  await run(binaries.ffmpeg, [
    ...['-v', 'error', '-y', ...inputs, '-filter_complex', [...filters, concat].join(';')],
    ...['-map', '[out]', '-c:v', 'libx264', '-preset', 'fast', '-crf', '23', output],
  ]);
}
