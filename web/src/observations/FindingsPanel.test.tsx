import { type Finding, MAX_FINDINGS_PER_OBSERVATION, type ObservationSession } from '@hub/proto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FindingsPanel } from './FindingsPanel';
import type { OutboxItem } from './sessionOutbox';

const finding = (id: number): Finding => ({
  id,
  severity: 'low',
  category: 'quality',
  note: `Finding ${id}`,
  status: 'open',
  createdAt: '2026-01-01T00:05:00.000Z',
  resolvedAt: null,
});

const waiting = (key: string): OutboxItem => ({
  kind: 'finding',
  key,
  recordedAt: '2026-01-01T00:06:00.000Z',
  body: { severity: 'high', category: 'safety', note: 'Waiting', idempotencyKey: key },
});

const base: ObservationSession = {
  id: 9,
  evaluationId: 1,
  evaluationTitle: 'Cooling',
  sopDocumentId: 2,
  operatorId: 3,
  operatorName: 'Otto',
  observerName: 'Tess',
  status: 'in_progress',
  currentQuestionIndex: 0,
  totalQuestions: 1,
  questions: [{ id: 'q1', text: 'How?', category: 'Safety', options: ['A', 'B'] }],
  startedAt: '2026-01-01T00:00:00.000Z',
  initialNotes: '',
  findingCount: 0,
  openFindings: 0,
  findings: [],
  score: null,
  passed: null,
  passMark: 80,
  completedAt: null,
  durationSeconds: null,
  responses: [],
};

/** The panel of a session showing `findings` of the `held` (all open) it holds. */
function panel(findings: number, queued: OutboxItem[] = [], held = findings): string {
  const session = {
    ...base,
    findingCount: held,
    openFindings: held,
    findings: Array.from({ length: findings }, (_, index) => finding(index + 1)),
  };
  const outbox = { items: queued, record: () => undefined };
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(FindingsPanel, { session, canRecord: true, canResolve: false, outbox }),
    ),
  );
}

describe('the findings panel at the cap', () => {
  it('records below the cap, and says the observation is full at it (waiting ones counted)', () => {
    expect(panel(1)).toContain('record-finding');
    const almost = panel(MAX_FINDINGS_PER_OBSERVATION - 1, [waiting('k1')]);
    expect(almost).not.toContain('record-finding');
    expect(almost).toContain(
      `An observation can hold at most ${MAX_FINDINGS_PER_OBSERVATION} findings.`,
    );
    expect(panel(MAX_FINDINGS_PER_OBSERVATION)).toContain('findings-full');
  });
});

describe('the findings panel of an observation recorded past the cap', () => {
  it('counts every finding it holds and says only the first are shown', () => {
    const shown = MAX_FINDINGS_PER_OBSERVATION;
    const markup = panel(shown, [], shown + 50);
    expect(markup).toContain(`Findings (${shown + 50})`);
    expect(markup).toContain(`Showing the first ${shown} of ${shown + 50} findings.`);
    expect(markup.match(/data-testid="finding"/g)).toHaveLength(shown);
    expect(markup).toContain('findings-full');
  });

  it('says nothing of the kind when every finding is shown', () => {
    const markup = panel(3);
    expect(markup).toContain('Findings (3)');
    expect(markup).not.toContain('findings-truncated');
  });
});
