import { describe, expect, it } from 'vitest';
import { BaseEnv, ConfigError, DEFAULT_DATABASE_POOL_SIZE, readConfig } from './config.js';

describe('DATABASE_POOL_SIZE', () => {
  it('is ten sessions a service unless set', () => {
    expect(readConfig(BaseEnv, {}).DATABASE_POOL_SIZE).toBe(DEFAULT_DATABASE_POOL_SIZE);
    expect(DEFAULT_DATABASE_POOL_SIZE).toBe(10);
    expect(readConfig(BaseEnv, { DATABASE_POOL_SIZE: '3' }).DATABASE_POOL_SIZE).toBe(3);
  });

  it.each(['0', '2.5', 'many', '101'])('refuses %s, naming the variable', (value) => {
    expect(() => readConfig(BaseEnv, { DATABASE_POOL_SIZE: value })).toThrow(ConfigError);
    expect(() => readConfig(BaseEnv, { DATABASE_POOL_SIZE: value })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
