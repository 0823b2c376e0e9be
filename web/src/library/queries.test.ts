import { describe, expect, it } from 'vitest';
import { DocumentListQuery } from '@hub/proto';
import { documentListParams } from './queries';

describe('documentListParams', () => {
  it('sends only what is set, with 50 per page', () => {
    expect(documentListParams({ folderId: null, tagIds: [], search: '  ' })).toEqual({
      folderId: undefined,
      tags: undefined,
      search: undefined,
      limit: 50,
    });
  });

  it('joins tag ids with commas and trims the search', () => {
    expect(documentListParams({ folderId: 4, tagIds: [9, 2], search: ' oven ' })).toEqual({
      folderId: 4,
      tags: '2,9',
      search: 'oven',
      limit: 50,
    });
  });

  it('sends at most the 200 characters the server searches by, not a refused request', () => {
    const pasted = `${'cooling '.repeat(40)}end`;
    const params = documentListParams({ folderId: null, tagIds: [], search: pasted });
    expect(params.search).toBe(pasted.slice(0, 200).trim());
    expect(DocumentListQuery.safeParse(params).success).toBe(true);
  });
});
