import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { AnalysisReport } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { createAnalysisHandler } from '../analysis-job.ts';
import { readVideoWorkerConfig } from '../config.ts';
import type { FaceModel, FaceSource } from '../faces/face-model.ts';
import { analysisSettings } from '../faces/load-face-model.ts';
import { analysisBench, jobOf, listInbox } from '../test-support/analysis-bench.ts';
import { facePhoto, facesDir } from '../test-support/media.ts';
import type { RgbFrame } from './sample-frames.ts';

const run = promisify(execFile);
const { binaries, folder, storage, faces } = analysisBench('unchanged-frames');

/** The bench's model, counting the frames it is asked to detect. */
class CountedModel implements FaceModel {
  detections = 0;
  constructor(private readonly model: FaceModel) {}
  get name() {
    return this.model.name;
  }
  get space() {
    return this.model.space;
  }
  get parallelism() {
    return this.model.parallelism;
  }
  detect(frame: RgbFrame, source: FaceSource) {
    this.detections += 1;
    return this.model.detect(frame, source);
  }
  close() {
    return Promise.resolve();
  }
}

/** The video analysed with the default settings (720p at 1 fps): its report, and detections. */
async function analyse(video: string, videoId: number) {
  const videoKey = `org/1/videos/${videoId}.mp4`;
  await storage.put(videoKey, readFileSync(video), 'video/mp4');
  const model = new CountedModel(faces());
  const inbox = listInbox();
  const handle = createAnalysisHandler({
    storage,
    inbox,
    faces: model,
    binaries,
    steps: null,
    settings: analysisSettings(readVideoWorkerConfig({})),
  });
  await handle(
    jobOf({ videoId, organizationId: 1, run: 1, videoKey, sops: [], prompt: '', enrolments: [] }),
  );
  const done = inbox.messages.find((message) => message.kind === 'analysis.completed');
  if (done?.kind !== 'analysis.completed') throw new Error(JSON.stringify(inbox.messages));
  console.log(
    `[unchanged frames] video ${videoId}: ${model.detections} of ` +
      `${done.report.framesAnalysed} frames detected`,
  );
  return { report: done.report, detections: model.detections };
}

/** Whether some face of the report is seen in the sampled second starting at `second`. */
const seenIn = (report: AnalysisReport, second: number) =>
  [...report.identifiedOperators, ...report.unidentifiedPeople].some((person) =>
    person.appearances.some((range) => range.start <= second + 0.5 && second + 0.5 <= range.end),
  );

const ffmpeg = (args: string[]) => run(binaries.ffmpeg, ['-v', 'error', '-y', ...args]);

describe('frames unchanged from the last one detected', () => {
  it('take its faces without a detection of their own in a video of stills', async () => {
    // As services/gateway/test/stills-video.ts makes a shift: 2 s a still, x264 at its defaults.
    const stills = [facePhoto('amy', 2), facePhoto('howard', 3), facePhoto('leonard', 4)];
    const video = join(folder, 'stills.mp4');
    await ffmpeg([
      ...stills.flatMap((still) => ['-framerate', '1', '-loop', '1', '-t', '2', '-i', still]),
      '-filter_complex',
      stills
        .map(
          (_, i) =>
            `[${i}:v]scale=640:480:force_original_aspect_ratio=decrease,` +
            `pad=640:480:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=10[v${i}]`,
        )
        .join(';') +
        `;${stills.map((_, i) => `[v${i}]`).join('')}concat=n=${stills.length}:v=1:a=0,` +
        'format=yuv420p[out]',
      ...['-map', '[out]', '-c:v', 'libx264', video],
    ]);

    const { report, detections } = await analyse(video, 1);

    expect(report.framesAnalysed).toBe(6);
    expect(detections).toBeGreaterThanOrEqual(stills.length);
    expect(detections).toBeLessThan(report.framesAnalysed);
    // Each face is seen in both seconds of its still: the frames not detected have its faces,
    // at their own time.
    for (let second = 0; second < 6; second++)
      expect(seenIn(report, second), `${second}`).toBe(true);
    expect(report.detectedOperators).toBe(stills.length);
  }, 120_000);

  it('are never a frame in which a face appeared, or one that moves a little', async () => {
    // A grey room for 3 s, then someone's face, 100 px, in it: the frames before are unchanged.
    const appearing = join(folder, 'appearing.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-t', '6', '-i', 'color=c=0x707070:s=1280x720:r=25'],
      ...['-loop', '1', '-t', '6', '-i', facePhoto('bernadette', 2)],
      '-filter_complex',
      "[1:v]scale=100:100[face];[0:v][face]overlay=x=900:y=400:enable='gte(t,3)',format=yuv420p[out]",
      ...['-map', '[out]', '-c:v', 'libx264', '-crf', '23', appearing],
    ]);
    const appeared = await analyse(appearing, 2);
    expect(appeared.report.framesAnalysed).toBe(6);
    expect([0, 1, 2].map((second) => seenIn(appeared.report, second))).toEqual([
      false,
      false,
      false,
    ]);
    expect([3, 4, 5].map((second) => seenIn(appeared.report, second))).toEqual([true, true, true]);
    expect(appeared.detections).toBeLessThan(6);

    // A face moving 4 px a second over a group photo: every frame is detected.
    const moving = join(folder, 'moving.mp4');
    await ffmpeg([
      ...['-loop', '1', '-t', '4', '-i', join(facesDir, 'bbt2.jpg')],
      ...['-loop', '1', '-t', '4', '-i', facePhoto('amy', 3)],
      '-filter_complex',
      '[0:v]scale=1280:720,setsar=1,fps=25[room];[1:v]scale=120:120[face];' +
        "[room][face]overlay=x='900+4*t':y=420,format=yuv420p[out]",
      ...['-map', '[out]', '-c:v', 'libx264', '-crf', '23', moving],
    ]);
    const moved = await analyse(moving, 3);
    expect(moved.report.framesAnalysed).toBe(4);
    expect(moved.detections).toBe(4);
  }, 180_000);
});
