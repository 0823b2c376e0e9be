import type { DataSource } from 'typeorm';
import type { DomainEvent } from '@hub/proto';
import {
  type EventBus,
  type EventSubscription,
  type ObjectStorage,
  organizationPrefix,
} from '@hub/kit';

export const DOCUMENTS_FOLDER = 'documents';

/** The library's part of deleting an organization: its documents, folders, tags and files. */
export function handleLibraryEvents(
  events: EventBus,
  db: DataSource,
  storage: ObjectStorage,
): EventSubscription {
  return events.subscribe('library', async (event: DomainEvent) => {
    if (event.type !== 'organization.deleted') return;
    await db.transaction(async (tx) => {
      await tx.query(`DELETE FROM documents WHERE organization_id = $1`, [event.organizationId]);
      await tx.query(`DELETE FROM folders WHERE organization_id = $1`, [event.organizationId]);
      await tx.query(`DELETE FROM tags WHERE organization_id = $1`, [event.organizationId]);
    });
    await storage.removePrefix(`${organizationPrefix(event.organizationId)}${DOCUMENTS_FOLDER}/`);
  });
}
