import { isStorageFault, type ObjectStorage } from '@hub/runtime';
import type { FaceEnrolmentJob, VideoInboxMessage } from '@hub/proto/jobs';
import type { Job } from 'bullmq';
import type { DetectedFace, FaceModel } from './faces/face-model.ts';
import { asVideoFailure, VideoFailure } from './failures.ts';
import type { FfmpegBinaries } from './frames/binaries.ts';
import { padFrame, padOffset, readPicture } from './frames/picture.ts';
import { findAgain, NOT_FOUND_AGAIN } from './learn-face.ts';
import type { RgbFrame } from './frames/sample-frames.ts';
import { sendTo, type Inbox } from './inbox.ts';
import { isFinalAttempt } from './job-attempts.ts';
import {
  NO_FACE_IN_REFERENCE,
  referenceFault,
  severalFacesInReference,
} from './reference-quality.ts';
import { withTempCopy } from './temp-copy.ts';

export interface EnrolmentDeps {
  storage: ObjectStorage;
  inbox: Inbox;
  faces: FaceModel;
  binaries: FfmpegBinaries;
}

export type EnrolmentOutcome = 'enrolled' | 'rejected';

export const NO_FACE_REASON =
  'No face was found in the profile picture. Please use a clear, front-facing photo.';
export const severalFacesReason = (count: number) =>
  `The profile picture shows ${count} faces. Please use a photo of only this person.`;

/**
 * A face in a still picture counts from this detector score: the model may be set to report
 * doubtful faces for videos, where a face is named only when its track matches, but a profile
 * picture must not be rejected as "several faces" for a doubtful patch of background.
 */
export const PICTURE_MIN_SCORE = 0.5;

const sure = (found: DetectedFace[]) => found.filter((face) => face.score >= PICTURE_MIN_SCORE);

/**
 * A picture at most this wide and high is searched with a margin first: a face usable in it fills
 * much of it (avatars are often such crops), and the detector misses faces that fill the frame:
 * searched as it is first, each such crop took two passes.
 */
export const SMALL_PICTURE_PIXELS = 256;

/**
 * Faces in a profile picture, surest first, their boxes on the picture. Pictures cropped tight to
 * the face are common and the detector misses faces that fill the frame, so a picture is searched
 * as it is and with a margin (a small one with the margin first), until a pass finds a face.
 */
export async function facesInPicture(picture: RgbFrame, faces: FaceModel): Promise<DetectedFace[]> {
  const small = picture.width <= SMALL_PICTURE_PIXELS && picture.height <= SMALL_PICTURE_PIXELS;
  const passes = small ? [facesWithMargin, facesAsItIs] : [facesAsItIs, facesWithMargin];
  let found: DetectedFace[] = [];
  for (const pass of passes) {
    found = await pass(picture, faces);
    if (found.length > 0) break;
  }
  return found.sort((a, b) => b.score - a.score);
}

async function facesAsItIs(picture: RgbFrame, faces: FaceModel): Promise<DetectedFace[]> {
  return sure(await faces.detect(picture, 'picture'));
}

/** Faces found in the picture padded with a margin, their boxes moved back onto the picture. */
async function facesWithMargin(picture: RgbFrame, faces: FaceModel): Promise<DetectedFace[]> {
  const { left, top } = padOffset(picture);
  const found = sure(await faces.detect(padFrame(picture), 'picture'));
  return found.map((face) => ({
    ...face,
    box: { ...face.box, x: face.box.x - left, y: face.box.y - top },
  }));
}

type Decision =
  | { kind: 'face.enrolled'; embedding: number[] }
  | { kind: 'face.rejected'; reason: string };

/**
 * One face, or the reason in words. A reference photo (added on purpose, besides the profile
 * picture) must also show the face large enough and sharp.
 */
async function decide(job: FaceEnrolmentJob, deps: EnrolmentDeps): Promise<Decision> {
  if (job.purpose === 'learned') return learn(job, deps);
  const reference = job.purpose === 'reference';
  const what = reference ? 'reference photo' : 'profile picture';
  return withTempCopy(deps.storage, job.pictureKey, what, async (path) => {
    const picture = await readPicture(path, deps.binaries);
    const found = await facesInPicture(picture, deps.faces);
    const refuse = (reason: string): Decision => ({ kind: 'face.rejected', reason });
    if (found.length === 0) return refuse(reference ? NO_FACE_IN_REFERENCE : NO_FACE_REASON);
    if (found.length > 1) {
      return refuse((reference ? severalFacesInReference : severalFacesReason)(found.length));
    }
    const fault = reference ? referenceFault(picture, found[0]!.box) : undefined;
    if (fault) return refuse(fault);
    return { kind: 'face.enrolled', embedding: found[0]!.embedding };
  });
}

/** A face confirmed in a video, found again there (pictureKey is the video's key). */
async function learn(job: FaceEnrolmentJob, deps: EnrolmentDeps): Promise<Decision> {
  return withTempCopy(deps.storage, job.pictureKey, 'video', async (path) => {
    const embedding = await findAgain(path, job, deps, (frame) =>
      facesInPicture(frame, deps.faces),
    );
    return embedding
      ? { kind: 'face.enrolled', embedding }
      : { kind: 'face.rejected', reason: NOT_FOUND_AGAIN };
  });
}

/**
 * Told on every start: faces the service holds in another space (stored before the embedder
 * changed) never match this worker's, so their pictures are enrolled again.
 */
export async function announceEmbedder(inbox: Inbox, faces: Pick<FaceModel, 'space'>) {
  await sendTo(inbox)({ kind: 'face.embedder-started', space: faces.space });
}

/**
 * The handler of `face-enrolment` jobs: the profile picture's one face becomes the user's
 * enrolment; a picture with no face or several is rejected with the reason in words.
 */
export function createEnrolmentHandler(deps: EnrolmentDeps) {
  const send = sendTo(deps.inbox);
  return async (job: Job<FaceEnrolmentJob>): Promise<EnrolmentOutcome> => {
    // Parsed by startWorker against the queue's contract: a bad payload never gets here.
    const { userId, pictureKey, changedBy } = job.data;
    const refuse = (reason: string): VideoInboxMessage => ({
      kind: 'face.rejected',
      userId,
      pictureKey,
      changedBy,
      reason,
    });
    let decision: Decision;
    try {
      decision = await decide(job.data, deps);
    } catch (error) {
      // The store away or full: the job waits for it (startWorker delays it), never rejected.
      if (isStorageFault(error)) throw error;
      const retryable = !(error instanceof VideoFailure) || error.retryable;
      if (!retryable) {
        await send(refuse(error.message));
        return 'rejected';
      }
      if (isFinalAttempt(job)) {
        const failure = asVideoFailure(error, { userId, pictureKey });
        await send(refuse(failure.message));
      }
      throw error;
    }
    if (decision.kind === 'face.rejected') {
      await send(refuse(decision.reason));
      return 'rejected';
    }
    await send({
      kind: 'face.enrolled',
      userId,
      pictureKey,
      embedding: decision.embedding,
      space: deps.faces.space,
      model: deps.faces.name,
    });
    return 'enrolled';
  };
}
