import type { ObservationSession } from '@hub/proto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { QuestionStep } from './QuestionStep';

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
