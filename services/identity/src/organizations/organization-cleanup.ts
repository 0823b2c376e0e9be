import type { DataSource } from 'typeorm';
import type { DomainEvent } from '@hub/proto';
import {
  type EventBus,
  type EventSubscription,
  type ObjectStorage,
  organizationPrefix,
} from '@hub/kit';
import { PICTURE_FOLDER } from '../profile/profile-pictures.service.js';
import { OrganizationsRepository } from './organizations.repository.js';

/**
 * Identity's part of deleting an organization: its rows (already gone when identity itself
 * deleted the organization; removed here too so a redelivered event is harmless) and its files.
 */
export function handleIdentityEvents(
  events: EventBus,
  db: DataSource,
  storage: ObjectStorage,
): EventSubscription {
  const organizations = new OrganizationsRepository(db);
  return events.subscribe('identity', async (event: DomainEvent) => {
    if (event.type !== 'organization.deleted') return;
    await organizations.deleteById(event.organizationId);
    await storage.removePrefix(`${organizationPrefix(event.organizationId)}${PICTURE_FOLDER}/`);
  });
}
