import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import type { DomainEvent, FaceEnrolmentJob } from '@hub/proto';
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
  const faces = new FaceEnrolmentsRepository(db);
  const videos = new VideosRepository(db);
  const unknownFaces = new UnknownFacesRemovalRepository(db);
  return events.subscribe('video', async (event: DomainEvent) => {
    if (event.type === 'user.picture-changed') {
      await faces.awaitEnrolment(event.userId, event.organizationId, event.pictureKey);
      const job: FaceEnrolmentJob = {
        userId: event.userId,
        organizationId: event.organizationId,
        pictureKey: event.pictureKey,
        changedBy: event.changedBy,
      };
      // One enrolment per user and picture (the contract's job id).
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
  });
}
