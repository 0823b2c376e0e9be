import { describe, expect, it } from 'vitest';
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
});
