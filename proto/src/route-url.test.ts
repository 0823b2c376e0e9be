import { describe, expect, it } from 'vitest';
import { api } from './routes.js';
import { routeUrl, withQuery } from './http.js';

describe('routeUrl', () => {
  it('fills the path parameters, encoded, and appends the query', () => {
    const url = routeUrl(api.documentVersionDiff, { id: 7 }, { from: 1, to: 2 });
    expect(url).toBe('/api/library/documents/7/versions/diff?from=1&to=2');
    expect(routeUrl(api.videoStream, { key: 'org/1/a b.mp4' })).toBe(
      '/api/videos/stream/org%2F1%2Fa%20b.mp4',
    );
  });

  it('refuses a route whose parameter is missing', () => {
    expect(() => routeUrl(api.document, {})).toThrow('missing route parameter id');
  });
});

describe('withQuery', () => {
  it('leaves out undefined and null, repeats a list, and adds nothing for no entry', () => {
    expect(withQuery('/a', { b: 1, c: undefined, d: null, e: ['x', 'y z'] })).toBe(
      '/a?b=1&e=x&e=y%20z',
    );
    expect(withQuery('/a', {})).toBe('/a');
    expect(withQuery('/a', undefined)).toBe('/a');
  });
});
