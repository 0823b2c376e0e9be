import { describe, expect, it } from 'vitest';
import { systemStatus } from './health';

const up = { status: 'up' as const, latencyMs: 2 };
const down = { status: 'down' as const, latencyMs: null, error: 'refused' };

describe('systemStatus', () => {
  it('is Healthy when the answer is ok', () => {
    expect(
      systemStatus({
        status: 'ok',
        checkedAt: '',
        components: { postgres: up },
        workers: {},
        queues: {},
      }),
    ).toEqual({
      healthy: true,
      text: 'Healthy',
    });
  });

  it('names the components that are down', () => {
    const health = {
      status: 'degraded' as const,
      checkedAt: '',
      components: { postgres: up, redis: down, identity: down },
      workers: {},
      queues: {},
    };
    expect(systemStatus(health).text).toBe('Degraded (redis, identity down)');
  });

  it('names the required worker kinds without a heartbeat, not the optional ones', () => {
    const worker = { instances: 0, lastSeenAt: null, status: 'down' as const };
    const health = {
      status: 'degraded' as const,
      checkedAt: '',
      components: { postgres: up },
      workers: {
        'pdf-worker': { ...worker, required: true },
        'video-worker': { ...worker, required: false },
      },
      queues: {},
    };
    expect(systemStatus(health).text).toBe('Degraded (pdf-worker down)');
  });
});
