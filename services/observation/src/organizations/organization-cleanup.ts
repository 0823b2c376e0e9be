import type { DataSource } from 'typeorm';
import type { DomainEvent } from '@hub/proto';
import type { EventBus, EventSubscription } from '@hub/kit';
import { OrganizationsRepository } from './organizations.repository.js';

/**
 * The observation service's part of deleting an organization (its observations, findings,
 * courses, enrolments, certifications, job functions and report exports) and of deleting a user
 * (their enrolments, certifications and job functions; observations stay as the
 * organization's records, under the names they had).
 */
export function handleObservationEvents(events: EventBus, db: DataSource): EventSubscription {
  const organizations = new OrganizationsRepository(db);
  return events.subscribe('observation', async (event: DomainEvent) => {
    if (event.type === 'organization.deleted') {
      await organizations.deleteObservationDataOf(event.organizationId);
    } else if (event.type === 'user.deleted') {
      await organizations.deleteUserData(event.userId);
    }
  });
}
