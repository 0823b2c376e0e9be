import { describe, expect, it } from 'vitest';
import { ConfigError } from '@hub/kit';
import { readGatewayConfig } from './config.js';

describe('gateway configuration', () => {
  it('has working defaults', () => {
    const config = readGatewayConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.REDIS_PREFIX).toBe('hub:');
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
