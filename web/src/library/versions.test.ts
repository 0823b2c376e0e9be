import type { DocumentVersion } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { checkChangeNote, versionCaption, versionStateLabel } from './versions';

const version: DocumentVersion = {
  version: 2,
  fileName: 'cooling-v2.pdf',
  fileSize: 2048,
  pageCount: 3,
  changeNote: 'Faster cooling',
  uploadedBy: 7,
  uploadedByName: 'Ann Admin',
  uploadedAt: '2026-11-20T10:00:00.000Z',
  current: true,
  state: 'processed',
};

describe('versions', () => {
  it('asks for a change note before sending', () => {
    expect(checkChangeNote('  ')).toBe('Please describe what changed in this version.');
    expect(checkChangeNote('Step 4 shortened')).toBeNull();
  });

  it('says who uploaded a version, when, and what the file is', () => {
    const caption = versionCaption(version);
    expect(caption).toMatch(/^Ann Admin · /);
    expect(caption).toContain('cooling-v2.pdf (2 KB, 3 page(s))');
    expect(versionCaption({ ...version, uploadedByName: null, pageCount: null })).toMatch(
      /^A former member · .*cooling-v2\.pdf \(2 KB\)$/,
    );
  });

  it('names every processing state', () => {
    expect(versionStateLabel({ ...version, state: 'superseded' })).toBe(
      'Replaced before processing finished',
    );
    expect(versionStateLabel({ ...version, state: 'processing' })).toBe('Processing');
  });
});
