import { describe, expect, it } from 'vitest';
import { emptyListText } from './emptyList';

const first = {
  noun: 'documents',
  title: 'No documents found',
  hint: 'Upload your first document to get started',
};

describe('empty list texts', () => {
  it('invites a first upload only when nothing narrows the list', () => {
    expect(emptyListText({ ...first, search: '  ' })).toEqual({
      title: 'No documents found',
      hint: 'Upload your first document to get started',
      clearLabel: null,
    });
  });

  it('says nothing matches a search and offers to clear it', () => {
    const text = emptyListText({ ...first, search: ' forklift ' });
    expect(text.title).toBe('No documents match your search');
    expect(text.hint).toContain('"forklift"');
    expect(text.hint).not.toContain('Upload your first');
    expect(text.clearLabel).toBe('Clear search');
  });

  it('says so for filters too', () => {
    expect(emptyListText({ ...first, search: '', filters: 2 })).toMatchObject({
      title: 'No documents match your filters',
      clearLabel: 'Clear search and filters',
    });
    expect(emptyListText({ ...first, search: 'x', filters: 1 }).title).toBe(
      'No documents match your search and filters',
    );
  });
});
