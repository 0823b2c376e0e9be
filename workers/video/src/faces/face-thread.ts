import { parentPort, workerData } from 'node:worker_threads';
import { FaceApiModel, type FaceApiOptions } from './face-api-model.ts';
import type { FrameRequest, FrameAnswer } from './threaded-face-model.ts';

/**
 * One detection thread: its own TensorFlow.js runtime and models, loaded once, then one frame
 * after another as the worker's pool sends them.
 */
const port = parentPort;
if (!port) throw new Error('face-thread runs only as a worker thread');
const model = await FaceApiModel.load(workerData as FaceApiOptions);
port.on('message', (request: FrameRequest) => {
  model.detect(request.frame, request.source).then(
    (faces) => port.postMessage({ id: request.id, faces } satisfies FrameAnswer),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies FrameAnswer),
  );
});
port.postMessage({ ready: model.name });
