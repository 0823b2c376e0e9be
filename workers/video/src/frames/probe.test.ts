import { FAILURE_REASONS } from '@hub/proto/jobs';
import ffmpeg from 'fluent-ffmpeg';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoFailure } from '../failures.ts';
import { findBinaries } from './binaries.ts';
import { readPicture } from './picture.ts';
import { ffmpegReason, probeVideo, videoFailure } from './probe.ts';

const run = promisify(execFile);

const MISSING = { ffmpeg: '/nonexistent/bin/ffmpeg', ffprobe: '/nonexistent/bin/ffprobe' };
const NOT_STARTED = FAILURE_REASONS.program_not_started.replace('{program}', 'ffprobe');

describe('ffprobe that will not start', () => {
  it("fails the video as ours to retry, not as the file's, in the catalog's words", async () => {
    await expect(probeVideo('any.mp4', MISSING)).rejects.toMatchObject({
      message: `The video could not be read: ${NOT_STARTED}`,
      retryable: true,
    });
  });

  it('fails a picture so too', async () => {
    await expect(readPicture('any.png', MISSING, 'snapshot')).rejects.toMatchObject({
      message: `The snapshot could not be read as an image: ${NOT_STARTED}`,
      retryable: true,
    });
  });
});

describe("ffmpeg failing on a broken file, said in the catalog's words (its line logged)", () => {
  const binaries = findBinaries();
  const folder = mkdtempSync(join(tmpdir(), 'ffmpeg-broken-'));
  const at = (name: string) => join(folder, name);
  const undecodable = (detail: string) => ({
    name: 'VideoFailure',
    retryable: false,
    message: `The video could not be decoded: ${detail}`,
  });

  /** The failure sampling frames says: ffmpeg decoding the whole file, as sample-frames does. */
  const decoding = (path: string) =>
    new Promise<VideoFailure>((resolve, reject) => {
      const output = new PassThrough().resume();
      ffmpeg(path)
        .setFfmpegPath(binaries.ffmpeg)
        .outputOptions(['-pix_fmt', 'rgb24'])
        .format('rawvideo')
        .on('error', (error: Error, _stdout: string | null, stderr: string | null) =>
          resolve(videoFailure(error, stderr ?? undefined)),
        )
        .on('end', () => reject(new Error(`ffmpeg decoded ${path}`)))
        .pipe(output, { end: true });
    });

  beforeAll(async () => {
    const ffmpegArgs = (...args: string[]) => run(binaries.ffmpeg, ['-v', 'error', '-y', ...args]);
    const clip = ['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=10', '-t', '2'];
    // Its index first, so a copy cut after it still opens: what it lacks is every frame.
    await ffmpegArgs(...clip, '-c:v', 'libx264', '-movflags', '+faststart', at('whole.mp4'));
    const whole = readFileSync(at('whole.mp4'));
    writeFileSync(at('truncated.mp4'), whole.subarray(0, whole.indexOf('mdat') + 200));
    // Its index last, as a recorder writes it on stopping: a cut copy has none.
    await ffmpegArgs(...clip, '-c:v', 'mpeg4', at('recorded.mp4'));
    const recorded = readFileSync(at('recorded.mp4'));
    writeFileSync(at('unfinished.mp4'), recorded.subarray(0, Math.floor(recorded.length / 2)));
    // The same bytes every run: random ones are now and then read as an MP3 with a low score.
    writeFileSync(at('noise.bin'), Buffer.alloc(4096, 0xa5));
    writeFileSync(at('text.mp4'), 'this is not a video at all'.repeat(100));
    await ffmpegArgs('-f', 'lavfi', '-i', 'sine', '-t', '1', '-c:a', 'aac', at('sound.m4a'));
    // A codec nobody decodes: the Matroska codec id of the clip renamed.
    await ffmpegArgs('-i', at('whole.mp4'), '-c', 'copy', at('clip.mkv'));
    const mkv = readFileSync(at('clip.mkv'));
    expect(mkv.indexOf('V_MPEG4/ISO/AVC')).toBeGreaterThan(0);
    mkv.write('V_MPEG4/ISO/ZZZ', mkv.indexOf('V_MPEG4/ISO/AVC'));
    writeFileSync(at('odd-codec.mkv'), mkv);
    await ffmpegArgs('-f', 'lavfi', '-i', 'testsrc=size=64x64', '-frames:v', '1', at('whole.png'));
    const png = readFileSync(at('whole.png'));
    const data = png.indexOf('IDAT') + 4;
    // Its header whole (ffprobe gives its size), its compressed pixels garbled: inflate fails.
    const garbled = Buffer.from(png);
    for (let byte = data + 2; byte < png.length - 16; byte++)
      garbled.writeUInt8(garbled.readUInt8(byte) ^ 0x5a, byte);
    writeFileSync(at('garbled.png'), garbled);
    // Cut inside its pixels: ffprobe finds an image stream of no size.
    writeFileSync(at('cut.png'), png.subarray(0, data + 32));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('bytes that are no video at all', async () => {
    await expect(probeVideo(at('noise.bin'), binaries)).rejects.toMatchObject(
      undecodable(FAILURE_REASONS.decode_damaged),
    );
    // Named .mp4, read as one "with low score, misdetection possible": no cut recording.
    await expect(probeVideo(at('text.mp4'), binaries)).rejects.toMatchObject(
      undecodable(FAILURE_REASONS.decode_damaged),
    );
  });

  it('a recording cut before its index (moov atom not found)', async () => {
    await expect(probeVideo(at('unfinished.mp4'), binaries)).rejects.toMatchObject(
      undecodable(FAILURE_REASONS.decode_incomplete),
    );
  });

  it('a video that ends early (partial file; "Conversion failed!" its last line)', async () => {
    expect(await decoding(at('truncated.mp4'))).toMatchObject(
      undecodable(FAILURE_REASONS.decode_truncated),
    );
  });

  it('a file with no video stream in it', async () => {
    expect(await decoding(at('sound.m4a'))).toMatchObject(
      undecodable(FAILURE_REASONS.decode_no_video),
    );
  });

  it('a codec there is no decoder for', async () => {
    expect(await decoding(at('odd-codec.mkv'))).toMatchObject(
      undecodable(FAILURE_REASONS.decode_unsupported),
    );
  });

  it('a picture that is none, read as an image', async () => {
    await expect(readPicture(at('noise.bin'), binaries, 'snapshot')).rejects.toMatchObject({
      message: `The snapshot could not be read as an image: ${FAILURE_REASONS.decode_damaged}`,
    });
  });

  it('a damaged picture, read as an image, once ffmpeg has said why', async () => {
    const damaged = {
      retryable: false,
      message: `The snapshot could not be read as an image: ${FAILURE_REASONS.decode_damaged}`,
    };
    await expect(readPicture(at('garbled.png'), binaries, 'snapshot')).rejects.toMatchObject(
      damaged,
    );
    await expect(readPicture(at('cut.png'), binaries, 'snapshot')).rejects.toMatchObject(damaged);
  });

  it("a picture holding no image, in the catalog's words", async () => {
    await expect(readPicture(at('sound.m4a'), binaries, 'snapshot')).rejects.toMatchObject({
      retryable: false,
      message: `The snapshot could not be read as an image: ${FAILURE_REASONS.decode_no_video}`,
    });
  });

  it("a picture whose worker's copy is gone, as the worker's failure to retry", async () => {
    await expect(readPicture(at('gone.png'), binaries, 'snapshot')).rejects.toMatchObject({
      retryable: true,
      message: `The snapshot could not be read: ${FAILURE_REASONS.file_read_missing}`,
    });
    await expect(readPicture(at('gone.png'), binaries)).rejects.toMatchObject({
      retryable: true,
      message: `The profile picture could not be read: ${FAILURE_REASONS.file_read_missing}`,
    });
  });

  it("the worker's copy gone, as the worker's failure to retry", async () => {
    await expect(probeVideo(at('gone.mp4'), binaries)).rejects.toMatchObject({
      retryable: true,
      message: `The video could not be read: ${FAILURE_REASONS.file_read_missing}`,
    });
  });

  it('a line nobody foresaw, said generically', () => {
    const error = new Error('ffmpeg exited with code 1: Something new went wrong');
    expect(videoFailure(error, 'Something new went wrong\n')).toMatchObject(
      undecodable(FAILURE_REASONS.decode_failed),
    );
  });
});

describe("ffmpeg's lines, the specific kind before the general one", () => {
  const exited = new Error('ffmpeg exited with code 1: Conversion failed!');

  it('a Matroska file that ends early is truncated, not damaged', () => {
    // ffmpeg 5.1 on a recording cut at 5%.
    const stderr = [
      '[matroska,webm @ 0x55b5fe70d8c0] File ended prematurely',
      '[matroska,webm @ 0x55b5fe70d8c0] Could not find codec parameters for stream 0 (Video: h264, none(tv, progressive), 320x240): unspecified pixel format',
      "Consider increasing the value for the 'analyzeduration' (0) and 'probesize' (5000000) options",
      'Cannot determine format of input stream 0:0 after EOF',
      'Error marking filters as finished',
      'Conversion failed!',
    ].join('\n');
    expect(ffmpegReason(exited, stderr)).toBe(FAILURE_REASONS.decode_truncated);
  });

  it('no video stream to map is no video, whatever "Invalid argument" follows it', () => {
    // ffmpeg 6 on a sound file mapped for its video.
    const stderr = [
      "Stream map '0:v' matches no streams.",
      "To ignore this, add a trailing '?' to the map.",
      "Failed to set value '0:v' for option 'map': Invalid argument",
      'Error parsing options for output file frames.raw.',
      'Error opening output files: Invalid argument',
    ].join('\n');
    expect(ffmpegReason(exited, stderr)).toBe(FAILURE_REASONS.decode_no_video);
  });

  it('an argument refused with nothing more specific said is still unsupported', () => {
    const stderr = [
      '[Parsed_scale_0 @ 0x5633] Failed to configure output pad on Parsed_scale_0',
      'Error reinitializing filters!',
      'Failed to inject frame into filter network: Invalid argument',
      'Conversion failed!',
    ].join('\n');
    expect(ffmpegReason(exited, stderr)).toBe(FAILURE_REASONS.decode_unsupported);
  });
});
