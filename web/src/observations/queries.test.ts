import type { Finding, ObservationSession } from '@hub/proto';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { memoryStorage } from './memory-storage.test-support';
import { observationSessionQuery, sessionReader, SESSION_RETRIES, withFinding } from './queries';

const finding = (id: number, status: Finding['status'] = 'open'): Finding => ({
  id,
  severity: 'low',
  category: 'quality',
  note: `Finding ${id}`,
  status,
  createdAt: '2026-01-01T00:05:00.000Z',
  resolvedAt: status === 'resolved' ? '2026-01-01T00:06:00.000Z' : null,
});

const session = {
  id: 9,
  findingCount: 1,
  openFindings: 1,
  findings: [finding(1)],
} as ObservationSession;

describe('a finding put into the cached session', () => {
  it('counts a new one, and a resolved one as open no more, each once', () => {
    const recorded = withFinding(session, finding(2));
    expect(recorded).toMatchObject({ findingCount: 2, openFindings: 2 });
    expect(withFinding(recorded, finding(2))).toMatchObject({ findingCount: 2, openFindings: 2 });
    const resolved = withFinding(recorded, finding(1, 'resolved'));
    expect(resolved).toMatchObject({ findingCount: 2, openFindings: 1 });
    expect(withFinding(resolved, finding(1, 'resolved'))).toMatchObject({ openFindings: 1 });
    expect(resolved.findings.map((item) => item.status)).toEqual(['resolved', 'open']);
  });
});

describe('the session, asked for on a phone that has lost the network', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('is asked for all the same (the service worker may answer its kept copy)', () => {
    expect(observationSessionQuery(9).networkMode).toBe('offlineFirst');
  });

  it('is asked again while online, and fails at once offline rather than wait', () => {
    const retry = observationSessionQuery(9).retry as (count: number, error: Error) => boolean;
    const failure = new TypeError('Failed to fetch');
    expect(retry(0, failure)).toBe(true);
    expect(retry(SESSION_RETRIES, failure)).toBe(false);
    onlineManager.setOnline(false);
    expect(retry(0, failure)).toBe(false);
  });
});

describe('who reads a session kept for offline', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is whoever signed in on this device when the server cannot be reached', () => {
    const storage = memoryStorage();
    storage.setItem('currentUser', JSON.stringify({ id: 4, email: 'olga@quayside.test' }));
    vi.stubGlobal('localStorage', storage);
    // The person observed, offline, is not shown the session as its recorder.
    expect(sessionReader(undefined, new TypeError('Failed to fetch'))?.id).toBe(4);
    expect(sessionReader({ id: 7 }, null)?.id).toBe(7);
    // An answer from the server (signed out) is not a missing network.
    expect(sessionReader(undefined, new ApiError(401, 'Unauthorized'))).toBeUndefined();
    expect(sessionReader(undefined, null)).toBeUndefined();
  });
});
