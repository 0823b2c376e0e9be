import {
  openQueue,
  processLogger,
  openStorage,
  runProcess,
  startHeartbeat,
  startWorker,
  stopOnSignals,
} from '@hub/runtime';
import { QUEUE_CONTRACTS } from '@hub/proto/jobs';
import { createAnalysisHandler } from './analysis-job.ts';
import { readVideoWorkerConfig } from './config.ts';
import { announceEmbedder, createEnrolmentHandler } from './enrolment-job.ts';
import { analysisSettings, loadFaceModel } from './faces/load-face-model.ts';
import { findBinaries } from './frames/binaries.ts';
import { analysisPoison, enrolmentPoison, probePoison, snapshotPoison } from './poison.ts';
import { createProbeHandler } from './probe-job.ts';
import { createSnapshotHandler } from './snapshot-job.ts';
import { GeminiStepAnalyzer } from './steps/gemini-step-analyzer.ts';

await runProcess('video-worker', async () => {
  const config = readVideoWorkerConfig();
  const connection = { url: config.REDIS_URL, prefix: config.REDIS_PREFIX };
  const binaries = findBinaries({ ffmpeg: config.FFMPEG_PATH, ffprobe: config.FFPROBE_PATH });
  const faces = await loadFaceModel(config);
  const storage = openStorage(config);
  const inbox = openQueue(QUEUE_CONTRACTS.videoInbox, connection);
  const steps = config.GEMINI_API_KEY
    ? new GeminiStepAnalyzer({
        apiKey: config.GEMINI_API_KEY,
        model: config.GEMINI_MODEL,
        baseUrl: config.GEMINI_BASE_URL,
      })
    : null;
  const analysis = startWorker(
    QUEUE_CONTRACTS.videoAnalysis,
    connection,
    createAnalysisHandler({
      storage,
      inbox,
      faces,
      binaries,
      steps,
      settings: analysisSettings(config),
    }),
    { concurrency: config.VIDEO_CONCURRENCY, poison: analysisPoison(inbox) },
  );
  const enrolment = startWorker(
    QUEUE_CONTRACTS.faceEnrolment,
    connection,
    createEnrolmentHandler({ storage, inbox, faces, binaries }),
    { poison: enrolmentPoison(inbox) },
  );
  const probe = startWorker(
    QUEUE_CONTRACTS.videoProbe,
    connection,
    createProbeHandler({ storage, inbox, binaries }),
    { poison: probePoison(inbox) },
  );
  const integrationInbox = openQueue(QUEUE_CONTRACTS.integrationInbox, connection);
  const snapshots = startWorker(
    QUEUE_CONTRACTS.snapshotIdentification,
    connection,
    createSnapshotHandler({
      storage,
      inbox: integrationInbox,
      faces,
      binaries,
      matchThreshold: config.FACE_MATCH_THRESHOLD,
      matchMargin: config.FACE_MATCH_MARGIN,
    }),
    { poison: snapshotPoison(integrationInbox) },
  );
  for (const [name, worker] of [
    ['analysis', analysis],
    ['enrolment', enrolment],
    ['probe', probe],
    ['snapshot', snapshots],
  ] as const) {
    worker.on('error', (error) =>
      processLogger().error({ err: error, worker: name }, 'worker error'),
    );
  }
  await Promise.all([
    analysis.waitUntilReady(),
    enrolment.waitUntilReady(),
    probe.waitUntilReady(),
    snapshots.waitUntilReady(),
  ]);
  await announceEmbedder(inbox, faces);
  const heartbeat = startHeartbeat(connection, 'video-worker');
  processLogger().info(
    `ready (${faces.name}, ffmpeg ${binaries.ffmpeg}, ` +
      `step analysis ${steps ? `with ${steps.model}` : 'off: no GEMINI_API_KEY'})`,
  );

  stopOnSignals('video-worker', async () => {
    // Running jobs finish first; a half-analysed video would only be analysed again.
    await Promise.all([analysis.close(), enrolment.close(), probe.close(), snapshots.close()]);
    await heartbeat.stop();
    await Promise.all([inbox.close(), integrationInbox.close()]);
    await faces.close();
  });
});
