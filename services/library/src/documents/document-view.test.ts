import { describe, expect, it } from 'vitest';
import { toDocumentView, type DocumentViewSource } from './document-view.js';

const document: DocumentViewSource = {
  id: 7,
  title: 'Line clearance',
  description: null,
  fileName: 'line-clearance.pdf',
  fileSize: '2048',
  pageCount: 3,
  uploadedAt: new Date('2026-01-02T03:04:05Z'),
  uploadedBy: 1,
  folderId: null,
  processed: true,
  markdownKey: null,
  sopProcessed: false,
  sopError: null,
  ocrProcessed: false,
  ocrError: null,
  evaluationGenerated: false,
  evaluationId: null,
  evaluationGenerationError: null,
  processingError: null,
  imageCount: 0,
  processingStage: 'done',
  progressCurrent: null,
  progressTotal: null,
  progressUpdatedAt: new Date('2026-01-02T03:04:05Z'),
  currentVersion: 1,
};

describe('a document view', () => {
  it('lists the tags by id, as the documents list does, whatever order the entity loaded them in', () => {
    const tags = [
      { id: 12, name: 'Allergens', color: '#f00' },
      { id: 3, name: 'Hygiene', color: '#0f0' },
      { id: 8, name: 'Packing', color: '#00f' },
    ];
    const view = toDocumentView({ ...document, tags });
    expect(view.tags.map((tag) => tag.id)).toEqual([3, 8, 12]);
    // The entity's own list is left as it was.
    expect(tags.map((tag) => tag.id)).toEqual([12, 3, 8]);
  });
});
