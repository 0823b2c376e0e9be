import type { DataSource } from 'typeorm';
import type { DomainEvent } from '@hub/proto';
import {
  type EventBus,
  type EventSubscription,
  type ObjectStorage,
  organizationPrefix,
} from '@hub/kit';
import { OrganizationsRepository } from './organizations.repository.js';

export const DOCUMENTS_FOLDER = 'documents';

/** The library's part of deleting an organization: its documents, folders, tags and files. */
export function handleLibraryEvents(
  events: EventBus,
  db: DataSource,
  storage: ObjectStorage,
): EventSubscription {
  const organizations = new OrganizationsRepository(db);
  return events.subscribe('library', async (event: DomainEvent) => {
    if (event.type !== 'organization.deleted') return;
    await organizations.deleteLibraryOf(event.organizationId);
    await storage.removePrefix(`${organizationPrefix(event.organizationId)}${DOCUMENTS_FOLDER}/`);
  });
}
