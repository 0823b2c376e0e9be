import type { Finding, ObservationSession } from '@hub/proto';
import { describe, expect, it } from 'vitest';
import { withFinding } from './queries';

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
