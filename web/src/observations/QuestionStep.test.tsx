import { MAX_SECONDS_ON_QUESTION, type ObservationSession } from '@hub/proto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { memoryStorage } from './memory-storage.test-support';
import { QuestionStep } from './QuestionStep';
import { secondsSpent } from './useQuestionTimer';

const session: ObservationSession = {
  id: 9,
  evaluationId: 1,
  evaluationTitle: 'Refroidissement',
  sopDocumentId: 2,
  operatorId: 3,
  operatorName: 'Otto',
  observerName: 'Tess',
  status: 'in_progress',
  currentQuestionIndex: 0,
  totalQuestions: 2,
  questions: [
    { id: 'q1', text: 'Quels gants ?', category: 'Safety', options: ['Nitrile', 'Coton', 'Aucun'] },
    { id: 'q2', text: 'Où noter ?', category: 'Hygiène', options: ['Registre', 'Tableau', 'Rien'] },
  ],
  startedAt: '2026-01-01T00:00:00.000Z',
  initialNotes: '',
  findingCount: 0,
  openFindings: 0,
  findings: [],
  findingsCursor: null,
  score: null,
  passed: null,
  passMark: 80,
  completedAt: null,
  durationSeconds: null,
  responses: [],
};

const badge = (index: number) => {
  const markup = renderToStaticMarkup(
    createElement(QuestionStep, { session, index, now: 0, waiting: 0, onAnswer: () => undefined }),
  );
  return /data-testid="question-category"[^>]*>([^<]*)</.exec(markup)?.[1];
};

/** The generators sort questions into five English words: a French observer read 'Safety'. */
describe("a question's category", () => {
  it("is worded in the reader's language, one a reviewer wrote as written", async () => {
    expect(badge(0)).toBe('Safety');
    try {
      await i18n.changeLanguage('fr');
      expect(badge(0)).toBe('Sécurité');
      expect(badge(1)).toBe('Hygiène');
      await i18n.changeLanguage('es');
      expect(badge(0)).toBe('Seguridad');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

/** The time on the question the page shows, as a phone opens it at `at` (epoch ms). */
const timerAt = (at: number, index = 0) => {
  vi.setSystemTime(at);
  const markup = renderToStaticMarkup(
    createElement(QuestionStep, { session, index, now: at, waiting: 0, onAnswer: () => undefined }),
  );
  return /data-testid="question-timer"[^>]*>([^<]*)</.exec(markup)?.[1];
};

describe("a question's timer", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps counting from when the question was first shown after the page is reloaded', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.stubGlobal('localStorage', memoryStorage());
    const shown = Date.parse('2026-01-01T08:00:00.000Z');
    expect(timerAt(shown)).toContain('0:00');
    // The phone reloaded the page (or the browser brought back a discarded tab) 95 s later.
    expect(timerAt(shown + 95_000)).toContain('1:35');
    // The next question is counted from when it appeared.
    expect(timerAt(shown + 100_000, 1)).toContain('0:00');
    expect(timerAt(shown + 110_000, 1)).toContain('0:10');
  });

  it('never answers more time than the server accepts, for a question left open overnight', () => {
    const shown = Date.parse('2026-01-01T08:00:00.000Z');
    expect(secondsSpent(shown, shown + 95_000)).toBe(95);
    expect(secondsSpent(shown, shown + 2 * 86_400_000)).toBe(MAX_SECONDS_ON_QUESTION);
  });
});
