import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { peopleSeenText } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { analysisBench } from '../test-support/analysis-bench.ts';

const run = promisify(execFile);
const { binaries, folder, analyse } = analysisBench('synthetic-sources');

/**
 * ffmpeg's synthetic sources, 4 s each: test patterns, fractals, cellular automata and noise.
 * Before detections were confirmed, testsrc and testsrc2 each gave the tiny detector "faces"
 * (up to 0.95 sure), and a testsrc video was reported as two operators (issue #52).
 */
const SOURCES = [
  'testsrc=size=320x240:rate=10',
  'testsrc2=size=640x480:rate=10',
  'smptebars=size=640x480:rate=10',
  'mandelbrot=size=640x480:rate=10',
  'cellauto=size=640x480:rate=10',
  'life=size=640x480:rate=10:mold=10:ratio=0.3',
  'nullsrc=size=320x240:rate=10,geq=random(1)*255:128:128',
];
const SECONDS = 4;

async function makeSyntheticVideo(output: string) {
  const inputs = SOURCES.flatMap((source) => ['-f', 'lavfi', '-t', String(SECONDS), '-i', source]);
  const scaled = SOURCES.map(
    (_, i) => `[${i}:v]scale=640:480,setsar=1,fps=10,format=yuv420p[v${i}]`,
  );
  const concat = `${SOURCES.map((_, i) => `[v${i}]`).join('')}concat=n=${SOURCES.length}:v=1:a=0[out]`;
  await run(binaries.ffmpeg, [
    ...['-v', 'error', '-y', ...inputs, '-filter_complex', [...scaled, concat].join(';')],
    ...['-map', '[out]', '-c:v', 'mpeg4', '-q:v', '4', output],
  ]);
}

describe('a video of ffmpeg synthetic sources, with the default settings', () => {
  it('finds no face in it and says no people seen', async () => {
    const video = join(folder, 'synthetic.mp4');
    await makeSyntheticVideo(video);
    const done = await analyse(video);

    expect(done.report.framesAnalysed).toBe(SOURCES.length * SECONDS);
    expect(done.report.detectedOperators).toBe(0);
    expect(done.report.unidentifiedPeople).toEqual([]);
    expect(done.unknownFaces).toEqual([]);
    expect(peopleSeenText(done.report)).toBe('No people seen');
  }, 300_000);
});
