import { describe, expect, it } from 'vitest';
import { productEnvironment, SUPERVISOR_FLAG } from './environment.mjs';

const at = { port: 8090, stdoutIsTTY: false };

describe("the environment npm start gives the product's processes", () => {
  it('refuses webhooks to loopback and private addresses unless told otherwise, as production does', () => {
    expect(productEnvironment({}, at)).not.toHaveProperty('WEBHOOK_ALLOWED_NETWORKS');
    expect(productEnvironment({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.2/32' }, at)).toMatchObject({
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.2/32',
    });
  });

  it("fills in the launcher's other defaults and keeps what is set", () => {
    const env = { [SUPERVISOR_FLAG]: '1', DATA_DIR: '/data' };
    expect(productEnvironment(env, at)).toEqual({
      DATA_DIR: '/data',
      MALLOC_ARENA_MAX: '2',
      NO_COLOR: '1',
      PUBLIC_URL: 'http://localhost:8090',
    });
    expect(env).toEqual({ [SUPERVISOR_FLAG]: '1', DATA_DIR: '/data' });
    const set = { MALLOC_ARENA_MAX: '4', PUBLIC_URL: 'https://hub.example.com' };
    expect(productEnvironment(set, { port: 8080, stdoutIsTTY: true })).toEqual(set);
  });
});
