import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixture } from './test-stack.js';

/**
 * Fixture face stills (paths below `faces/`), 2 s each, fitted into 640×480 and joined into an
 * H.264 MP4 in `folder`: a short shift in which each person appears in turn.
 */
export function stillsVideo(folder: string, stills: readonly string[]): Buffer {
  const out = join(folder, 'shift.mp4');
  // A still read once a second (`-framerate 1`), not 25 times: the fps filter repeats it, and the
  // file is the same byte for byte without decoding the picture again for every frame.
  const inputs = stills.flatMap((still) => [
    ...['-framerate', '1', '-loop', '1'],
    ...['-t', '2', '-i', fileURLToPath(fixture(`faces/${still}`))],
  ]);
  const scale = stills
    .map(
      (_, i) =>
        `[${i}:v]scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=10[v${i}]`,
    )
    .join(';');
  const concat = `${stills.map((_, i) => `[v${i}]`).join('')}concat=n=${stills.length}:v=1:a=0,format=yuv420p[out]`;
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    ...inputs,
    '-filter_complex',
    `${scale};${concat}`,
    '-map',
    '[out]',
    out,
  ]);
  return readFileSync(out);
}
