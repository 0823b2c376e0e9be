import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerApiDocs } from './docs.js';
import { buildOpenApiDocument } from './openapi.js';

// The real generator, watched: the document must not be made before anyone asks for it.
vi.mock('./openapi.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./openapi.js')>();
  return { ...original, buildOpenApiDocument: vi.fn(original.buildOpenApiDocument) };
});

const app = Fastify();

afterEach(async () => {
  await app.close();
});

describe('the API documentation', () => {
  it('makes the OpenAPI document on its first request, not when the gateway starts, and once', async () => {
    vi.mocked(buildOpenApiDocument).mockClear();
    await registerApiDocs(app, '1.2.3');
    await app.ready();
    expect(buildOpenApiDocument).not.toHaveBeenCalled();
    const first = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    const second = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ openapi: '3.0.3', info: { version: '1.2.3' } });
    expect(second.body).toBe(first.body);
    expect(buildOpenApiDocument).toHaveBeenCalledTimes(1);
  });
});
