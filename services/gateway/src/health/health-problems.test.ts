import { describe, expect, it } from 'vitest';
import { healthProblems } from './health.service.js';

const part = { pid: 7, lastRestartAt: null, nextRestartAt: null };

describe('what makes /api/health degraded', () => {
  it('names each part that is down or crashing, with its restarts and its last exit', () => {
    const problems = healthProblems(
      {
        gateway: { status: 'up', latencyMs: 0 },
        redis: { status: 'down', latencyMs: null, error: 'refused' },
      },
      {
        'pdf-worker': { status: 'down', required: true, instances: 0, lastSeenAt: null },
        'video-worker': { status: 'down', required: false, instances: 0, lastSeenAt: null },
      },
      {
        'pdf-worker': {
          ...part,
          state: 'restarting',
          restarts: 5,
          lastExit: 'was ended by SIGKILL',
          failing: true,
          crashesInRow: 6,
        },
        'quiz-worker': {
          ...part,
          state: 'running',
          restarts: 1,
          lastExit: 'exited with code 1',
          failing: true,
          crashesInRow: 1,
        },
        identity: {
          ...part,
          state: 'running',
          restarts: 2,
          lastExit: 'exited with code 1',
          failing: false,
          crashesInRow: 0,
        },
      },
    );
    expect(problems).toEqual([
      'redis is down: refused',
      'pdf-worker is not running',
      'pdf-worker is restarting (5 restarts, last exit: was ended by SIGKILL)',
      'quiz-worker is running again after crashing (1 restart, last exit: exited with code 1)',
    ]);
  });

  it('is empty when everything is up and nothing is crashing', () => {
    expect(healthProblems({ gateway: { status: 'up', latencyMs: 0 } }, {}, {})).toEqual([]);
  });
});
