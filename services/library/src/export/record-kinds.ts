import type { EXPORT_KINDS } from '@hub/proto';
import type { RecordKind } from '@hub/kit';

/** How each kind of the library service's records is read for an organization's export. */
export const LIBRARY_RECORD_KINDS: Record<(typeof EXPORT_KINDS)['library'][number], RecordKind> = {
  folders: { table: 'folders', scope: 't.organization_id = $1', key: ['id'] },
  tags: { table: 'tags', scope: 't.organization_id = $1', key: ['id'] },
  documents: {
    table: 'documents',
    scope: 't.organization_id = $1',
    key: ['id'],
    omit: ['content_text'],
  },
  'document-tags': {
    table: 'document_tags',
    scope: 't.document_id IN (SELECT id FROM documents WHERE organization_id = $1)',
    key: ['document_id', 'tag_id'],
  },
  'document-versions': {
    table: 'document_versions',
    scope: 't.organization_id = $1',
    key: ['document_id', 'version'],
  },
  'document-images': {
    table: 'document_images',
    scope: 't.document_id IN (SELECT id FROM documents WHERE organization_id = $1)',
    key: ['document_id', 'image_id'],
  },
  evaluations: { table: 'evaluations', scope: 't.organization_id = $1', key: ['id'] },
  acknowledgements: {
    table: 'version_acknowledgements',
    scope: 't.organization_id = $1',
    key: ['document_id', 'version', 'user_id'],
  },
};

/**
 * The library tables no kind reads, and why: the export's test requires every table of the
 * schema to be read by a kind or named here, so a new table is a decision, not an omission.
 */
export const LIBRARY_NOT_EXPORTED: Readonly<Record<string, string>> = {
  migrations: "the schema's own history, no organization's",
  outbox: 'events waiting to be published: copies of facts the archive holds',
};
