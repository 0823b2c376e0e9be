import type { DataSource } from 'typeorm';
import type { DomainEvent } from '@hub/proto';
import type { EventBus, EventSubscription } from '@hub/kit';
import { CertificationSettingsRepository } from '../certifications/certification-settings.repository.js';
import { JobFunctionMembersRepository } from '../job-functions/job-function-members.repository.js';
import { JobFunctionsRepository } from '../job-functions/job-functions.repository.js';
import type { CourseCompletion } from '../training/course-completion.js';
import { CoursesRepository } from '../training/courses.repository.js';
import { OrganizationsRepository } from './organizations.repository.js';

/**
 * The observation service's part of deleting an organization (its observations, findings,
 * courses, enrolments, certifications, job functions and report exports), of deleting a user
 * (their enrolments, certifications and job functions; observations stay as the
 * organization's records, under the names they had) and of deleting a document (it leaves job
 * functions, courses and the certification settings; certifications already issued for it
 * stay, as history).
 */
export function handleObservationEvents(
  events: EventBus,
  db: DataSource,
  completion: CourseCompletion,
): EventSubscription {
  const organizations = new OrganizationsRepository(db);
  const jobFunctions = new JobFunctionsRepository(db);
  const holders = new JobFunctionMembersRepository(db);
  const courses = new CoursesRepository(db);
  const certificationSettings = new CertificationSettingsRepository(db);
  return events.subscribe('observation', async (event: DomainEvent) => {
    if (event.type === 'organization.deleted') {
      await organizations.deleteObservationDataOf(event.organizationId);
    } else if (event.type === 'user.deleted') {
      await organizations.deleteUserData(event.userId);
      // The functions they held changed: a SCIM Group's meta.lastModified moves with them.
      await holders.removeHolder(event.userId);
    } else if (event.type === 'document.deleted') {
      await jobFunctions.removeSop(event.organizationId, event.documentId);
      await courses.removeSop(event.organizationId, event.documentId);
      // Its own validity too: no certification is issued for it again.
      await certificationSettings.removeSop(event.organizationId, event.documentId);
      // A course may now hold only SOPs its learners passed. Checked on every delivery, not only
      // when rows went, so a delivery retried after a failure here still completes them.
      await completion.forOrganization(event.organizationId);
    }
  });
}
