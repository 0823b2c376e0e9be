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

export const VIDEOS_FOLDER = 'videos';

/**
 * What the video service does when others announce: a new profile picture is enrolled (its
 * previous embedding is dropped at once, so an outdated face never matches); a deleted user's
 * embedding goes; a deleted organization's videos, analyses, embeddings and files go.
 */
export function handleVideoEvents(
  events: EventBus,
  db: DataSource,
  storage: ObjectStorage,
  enrolmentQueue: Queue<FaceEnrolmentJob>,
): EventSubscription {
  return events.subscribe('video', async (event: DomainEvent) => {
    if (event.type === 'user.picture-changed') {
      await db.query(
        `INSERT INTO face_enrolments (user_id, organization_id, picture_key, embedding, model)
         VALUES ($1, $2, $3, '[]', 'pending')
         ON CONFLICT (user_id) DO UPDATE SET organization_id = EXCLUDED.organization_id, picture_key = EXCLUDED.picture_key,
           embedding = '[]', model = 'pending', enrolled_at = now()`,
        [event.userId, event.organizationId, event.pictureKey],
      );
      const job: FaceEnrolmentJob = {
        userId: event.userId,
        organizationId: event.organizationId,
        pictureKey: event.pictureKey,
        changedBy: event.changedBy,
      };
      // One enrolment per user and picture (the contract's job id).
      await addFairly(enrolmentQueue, 'enrol', job);
    } else if (event.type === 'user.deleted') {
      await db.query(`DELETE FROM face_enrolments WHERE user_id = $1`, [event.userId]);
    } else if (event.type === 'organization.deleted') {
      await db.transaction(async (tx) => {
        await tx.query(`DELETE FROM videos WHERE organization_id = $1`, [event.organizationId]);
        await tx.query(`DELETE FROM face_enrolments WHERE organization_id = $1`, [
          event.organizationId,
        ]);
      });
      await storage.removePrefix(`${organizationPrefix(event.organizationId)}${VIDEOS_FOLDER}/`);
    }
  });
}
