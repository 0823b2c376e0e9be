// The frames face-small-naming.mjs searches: a picture as it is, or shown small in a grey
// 1280x720 frame through H.264 as the bench video is, decoded to RGB by ffmpeg.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The frame readers over these binaries (findBinaries), writing their stills into `folder`.
 * @param {{ ffmpeg: string, ffprobe: string }} binaries
 * @param {string} folder
 */
export function frameReaders(binaries, folder) {
  /** @param {string[]} argv */
  async function rgb(argv, width, height) {
    const { stdout } = await run(
      binaries.ffmpeg,
      [...argv, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
      { encoding: 'buffer', maxBuffer: 64 << 20 },
    );
    return {
      width,
      height,
      data: new Uint8Array(stdout.buffer, stdout.byteOffset, stdout.length),
    };
  }

  async function picture(file) {
    const probe = await run(binaries.ffprobe, [
      ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height'],
      ...['-of', 'csv=p=0', file],
    ]);
    const [width, height] = probe.stdout.trim().split(',').map(Number);
    return rgb(['-v', 'error', '-i', file], width, height);
  }

  let stillCount = 0;
  /** The picture (or a crop of it) at `side` px in a grey 1280x720 frame, through H.264 as the bench. */
  async function shown(file, side, place, crop = 'null') {
    const still = path.join(folder, `still-${stillCount++}.mp4`);
    const filter =
      `[0:v]${crop},scale=${side}:${side}:force_original_aspect_ratio=decrease[p];` +
      `color=c=0x707070:s=1280x720[b];[b][p]overlay=${place[0]}:${place[1]},format=yuv420p`;
    await run(binaries.ffmpeg, [
      ...['-v', 'error', '-y', '-i', file, '-filter_complex', filter, '-frames:v', '1'],
      ...['-c:v', 'libx264', '-preset', 'fast', '-crf', '23', still],
    ]);
    return rgb(['-v', 'error', '-i', still], 1280, 720);
  }

  return { picture, shown };
}
