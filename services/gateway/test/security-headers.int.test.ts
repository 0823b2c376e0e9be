import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@hub/proto';
import { readGatewayConfig } from '../src/config.js';
import { SignedLinks } from '../src/files/signed-links.js';
import { startTestStack, type TestStack } from './test-stack.js';

const WEB_INDEX = fileURLToPath(new URL('../../../web/index.html', import.meta.url));
const WEB_MANIFEST = fileURLToPath(
  new URL('../../../web/public/manifest.webmanifest', import.meta.url),
);

let stack: TestStack;
let webDist: string;

const PAGE_SCRIPT = `export const rows = [${'"a row of the page", '.repeat(200)}];`;

function writeWithCompressedCopies(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

beforeAll(async () => {
  // The web app's own page template, served the way the gateway serves the built app.
  webDist = mkdtempSync(join(tmpdir(), 'hub-web-'));
  copyFileSync(WEB_INDEX, join(webDist, 'index.html'));
  // The installable app's files (issue #34, point 4), as the web build puts them.
  writeFileSync(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  copyFileSync(WEB_MANIFEST, join(webDist, 'manifest.webmanifest'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'export {};');
  // A script with its compressed copies, and the worker's, as the web build writes them.
  writeWithCompressedCopies(join(webDist, 'assets', 'page-def456.js'), PAGE_SCRIPT);
  writeWithCompressedCopies(join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  stack = await startTestStack({
    SERVE_WEB: 'true',
    WEB_DIST: webDist,
    TRUST_PROXY: 'true',
    FILE_LINK_SECRET: 'a-file-link-secret-of-this-test-only-0123456789',
  });
});

afterAll(async () => {
  await stack?.stop();
  rmSync(webDist, { recursive: true, force: true });
});

const headersOf = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${stack.url}${path}`, { headers });
  // Read to the end so no connection stays open past the suite.
  await response.arrayBuffer();
  return response.headers;
};

describe('security headers', () => {
  it('sends a CSP without inline scripts, no framing, nosniff and no referrer on every answer', async () => {
    const paths = ['/', '/dashboard', api.health.path, api.currentUser.path, '/api/nothing-here'];
    for (const path of paths) {
      const headers = await headersOf(path);
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("script-src-attr 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      // Byte for byte what @fastify/helmet sent before the set was computed once at start-up.
      expect(csp).toBe(
        "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;media-src 'self' blob:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
      );
      expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(headers.get('x-xss-protection')).toBe('0');
    }
  });

  it('asks for HSTS only over TLS', async () => {
    expect((await headersOf(api.health.path)).get('strict-transport-security')).toBeNull();
    const behindTls = await headersOf(api.health.path, { 'x-forwarded-proto': 'https' });
    expect(behindTls.get('strict-transport-security')).toMatch(/^max-age=31536000/);
  });

  it('serves a page whose every script is a file, so the CSP needs no inline exception', async () => {
    const page = await (await fetch(`${stack.url}/`)).text();
    expect(page).toBe(readFileSync(WEB_INDEX, 'utf8'));
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body!.trim()).toBe('');
    }
    expect(page).not.toMatch(/\son[a-z]+=/i);
  });

  it('serves the service worker and the manifest with their types, never cached unasked', async () => {
    const worker = await headersOf('/sw.js');
    expect(worker.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(worker.get('cache-control')).toBe('no-cache');
    const manifest = await headersOf('/manifest.webmanifest');
    expect(manifest.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.get('cache-control')).toBe('no-cache');
    expect((await headersOf('/assets/index-abc123.js')).get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    // default-src 'self' covers the worker (worker-src) and the manifest (manifest-src).
    const csp = worker.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).not.toMatch(/(worker|manifest|child)-src/);
  });

  it('lets our own pages frame a stored PDF, and nothing stored run or load anything', async () => {
    await stack.storage.put(
      'org/1/docs/framed.pdf',
      Buffer.from('%PDF-1.4 framed'),
      'application/pdf',
    );
    const links = new SignedLinks(readGatewayConfig(stack.env));
    const headers = await headersOf(links.create('org/1/docs/framed.pdf').url);
    expect(headers.get('content-type')).toBe('application/pdf');
    expect(headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'self'",
    );
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe("the web app's files", () => {
  /** The answer's headers and its bytes as the client reads them (fetch decodes what it accepted). */
  const fetchWith = async (path: string, acceptEncoding: string) => {
    const response = await fetch(`${stack.url}${path}`, {
      headers: { 'accept-encoding': acceptEncoding },
    });
    return { headers: response.headers, text: await response.text() };
  };

  it("sends the build's brotli or gzip copy to a browser that accepts it, the file itself otherwise", async () => {
    const path = '/assets/page-def456.js';
    for (const [accepted, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const { headers, text } = await fetchWith(path, accepted);
      expect(headers.get('content-encoding'), accepted).toBe(encoding);
      expect(text, accepted).toBe(PAGE_SCRIPT);
      expect(headers.get('content-type'), accepted).toMatch(/^(application|text)\/javascript/);
      expect(headers.get('vary'), accepted).toMatch(/accept-encoding/i);
      expect(headers.get('cache-control'), accepted).toBe('public, max-age=31536000, immutable');
    }
  });

  it('keeps the service worker asked again on every visit when it is sent compressed', async () => {
    const { headers } = await fetchWith('/sw.js', 'br');
    expect(headers.get('content-encoding')).toBe('br');
    expect(headers.get('cache-control')).toBe('no-cache');
  });

  it("answers a chunk it does not have, another release's or a copy asked by name, with 404, not the page", async () => {
    for (const path of ['/assets/page-of-another-release.js', '/assets/page-def456.js.br']) {
      const response = await fetch(`${stack.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).not.toMatch(/html/);
      await response.arrayBuffer();
    }
  });
});
