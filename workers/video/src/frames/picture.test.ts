import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FAILURE_REASONS } from '@hub/proto/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBinaries } from './binaries.ts';
import { fitWithin, readPicture } from './picture.ts';

const run = promisify(execFile);
const NOT_STARTED = FAILURE_REASONS.program_not_started.replace('{program}', 'ffmpeg');
const STOPPED = FAILURE_REASONS.program_stopped.replace('{program}', 'ffmpeg');

/**
 * On a busy machine the ffmpeg process is told to have exited some time after its output has
 * closed. fluent-ffmpeg failed a picture read through its output stream when that took over
 * 20 ms ("Output stream closed"), and the picture was refused for good as one the decoder
 * stopped on. Here ffmpeg's process lives on after its output closed, as it may then.
 */
describe('a picture whose ffmpeg process exits a while after its output closed', () => {
  const binaries = findBinaries();
  const folder = mkdtempSync(join(tmpdir(), 'picture-late-exit-'));
  const picture = join(folder, 'face.png');
  const lateExit = join(folder, 'ffmpeg-late-exit');

  beforeAll(async () => {
    await run(binaries.ffmpeg, [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=64x48', '-frames:v', '1', picture],
    ]);
    // The real ffmpeg, then its output closed and the process still there half a second.
    writeFileSync(
      lateExit,
      `#!/bin/sh\n"${binaries.ffmpeg}" "$@" || exit $?\nexec 1>&-\nsleep 0.5\n`,
    );
    chmodSync(lateExit, 0o755);
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('is read whole, as it is once ffmpeg has exited', async () => {
    const read = await readPicture(picture, { ...binaries, ffmpeg: lateExit });

    expect(read).toMatchObject({ width: 64, height: 48 });
    expect(read.data.byteLength).toBe(64 * 48 * 3);
  });

  it('is retried when ffmpeg will not start, as ffprobe that will not', async () => {
    const missing = { ...binaries, ffmpeg: '/nonexistent/bin/ffmpeg' };

    await expect(readPicture(picture, missing)).rejects.toMatchObject({
      message: `The profile picture could not be read as an image: ${NOT_STARTED}`,
      retryable: true,
    });
  });

  it('is retried when ffmpeg is stopped from outside before it ends, not refused', async () => {
    // What the kernel's out-of-memory killer or a stop of the worker's machine does to it.
    const killed = join(folder, 'ffmpeg-killed');
    writeFileSync(killed, `#!/bin/sh\nkill -KILL $$\n`);
    chmodSync(killed, 0o755);

    await expect(readPicture(picture, { ...binaries, ffmpeg: killed })).rejects.toMatchObject({
      message: `The profile picture could not be read as an image: ${STOPPED}`,
      retryable: true,
    });
  });

  it('is still refused when ffmpeg then fails on it', async () => {
    const failing = join(folder, 'ffmpeg-failing');
    writeFileSync(failing, `#!/bin/sh\necho 'inflate returned error' >&2\nexit 1\n`);
    chmodSync(failing, 0o755);

    await expect(readPicture(picture, { ...binaries, ffmpeg: failing })).rejects.toMatchObject({
      message: `The profile picture could not be read as an image: ${FAILURE_REASONS.decode_damaged}`,
      retryable: false,
    });
  });
});

describe('a picture read in one ffmpeg run', () => {
  const binaries = findBinaries();
  const folder = mkdtempSync(join(tmpdir(), 'picture-one-run-'));
  const picture = join(folder, 'wide.png');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('needs no ffprobe, and has the size and pixels of a decode at fitWithin’s size', async () => {
    await run(binaries.ffmpeg, [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=1366x768', '-frames:v', '1', picture],
    ]);
    const { width, height } = fitWithin(1366, 768);
    const scaled = ['-i', picture, '-frames:v', '1', '-filter:v', `scale=${width}:${height}`];
    const { stdout: expected } = await run(
      binaries.ffmpeg,
      ['-v', 'error', ...scaled, '-pix_fmt', 'rgb24', '-f', 'rawvideo', 'pipe:1'],
      { encoding: 'buffer', maxBuffer: 8 * 1024 * 1024 },
    );

    const read = await readPicture(picture, { ...binaries, ffprobe: '/nonexistent/bin/ffprobe' });

    expect(read).toMatchObject({ width: 640, height: 360 });
    expect(Buffer.from(read.data).equals(expected)).toBe(true);
  });
});
