import type { DataSource } from 'typeorm';
import type { DomainEvent } from '@hub/proto';
import type { EventBus, EventSubscription } from '@hub/kit';

/**
 * The observation service's part of deleting an organization (its observations, findings,
 * courses, enrolments, certifications, job functions and report exports) and of deleting a user
 * (their enrolments, certifications and job functions; observations stay as the
 * organization's records, under the names they had).
 */
export function handleObservationEvents(events: EventBus, db: DataSource): EventSubscription {
  return events.subscribe('observation', async (event: DomainEvent) => {
    if (event.type === 'organization.deleted') {
      await db.transaction(async (tx) => {
        await tx.query(`DELETE FROM observations WHERE organization_id = $1`, [
          event.organizationId,
        ]);
        await tx.query(`DELETE FROM courses WHERE organization_id = $1`, [event.organizationId]);
        for (const table of [
          'job_functions',
          'job_function_members',
          'certifications',
          'report_exports',
          'certification_settings',
          'sop_certification_validity',
          'observation_settings',
          'recommendations',
          'recommendation_runs',
          'reobservation_changes',
        ]) {
          await tx.query(`DELETE FROM ${table} WHERE organization_id = $1`, [event.organizationId]);
        }
      });
    } else if (event.type === 'user.deleted') {
      await db.query(`DELETE FROM enrollments WHERE user_id = $1`, [event.userId]);
      await db.query(`DELETE FROM certifications WHERE user_id = $1`, [event.userId]);
      await db.query(`DELETE FROM job_function_members WHERE user_id = $1`, [event.userId]);
    }
  });
}
