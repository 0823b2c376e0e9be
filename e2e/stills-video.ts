import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const FACES = resolve(fileURLToPath(new URL('..', import.meta.url)), '../shared/fixtures/faces');

/** How long each still is shown. */
export const STILL_SECONDS = 2;

/**
 * An H.264 MP4 of fixture face stills (paths below `faces/`), STILL_SECONDS each, the face 240 px
 * wide in a 640×480 frame: a short shift in which each person appears in turn; the index at the
 * front so the browser can play it before it has all of it.
 */
export function makeStillsVideo(output: string, stills: readonly string[]): void {
  // A still read once a second (`-framerate 1`), not 25 times: the fps filter repeats it, and the
  // file is the same byte for byte without decoding the picture again for every frame.
  const inputs = stills.flatMap((still) => [
    ...['-framerate', '1', '-loop', '1'],
    ...['-t', String(STILL_SECONDS), '-i', join(FACES, still)],
  ]);
  const scaled = stills.map(
    (_, i) =>
      `[${i}:v]scale=240:240,pad=640:480:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=25,format=yuv420p[v${i}]`,
  );
  const concat = `${stills.map((_, i) => `[v${i}]`).join('')}concat=n=${stills.length}:v=1:a=0[out]`;
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', ...inputs, '-filter_complex', [...scaled, concat].join(';')],
    ...['-map', '[out]', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
    output,
  ]);
}
