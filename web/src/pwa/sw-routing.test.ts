import { describe, expect, it } from 'vitest';
import { keepsObservation, shellAssets, sopImageLink, swRoute } from './sw-routing';

const ORIGIN = 'http://localhost:8080';
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${ORIGIN}${path}`, mode });
const kind = (request: { method: string; url: string; mode?: string }) =>
  swRoute(request, ORIGIN).kind;

describe('swRoute', () => {
  it("keeps the caller's SOPs and their images, network first", () => {
    expect(swRoute(get('/api/my/sops/12'), ORIGIN)).toEqual({ kind: 'sop', image: false });
    expect(swRoute(get('/api/my/sops/12/images/img-3.png'), ORIGIN)).toEqual({
      kind: 'sop',
      image: true,
    });
  });

  it("keeps the caller's observation sessions, network first", () => {
    expect(swRoute(get('/api/observations/12'), ORIGIN)).toEqual({ kind: 'observation' });
  });

  it('passes every other API request straight through, nothing of it stored', () => {
    for (const path of [
      '/api/user',
      '/api/notifications',
      '/api/my/sops',
      '/api/my/sops/',
      '/api/my/sops/abc',
      '/api/my/sops/12?fresh=1',
      '/api/my/sops/12/acknowledge',
      '/api/my/sops/12/images',
      '/api/my/sops/12/images/a/b',
      '/api/library/documents/12',
      '/api/library/documents/12/markdown',
      '/api/training/courses',
      '/api/health',
      '/api',
      '/api/docs',
      '/api/observations',
      '/api/observations/',
      '/api/observations/abc',
      '/api/observations/create',
      '/api/observations/12?fresh=1',
      '/api/observations/12/response',
      '/api/observations/12/findings',
      '/api/observations/12/findings/3',
      '/api/observations/settings',
    ]) {
      expect(kind(get(path)), path).toBe('pass');
    }
  });

  it('never answers a write, an SOP one included', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD']) {
      expect(kind({ method, url: `${ORIGIN}/api/my/sops/12` })).toBe('pass');
      expect(kind({ method, url: `${ORIGIN}/api/observations/12` })).toBe('pass');
      expect(kind({ method, url: `${ORIGIN}/dashboard`, mode: 'navigate' })).toBe('pass');
    }
  });

  it('answers signed file links only from what an SOP stored; opening one as a page passes', () => {
    expect(kind(get('/api/files/eyJrIjoi.c2ln', 'no-cors'))).toBe('sop-file');
    expect(kind(get('/api/files/eyJrIjoi.c2ln', 'navigate'))).toBe('pass');
  });

  it('leaves other origins and the server pages outside the app alone', () => {
    expect(kind({ method: 'GET', url: 'http://other.test/api/my/sops/12' })).toBe('pass');
    expect(kind({ method: 'GET', url: 'http://other.test/api/observations/12' })).toBe('pass');
    expect(kind({ method: 'GET', url: 'https://localhost:8080/assets/a.js' })).toBe('pass');
    expect(kind(get('/admin/queues', 'navigate'))).toBe('pass');
    expect(kind(get('/admin/queues/api/queues'))).toBe('pass');
    expect(kind(get('/api/files/x.y', 'navigate'))).toBe('pass');
    expect(kind({ method: 'GET', url: 'not a url' })).toBe('pass');
  });

  it('serves the app shell: pages network first, hashed assets and shell files from the cache', () => {
    expect(kind(get('/my-sops/12', 'navigate'))).toBe('navigation');
    expect(kind(get('/', 'navigate'))).toBe('navigation');
    expect(kind(get('/assets/index-abc123.js'))).toBe('asset');
    expect(kind(get('/assets/index-abc123.css', 'no-cors'))).toBe('asset');
    expect(kind(get('/theme-init.js', 'no-cors'))).toBe('shell-file');
    expect(kind(get('/manifest.webmanifest'))).toBe('shell-file');
    expect(kind(get('/icons/icon-192.png', 'no-cors'))).toBe('shell-file');
    expect(kind(get('/sw.js'))).toBe('pass');
    expect(kind(get('/favicon.ico', 'no-cors'))).toBe('pass');
  });
});

describe('shellAssets', () => {
  it('lists the hashed files an index.html loads, once each, nothing else', () => {
    const page = `<!doctype html><html><head>
      <script src="/theme-init.js"></script>
      <script type="module" crossorigin src="/assets/index-Ab1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-Cd2.js">
      <link rel="stylesheet" crossorigin href="/assets/index-Ef3.css">
      <link rel="stylesheet" href="/assets/index-Ef3.css">
      <link rel="manifest" href="/manifest.webmanifest" />
      <a href="https://elsewhere.test/assets/x.js"></a>
    </head></html>`;
    expect(shellAssets(page)).toEqual([
      '/assets/index-Ab1.js',
      '/assets/react-Cd2.js',
      '/assets/index-Ef3.css',
    ]);
  });
});

describe('sopImageLink', () => {
  it('keeps only a same-origin signed file link of an image answer', () => {
    expect(sopImageLink({ presignedUrl: '/api/files/p.s' }, ORIGIN)).toBe(
      `${ORIGIN}/api/files/p.s`,
    );
    expect(sopImageLink({ presignedUrl: `${ORIGIN}/api/files/p.s` }, ORIGIN)).toBe(
      `${ORIGIN}/api/files/p.s`,
    );
    expect(sopImageLink({ presignedUrl: 'https://bucket.test/p.png' }, ORIGIN)).toBeNull();
    expect(sopImageLink({ presignedUrl: '/api/user' }, ORIGIN)).toBeNull();
    expect(sopImageLink({ presignedUrl: 3 }, ORIGIN)).toBeNull();
    expect(sopImageLink(null, ORIGIN)).toBeNull();
    expect(sopImageLink('text', ORIGIN)).toBeNull();
  });
});

describe('keepsObservation', () => {
  it('keeps a session still being recorded, never a completed one or anything else', () => {
    expect(keepsObservation({ id: 12, status: 'in_progress', questions: [] })).toBe(true);
    expect(keepsObservation({ id: 12, status: 'completed', questions: [] })).toBe(false);
    expect(keepsObservation({ status: 'in_progress' })).toBe(false);
    expect(keepsObservation({ id: 12, questions: [] })).toBe(false);
    expect(keepsObservation(null)).toBe(false);
    expect(keepsObservation('in_progress')).toBe(false);
  });
});
