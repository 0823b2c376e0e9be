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
        problems: [],
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
      problems: [],
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
      problems: [],
    };
    expect(systemStatus(health).text).toBe('Degraded (pdf-worker down)');
  });

  it('names the parts that the launcher is restarting, also between two crashes', () => {
    const part = { pid: 7, restarts: 6, lastRestartAt: null, lastExit: 'was ended by SIGKILL' };
    const health = {
      status: 'degraded' as const,
      checkedAt: '',
      components: { postgres: up, redis: down },
      workers: {},
      queues: {},
      processes: {
        'pdf-worker': {
          ...part,
          state: 'running' as const,
          failing: true,
          crashesInRow: 6,
          nextRestartAt: null,
        },
        gateway: {
          ...part,
          state: 'running' as const,
          failing: false,
          crashesInRow: 0,
          nextRestartAt: null,
        },
      },
      problems: [],
    };
    expect(systemStatus(health).text).toBe('Degraded (redis down, pdf-worker restarting)');
  });
});
