import type { DocumentVersion } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import {
  checkChangeNote,
  defaultComparison,
  diffSummaryText,
  versionCaption,
  versionStateLabel,
} from './versions';

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
    expect(caption).toContain('cooling-v2.pdf (2 KB, 3 pages)');
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

  it('compares the version before the current one with the current one by default', () => {
    const list = (numbers: number[], currentVersion: number) => ({
      documentId: 1,
      currentVersion,
      versions: numbers.map((n) => ({ ...version, version: n, current: n === currentVersion })),
    });
    expect(defaultComparison(list([1], 1))).toBeNull();
    expect(defaultComparison(list([3, 2, 1], 3))).toEqual({ from: 2, to: 3 });
    expect(defaultComparison(list([2, 1], 2))).toEqual({ from: 1, to: 2 });
  });

  it('compares from the last version that was processed, past one replaced or failed', () => {
    const states: Record<number, DocumentVersion['state']> = {
      1: 'processed',
      2: 'superseded',
      3: 'failed',
      4: 'processed',
    };
    const list = {
      documentId: 1,
      currentVersion: 4,
      versions: [4, 3, 2, 1].map((n) => ({
        ...version,
        version: n,
        current: n === 4,
        state: states[n]!,
      })),
    };
    // Versions 2 and 3 have no content: comparing from either can only fail.
    expect(defaultComparison(list)).toEqual({ from: 1, to: 4 });
  });

  it('sums up a comparison', () => {
    expect(diffSummaryText({ added: 1, removed: 2, changed: 3, unchanged: 9 })).toBe(
      '3 changed, 1 added, 2 removed',
    );
    expect(diffSummaryText({ added: 0, removed: 0, changed: 0, unchanged: 9 })).toBe(
      'No differences in the SOP text',
    );
  });
});
