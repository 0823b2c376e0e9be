import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { readHeartbeats } from '@hub/runtime';
import { claimTestResources, TEST_REDIS_URL } from '@hub/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The built worker, as the launcher, compose and Kubernetes run it. */
const entry = fileURLToPath(new URL('../dist/main.js', import.meta.url));

describe('a worker process with METRICS_PORT', () => {
  const resources = claimTestResources();
  const dataDir = mkdtempSync(join(tmpdir(), 'quiz-main-'));
  const redis = new Redis(TEST_REDIS_URL);
  let child: ChildProcess;
  let metricsPort = 0;

  beforeAll(async () => {
    child = spawn(process.execPath, [entry], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: resources.redisPrefix,
        DATA_DIR: dataDir,
        METRICS_PORT: '0',
      },
      stdio: 'pipe',
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /metrics on port (\d+)/.exec(output);
        if (match) {
          metricsPort = Number(match[1]);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });
  });

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    redis.disconnect();
    await resources.release();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves its Prometheus metrics, labelled with its name', async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/nodejs_heap_size_used_bytes\{process="quiz-worker"\}/);
    expect(text).toContain('# TYPE hub_job_duration_seconds histogram');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
  });

  it('beats while it runs and withdraws its heartbeat when stopped with SIGTERM', async () => {
    // The first beat may land a moment after the metrics port is announced.
    await expect
      .poll(
        async () => (await readHeartbeats(redis, resources.redisPrefix, 'quiz-worker')).instances,
      )
      .toBe(1);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const after = await readHeartbeats(redis, resources.redisPrefix, 'quiz-worker');
    expect(after.instances).toBe(0);
  });
});
