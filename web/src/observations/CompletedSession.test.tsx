import type { ObservationSession } from '@hub/proto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompletedSession } from './CompletedSession';
import { outboxStorageKey, persistOutbox } from './sessionOutbox';
import { memoryStorage } from './memory-storage.test-support';

const completed: ObservationSession = {
  id: 9,
  evaluationId: 1,
  evaluationTitle: 'Cooling',
  sopDocumentId: 2,
  operatorId: 3,
  operatorName: 'Otto',
  observerName: 'Tess',
  status: 'completed',
  currentQuestionIndex: 1,
  totalQuestions: 1,
  questions: [{ id: 'q1', text: 'How?', category: 'Safety', options: ['A', 'B'] }],
  startedAt: '2026-01-01T00:00:00.000Z',
  initialNotes: '',
  findingCount: 0,
  openFindings: 0,
  findings: [],
  findingsCursor: null,
  score: 100,
  passed: true,
  passMark: 80,
  completedAt: '2026-01-01T00:10:00.000Z',
  durationSeconds: 600,
  responses: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('an observation completed from another device', () => {
  it("keeps this device's waiting findings in its outbox and shows them waiting to send", () => {
    vi.stubGlobal('localStorage', memoryStorage());
    persistOutbox(localStorage, outboxStorageKey(undefined, completed.id), [
      {
        kind: 'finding',
        key: 'k1',
        recordedAt: '2026-01-01T00:05:00.000Z',
        body: { severity: 'high', category: 'safety', note: 'No gloves', idempotencyKey: 'k1' },
      },
    ]);
    const markup = renderToStaticMarkup(
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(CompletedSession, { session: completed, onBack: () => undefined }),
      ),
    );
    expect(markup).toContain('observation-summary');
    expect(markup).toContain('pending-finding');
    expect(markup).toContain('No gloves');
    expect(markup).toContain('1 waiting to send');
  });
});
