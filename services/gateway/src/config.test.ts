import { describe, expect, it } from 'vitest';
import { ConfigError } from '@hub/kit';
import { ERROR_TEXTS, VIDEO_UPLOAD } from '@hub/proto';
import { readGatewayConfig } from './config.js';

describe('gateway configuration', () => {
  it('has working defaults', () => {
    const config = readGatewayConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.REDIS_PREFIX).toBe('hub:');
    // docs/configuration.md: 30 certificate checks a minute per client address.
    expect(config.CERTIFICATE_VERIFY_MAX_REQUESTS_PER_MINUTE).toBe(30);
  });

  it('refuses videos over 2 GB unless a test lowers the limit, never raises it', () => {
    // The spec (operations.md): 'Maximum video upload 2GB', refused with this message.
    expect(readGatewayConfig({}).VIDEO_UPLOAD_MAX_BYTES).toBe(2 * 1024 * 1024 * 1024);
    expect(VIDEO_UPLOAD.maxBytes).toBe(2 * 1024 * 1024 * 1024);
    expect(VIDEO_UPLOAD.messages.tooLarge).toBe('Please select a video file smaller than 2GB.');
    expect(ERROR_TEXTS.video_too_large).toBe(VIDEO_UPLOAD.messages.tooLarge);
    expect(readGatewayConfig({ VIDEO_UPLOAD_MAX_BYTES: '8388608' }).VIDEO_UPLOAD_MAX_BYTES).toBe(
      8 * 1024 * 1024,
    );
    expect(() => readGatewayConfig({ VIDEO_UPLOAD_MAX_BYTES: String(2 * 1024 ** 3 + 1) })).toThrow(
      /VIDEO_UPLOAD_MAX_BYTES/,
    );
  });

  it("reads TRUST_PROXY as off, every hop, or the proxies' addresses", () => {
    const read = (TRUST_PROXY: string) => readGatewayConfig({ TRUST_PROXY }).TRUST_PROXY;
    expect(readGatewayConfig({}).TRUST_PROXY).toBe(false);
    expect(read('false')).toBe(false);
    expect(read('true')).toBe(true);
    expect(read('1')).toBe(true);
    expect(read('10.0.0.0/8, 192.0.2.7, fd00::/8')).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
    ]);
    // Fastify ignores the header for a count of proxies: refused rather than silently useless.
    expect(() => read('2')).toThrow(/TRUST_PROXY/);
    expect(() => read('ingress')).toThrow(/TRUST_PROXY/);
    expect(() => read('10.0.0.0/40')).toThrow(/TRUST_PROXY/);
  });

  it('names every bad variable', () => {
    try {
      readGatewayConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'PUBLIC_URL']) expect(message).toContain(name);
    }
  });
});
