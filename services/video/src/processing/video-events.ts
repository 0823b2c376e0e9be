import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { type DomainEvent, type FaceEnrolmentJob, QUEUE_CONTRACTS } from '@hub/proto';
import {
  addFairly,
  type EventBus,
  type EventSubscription,
  type ObjectStorage,
  organizationPrefix,
} from '@hub/kit';
import { FaceEnrolmentsRepository } from '../faces/face-enrolments.repository.js';
import { UnknownFacesRemovalRepository } from '../unknown-people/unknown-faces-removal.repository.js';
import { VideosRepository } from '../videos/videos.repository.js';

export const VIDEOS_FOLDER = 'videos';
/** Reference photos of faces, below the organization like every file of it. */
export const FACE_REFERENCES_FOLDER = 'face-references';
/** Crops of unknown faces, a folder per video (the worker names them so: see unknown-faces.ts). */
export const UNKNOWN_FACES_FOLDER = 'unknown-faces';
export const videoUnknownFacesPrefix = (organizationId: number, videoId: number) =>
  `${organizationPrefix(organizationId)}${UNKNOWN_FACES_FOLDER}/video-${videoId}/`;

/**
 * What the video service does when others announce: a new profile picture is enrolled (its
 * previous embedding is dropped at once, so an outdated face never matches); a deleted user's
 * embeddings, reference photos and the unknown faces named as them go; a deleted organization's
 * videos, analyses, embeddings, unknown people and files go.
 */
export function handleVideoEvents(
  events: EventBus,
  db: DataSource,
  storage: ObjectStorage,
  enrolmentQueue: Queue<FaceEnrolmentJob>,
): EventSubscription {
  return events.subscribe('video', videoEventHandler(db, storage, enrolmentQueue));
}

/** The handler of the video service's events, as its subscription delivers them. */
export function videoEventHandler(
  db: DataSource,
  storage: ObjectStorage,
  enrolmentQueue: Queue<FaceEnrolmentJob>,
): (event: DomainEvent) => Promise<void> {
  const faces = new FaceEnrolmentsRepository(db);
  const videos = new VideosRepository(db);
  const unknownFaces = new UnknownFacesRemovalRepository(db);
  return async (event: DomainEvent) => {
    if (event.type === 'user.picture-changed') {
      const job: FaceEnrolmentJob = {
        userId: event.userId,
        organizationId: event.organizationId,
        pictureKey: event.pictureKey,
        changedBy: event.changedBy,
      };
      // Events come at least once. The picture's job (the contract's id: one per user and
      // picture) exists once the event was handled, and adding it again is BullMQ's no-op: the
      // picture made pending again would wait for a job that never runs. What that job found
      // (the face, or its refusal) stands.
      const jobId = QUEUE_CONTRACTS.faceEnrolment.jobId!(job)!;
      if (await enrolmentQueue.getJob(jobId)) return;
      await faces.awaitEnrolment(event.userId, event.organizationId, event.pictureKey);
      await addFairly(enrolmentQueue, 'enrol', job);
    } else if (event.type === 'user.deleted') {
      // The person's faces go, and with them the photos they came from.
      const referenceKeys = await faces.deleteOfUser(event.userId);
      const cropKeys = await unknownFaces.deleteOfUser(event.userId);
      await Promise.all([...referenceKeys, ...cropKeys].map((key) => storage.remove(key)));
    } else if (event.type === 'organization.deleted') {
      await unknownFaces.deleteOfOrganization(event.organizationId);
      await videos.deleteOrganizationVideos(event.organizationId);
      const prefix = organizationPrefix(event.organizationId);
      await storage.removePrefix(`${prefix}${VIDEOS_FOLDER}/`);
      await storage.removePrefix(`${prefix}${FACE_REFERENCES_FOLDER}/`);
      await storage.removePrefix(`${prefix}${UNKNOWN_FACES_FOLDER}/`);
    }
  };
}
