import { text } from 'node:stream/consumers';
import { isStorageFault, logger, type ObjectStorage, storageReadCause } from '@hub/runtime';
import {
  type AnalysisReport,
  UNKNOWN_FACES_PER_VIDEO,
  type UnknownFaceFound,
  type VideoAnalysisJob,
  type VideoInboxMessage,
} from '@hub/proto/jobs';
import { UnrecoverableError, type Job } from 'bullmq';
import { clusterFaces, type ClusterOptions } from './faces/clustering.ts';
import type { FaceModel } from './faces/face-model.ts';
import { cropFaces } from './faces/face-crops.ts';
import { identify } from './faces/matching.ts';
import { notYetEnrolledIn } from './faces/references.ts';
import { sightVideo, type SightedVideo } from './faces/sight-video.ts';
import { bestSighting, keepUnknownFaces } from './faces/unknown-faces.ts';
import { asVideoFailure, durationText, sentence, VideoFailure } from './failures.ts';
import type { FfmpegBinaries } from './frames/binaries.ts';
import { probeVideo, type VideoProbe } from './frames/probe.ts';
import { sendTo, type Inbox } from './inbox.ts';
import { isFinalAttempt } from './job-attempts.ts';
import {
  NO_PROVIDER_MESSAGE,
  videoMimeType,
  type SopText,
  type StepAnalyzer,
} from './steps/step-analyzer.ts';
import { StageTimes } from './stage-times.ts';
import { withTempCopy } from './temp-copy.ts';

const log = logger('analysis');

export interface AnalysisSettings {
  sampleFps: number;
  frameWidth: number;
  frameHeight: number;
  matchThreshold: number;
  /** See NamingRule.margin (faces/references.ts). */
  matchMargin: number;
  cluster: ClusterOptions;
  timeoutMs: number;
}

export interface AnalysisDeps {
  storage: ObjectStorage;
  inbox: Inbox;
  faces: FaceModel;
  binaries: FfmpegBinaries;
  /** Null without an AI provider: identification runs, step analysis is reported unavailable. */
  steps: StepAnalyzer | null;
  settings: AnalysisSettings;
}

export type AnalysisOutcome = 'completed' | 'failed';

const PROGRESS_EVERY_FRAMES = 5;

type Send = (message: VideoInboxMessage) => Promise<void>;

function progressReporter(job: VideoAnalysisJob, send: Send) {
  return (current: number, total: number, final = false) => {
    if (!final && current % PROGRESS_EVERY_FRAMES !== 0) return;
    const { videoId, run } = job;
    send({ kind: 'analysis.progress', videoId, run, current, total }).catch((error: unknown) =>
      log.warn({ err: error, videoId }, 'progress not sent'),
    );
  };
}

async function readSops(storage: ObjectStorage, job: VideoAnalysisJob): Promise<SopText[]> {
  return Promise.all(
    job.sops.map(async ({ sopId, sopTitle, textKey }) => {
      try {
        return { sopId, sopTitle, text: await text(await storage.get(textKey)) };
      } catch (error) {
        // The store away or full is waited for (see startWorker), not held against the steps.
        if (isStorageFault(error)) throw error;
        log.warn({ err: error, videoId: job.videoId, sopId }, 'SOP text not read');
        throw new VideoFailure(
          `The text of SOP "${sopTitle}" could not be read: ${storageReadCause(error)}`,
        );
      }
    }),
  );
}

/**
 * Step analysis runs beside identification (one waits on the network, the other on the CPU). Its
 * failure does not fail the video: the identification is still worth having, and the report says
 * why the steps are missing.
 */
async function analyseSteps(
  job: VideoAnalysisJob,
  deps: AnalysisDeps,
  videoPath: string,
  signal: AbortSignal,
): Promise<AnalysisReport['stepAnalysis']> {
  if (!deps.steps) return { available: false, message: NO_PROVIDER_MESSAGE };
  try {
    const sops = await readSops(deps.storage, job);
    const findings = await deps.steps.analyse({
      videoPath,
      mimeType: videoMimeType(job.videoKey),
      prompt: job.prompt,
      sops,
      signal,
    });
    return { available: true, model: deps.steps.model, sops: findings };
  } catch (error) {
    // The store away or full: the whole job waits for it, rather than report no steps.
    if (isStorageFault(error)) throw error;
    return {
      available: false,
      message:
        `Step analysis against the SOPs failed: ${sentence(asVideoFailure(error, { videoId: job.videoId }).message)} ` +
        'Operator identification ran without it.',
    };
  }
}

interface Analysed {
  report: AnalysisReport;
  unknownFaces: UnknownFaceFound[];
  identifiedFaces: UnknownFaceFound[];
  /** Of the report's frames, those the model ran on (the stage times depend on it). */
  framesDetected: number;
}

/**
 * The sighted faces grouped into people, each named after the closest enrolment of the worker's
 * space when near enough; the faces of people not named, and of those named (for a review that
 * rejects the name), kept with a crop each.
 */
async function nameFaces(
  job: VideoAnalysisJob,
  deps: AnalysisDeps,
  path: string,
  { sightings, cut }: SightedVideo,
  durationSeconds: number,
) {
  const { settings } = deps;
  const interval = 1 / settings.sampleFps;
  const { identification, unknown, identified } = identify(
    clusterFaces(sightings, settings.cluster),
    job.enrolments,
    {
      threshold: settings.matchThreshold,
      margin: settings.matchMargin,
      space: deps.faces.space,
      interval,
      // One missed sample is bridged, two are not: at 1 fps a 2-second gap is another
      // person's shot, and bridging it named this person there too.
      maxGap: interval,
      duration: durationSeconds,
    },
  );
  const kept = [unknown, identified].flatMap((clusters) =>
    clusters.slice(0, UNKNOWN_FACES_PER_VIDEO).map(bestSighting),
  );
  const keep = {
    storage: deps.storage,
    model: deps.faces.name,
    space: deps.faces.space,
    crops: await cropFaces(path, kept, deps.binaries, settings, cut),
  };
  const [unknownFaces, identifiedFaces] = await Promise.all([
    keepUnknownFaces(job, unknown, keep),
    keepUnknownFaces(job, identified, keep, 'identified'),
  ]);
  return { identification, unknownFaces, identifiedFaces };
}

/** The video's faces, and its probe (duration, size). */
interface ProbedSighting {
  sighted: SightedVideo;
  probe: VideoProbe;
}

/**
 * The video's faces sighted while ffprobe reads its header beside the first frames: the probe
 * only gives the progress its total and the report its duration, so frames do not wait for it.
 * A video ffprobe cannot read fails with ffprobe's reason, as when the probe came first.
 */
async function sightProbed(
  job: VideoAnalysisJob,
  deps: AnalysisDeps,
  path: string,
  signal: AbortSignal,
  times: StageTimes,
): Promise<ProbedSighting> {
  const fps = deps.settings.sampleFps;
  const progress = progressReporter(job, sendTo(deps.inbox));
  let estimate = 1;
  let done = 0;
  const probing = probeVideo(path, deps.binaries);
  probing.then(
    (probe) => {
      if (probe.durationSeconds) estimate = Math.max(1, Math.round(probe.durationSeconds * fps));
      progress(done, Math.max(estimate, done), true);
    },
    () => undefined,
  );
  let sighted: SightedVideo;
  try {
    sighted = await sightVideo(path, deps, signal, (frames) => {
      // The first frame waits for the model too, when it is still loading.
      if (frames === 1) times.mark('first frame');
      done = frames;
      progress(frames, Math.max(estimate, frames));
    });
  } catch (error) {
    // ffprobe's reason for a file it cannot read says more than ffmpeg's.
    await probing;
    throw error;
  }
  const probe = await probing;
  times.mark('frames');
  signal.throwIfAborted();
  if (sighted.frames === 0) throw new VideoFailure('The video has no frames.');
  progress(sighted.frames, sighted.frames, true);
  return { sighted, probe };
}

async function analyse(
  job: VideoAnalysisJob,
  deps: AnalysisDeps,
  signal: AbortSignal,
  times: StageTimes,
): Promise<Analysed> {
  const { settings } = deps;
  const fps = settings.sampleFps;
  // The model loads while the video is fetched and probed, not after.
  void deps.faces.prepare?.();
  return withTempCopy(deps.storage, job.videoKey, 'video', async (path) => {
    times.mark('copy');
    const stepsStop = new AbortController();
    const steps = analyseSteps(job, deps, path, AbortSignal.any([signal, stepsStop.signal]));
    // Awaited below; it fails only for a store fault, which may come while frames are sighted.
    steps.catch(() => undefined);
    try {
      const { sighted, probe } = await sightProbed(job, deps, path, signal, times);
      const { frames } = sighted;
      const durationSeconds = probe.durationSeconds ?? frames / fps;
      const { identification, unknownFaces, identifiedFaces } = await nameFaces(
        job,
        deps,
        path,
        sighted,
        durationSeconds,
      );
      times.mark('faces kept');
      const notYetEnrolled = notYetEnrolledIn(deps.faces.space, job.enrolments, job.notYetEnrolled);
      const report: AnalysisReport = {
        durationSeconds: Math.round(durationSeconds * 100) / 100,
        framesAnalysed: frames,
        samplingFps: fps,
        matchThreshold: settings.matchThreshold,
        ...identification,
        ...(notYetEnrolled.length ? { notYetEnrolled } : {}),
        stepAnalysis: await steps,
      };
      times.mark('steps');
      return { report, unknownFaces, identifiedFaces, framesDetected: sighted.detected };
    } finally {
      stepsStop.abort();
      await steps;
    }
  });
}

/**
 * The handler of `video-analysis` jobs: operators are identified from sampled frames against the
 * organization's enrolled faces, the steps of the linked SOPs are checked when an AI provider is
 * set, and the video inbox hears of progress and of the report. A failure the video itself causes
 * fails the job at once; others are retried, and the last attempt reports the failure.
 */
export function createAnalysisHandler(deps: AnalysisDeps) {
  const send = sendTo(deps.inbox);
  return async (job: Job<VideoAnalysisJob>): Promise<AnalysisOutcome> => {
    // Parsed by startWorker against the queue's contract: a bad payload never gets here.
    const data = job.data;
    const { videoId, run } = data;
    const { timeoutMs } = deps.settings;
    const timeout = new AbortController();
    const timer = setTimeout(
      () =>
        timeout.abort(
          new VideoFailure(`Analysing the video took longer than ${durationText(timeoutMs)}.`),
        ),
      timeoutMs,
    );
    const times = new StageTimes();
    try {
      const { report, unknownFaces, identifiedFaces, framesDetected } = await analyse(
        data,
        deps,
        timeout.signal,
        times,
      );
      await send({
        kind: 'analysis.completed',
        videoId,
        run,
        report,
        unknownFaces,
        identifiedFaces,
      });
      times.mark('report sent');
      log.info(
        { videoId, run, stagesMs: times.ms, frames: report.framesAnalysed, framesDetected },
        `video ${videoId} analysed, faces detected in ${framesDetected} of ` +
          `${report.framesAnalysed} frames (the others unchanged): ${times.text()}`,
      );
      return 'completed';
    } catch (error) {
      // The store away or full: the job waits for it (startWorker delays it without counting an
      // attempt) and the video stays "processing" meanwhile, never failed for it.
      if (isStorageFault(error) && !timeout.signal.aborted) throw error;
      const failure = asVideoFailure(timeout.signal.aborted ? timeout.signal.reason : error, {
        videoId,
        run,
      });
      if (!failure.retryable || isFinalAttempt(job)) {
        await send({ kind: 'analysis.failed', videoId, run, reason: failure.message });
      }
      if (!failure.retryable) throw new UnrecoverableError(failure.message);
      throw failure;
    } finally {
      clearTimeout(timer);
    }
  };
}
